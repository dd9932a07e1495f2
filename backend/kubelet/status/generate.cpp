#include "kubelet/status/generate.h"

#include <vector>

namespace pilothouse::kubelet::status {

namespace core = k8s::io::api::core::v1;

namespace {

const core::ContainerStatus* find(const ContainerStatuses& statuses, const std::string& name) {
    for (const auto& s : statuses)
        if (s.name() == name) return &s;
    return nullptr;
}

// Go's fmt %s of a []string: "[a b]".
std::string goList(const std::vector<std::string>& names) {
    std::string out = "[";
    for (size_t i = 0; i < names.size(); ++i) out += (i ? " " : "") + names[i];
    return out + "]";
}

core::PodCondition condition(const char* type, const char* status, const std::string& reason = "",
                             const std::string& message = "") {
    core::PodCondition c;
    c.set_type(type);
    c.set_status(status);
    c.set_reason(reason);
    c.set_message(message);
    return c;
}

}  // namespace

std::string getPhase(const core::Pod& pod, const ContainerStatuses& init, const ContainerStatuses& regular,
                     bool podIsTerminal) {
    const std::string& policy = pod.spec().restart_policy();
    int pendingInitialization = 0;
    bool failedInitialization = false;
    for (const auto& c : pod.spec().init_containers()) {
        const core::ContainerStatus* s = find(init, c.name());
        if (!s) {
            ++pendingInitialization;
            continue;
        }
        if (s->state().has_running()) {
            ++pendingInitialization;
        } else if (s->state().has_terminated()) {
            if (s->state().terminated().exit_code() != 0) failedInitialization = true;
        } else if (s->state().has_waiting()) {
            if (!s->last_state().has_terminated())
                ++pendingInitialization;
            else if (s->last_state().terminated().exit_code() != 0)
                failedInitialization = true;
        } else {
            ++pendingInitialization;
        }
    }
    int unknown = 0, running = 0, waiting = 0, stopped = 0, succeeded = 0;
    for (const auto& c : pod.spec().containers()) {
        const core::ContainerStatus* s = find(regular, c.name());
        if (!s) {
            ++unknown;
        } else if (s->state().has_running()) {
            ++running;
        } else if (s->state().has_terminated()) {
            ++stopped;
            if (s->state().terminated().exit_code() == 0) ++succeeded;
        } else if (s->state().has_waiting()) {
            if (s->last_state().has_terminated())
                ++stopped;
            else
                ++waiting;
        } else {
            ++unknown;
        }
    }
    if (failedInitialization && policy == "Never") return "Failed";
    if (pendingInitialization > 0 || waiting > 0) return "Pending";
    if (running > 0 && unknown == 0) return "Running";
    if (running == 0 && stopped > 0 && unknown == 0) {
        if (podIsTerminal) return stopped == succeeded ? "Succeeded" : "Failed";
        if (policy == "Always") return "Running";
        if (stopped == succeeded) return "Succeeded";
        if (policy == "Never") return "Failed";
        return "Running";
    }
    return "Pending";
}

core::PodCondition initializedCondition(const core::Pod& pod, const ContainerStatuses& init,
                                        const ContainerStatuses& regular, const std::string& phase) {
    std::vector<std::string> unknown, incomplete;
    for (const auto& c : pod.spec().init_containers()) {
        const core::ContainerStatus* s = find(init, c.name());
        if (!s) {
            unknown.push_back(c.name());
            continue;
        }
        const bool restartable = c.has_restart_policy() && c.restart_policy() == "Always";
        const bool done = restartable ? (s->has_started() && s->started()) : s->ready();
        if (!done) incomplete.push_back(c.name());
    }
    if (phase == "Succeeded" && unknown.empty()) return condition("Initialized", "True", "PodCompleted");
    for (const auto& s : regular)
        if (s.state().has_running() || s.last_state().has_terminated() || s.state().has_terminated())
            return condition("Initialized", "True");
    std::vector<std::string> messages;
    if (!unknown.empty()) messages.push_back("containers with unknown status: " + goList(unknown));
    if (!incomplete.empty()) messages.push_back("containers with incomplete status: " + goList(incomplete));
    if (messages.empty()) return condition("Initialized", "True");
    std::string message = messages[0];
    for (size_t i = 1; i < messages.size(); ++i) message += ", " + messages[i];
    return condition("Initialized", "False", "ContainersNotInitialized", message);
}

core::PodCondition containersReadyCondition(const core::Pod& pod, const ContainerStatuses& regular,
                                            const std::string& phase) {
    std::vector<std::string> unknown, unready;
    for (const auto& c : pod.spec().init_containers()) {
        if (!(c.has_restart_policy() && c.restart_policy() == "Always")) continue;
        // Restartable init containers count as containers (their statuses are with the init ones;
        // the caller passes them in `regular` when it has them).
        if (const core::ContainerStatus* s = find(regular, c.name()); s && !s->ready()) unready.push_back(c.name());
    }
    for (const auto& c : pod.spec().containers()) {
        const core::ContainerStatus* s = find(regular, c.name());
        if (!s)
            unknown.push_back(c.name());
        else if (!s->ready())
            unready.push_back(c.name());
    }
    if (phase == "Succeeded" && unknown.empty()) return condition("ContainersReady", "False", "PodCompleted");
    std::vector<std::string> messages;
    if (!unknown.empty()) messages.push_back("containers with unknown status: " + goList(unknown));
    if (!unready.empty()) messages.push_back("containers with unready status: " + goList(unready));
    if (messages.empty()) return condition("ContainersReady", "True");
    std::string message = messages[0];
    for (size_t i = 1; i < messages.size(); ++i) message += ", " + messages[i];
    return condition("ContainersReady", "False", "ContainersNotReady", message);
}

core::PodCondition podReadyCondition(const core::Pod& pod, const ContainerStatuses& regular, const std::string& phase) {
    core::PodCondition cr = containersReadyCondition(pod, regular, phase);
    if (cr.status() != "True") return condition("Ready", cr.status().c_str(), cr.reason(), cr.message());
    std::vector<std::string> messages;
    for (const auto& gate : pod.spec().readiness_gates()) {
        const core::PodCondition* found = nullptr;
        for (const auto& c : pod.status().conditions())
            if (c.type() == gate.condition_type()) found = &c;
        if (!found)
            messages.push_back("corresponding condition of pod readiness gate \"" + gate.condition_type() +
                               "\" does not exist.");
        else if (found->status() != "True")
            messages.push_back("the status of pod readiness gate \"" + gate.condition_type() +
                               "\" is not \"True\", but " + found->status());
    }
    if (messages.empty()) return condition("Ready", "True");
    std::string message = messages[0];
    for (size_t i = 1; i < messages.size(); ++i) message += ", " + messages[i];
    return condition("Ready", "False", "ReadinessGatesNotReady", message);
}

}  // namespace pilothouse::kubelet::status
