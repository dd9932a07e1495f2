#include "journey/stations.h"

#include "apiserver/trace.h"
#include "scheduler/queue/scheduling_queue.h"
#include "sim/journey.h"

namespace pilothouse::ui::journey {

QString Stations::title(Station s) {
    switch (s) {
        case Station::Client: return tr("kubectl");
        case Station::Controllers: return tr("controllers");
        case Station::Authentication: return tr("authentication");
        case Station::Authorization: return tr("authorization");
        case Station::MutatingAdmission: return tr("mutating admission");
        case Station::Validation: return tr("validation");
        case Station::ValidatingAdmission: return tr("validating admission");
        case Station::Etcd: return tr("etcd");
        case Station::QueueActive: return tr("active");
        case Station::QueueBackoff: return tr("backoff");
        case Station::QueueUnschedulable: return tr("unschedulable");
        case Station::Filter: return tr("filter");
        case Station::Score: return tr("score");
        case Station::Bind: return tr("bind");
        case Station::KubeletAdmission: return tr("admission");
        case Station::Sandbox: return tr("sandbox & IP");
        case Station::ImagePull: return tr("image pull");
        case Station::Containers: return tr("containers");
        case Station::Probes: return tr("probes");
        case Station::RunningReady: return tr("Running/Ready");
        case Station::Endpoints: return tr("endpoints");
        case Station::Count: break;
    }
    return {};
}

QString Stations::id(Station s) {
    switch (s) {
        case Station::Client: return QStringLiteral("client");
        case Station::Controllers: return QStringLiteral("controllers");
        case Station::Authentication: return QStringLiteral("authentication");
        case Station::Authorization: return QStringLiteral("authorization");
        case Station::MutatingAdmission: return QStringLiteral("mutating-admission");
        case Station::Validation: return QStringLiteral("validation");
        case Station::ValidatingAdmission: return QStringLiteral("validating-admission");
        case Station::Etcd: return QStringLiteral("etcd");
        case Station::QueueActive: return QStringLiteral("queue-active");
        case Station::QueueBackoff: return QStringLiteral("queue-backoff");
        case Station::QueueUnschedulable: return QStringLiteral("queue-unschedulable");
        case Station::Filter: return QStringLiteral("filter");
        case Station::Score: return QStringLiteral("score");
        case Station::Bind: return QStringLiteral("bind");
        case Station::KubeletAdmission: return QStringLiteral("kubelet-admission");
        case Station::Sandbox: return QStringLiteral("sandbox");
        case Station::ImagePull: return QStringLiteral("image-pull");
        case Station::Containers: return QStringLiteral("containers");
        case Station::Probes: return QStringLiteral("probes");
        case Station::RunningReady: return QStringLiteral("running-ready");
        case Station::Endpoints: return QStringLiteral("endpoints");
        case Station::Count: break;
    }
    return {};
}

int Stations::order(Station s) {
    switch (s) {
        case Station::Client:
        case Station::Controllers: return 0;
        case Station::QueueActive:
        case Station::QueueBackoff:
        case Station::QueueUnschedulable: return int(Station::QueueActive);
        default: return int(s);
    }
}

StageMapping Stations::forStage(std::string_view stage, std::string_view detail, bool failed) {
    StageMapping m;
    auto one = [&m](Station s) {
        m.stations[0] = s;
        m.count = 1;
        return m;
    };
    // The API server's stages are recorded as "<stage>: <step>" (one record per admission plugin).
    const std::string_view base = stage.substr(0, stage.find(": "));
    if (base == apiserver::kStageClient) return one(Station::Client);
    if (base == apiserver::kStageAuthentication) return one(Station::Authentication);
    if (base == apiserver::kStageAuthorization) return one(Station::Authorization);
    if (base == apiserver::kStageMutatingAdmission) return one(Station::MutatingAdmission);
    if (base == apiserver::kStageRegistry || base == apiserver::kStageValidation) return one(Station::Validation);
    if (base == apiserver::kStageValidatingAdmission) return one(Station::ValidatingAdmission);
    if (base == apiserver::kStageStorage) return one(Station::Etcd);
    if (stage == sim::kStageQueue) {
        if (detail == scheduler::queue::kBackoffQ) return one(Station::QueueBackoff);
        if (detail == scheduler::queue::kUnschedulablePods) return one(Station::QueueUnschedulable);
        return one(Station::QueueActive);
    }
    if (stage == sim::kStageSchedulingAttempt) {
        // Filter finds the feasible nodes; a pod that got a node was also scored. A failed
        // attempt (FailedScheduling: no node fits) stops at filter.
        one(Station::Filter);
        if (!failed) {
            m.stations[1] = Station::Score;
            m.count = 2;
        }
        return m;
    }
    if (stage == sim::kStageBinding) return one(Station::Bind);
    if (stage == sim::kStageKubeletAdmission) return one(Station::KubeletAdmission);
    if (stage == sim::kStageSandbox) return one(Station::Sandbox);
    if (stage == sim::kStageImagePull) return one(Station::ImagePull);
    if (stage == sim::kStageContainers) return one(Station::Containers);
    // Running: the containers run and the kubelet probes them until the pod is Ready.
    if (stage == sim::kStageRunning || stage == sim::kStageProbes) return one(Station::Probes);
    if (stage == sim::kStageReady) return one(Station::RunningReady);
    if (stage == sim::kStageEndpoints) return one(Station::Endpoints);
    if (stage == sim::kStageTermination) {
        m.terminating = true;
        return m;
    }
    return m;
}

std::optional<Station> Stations::expectedNext(Station s, bool failed, std::string_view detail) {
    switch (s) {
        case Station::Client:
        case Station::Controllers: return Station::Authentication;
        // A request the API server rejected (Unauthorized, Forbidden, Invalid) ends there.
        case Station::Authentication: return failed ? std::nullopt : std::optional(Station::Authorization);
        case Station::Authorization: return failed ? std::nullopt : std::optional(Station::MutatingAdmission);
        case Station::MutatingAdmission: return failed ? std::nullopt : std::optional(Station::Validation);
        case Station::Validation: return failed ? std::nullopt : std::optional(Station::ValidatingAdmission);
        case Station::ValidatingAdmission: return failed ? std::nullopt : std::optional(Station::Etcd);
        // Stored: the scheduler's informer adds the pod to activeQ.
        case Station::Etcd: return failed ? std::nullopt : std::optional(Station::QueueActive);
        case Station::QueueActive:
        case Station::QueueBackoff:
        case Station::QueueUnschedulable: return Station::Filter;
        case Station::Filter:
            if (!failed) return Station::Score;
            // FailedScheduling ("0/3 nodes are available: ...") parks the pod with the
            // unschedulable pods; any other error backs it off.
            return detail.substr(0, 2) == "0/" ? Station::QueueUnschedulable : Station::QueueBackoff;
        case Station::Score: return Station::Bind;
        case Station::Bind: return Station::KubeletAdmission;
        // Rejected by the node (OutOfcpu, ...): the pod failed there.
        case Station::KubeletAdmission: return failed ? std::nullopt : std::optional(Station::Sandbox);
        // A failed sandbox or image pull is tried again at the same station.
        case Station::Sandbox: return failed ? std::nullopt : std::optional(Station::ImagePull);
        case Station::ImagePull: return failed ? std::nullopt : std::optional(Station::Containers);
        case Station::Containers: return Station::Probes;
        // Probing until Ready is recorded.
        case Station::Probes:
        case Station::RunningReady:
        case Station::Endpoints:
        case Station::Count: return std::nullopt;
    }
    return std::nullopt;
}

}  // namespace pilothouse::ui::journey
