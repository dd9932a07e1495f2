// The DaemonSet controller (upstream pkg/controller/daemon, v1.28): one pod of each DaemonSet on
// every node that should run it.
//
// Whether a node should run a DaemonSet's pod (NodeShouldRunDaemonPod) is decided on the pod the
// controller would create there: the template plus the daemon tolerations (util/), bound to the
// node. It should run when the template's nodeName (if any) is the node, its nodeSelector and
// required node affinity match the node, and it tolerates every NoSchedule and NoExecute taint.
// A pod already there may stay ("should continue running") as long as it tolerates the NoExecute
// taints, even if a NoSchedule taint now keeps new ones away.
//
// A sync of one DaemonSet ("ns/name" from the work queue):
//   1. A selector that selects everything is refused (SelectingAll event); a DaemonSet being
//      deleted is left alone.
//   2. History (update.cpp): the ControllerRevision whose data is the current template is found
//      or created ("<ds>-<hash>", revision = highest + 1); its hash labels new pods
//      (controller-revision-hash, with pod-template-generation).
//   3. If its expectations are satisfied, manage: claim the pods (adopt orphans that match,
//      release ours that stopped matching), group them by node (spec.nodeName, or the node named
//      by their matchFields affinity while unscheduled), and per node decide what to create and
//      delete: a missing pod is created; failed pods are deleted (FailedDaemonPod, with a backoff
//      of 1 s doubling to 15 min per node and generation), succeeded ones too
//      (SucceededDaemonPod); surplus pods are deleted, the oldest kept (with maxSurge, one old
//      and one new pod may share a node while the new one becomes available); every pod on a
//      node that should not keep it is deleted, and so are unscheduled pods meant for nodes
//      that no longer exist. Creations go in slow-start batches (1, 2, 4, ...), at most
//      burstReplicas per sync; each pod is pinned to its node by the node affinity
//      matchFields metadata.name In [node] and placed by the scheduler.
//   4. Still satisfied: the RollingUpdate strategy replaces old pods within maxUnavailable
//      (delete, then the next manage creates) or maxSurge (create beside, delete the old once the
//      new one is available); OnDelete replaces a pod only after someone deletes it.
//   5. Old ControllerRevisions beyond revisionHistoryLimit that no pod uses are deleted.
//   6. Status through daemonsets/status: desired / current / misscheduled / ready / updated /
//      available / unavailable counts and observedGeneration (not raised while expectations are
//      pending); looks again after minReadySeconds while ready pods are not yet available.
//
// Events (source daemonset-controller): SuccessfulCreate "Created pod: <name>", SuccessfulDelete
// "Deleted pod: <name>", FailedCreate "Error creating: ...", FailedDelete "Error deleting: ...",
// FailedDaemonPod "Found failed daemon pod <ns>/<pod> on node <node>, will try to kill it",
// SucceededDaemonPod "Found succeeded daemon pod <ns>/<pod> on node <node>, will try to delete it",
// SelectingAll "This daemon set is selecting all pods. A non-empty selector is required.".
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "api/labels.h"
#include "apps_v1.pb.h"
#include "client/informer.h"
#include "client/shared_informer_factory.h"
#include "client/record/event_recorder.h"
#include "client/workqueue.h"
#include "cluster/component.h"
#include "controllers/controller_utils.h"

namespace pilothouse::controller::daemon {

namespace apps = k8s::io::api::apps::v1;

struct DaemonSetsControllerOptions {
    std::string token;        // bearer token ("" when authentication is off)
    // kube-controller-manager's shared informers; null: the controller makes its own.
    std::shared_ptr<client::SharedInformerFactory> informers;
    sim::Duration resyncPeriod{};  // informers' resync (kube-controller-manager: 12-24 h; 0 = never)
    uint64_t seed = 1;        // pod name suffixes come from Random(seed).fork("daemonset-controller")
    int burstReplicas = 250;  // creations/deletions per sync (upstream BurstReplicas)
};

// NodeShouldRunDaemonPod: (should run, should continue running).
struct NodeDecision {
    bool shouldRun = false;
    bool shouldContinueRunning = false;
};
NodeDecision nodeShouldRunDaemonPod(const core::Node& node, const apps::DaemonSet& ds);

class DaemonSetsController final : public cluster::Component {
public:
    // Neither reference is owned; both must outlive the controller.
    DaemonSetsController(apiserver::APIServer& server, const sim::Clock& clock, DaemonSetsControllerOptions options = {});

