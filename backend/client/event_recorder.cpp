#include "client/event_recorder.h"

#include <cstdio>
#include <vector>

#include "apiserver/fieldmanager/field_manager.h"
#include "api/object.h"
#include "core_v1.pb.h"
#include "util/rfc3339.h"

namespace pilothouse::client {

namespace core = k8s::io::api::core::v1;

EventRecorder::EventRecorder(apiserver::APIServer& server, const sim::Clock& clock, std::string reportingController,
                             std::string reportingInstance, std::string token)
    : server_(server),
      clock_(clock),
      controller_(std::move(reportingController)),
      instance_(std::move(reportingInstance)),
      token_(std::move(token)) {}

namespace {
core::ObjectReference referenceTo(const google::protobuf::Message& object) {
    core::ObjectReference ref;
    const auto& meta = api::metadata(object);
    ref.set_kind(api::kindOf(object));
    ref.set_api_version(api::apiVersionOf(object));
    ref.set_namespace_(meta.namespace_());
    ref.set_name(meta.name());
    ref.set_uid(meta.uid());
    ref.set_resource_version(meta.resource_version());
    return ref;
}
constexpr int64_t kFinishTimeNanos = 6LL * 60 * 1'000'000'000;    // finishTime
constexpr int64_t kRefreshTimeNanos = 30LL * 60 * 1'000'000'000;  // refreshTime

void appendRef(std::string& key, const core::ObjectReference& r) {
    for (const std::string* f : {&r.kind(), &r.namespace_(), &r.name(), &r.uid(), &r.api_version(),
                                 &r.resource_version(), &r.field_path()}) {
        key += *f;
        key += '\x1f';
    }
}

}  // namespace

Status EventRecorder::writeSeries(const Cached& c) {
    apiserver::Request req;
    req.verb = "patch";
    req.type = api::Scheme::instance().byName("events");
    req.namespace_ = c.namespace_;
    req.name = c.name;
    req.token = token_;
    req.fieldManager = apiserver::fieldmanager::managerOfComponent(controller_);
    req.patchType = apiserver::PatchType::Merge;
    codec::Value series = codec::Value::object();
    series.set("count", codec::Value(int64_t(c.count)));
    series.set("lastObservedTime", codec::Value(rfc3339::formatMicro(c.lastObserved)));
    codec::Value patch = codec::Value::object();
    patch.set("series", std::move(series));
    req.patch = std::move(patch);
    auto resp = server_.handle(req);
    return resp.ok() ? Status() : resp.status;
}

Status EventRecorder::timers(int64_t now) {
    if (started_ == 0) return {};
    Status first;
    if (now >= nextRefresh_) {
        nextRefresh_ = now + kRefreshTimeNanos;
        for (auto& [key, c] : cache_)
            if (c.series) {
                Status st = writeSeries(c);
                if (first.isOk()) first = st;
            }
    }
    if (now >= nextFinish_) {
        nextFinish_ = now + kFinishTimeNanos;
        std::vector<std::string> done;
        for (auto& [key, c] : cache_) {
            if (c.series && c.lastObserved < now - kFinishTimeNanos) {
                Status st = writeSeries(c);
                if (first.isOk()) first = st;
                done.push_back(key);
            } else if (!c.series && c.eventTime < now - kFinishTimeNanos) {
                done.push_back(key);
            }
        }
        for (const auto& k : done) cache_.erase(k);
    }
    return first;
}

Status EventRecorder::eventf(const google::protobuf::Message& regarding, const google::protobuf::Message* related,
                             const std::string& type, const std::string& reason, const std::string& action,
                             const std::string& note) {
    Recorded r;
    r.now = clock_.nowUnixNanos();
    r.regarding = referenceTo(regarding);
    if (related) r.related = referenceTo(*related);
    r.type = type;
    r.reason = reason;
    r.action = action;
    r.note = note;
    if (!sink_) return record(r);
    sink_->push(std::move(r));
    return {};
}

Status EventRecorder::tick() {
    if (!sink_) return timers(clock_.nowUnixNanos());
    Recorded r;
    r.tick = true;
    r.now = clock_.nowUnixNanos();
    sink_->push(std::move(r));
    return {};
}

Status EventRecorder::record(const Recorded& r) {
    if (r.tick) return timers(r.now);
    int64_t now = r.now;
    // Names must be unique; two events in the same virtual nanosecond get consecutive stamps.
    if (now <= lastNanos_) now = lastNanos_ + 1;
    lastNanos_ = now;
    if (started_ == 0) {
        // wait.Until runs both loops once at the start, then every period.
        started_ = now;
        nextFinish_ = now + kFinishTimeNanos;
        nextRefresh_ = now + kRefreshTimeNanos;
    }
    auto event = std::make_shared<core::Event>();
    const core::ObjectReference& regarding = r.regarding;
    char suffix[32];
    std::snprintf(suffix, sizeof suffix, ".%llx", static_cast<unsigned long long>(now));
    event->mutable_metadata()->set_name(regarding.name() + suffix);
    event->mutable_metadata()->set_namespace_(regarding.namespace_().empty() ? "default" : regarding.namespace_());
    *event->mutable_involved_object() = regarding;
    if (r.related) *event->mutable_related() = *r.related;
    event->set_type(r.type);
    event->set_reason(r.reason);
    event->set_action(r.action);
    event->set_message(r.note);
    event->set_event_time(rfc3339::formatMicro(now));
    event->set_reporting_component(controller_);
    event->set_reporting_instance(instance_);

    // The isomorphic key (getKey): everything but the note and the times.
    std::string key = r.type + '\x1e' + r.action + '\x1e' + r.reason + '\x1e' + controller_ + '\x1e' + instance_ + '\x1e';
    appendRef(key, event->involved_object());
    if (r.related) appendRef(key, event->related());
    if (auto it = cache_.find(key); it != cache_.end()) {
        Cached& c = it->second;
        c.lastObserved = now;
        if (c.series) {
            ++c.count;  // written later by the timers
            return {};
        }
        c.series = true;
        c.count = 2;
        Status st = writeSeries(c);
        if (st.reason() != "NotFound") return st;
        // The stored event is gone (expired or deleted): it is created again, with its series.
        event->mutable_metadata()->set_name(c.name);
        event->mutable_metadata()->set_namespace_(c.namespace_);
        event->mutable_series()->set_count(c.count);
        event->mutable_series()->set_last_observed_time(rfc3339::formatMicro(now));
    } else {
        Cached c;
        c.namespace_ = event->metadata().namespace_();
        c.name = event->metadata().name();
        c.eventTime = now;
        cache_.emplace(key, std::move(c));
    }
    apiserver::Request req;
    req.verb = "create";
    req.type = api::Scheme::instance().byName("events");
    req.namespace_ = event->metadata().namespace_();
    req.token = token_;
    req.fieldManager = apiserver::fieldmanager::managerOfComponent(controller_);
    req.body = event;
    auto resp = server_.handle(req);
    // The same name from another component in the same virtual nanosecond: the next one.
    for (int retry = 0; !resp.ok() && resp.status.reason() == "AlreadyExists" && event->series().count() == 0 && retry < 16;
         ++retry) {
        lastNanos_ = ++now;
        std::snprintf(suffix, sizeof suffix, ".%llx", static_cast<unsigned long long>(now));
        event->mutable_metadata()->set_name(regarding.name() + suffix);
        if (auto it = cache_.find(key); it != cache_.end()) it->second.name = event->metadata().name();
        resp = server_.handle(req);
    }
    return resp.ok() ? Status() : resp.status;
}

// ---- the asynchronous sink ----

EventRecorder::Sink::Sink(EventRecorder& recorder) : recorder_(recorder), thread_([this] { run(); }) {}

EventRecorder::Sink::~Sink() {
    {
        std::lock_guard lock(mu_);
        stopping_ = true;
    }
    wake_.notify_all();
    thread_.join();  // after writing what was queued
}

void EventRecorder::Sink::push(Recorded r) {
    {
        std::lock_guard lock(mu_);
        queue_.push_back(std::move(r));
    }
    wake_.notify_one();
}

void EventRecorder::Sink::flush() {
    std::unique_lock lock(mu_);
    idle_.wait(lock, [this] { return queue_.empty() && !busy_; });
}

void EventRecorder::Sink::run() {
    std::unique_lock lock(mu_);
    for (;;) {
        wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
        if (queue_.empty()) return;  // stopping, nothing left
        Recorded r = std::move(queue_.front());
        queue_.pop_front();
        busy_ = true;
        lock.unlock();
        // As the broadcaster does, a write the API server rejects is dropped (and counted).
        if (!recorder_.record(r).isOk()) dropped_.fetch_add(1, std::memory_order_relaxed);
        lock.lock();
        busy_ = false;
        if (queue_.empty()) idle_.notify_all();
    }
}

void EventRecorder::startRecordingAsync() {
    if (!sink_) sink_ = std::make_unique<Sink>(*this);
}

void EventRecorder::flush() {
    if (sink_) sink_->flush();
}

int64_t EventRecorder::droppedWrites() const { return sink_ ? sink_->dropped() : 0; }

EventRecorder::~EventRecorder() { sink_.reset(); }

}  // namespace pilothouse::client
