#include "cluster/observed_journey.h"

#include <algorithm>
#include <tuple>

#include "apiserver/trace.h"
#include "util/rfc3339.h"

namespace pilothouse::cluster {

namespace core = k8s::io::api::core::v1;

namespace {

// The order a pod meets the stages in: stages recorded in the same second are put in this order.
enum Order {
    kCreated,
    kFailedScheduling,
    kScheduled,
    kBound,
    kAdmitted,
    kSandbox,
    kPull,
    kContainers,
    kRunning,
    kContainersReady,
    kReady,
    kTerminating,
};

struct Observation {
    int64_t at = 0;
    int order = 0;
    sim::JourneyStage stage;
};

int64_t nanos(const std::string& text) {
    if (text.empty()) return 0;
    auto t = rfc3339::parse(text);
    return t ? *t : 0;
}

class Observations {
public:
    void add(int64_t at, Order order, const char* stage, std::string detail, bool failed = false) {
        if (at == 0) return;
        sim::JourneyStage s;
        s.stage = stage;
        s.start = s.end = sim::fromUnixNanos(at);
        s.detail = std::move(detail);
        s.failed = failed;
        s.observed = true;
        list_.push_back({at, order, std::move(s)});
    }
    void addSpan(int64_t from, int64_t to, Order order, const char* stage, std::string detail) {
        add(from, order, stage, std::move(detail));
        if (!list_.empty() && list_.back().at == from) list_.back().stage.end = sim::fromUnixNanos(std::max(from, to));
    }
    // In time order. Conditions and most events are kept to the second, the scheduler's events to
    // the microsecond: stages of one second go in the order a pod meets them, and none starts
    // before the one it follows (as JourneyLog keeps the simulation's).
    std::vector<sim::JourneyStage> take() {
        constexpr int64_t kSecond = 1'000'000'000;
        std::stable_sort(list_.begin(), list_.end(), [](const Observation& a, const Observation& b) {
            return std::tuple(a.at / kSecond, a.order, a.at) < std::tuple(b.at / kSecond, b.order, b.at);
        });
        std::vector<sim::JourneyStage> out;
        out.reserve(list_.size());
        for (auto& o : list_) {
            if (!out.empty() && o.stage.start < out.back().start) {
                o.stage.end += out.back().start - o.stage.start;
                o.stage.start = out.back().start;
            }
            out.push_back(std::move(o.stage));
        }
        return out;
    }

private:
    std::vector<Observation> list_;
};

bool startsWith(const std::string& s, std::string_view prefix) { return s.rfind(prefix, 0) == 0; }

// Kubelet messages that say the image could not be had.
bool isPullFailure(const core::Event& e) {
    const std::string& m = e.message();
    if (e.reason() == "BackOff") return startsWith(m, "Back-off pulling image");
    if (e.reason() == "Failed")
        return startsWith(m, "Failed to pull image") || m == "Error: ErrImagePull" || m == "Error: ImagePullBackOff" ||
               m == "Error: ErrImageNeverPull" || m == "Error: InvalidImageName" || startsWith(m, "Failed to apply default image tag");
    return e.reason() == "ErrImageNeverPull" || e.reason() == "InspectFailed";
}

// An event seen `count` times: at its first and, when later, its last time.
void addRepeated(Observations& out, const core::Event& e, Order order, const char* stage, bool failed) {
    const int64_t first = nanos(e.first_timestamp()) ? nanos(e.first_timestamp()) : nanos(e.event_time());
    const int64_t last = std::max({nanos(e.last_timestamp()), nanos(e.series().last_observed_time()), first});
    out.add(first, order, stage, e.message(), failed);
    if (last > first) out.add(last, order, stage, e.message(), failed);
}

const core::PodCondition* condition(const core::Pod& pod, std::string_view type) {
    for (const auto& c : pod.status().conditions())
        if (c.type() == type) return &c;
    return nullptr;
}

}  // namespace

bool eventAboutPod(const core::Event& event, std::string* podKey) {
    const auto& ref = event.involved_object();
    if (ref.kind() != "Pod" || ref.name().empty()) return false;
    if (podKey) *podKey = (ref.namespace_().empty() ? std::string("default") : ref.namespace_()) + "/" + ref.name();
    return true;
}

std::vector<sim::JourneyStage> observedJourney(const core::Pod& pod, const std::vector<const core::Event*>& events) {
    Observations out;
    const auto& meta = pod.metadata();
    out.add(nanos(meta.creation_timestamp()), kCreated, apiserver::kStageStorage,
            "creationTimestamp " + meta.creation_timestamp());

    // The pod's conditions: the transition each last made, when it is True now (a False one
    // records only that it is not there yet, except the scheduler's Unschedulable).
    auto trueSince = [&pod](std::string_view type) -> int64_t {
        const core::PodCondition* c = condition(pod, type);
        return c && c->status() == "True" ? nanos(c->last_transition_time()) : 0;
    };
    const core::PodCondition* unschedulable = condition(pod, "PodScheduled");
    if (unschedulable && (unschedulable->status() != "False" || unschedulable->reason() != "Unschedulable")) unschedulable = nullptr;
    out.add(trueSince("PodScheduled"), kBound, sim::kStageBinding,
            pod.spec().node_name().empty() ? "PodScheduled=True" : "PodScheduled=True: " + pod.spec().node_name());
    out.add(trueSince("Initialized"), kAdmitted, sim::kStageKubeletAdmission, "Initialized=True");
    out.add(trueSince("PodReadyToStartContainers"), kSandbox, sim::kStageSandbox,
            pod.status().pod_ip().empty() ? "PodReadyToStartContainers=True" : pod.status().pod_ip());
    for (const auto& cs : pod.status().container_statuses())
        if (cs.state().has_running())
            out.add(nanos(cs.state().running().started_at()), kRunning, sim::kStageRunning, cs.name() + " running");
    out.add(trueSince("ContainersReady"), kContainersReady, sim::kStageProbes, "ContainersReady=True");
    out.add(trueSince("Ready"), kReady, sim::kStageReady, "Ready=True");

    const std::string ns = meta.namespace_().empty() ? "default" : meta.namespace_();
    bool failedSchedulingEvent = false;
    for (const core::Event* e : events) {
        const auto& ref = e->involved_object();
        if (ref.kind() != "Pod" || ref.name() != meta.name() || (ref.namespace_().empty() ? "default" : ref.namespace_()) != ns)
            continue;
        if (!ref.uid().empty() && !meta.uid().empty() && ref.uid() != meta.uid()) continue;  // an earlier pod of that name
        const std::string& reason = e->reason();
        if (reason == "FailedScheduling") {
            addRepeated(out, *e, kFailedScheduling, sim::kStageSchedulingAttempt, true);
            failedSchedulingEvent = true;
        }
        else if (reason == "Scheduled") addRepeated(out, *e, kScheduled, sim::kStageSchedulingAttempt, false);
        else if (reason == "FailedCreatePodSandBox") addRepeated(out, *e, kSandbox, sim::kStageSandbox, true);
        else if (reason == "Pulling" || reason == "Pulled") addRepeated(out, *e, kPull, sim::kStageImagePull, false);
        else if (isPullFailure(*e)) addRepeated(out, *e, kPull, sim::kStageImagePull, true);
        else if (reason == "Created" || reason == "Started") addRepeated(out, *e, kContainers, sim::kStageContainers, false);
        else if (reason == "BackOff" || reason == "Failed") addRepeated(out, *e, kContainers, sim::kStageContainers, true);
        else if (pod.status().phase() == "Failed" && reason == pod.status().reason())
            // The node refused it (OutOfcpu, NodeAffinity, ...): the kubelet's admission.
            addRepeated(out, *e, kAdmitted, sim::kStageKubeletAdmission, true);
    }

    // The condition repeats the scheduler's message: its events say more (when, how often).
    if (unschedulable && !failedSchedulingEvent)
        out.add(nanos(unschedulable->last_transition_time()), kFailedScheduling, sim::kStageSchedulingAttempt,
                unschedulable->message(), true);
    if (meta.has_deletion_timestamp()) {
        const int64_t deadline = nanos(meta.deletion_timestamp());
        const int64_t requested = deadline - int64_t(meta.deletion_grace_period_seconds()) * 1'000'000'000;
        out.addSpan(requested, deadline, kTerminating, sim::kStageTermination, "deletionTimestamp " + meta.deletion_timestamp());
    }
    return out.take();
}

}  // namespace pilothouse::cluster
