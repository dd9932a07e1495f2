// The simulated kubelet of one node (pkg/kubelet, v1.28), a cluster component named
// "kubelet/<node>". It talks to the control plane only through the API server, as the real one:
//
//  - Node: registers the Node when absent (registerNode), posts its status — MemoryPressure,
//    DiskPressure, PIDPressure, Ready (KubeletReady, "kubelet is posting ready status"),
//    addresses, nodeInfo, status.images — every nodeStatusUpdateFrequency (10 s) when it
//    changed and at least every nodeStatusReportFrequency (5 min), and renews its Lease
//    kube-node-lease/<node> every 10 s (nodelease/).
//  - Pods: watches the pods bound to it (fieldSelector spec.nodeName=<node>), admits each
//    (lifecycle/predicate: OutOfcpu, OutOfmemory, OutOfpods ...), then runs it: sandbox and pod
//    IP from the Node's podCIDR (network/), image pulls per imagePullPolicy (images/), init
//    containers in order then the containers (kuberuntime/), probes (prober/), restarts per
//    restartPolicy with CrashLoopBackOff (util/backoff), status through pods/status
//    (status/), and graceful termination ending in a DELETE with gracePeriodSeconds 0.
//  - Events: core/v1 Events from {component: kubelet, host: <node>}, upstream's reasons and
//    messages (Pulling, Pulled, Created, Started, Killing, Unhealthy, BackOff, Failed, ...).
//  - Journey: each pod's kubelet stages go to the JourneyLog when one is given.
//
// Everything runs on the virtual clock: each step has a duration (KubeletOptions) and
// nextWakeup() is the next one due. No threads, no wall clock, no random draws: the same inputs
// give the same events byte for byte.
//
// Scripting containers (pod annotations):
//   pilothouse.dev/exit-after: "30s"            every container exits 30 s after it starts
//   pilothouse.dev/exit-after: "web=30s,db=2m"  per container
//   pilothouse.dev/exit-code:  "1"              its exit code (default 1; 0 = Completed)
//   pilothouse.dev/stop-after: "45s"            how long containers take to stop on SIGTERM
//                                               (past the grace period: SIGKILL, exit 137)
// Init containers exit 0 after initContainerRunDuration unless exit-after names them.
//
// Failure injection: stop()/recover() (the node drops off the network and comes back),
// setCondition() (node pressure), markImageMissing(), breakProbe(), crashContainer().
//
// Not thread-safe: the cluster's event loop thread calls everything.
#pragma once

#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "apiserver/server.h"
#include "client/informer.h"
#include "client/record/event_recorder.h"
#include "cluster/component.h"
#include "kubelet/images/image_manager.h"
#include "kubelet/network/host_local_ipam.h"
#include "kubelet/nodelease/controller.h"
#include "kubelet/options.h"
#include "kubelet/pod_workers.h"
#include "kubelet/status/status_manager.h"
#include "kubelet/util/backoff.h"
#include "sim/journey.h"

namespace pilothouse::kubelet {

class Kubelet final : public cluster::Component {
public:
    // `journey` may be null; it must outlive the kubelet. `token`: the kubelet's bearer token
    // ("" when authentication is off).
    Kubelet(apiserver::APIServer& server, const sim::Clock& clock, KubeletOptions options,
            sim::JourneyLog* journey = nullptr, std::string token = "");
    ~Kubelet() override;

    std::string name() const override { return "kubelet/" + options_.nodeName; }
    Status start() override;
    StatusOr<bool> reconcile() override;
    std::optional<sim::Time> nextWakeup() const override;

