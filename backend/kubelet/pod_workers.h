// What the kubelet knows of each pod bound to its node: the pod worker's record (pkg/kubelet's
// pod_workers.go keeps one goroutine per pod; here one record per pod, advanced by the kubelet's
// reconcile on the virtual clock) and the simulated runtime state of its sandbox and containers.
//
// A pod's life on the node:
//
//   Admitting --admission--> Running (syncing) --deletionTimestamp--> Terminating --> Terminated
//       \--rejected--> Rejected (phase Failed, OutOfcpu ...)
//
// While Running, at most one runtime operation is in flight (sandbox, image pull, create, start,
// kill): a sync pass walks the containers in order (init containers one at a time, then the
// regular ones) and starts the next operation; when it completes the same pass continues. A pass
// that hit an error (ErrImagePull, back-off) ends with a retry after syncBackOffPeriod, as
// upstream's pod worker requeues on error.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core_v1.pb.h"
#include "kubelet/prober/worker.h"
#include "sim/clock.h"

namespace pilothouse::kubelet {

struct ContainerRecord {
    enum class State { Waiting, Running, Terminated };

    std::string name;
    bool init = false;
    int index = 0;  // in spec.initContainers or spec.containers

    State state = State::Waiting;
    std::string waitingReason;   // ContainerCreating, PodInitializing, ErrImagePull, CrashLoopBackOff, ...
    std::string waitingMessage;
    std::string containerId;     // "containerd://<64 hex>" once created
    std::string imageId;
    int32_t restartCount = 0;
    bool created = false;        // an instance exists (it may have exited)
    sim::Time startedAt{};
    sim::Time finishedAt{};
    int32_t exitCode = 0;
    std::string terminatedReason;  // Completed, Error
    std::optional<k8s::io::api::core::v1::ContainerStateTerminated> lastTerminated;
    // The finishedAt the restart back-off is measured from (the last exited instance).
    std::optional<sim::Time> backoffSince;

    // Scripted exit (annotation or Kubelet::crashContainer): when the process exits and with
    // what code; the kubelet notices it at the next PLEG relist (noticeAt).
    std::optional<sim::Time> exitAt;
    std::optional<sim::Time> noticeAt;
    int32_t scriptedExitCode = 0;

    bool started = false;  // startup probe passed (or none)
    bool ready = false;
    std::vector<prober::Worker> probes;
    bool killRequested = false;  // liveness/startup failure: kill and restart
    std::string killMessage;
};

struct Operation {
    enum class Kind { None, Sandbox, Pull, Create, Start, Kill, KillPod };
    Kind kind = Kind::None;
    int container = -1;  // index into PodWorker::containers
    sim::Time began{};
    sim::Time due{};
    bool fails = false;  // a pull that will fail
};

struct PodWorker {
    enum class Phase { Admitting, Rejected, Running, Terminating, Terminated };

    std::string key;  // "namespace/name"
    std::string uid;
    std::shared_ptr<const k8s::io::api::core::v1::Pod> pod;
    Phase phase = Phase::Admitting;
    sim::Time seenAt{};
    sim::Time admitAt{};
    std::optional<sim::Time> startTime;
    std::string rejectReason, rejectMessage;

    bool sandboxReady = false;
    std::string podIP;
    std::vector<ContainerRecord> containers;  // init containers first, in spec order
    size_t numInit = 0;

    Operation op;
    bool syncRequested = false;
    bool passActive = false;
    bool passError = false;
    std::set<int> attempted;  // containers this pass already tried
    std::optional<sim::Time> retryAt;

    // (container, probe type) -> simulated probe failure output, for broken probes.
    std::map<std::pair<std::string, int>, std::string> brokenProbes;

    bool statusDirty = true;
    bool terminal = false;  // all containers done and none will restart (Succeeded/Failed)
    bool ipReleased = false;

    // Journey bookkeeping.
    std::optional<sim::Time> terminationBegan;
    bool runningRecorded = false;
    bool readyRecorded = false;

    const k8s::io::api::core::v1::Container& spec(const ContainerRecord& c) const {
        return c.init ? pod->spec().init_containers(c.index) : pod->spec().containers(c.index);
    }
};

}  // namespace pilothouse::kubelet
