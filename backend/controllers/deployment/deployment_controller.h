// The Deployment controller (upstream pkg/controller/deployment, v1.28): rolls a Deployment's pod
// template out through ReplicaSets named "<deployment>-<pod-template-hash>".
//
// syncDeployment (deployment_controller.cpp) reads, in upstream's order:
//   claim ReplicaSets (adopt matching orphans, release non-matching) -> deleted: status only ->
//   Progressing DeploymentPaused/DeploymentResumed -> paused or a scaling event: sync() (scale
//   proportionally, sync.cpp) -> rolloutRecreate (recreate.cpp) or rolloutRolling (rolling.cpp).
//
// A rollout finds or creates the new ReplicaSet (template equal ignoring the hash label; named by
// util::computeHash, labelled pod-template-hash, annotated deployment.kubernetes.io/revision =
// max old revision + 1, desired-replicas and max-replicas), scales it up within maxSurge and the
// old ones down within maxUnavailable, deletes old ReplicaSets beyond revisionHistoryLimit once
// complete, and writes status with the Available and Progressing conditions (progress.cpp;
// ProgressDeadlineExceeded after progressDeadlineSeconds). Events: ScalingReplicaSet
// "Scaled up replica set <rs> to <n> from <m>" (plain "Scaled up replica set <rs> to <n>" when
// creating it), SelectingAll, ReplicaSetCreateError.
#pragma once

#include <memory>
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

namespace pilothouse::controller::deployment {

namespace apps = k8s::io::api::apps::v1;

struct DeploymentControllerOptions {
    std::string token;  // bearer token ("" when authentication is off)
    // kube-controller-manager's shared informers; null: the controller makes its own.
    std::shared_ptr<client::SharedInformerFactory> informers;
    sim::Duration resyncPeriod{};  // informers' resync (kube-controller-manager: 12-24 h; 0 = never)
};

class DeploymentController final : public cluster::Component {
public:
    // Neither reference is owned; both must outlive the controller.
    DeploymentController(apiserver::APIServer& server, const sim::Clock& clock,
                         DeploymentControllerOptions options = {});

    std::string name() const override { return "deployment-controller"; }
    Status start() override;
    StatusOr<bool> reconcile() override;
    std::optional<sim::Time> nextWakeup() const override {
        return earliest({queue_.nextReadyTime(), nextResync({&dInformer_, &rsInformer_, &podInformer_})});
    }

private:
    using RSPtr = std::shared_ptr<apps::ReplicaSet>;
    using RSList = std::vector<RSPtr>;
    using PodMap = std::map<std::string, std::vector<std::shared_ptr<const core::Pod>>>;  // rs uid -> pods

    // deployment_controller.cpp
    Status syncDeployment(const std::string& key);
    StatusOr<RSList> getReplicaSetsForDeployment(const apps::Deployment& d);
    PodMap getPodMapForDeployment(const apps::Deployment& d, const RSList& rsList) const;
    void enqueueOwner(const apps::ReplicaSet& rs);
    void enqueueSelecting(const apps::ReplicaSet& rs);

    // sync.cpp
    Status sync(apps::Deployment& d, const RSList& rsList);
    Status syncStatusOnly(apps::Deployment& d, const RSList& rsList);
    Status checkPausedConditions(apps::Deployment& d);
    StatusOr<bool> isScalingEvent(apps::Deployment& d, const RSList& rsList);
    // (new ReplicaSet or null, old ReplicaSets)
    StatusOr<std::pair<RSPtr, RSList>> getAllReplicaSetsAndSyncRevision(apps::Deployment& d, const RSList& rsList,
                                                                         bool createIfNotExisted);
    StatusOr<RSPtr> getNewReplicaSet(apps::Deployment& d, const RSList& rsList, const RSList& oldRSs,
                                     bool createIfNotExisted);
    Status scale(apps::Deployment& d, const RSPtr& newRS, RSList& oldRSs);
    // Scales `rs` (replaced by the updated object) and records ScalingReplicaSet; returns whether
    // the size changed.
    StatusOr<bool> scaleReplicaSetAndRecordEvent(RSPtr& rs, int32_t newScale, const apps::Deployment& d);
    StatusOr<bool> scaleReplicaSet(RSPtr& rs, int32_t newScale, const apps::Deployment& d, const std::string& op);
    Status cleanupDeployment(const RSList& oldRSs, const apps::Deployment& d);
    apps::DeploymentStatus calculateStatus(const RSList& allRSs, const RSPtr& newRS, const apps::Deployment& d) const;
    Status syncDeploymentStatus(const RSList& allRSs, const RSPtr& newRS, apps::Deployment& d);
    Status updateStatus(apps::Deployment& d);

    // rolling.cpp
    Status rolloutRolling(apps::Deployment& d, const RSList& rsList);
    StatusOr<bool> reconcileNewReplicaSet(const RSList& allRSs, RSPtr& newRS, const apps::Deployment& d);
    StatusOr<bool> reconcileOldReplicaSets(const RSList& allRSs, RSList& oldRSs, const RSPtr& newRS,
                                           const apps::Deployment& d);
    StatusOr<int32_t> cleanupUnhealthyReplicas(RSList& oldRSs, const apps::Deployment& d, int32_t maxCleanupCount);
    StatusOr<int32_t> scaleDownOldReplicaSetsForRollingUpdate(const RSList& allRSs, RSList& oldRSs,
                                                              const apps::Deployment& d);

    // recreate.cpp
    Status rolloutRecreate(apps::Deployment& d, const RSList& rsList, const PodMap& podMap);

    // progress.cpp
    Status syncRolloutStatus(const RSList& allRSs, const RSPtr& newRS, apps::Deployment& d);
    void requeueStuckDeployment(const apps::Deployment& d, const apps::DeploymentStatus& newStatus);

    apiserver::APIServer& server_;
    const sim::Clock& clock_;
    DeploymentControllerOptions options_;
    ApiClient client_;
    std::shared_ptr<client::SharedInformerFactory> informers_;
    client::Informer &dInformer_, &rsInformer_, &podInformer_;
    client::WorkQueue queue_;
    client::record::EventRecorder recorder_;
};

}  // namespace pilothouse::controller::deployment
