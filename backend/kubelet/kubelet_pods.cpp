// generateAPIPodStatus (pkg/kubelet/kubelet_pods.go, v1.28): the pod status the kubelet writes,
// from its records of the pod's sandbox and containers — phase, conditions in upstream's order
// (Initialized, Ready, ContainersReady, PodScheduled), hostIP, podIP(s), startTime, and each
// container's state, lastState, ready, restartCount, image, imageID, containerID, started.
// Members of Kubelet.
#include "kubelet/images/image_manager.h"
#include "kubelet/kubelet.h"
#include "kubelet/status/generate.h"

namespace pilothouse::kubelet {

namespace core = k8s::io::api::core::v1;
using State = ContainerRecord::State;

namespace {

void fillContainerStatus(const PodWorker& w, const ContainerRecord& c, core::ContainerStatus* s) {
    const core::Container& spec = w.spec(c);
    s->set_name(c.name);
    s->set_restart_count(c.restartCount);
    s->set_ready(c.ready);
    s->set_image(c.created ? images::normalize(spec.image()) : spec.image());
    s->set_image_id(c.created ? c.imageId : "");
    if (c.created) s->set_container_id(c.containerId);
    s->set_started(c.state == State::Running && c.started);
    switch (c.state) {
        case State::Waiting: {
            auto* waiting = s->mutable_state()->mutable_waiting();
            waiting->set_reason(c.waitingReason);
            waiting->set_message(c.waitingMessage);
            break;
        }
        case State::Running:
            s->mutable_state()->mutable_running()->set_started_at(sim::formatRfc3339(c.startedAt));
            break;
        case State::Terminated: {
            auto* t = s->mutable_state()->mutable_terminated();
            t->set_exit_code(c.exitCode);
            t->set_reason(c.terminatedReason);
            t->set_started_at(sim::formatRfc3339(c.startedAt));
            t->set_finished_at(sim::formatRfc3339(c.finishedAt));
            t->set_container_id(c.containerId);
            break;
        }
    }
    if (c.lastTerminated) *s->mutable_last_state()->mutable_terminated() = *c.lastTerminated;
}

}  // namespace

core::PodStatus Kubelet::generateStatus(const PodWorker& w) const {
    core::PodStatus status;
    const core::Pod& pod = *w.pod;
    if (w.phase == PodWorker::Phase::Rejected) {
        status.set_phase("Failed");
        status.set_reason(w.rejectReason);
        status.set_message(w.rejectMessage);
        if (w.startTime) status.set_start_time(sim::formatRfc3339(*w.startTime));
        for (const auto& c : pod.status().conditions()) *status.add_conditions() = c;
        return status;
    }
    for (const auto& c : w.containers) fillContainerStatus(w, c, c.init ? status.add_init_container_statuses()
                                                                         : status.add_container_statuses());
    const bool podIsTerminal = w.phase == PodWorker::Phase::Terminating && w.op.kind == Operation::Kind::None;
    std::string phase = status::getPhase(pod, status.init_container_statuses(), status.container_statuses(),
                                         podIsTerminal);
    if (podIsTerminal && phase != "Succeeded" && phase != "Failed") phase = "Failed";
    status.set_phase(phase);
    *status.add_conditions() =
        status::initializedCondition(pod, status.init_container_statuses(), status.container_statuses(), phase);
    *status.add_conditions() = status::podReadyCondition(pod, status.container_statuses(), phase);
    *status.add_conditions() = status::containersReadyCondition(pod, status.container_statuses(), phase);
    core::PodCondition scheduled;
    scheduled.set_type("PodScheduled");
    scheduled.set_status("True");
    *status.add_conditions() = scheduled;
    status.set_host_ip(options_.internalIP);
    status.clear_host_ips();
    if (options_.features.podHostIPs) status.add_host_ips()->set_ip(options_.internalIP);
    if (!w.podIP.empty()) {
        status.set_pod_ip(w.podIP);
        status.add_pod_ips()->set_ip(w.podIP);
    }
    if (w.startTime) status.set_start_time(sim::formatRfc3339(*w.startTime));
    status.set_qos_class(pod.status().qos_class());
    return status;
}

StatusOr<bool> Kubelet::flushStatus(PodWorker& w) {
    if (!w.statusDirty || w.phase == PodWorker::Phase::Admitting || w.phase == PodWorker::Phase::Terminated)
        return false;
    // A terminating pod's status is written once its containers have stopped.
    if (w.phase == PodWorker::Phase::Terminating && w.op.kind != Operation::Kind::None) return false;
    w.statusDirty = false;
    const core::PodStatus status = generateStatus(w);
    auto wrote = statusManager_.setPodStatus(*w.pod, status);
    if (!wrote) return wrote;
    const sim::Time now = clock_.now();
    if (*wrote && !w.runningRecorded && status.phase() == "Running") {
        w.runningRecorded = true;
        record(w, sim::kStageRunning, now, now, "");
    }
    if (*wrote && !w.readyRecorded) {
        for (const auto& c : status.conditions())
            if (c.type() == "Ready" && c.status() == "True") {
                w.readyRecorded = true;
                record(w, sim::kStageReady, now, now, "");
            }
    }
    return wrote;
}

}  // namespace pilothouse::kubelet