    // --- Failure injection -------------------------------------------------------------------
    // The node drops off the network: no lease renewals, no status posts, no pod work (its
    // containers are left as they are). recover() resumes: the lease is renewed and the status
    // posted at once, and the pods catch up with what their watch delivered meanwhile.
    void stop();
    void recover();
    bool isStopped() const { return stopped_; }
    // Its watches delivered something reconcile() has not taken in yet.
    bool hasPendingEvents() const;
    // Node pressure: "MemoryPressure", "DiskPressure" or "PIDPressure" (InvalidArgument else);
    // posted with the next status update.
    Status setCondition(const std::string& type, bool pressure);
    // Pulls of `image` fail (ErrImagePull, then ImagePullBackOff) until cleared; a cached copy is
    // dropped.
    void markImageMissing(const std::string& image, bool missing = true);
    // Makes a probe of a pod's container fail (broken) or pass again. `output`: the failure text
    // after "<Type> probe failed: " ("" = a default for the probe's handler). NotFound when the
    // pod or container is not on this node.
    Status breakProbe(const std::string& podKey, const std::string& container, prober::ProbeType type, bool broken,
                      const std::string& output = "");
    // The container's process exits now with `exitCode` (noticed at the next PLEG relist).
    // FailedPrecondition when it is not running.
    Status crashContainer(const std::string& podKey, const std::string& container, int32_t exitCode = 1);

    // --- Observation -------------------------------------------------------------------------
    const KubeletOptions& options() const { return options_; }
    const images::ImageManager& imageManager() const { return images_; }
    std::optional<sim::Time> lastLeaseRenewal() const { return lease_->lastRenewal(); }
    // The pods this kubelet has records of, "namespace/name" in order.
    std::vector<std::string> podKeys() const;
    const PodWorker* worker(const std::string& podKey) const;

private:
    // kubelet.cpp: informers, admission, node status, the reconcile loop.
    Status registerNode();
    StatusOr<bool> syncNodeStatus(bool force);
    void takeInPods();
    bool process(PodWorker& w);
    std::optional<sim::Time> nextDue(const PodWorker& w) const;
    void admit(PodWorker& w);
    std::vector<const k8s::io::api::core::v1::Pod*> activePods(const PodWorker* except) const;
    void event(const PodWorker& w, const std::string& type, const std::string& reason, const std::string& message,
               const ContainerRecord* container = nullptr);
    void record(const PodWorker& w, const char* stage, sim::Time start, sim::Time end, std::string detail,
                bool failed = false);
    // A stage whose detail is the kubelet's own words (sim/phrase.h).
    void record(const PodWorker& w, const char* stage, sim::Time start, sim::Time end, sim::Phrase said);

    // kuberuntime/kuberuntime_manager.cpp: the sync pass and runtime operations.
    void startSync(PodWorker& w);
    void continueSync(PodWorker& w);
    bool attemptStart(PodWorker& w, int i);
    void beginOp(PodWorker& w, Operation::Kind kind, int container, sim::Duration d);
    void completeOp(PodWorker& w);
    void containerStarted(PodWorker& w, ContainerRecord& c);
    void containerExited(PodWorker& w, ContainerRecord& c, sim::Time at, int32_t exitCode);
    void startTermination(PodWorker& w);
    void finishTermination(PodWorker& w);
    void releaseIP(PodWorker& w);
    sim::Duration stopDuration(const PodWorker& w, int64_t graceSeconds, int32_t* exitCode) const;
    sim::Time nextRelist(sim::Time t) const;
    void checkTerminal(PodWorker& w);

    // prober/prober_manager.cpp: probe ticks.
    bool runProbes(PodWorker& w);

    // kubelet_pods.cpp: generateAPIPodStatus.
    k8s::io::api::core::v1::PodStatus generateStatus(const PodWorker& w) const;
    StatusOr<bool> flushStatus(PodWorker& w);

    apiserver::APIServer& server_;
    const sim::Clock& clock_;
    KubeletOptions options_;
    sim::JourneyLog* journey_;
    std::string token_;

    std::unique_ptr<client::Informer> pods_;
    std::unique_ptr<client::Informer> nodes_;
    client::record::EventRecorder recorder_;
    images::ImageManager images_;
    network::HostLocalIpam ipam_;
    std::unique_ptr<nodelease::Controller> lease_;
    status::StatusManager statusManager_;
    Backoff crashLoopBackoff_;

    std::map<std::string, PodWorker> workers_;  // key -> record
    std::set<std::string> changed_, deleted_;   // from the pod informer's handlers

    bool stopped_ = false;
    sim::Time startedAt_{};
    std::optional<sim::Time> lastStatusCompute_;
    std::optional<sim::Time> lastStatusReport_;
    bool forceStatus_ = true;
    bool memoryPressure_ = false, diskPressure_ = false, pidPressure_ = false;
};

}  // namespace pilothouse::kubelet
