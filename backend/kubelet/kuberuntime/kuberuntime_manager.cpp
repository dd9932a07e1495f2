// The pod sync and the simulated container runtime (pkg/kubelet/kuberuntime, v1.28:
// kuberuntime_manager.go SyncPod / computePodActions / doBackOff, kuberuntime_container.go
// startContainer / killContainer): members of Kubelet, see pod_workers.h for the model.
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <optional>

#include "kubelet/kubelet.h"
#include "sim/random.h"

namespace pilothouse::kubelet {

namespace core = k8s::io::api::core::v1;
using Kind = Operation::Kind;
using State = ContainerRecord::State;

namespace {

// format.Pod: "name_namespace(uid)".
std::string formatPod(const core::Pod& pod) {
    return pod.metadata().name() + "_" + pod.metadata().namespace_() + "(" + pod.metadata().uid() + ")";
}

std::string quoted(const std::string& s) { return "\"" + s + "\""; }

// Parses a Go duration ("30s", "1m30s", "500ms", "2h").
std::optional<sim::Duration> parseDuration(const std::string& text) {
    if (text.empty()) return std::nullopt;
    sim::Duration total{};
    size_t i = 0;
    while (i < text.size()) {
        size_t j = i;
        while (j < text.size() && (isdigit(static_cast<unsigned char>(text[j])) || text[j] == '.')) ++j;
        if (j == i) return std::nullopt;
        const double v = std::atof(text.substr(i, j - i).c_str());
        size_t k = j;
        while (k < text.size() && isalpha(static_cast<unsigned char>(text[k]))) ++k;
        const std::string unit = text.substr(j, k - j);
        double ns;
        if (unit == "h") ns = 3600e9;
        else if (unit == "m") ns = 60e9;
        else if (unit == "s") ns = 1e9;
        else if (unit == "ms") ns = 1e6;
        else return std::nullopt;
        total += sim::Duration(int64_t(v * ns));
        i = k;
    }
    return total;
}

// The scripted run time of a container from the exit-after annotation ("30s" or "a=30s,b=1m").
std::optional<sim::Duration> exitAfter(const core::Pod& pod, const std::string& container) {
    auto it = pod.metadata().annotations().find(kAnnotationExitAfter);
    if (it == pod.metadata().annotations().end()) return std::nullopt;
    const std::string& v = it->second;
    if (v.find('=') == std::string::npos) return parseDuration(v);
    size_t start = 0;
    while (start < v.size()) {
        size_t comma = v.find(',', start);
        const std::string part = v.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        const auto eq = part.find('=');
        if (eq != std::string::npos && part.substr(0, eq) == container) return parseDuration(part.substr(eq + 1));
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return std::nullopt;
}

bool shouldRestart(const std::string& policy, int32_t exitCode) {
    if (policy == "Always") return true;
    if (policy == "OnFailure") return exitCode != 0;
    return false;
}

}  // namespace

void Kubelet::beginOp(PodWorker& w, Kind kind, int container, sim::Duration d) {
    w.op.kind = kind;
    w.op.container = container;
    w.op.began = clock_.now();
    w.op.due = clock_.now() + d;
    w.op.fails = false;
}

void Kubelet::startSync(PodWorker& w) {
    w.passActive = true;
    w.passError = false;
    w.attempted.clear();
    continueSync(w);
}

void Kubelet::continueSync(PodWorker& w) {
    const sim::Time now = clock_.now();
    const std::string& policy = w.pod->spec().restart_policy();
    if (!w.sandboxReady) {
        beginOp(w, Kind::Sandbox, -1, options_.sandboxDuration);
        return;
    }
    // Containers that failed liveness or startup: killed first, then restarted in this pass.
    for (size_t i = 0; i < w.containers.size(); ++i) {
        ContainerRecord& c = w.containers[i];
        if (!c.killRequested || c.state != State::Running) continue;
        event(w, "Normal", "Killing", c.killMessage, &c);
        int32_t code = 0;
        const core::Container& spec = w.spec(c);
        int64_t grace = w.pod->spec().termination_grace_period_seconds();
        if (spec.liveness_probe().has_termination_grace_period_seconds())
            grace = spec.liveness_probe().termination_grace_period_seconds();
        beginOp(w, Kind::Kill, int(i), stopDuration(w, grace, &code));
        return;
    }
    // Init containers, one at a time, in order.
    bool initDone = true;
    for (size_t i = 0; i < w.numInit; ++i) {
        ContainerRecord& c = w.containers[i];
        if (c.state == State::Terminated && c.exitCode == 0) continue;
        initDone = false;
        if (c.state == State::Running || w.attempted.count(int(i))) break;
        const bool failed = c.state == State::Terminated || (c.lastTerminated && c.lastTerminated->exit_code() != 0);
        if (failed && policy == "Never") break;
        if (attemptStart(w, int(i))) return;
        break;
    }
    if (initDone) {
        for (size_t i = w.numInit; i < w.containers.size(); ++i) {
            ContainerRecord& c = w.containers[i];
            if (c.state == State::Running || w.attempted.count(int(i))) continue;
            if (c.state == State::Terminated && !shouldRestart(policy, c.exitCode)) continue;
            if (c.state == State::Waiting && c.lastTerminated && !shouldRestart(policy, c.lastTerminated->exit_code()))
                continue;
            if (attemptStart(w, int(i))) return;
        }
    }
    w.passActive = false;
    if (w.passError) w.retryAt = now + options_.syncBackOffPeriod;
    checkTerminal(w);
    w.statusDirty = true;
}

bool Kubelet::attemptStart(PodWorker& w, int i) {
    const sim::Time now = clock_.now();
    ContainerRecord& c = w.containers[size_t(i)];
    const core::Container& spec = w.spec(c);
    w.attempted.insert(i);

    // doBackOff: a container that exited before waits out its restart back-off.
    if (c.backoffSince) {
        const std::string key = w.pod->metadata().name() + "_" + w.pod->metadata().namespace_() + "_" + w.uid + "_" +
                                c.name;
        if (crashLoopBackoff_.isInBackOffSince(key, *c.backoffSince, now)) {
            event(w, "Warning", "BackOff",
                  "Back-off restarting failed container " + c.name + " in pod " + formatPod(*w.pod), &c);
            if (c.state == State::Terminated) {
                core::ContainerStateTerminated t;
                t.set_exit_code(c.exitCode);
                t.set_reason(c.terminatedReason);
                t.set_started_at(sim::formatRfc3339(c.startedAt));
                t.set_finished_at(sim::formatRfc3339(c.finishedAt));
                t.set_container_id(c.containerId);
                c.lastTerminated = t;
                c.state = State::Waiting;
            }
            c.waitingReason = "CrashLoopBackOff";
            c.waitingMessage = "back-off " + sim::formatDuration(crashLoopBackoff_.get(key)) +
                               " restarting failed container=" + c.name + " pod=" + formatPod(*w.pod);
            w.passError = true;
            w.statusDirty = true;
            return false;
        }
        crashLoopBackoff_.next(key, *c.backoffSince);
    }

    // EnsureImageExists.
    const std::string& image = spec.image();
    switch (images_.decide(w.uid, spec, now)) {
        case images::PullDecision::Present:
            event(w, "Normal", "Pulled", "Container image " + quoted(image) + " already present on machine", &c);
            record(w, sim::kStageImagePull, now, now, sim::Phrase{sim::Phrase::Id::ImagePresent, {image}});
            beginOp(w, Kind::Create, i, options_.containerCreateDuration);
            return true;
        case images::PullDecision::NeverPullMissing: {
            const std::string msg = "Container image " + quoted(image) + " is not present with pull policy of Never";
            event(w, "Warning", "ErrImageNeverPull", msg, &c);
            event(w, "Warning", "Failed", "Error: ErrImageNeverPull", &c);
            if (c.state == State::Terminated) c.state = State::Waiting;
            c.waitingReason = "ErrImageNeverPull";
            c.waitingMessage = msg;
            w.passError = true;
            w.statusDirty = true;
            return false;
        }
        case images::PullDecision::BackOff: {
            const std::string msg = "Back-off pulling image " + quoted(image);
            event(w, "Normal", "BackOff", msg, &c);
            event(w, "Warning", "Failed", "Error: ImagePullBackOff", &c);
            if (c.state == State::Terminated) c.state = State::Waiting;
            c.waitingReason = "ImagePullBackOff";
            c.waitingMessage = msg;
            w.passError = true;
            w.statusDirty = true;
            return false;
        }
        case images::PullDecision::Pull:
            event(w, "Normal", "Pulling", "Pulling image " + quoted(image), &c);
            beginOp(w, Kind::Pull, i, images_.pullDuration(image));
            w.op.fails = images_.pullFails(image);
            return true;
    }
    return false;
}

sim::Duration Kubelet::stopDuration(const PodWorker& w, int64_t graceSeconds, int32_t* exitCode) const {
    sim::Duration stop = options_.containerStopDuration;
    auto it = w.pod->metadata().annotations().find(kAnnotationStopAfter);
    if (it != w.pod->metadata().annotations().end())
        if (auto d = parseDuration(it->second)) stop = *d;
    const sim::Duration grace = std::chrono::seconds(std::max<int64_t>(graceSeconds, 0));
    if (stop > grace) {
        *exitCode = 137;  // SIGKILL after the grace period
        return grace;
    }
    *exitCode = 0;
    return stop;
}

void Kubelet::completeOp(PodWorker& w) {
    const sim::Time now = clock_.now();
    const Operation op = w.op;
    w.op = Operation{};
    ContainerRecord* c = op.container >= 0 ? &w.containers[size_t(op.container)] : nullptr;
    switch (op.kind) {
        case Kind::None:
        case Kind::KillPod: return;
        case Kind::Sandbox: {
            auto ip = ipam_.allocate(w.uid);
            if (!ip) {
                event(w, "Warning", "FailedCreatePodSandBox",
                      "Failed to create pod sandbox: plugin type=\"bridge\" failed (add): failed to allocate for range 0: " +
                          ip.status().message());
                record(w, sim::kStageSandbox, op.began, now, ip.status().message(), true);
                w.passActive = false;
                w.retryAt = now + options_.syncBackOffPeriod;
                return;
            }
            w.podIP = *ip;
            w.ipReleased = false;
            w.sandboxReady = true;
            w.statusDirty = true;
            record(w, sim::kStageSandbox, op.began, now, w.podIP);
            break;
        }
        case Kind::Pull: {
            const std::string& image = w.spec(*c).image();
            if (op.fails) {
                const std::string err = images::ImageManager::pullError(image);
                event(w, "Warning", "Failed", "Failed to pull image " + quoted(image) + ": " + err, c);
                event(w, "Warning", "Failed", "Error: ErrImagePull", c);
                images_.pullFailed(w.uid, image, now);
                record(w, sim::kStageImagePull, op.began, now, image + ": ErrImagePull", true);
                if (c->state == State::Terminated) c->state = State::Waiting;
                c->waitingReason = "ErrImagePull";
                c->waitingMessage = err;
                w.passError = true;
                w.statusDirty = true;
                break;
            }
            images_.pulled(image, now);
            const std::string took = sim::formatDuration(now - op.began);
            event(w, "Normal", "Pulled",
                  "Successfully pulled image " + quoted(image) + " in " + took + " (" + took + " including waiting)", c);
            record(w, sim::kStageImagePull, op.began, now, image);
            beginOp(w, Kind::Create, op.container, options_.containerCreateDuration);
            w.op.began = op.began;  // the containers stage starts with the pull
            return;
        }
        case Kind::Create: {
            // A new container instance; the previous one (if any) becomes lastState.
            if (c->created) {
                if (c->state == State::Terminated) {
                    core::ContainerStateTerminated t;
                    t.set_exit_code(c->exitCode);
                    t.set_reason(c->terminatedReason);
                    t.set_started_at(sim::formatRfc3339(c->startedAt));
                    t.set_finished_at(sim::formatRfc3339(c->finishedAt));
                    t.set_container_id(c->containerId);
                    c->lastTerminated = t;
                }
                ++c->restartCount;
            }
            c->created = true;
            uint64_t state = sim::Random::deriveSeed(options_.seed, options_.nodeName + "/" + w.uid + "/" + c->name +
                                                                        "/" + std::to_string(c->restartCount));
            char hex[65];
            std::snprintf(hex, sizeof hex, "%016llx%016llx%016llx%016llx",
                          static_cast<unsigned long long>(sim::splitmix64Next(&state)),
                          static_cast<unsigned long long>(sim::splitmix64Next(&state)),
                          static_cast<unsigned long long>(sim::splitmix64Next(&state)),
                          static_cast<unsigned long long>(sim::splitmix64Next(&state)));
            c->containerId = std::string("containerd://") + hex;
            c->imageId = images_.imageId(w.spec(*c).image());
            c->state = State::Waiting;
            c->waitingReason = "ContainerCreating";
            c->waitingMessage.clear();
            event(w, "Normal", "Created", "Created container " + c->name, c);
            beginOp(w, Kind::Start, op.container, options_.containerStartDuration);
            w.op.began = op.began;
            return;
        }
        case Kind::Start:
            containerStarted(w, *c);
            if (c->restartCount > 0)
                record(w, sim::kStageContainers, op.began, now,
                       sim::Phrase{sim::Phrase::Id::ContainerRestarted, {c->name, std::to_string(c->restartCount)}});
            else
                record(w, sim::kStageContainers, op.began, now, c->name);
            break;
        case Kind::Kill: {
            int32_t code = 0;
            const core::Container& spec = w.spec(*c);
            int64_t grace = w.pod->spec().termination_grace_period_seconds();
            if (spec.liveness_probe().has_termination_grace_period_seconds())
                grace = spec.liveness_probe().termination_grace_period_seconds();
            (void)stopDuration(w, grace, &code);
            // doBackOff looks at the instance that exited before this one (the pod status the
            // sync started from had this one running).
            const std::optional<sim::Time> previous = c->backoffSince;
            containerExited(w, *c, now, code);
            c->backoffSince = previous;
            c->killRequested = false;
            break;
        }
    }
    if (w.passActive) continueSync(w);
}

void Kubelet::containerStarted(PodWorker& w, ContainerRecord& c) {
    const sim::Time now = clock_.now();
    event(w, "Normal", "Started", "Started container " + c.name, &c);
    c.state = State::Running;
    c.startedAt = now;
    c.waitingReason.clear();
    c.waitingMessage.clear();
    c.exitAt.reset();
    c.noticeAt.reset();
    for (auto& p : c.probes) p.containerRestarted();
    bool hasStartup = false, hasReadiness = false;
    for (const auto& p : c.probes) {
        hasStartup = hasStartup || p.type() == prober::ProbeType::Startup;
        hasReadiness = hasReadiness || p.type() == prober::ProbeType::Readiness;
    }
    c.started = !hasStartup;
    c.ready = c.started && !hasReadiness;
    // Scripted exit.
    std::optional<sim::Duration> runFor = exitAfter(*w.pod, c.name);
    int32_t code = 1;
    if (auto it = w.pod->metadata().annotations().find(kAnnotationExitCode); it != w.pod->metadata().annotations().end())
        code = std::atoi(it->second.c_str());
    if (c.init && !runFor) {
        runFor = options_.initContainerRunDuration;
        code = 0;
    }
    if (runFor) {
        c.exitAt = now + *runFor;
        c.scriptedExitCode = code;
        c.noticeAt = nextRelist(*c.exitAt);
    }
    w.statusDirty = true;
}

void Kubelet::containerExited(PodWorker& w, ContainerRecord& c, sim::Time at, int32_t exitCode) {
    c.state = State::Terminated;
    c.finishedAt = at;
    c.exitCode = exitCode;
    c.terminatedReason = exitCode == 0 ? "Completed" : "Error";
    c.backoffSince = at;
    c.exitAt.reset();
    c.noticeAt.reset();
    c.ready = false;
    if (c.init && exitCode == 0) c.ready = true;
    w.syncRequested = true;
    w.statusDirty = true;
}

void Kubelet::checkTerminal(PodWorker& w) {
    if (w.terminal) return;
    const std::string& policy = w.pod->spec().restart_policy();
    bool allDone = true;
    for (size_t i = 0; i < w.containers.size(); ++i) {
        const ContainerRecord& c = w.containers[i];
        if (i < w.numInit) {
            const bool failed = c.state == State::Terminated && c.exitCode != 0;
            if (failed && policy == "Never") {
                allDone = true;
                break;
            }
            continue;
        }
        if (c.state != State::Terminated || shouldRestart(policy, c.exitCode)) allDone = false;
    }
    if (!allDone || w.containers.size() == w.numInit) return;
    w.terminal = true;
    for (auto& c : w.containers) c.probes.clear();
    releaseIP(w);
}

void Kubelet::releaseIP(PodWorker& w) {
    if (w.ipReleased || w.podIP.empty()) return;
    ipam_.release(w.uid);
    w.ipReleased = true;
}

void Kubelet::startTermination(PodWorker& w) {
    const sim::Time now = clock_.now();
    w.phase = PodWorker::Phase::Terminating;
    w.terminationBegan = now;
    w.passActive = false;
    w.retryAt.reset();
    w.op = Operation{};
    const auto& meta = w.pod->metadata();
    const int64_t grace =
        meta.has_deletion_grace_period_seconds() ? meta.deletion_grace_period_seconds()
                                                 : w.pod->spec().termination_grace_period_seconds();
    int32_t code = 0;
    sim::Duration d = stopDuration(w, grace, &code);
    bool anyRunning = false;
    for (auto& c : w.containers) {
        if (c.state != State::Running) continue;
        anyRunning = true;
        event(w, "Normal", "Killing", "Stopping container " + c.name, &c);
    }
    if (!anyRunning) d = sim::Duration::zero();
    beginOp(w, Kind::KillPod, -1, d);
    w.op.fails = code != 0;
}

void Kubelet::finishTermination(PodWorker& w) {
    const sim::Time now = clock_.now();
    const int32_t code = w.op.fails ? 137 : 0;
    w.op = Operation{};
    for (auto& c : w.containers) {
        if (c.state == State::Running) containerExited(w, c, now, code);
        c.probes.clear();
    }
    w.syncRequested = false;
    w.terminal = true;
    w.sandboxReady = false;
    releaseIP(w);
    record(w, sim::kStageTermination, *w.terminationBegan, now,
           sim::Phrase{sim::Phrase::Id::GracePeriod, {std::to_string(w.pod->metadata().deletion_grace_period_seconds())}});
    w.statusDirty = true;
}

}  // namespace pilothouse::kubelet
