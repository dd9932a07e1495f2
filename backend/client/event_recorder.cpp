#include "client/event_recorder.h"

#include <cstdio>
#include <vector>

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

Status EventRecorder::tick() {
    const int64_t now = clock_.nowUnixNanos();
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
    int64_t now = clock_.nowUnixNanos();
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
    const auto& meta = api::metadata(regarding);
    char suffix[32];
    std::snprintf(suffix, sizeof suffix, ".%llx", static_cast<unsigned long long>(now));
    event->mutable_metadata()->set_name(meta.name() + suffix);
    event->mutable_metadata()->set_namespace_(meta.namespace_().empty() ? "default" : meta.namespace_());
    *event->mutable_involved_object() = referenceTo(regarding);
    if (related) *event->mutable_related() = referenceTo(*related);
    event->set_type(type);
    event->set_reason(reason);
    event->set_action(action);
    event->set_message(note);
    event->set_event_time(rfc3339::formatMicro(now));
    event->set_reporting_component(controller_);
    event->set_reporting_instance(instance_);

    // The isomorphic key (getKey): everything but the note and the times.
    std::string key = type + '\x1e' + action + '\x1e' + reason + '\x1e' + controller_ + '\x1e' + instance_ + '\x1e';
    appendRef(key, event->involved_object());
    if (related) appendRef(key, event->related());
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
    req.body = event;
    auto resp = server_.handle(req);
    // The same name from another component in the same virtual nanosecond: the next one.
    for (int retry = 0; !resp.ok() && resp.status.reason() == "AlreadyExists" && event->series().count() == 0 && retry < 16;
         ++retry) {
        lastNanos_ = ++now;
        std::snprintf(suffix, sizeof suffix, ".%llx", static_cast<unsigned long long>(now));
        event->mutable_metadata()->set_name(meta.name() + suffix);
        if (auto it = cache_.find(key); it != cache_.end()) it->second.name = event->metadata().name();
        resp = server_.handle(req);
    }
    return resp.ok() ? Status() : resp.status;
}

}  // namespace pilothouse::client
