#include "cluster/cluster.h"

#include <algorithm>
#include <iostream>

#include "api/object.h"
#include "apiserver/loopback_client.h"
#include "util/phase_times.h"

namespace pilothouse::cluster {

Cluster::Cluster(ClusterOptions options)
    : options_(std::move(options)), loop_(sim::EventLoop::Options{.epoch = options_.epoch}) {}

StatusOr<std::unique_ptr<Cluster>> Cluster::create(ClusterOptions options) {
    std::unique_ptr<Cluster> c(new Cluster(std::move(options)));
    controlplane::Options cp;
    cp.storePath = c->options_.storePath;
    cp.seed = c->options_.seed;
    cp.tokenFile = c->options_.tokenFile;
    cp.anonymousAuth = c->options_.anonymousAuth;
    if (!c->options_.admissionPlugins.empty()) cp.admissionPlugins = c->options_.admissionPlugins;
    cp.features = c->options_.features;
    auto started = controlplane::ControlPlane::start(cp, c->loop_.clock());
    if (!started) return started.status();
    c->controlPlane_ = std::move(*started);
    Cluster* self = c.get();
    c->apiServer().setRequestObserver(
        [self](const apiserver::Request& req, const apiserver::Response& resp) { self->observe(req, resp); });
    return c;
}

namespace {

// The HTTP code a request got, as apiserver_request_total labels it.
int httpCode(const apiserver::Request& req, const apiserver::Response& resp) {
    if (!resp.ok()) return resp.status.httpCode() ? resp.status.httpCode() : 500;
    return req.verb == "create" ? 201 : 200;
}

}  // namespace

void Cluster::observe(const apiserver::Request& req, const apiserver::Response& resp) {
    if (!req.type) return;
    {
        std::lock_guard lock(requestsMutex_);
        ++requests_[{req.verb, req.type->resource, httpCode(req, resp)}];
    }
    // A pod's journey starts with the request that created it.
    if (req.verb != "create" || req.type->resource != "pods" || !req.subresource.empty()) return;
    std::string name = resp.object ? api::metadata(*resp.object).name() : (req.body ? api::metadata(*req.body).name() : "");
    if (name.empty() && req.body) name = api::metadata(*req.body).generate_name() + "<generated>";
    const std::string key = (req.namespace_.empty() ? "default" : req.namespace_) + "/" + name;
    for (const auto& st : resp.trace) {
        sim::JourneyStage stage;
        stage.stage = st.stage + (st.step.empty() || st.step == st.stage ? "" : ": " + st.step);
        stage.start = sim::fromUnixNanos(st.startNanos);
        stage.end = sim::fromUnixNanos(st.endNanos);
        stage.detail = st.detail;
        stage.failed = !st.passed;
        stage.phrases = st.phrases;
        journeys_.record(key, std::move(stage));
    }
}

Status Cluster::add(std::unique_ptr<Component> component) {
    // The component's watches are counted under its name (APIServer::watchDeliveries).
    auto name = std::make_unique<std::string>(component->name());
    {
        apiserver::LoopbackClientScope loopback;
        apiserver::WatchClientScope client(*name);
        util::PhaseTimes started;  // PILOTHOUSE_PHASE_TIMES: how long each component takes to start
        PH_RETURN_IF_ERROR(component->start().withContext(*name + ": starting: "));
        started.mark(name->c_str(), std::cerr);
    }
    names_.push_back(std::move(name));
    components_.push_back(std::move(component));
    wakeups_.push_back(sim::kInvalidEventId);
    wakeupTimes_.push_back(std::nullopt);
    return {};
}

Component* Cluster::find(const std::string& name) const {
    for (const auto& c : components_)
        if (c->name() == name) return c.get();
    return nullptr;
}

Status Cluster::settle() {
    apiserver::LoopbackClientScope loopback;
    for (int round = 0;; ++round) {
        if (round >= options_.maxSettleRounds)
            return Status(StatusCode::Internal, "the cluster did not settle after " + std::to_string(round) +
                                                    " rounds at one instant (a component keeps reporting work)");
        bool any = false;
        for (size_t i = 0; i < components_.size(); ++i) {
            const auto& c = components_[i];
            apiserver::WatchClientScope client(*names_[i]);  // a watch opened again (re-list) counts under it too
            auto did = c->reconcile();
            if (!did) return did.status().withContext(c->name() + ": ");
            any = any || *did;
        }
        if (!any) break;
    }
    const int64_t revision = controlPlane_->store().currentRevision();
    if (revisionTimes_.empty() || revisionTimes_.back().second != revision) {
        if (!revisionTimes_.empty() && revisionTimes_.back().first == loop_.now()) revisionTimes_.back().second = revision;
        else revisionTimes_.emplace_back(loop_.now(), revision);
    }
    scheduleWakeups();
    return {};
}

int64_t Cluster::revisionAt(sim::Time t) const {
    // The first entry after t; the one before it holds.
    auto it = std::upper_bound(revisionTimes_.begin(), revisionTimes_.end(), t,
                               [](sim::Time time, const auto& entry) { return time < entry.first; });
    return it == revisionTimes_.begin() ? 0 : std::prev(it)->second;
}

void Cluster::scheduleWakeups() {
    for (size_t i = 0; i < components_.size(); ++i) {
        const std::optional<sim::Time> want = components_[i]->nextWakeup();
        if (want == wakeupTimes_[i] && (!want || loop_.isPending(wakeups_[i]))) continue;
        if (wakeups_[i] != sim::kInvalidEventId) loop_.cancel(wakeups_[i]);
        wakeups_[i] = sim::kInvalidEventId;
        wakeupTimes_[i] = want;
        if (!want) continue;
        // The wake-up itself does nothing: settling after it lets the component do its work.
        wakeups_[i] = loop_.scheduleAt(*want, components_[i]->name(), "wake up", [] {});
    }
}

Status Cluster::runUntil(sim::Time t) {
    apiserver::LoopbackClientScope loopback;
    PH_RETURN_IF_ERROR(settle());
    // A component that keeps asking to be woken at the current instant without doing anything
    // would stop time; past this many events at one instant the run stops with an error.
    constexpr int kMaxEventsAtOneInstant = 1'000'000;
    int atInstant = 0;
    sim::Time instant = loop_.now();
    for (;;) {
        const std::optional<sim::Time> next = loop_.nextEventTime();
        if (!next || *next > t) break;
        loop_.runOne();
        if (loop_.now() != instant) {
            instant = loop_.now();
            atInstant = 0;
        } else if (++atInstant > kMaxEventsAtOneInstant) {
            return Status(StatusCode::Internal, "time stopped: more than a million events at one instant (a component keeps "
                                                "asking to be woken now without doing anything)");
        }
        PH_RETURN_IF_ERROR(settle());
    }
    if (loop_.now() < t) loop_.runUntil(t);  // nothing due before t: just move the clock
    return settle();
}

}  // namespace pilothouse::cluster