    std::string name() const override { return "daemonset-controller"; }
    Status start() override;
    StatusOr<bool> reconcile() override;
    std::optional<sim::Time> nextWakeup() const override {
        return earliest({queue_.nextReadyTime(), nextResync({&dsInformer_, &historyInformer_, &podInformer_, &nodeInformer_})});
    }

private:
    using PodPtr = std::shared_ptr<const core::Pod>;
    using NodePtr = std::shared_ptr<const core::Node>;
    using RevisionPtr = std::shared_ptr<const apps::ControllerRevision>;
    using NodeToPods = std::map<std::string, std::vector<PodPtr>>;

    // daemon_controller.cpp
    Status syncDaemonSet(const std::string& key);
    StatusOr<NodeToPods> nodesToDaemonPods(const apps::DaemonSet& ds, bool includeDeletedTerminal);
    StatusOr<std::vector<PodPtr>> claimPods(const apps::DaemonSet& ds);
    std::vector<NodePtr> nodes() const;
    Status updateDaemonSet(const apps::DaemonSet& ds, const std::vector<NodePtr>& nodeList, const std::string& hash,
                           const std::vector<RevisionPtr>& old);
    Status manage(const apps::DaemonSet& ds, const std::vector<NodePtr>& nodeList, const std::string& hash);
    void podsShouldBeOnNode(const core::Node& node, const NodeToPods& nodeToPods, const apps::DaemonSet& ds,
                            const std::string& hash, std::vector<std::string>* nodesNeedingPods,
                            std::vector<std::string>* podsToDelete);
    Status syncNodes(const apps::DaemonSet& ds, const std::vector<std::string>& podsToDelete,
                     const std::vector<std::string>& nodesNeedingPods, const std::string& hash);
    Status createPod(const apps::DaemonSet& ds, const core::PodTemplateSpec& tmpl, const std::string& nodeName);
    Status updateDaemonSetStatus(const apps::DaemonSet& ds, const std::vector<NodePtr>& nodeList,
                                 const std::string& hash, bool updateObservedGen);

    // update.cpp
    Status rollingUpdate(const apps::DaemonSet& ds, const std::vector<NodePtr>& nodeList, const std::string& hash);
    // constructHistory: the current revision (its hash label is the pods' hash) and the old ones.
    StatusOr<std::pair<RevisionPtr, std::vector<RevisionPtr>>> constructHistory(const apps::DaemonSet& ds);
    StatusOr<std::vector<RevisionPtr>> controlledHistories(const apps::DaemonSet& ds);
    StatusOr<RevisionPtr> snapshot(const apps::DaemonSet& ds, int64_t revision);
    StatusOr<RevisionPtr> dedupCurHistories(const apps::DaemonSet& ds, const std::vector<RevisionPtr>& current);
    Status cleanupHistory(const apps::DaemonSet& ds, const std::vector<RevisionPtr>& old);

    // Event handlers.
    void addPod(const core::Pod& pod);
    void updatePod(const core::Pod& oldPod, const core::Pod& pod);
    void deletePod(const core::Pod& pod);
    void addNode(const core::Node& node);
    void updateNode(const core::Node& oldNode, const core::Node& node);
    void revisionChanged(const apps::ControllerRevision& revision);
    std::vector<std::string> daemonSetsSelecting(const core::Pod& pod) const;
    const apps::DaemonSet* resolveControllerRef(const std::string& ns, const metav1::OwnerReference* ref) const;

    // flowcontrol.Backoff (1 s doubling to 15 min) for deleting failed pods, per
    // "<ds uid>/<observedGeneration>/<node>".
    struct Backoff {
        sim::Duration delay{};
        sim::Time lastUpdate{};
    };
    bool inBackoffSinceUpdate(const std::string& key, sim::Time now) const;
    void nextBackoff(const std::string& key, sim::Time now);

    apiserver::APIServer& server_;
    const sim::Clock& clock_;
    DaemonSetsControllerOptions options_;
    ApiClient client_;
    sim::Random random_;
    std::shared_ptr<client::SharedInformerFactory> informers_;
    client::Informer &dsInformer_, &historyInformer_, &podInformer_, &nodeInformer_;
    client::WorkQueue queue_;
    ControllerExpectations expectations_;
    std::map<std::string, Backoff> failedPodsBackoff_;
    client::record::EventRecorder recorder_;
};

}  // namespace pilothouse::controller::daemon
