// The ReplicaSet controller (upstream pkg/controller/replicaset/replica_set.go, v1.28): keeps
// .spec.replicas active pods that match each ReplicaSet's selector and are controlled by it.
//
// A sync of one ReplicaSet ("ns/name" from the work queue):
//   1. The pods of its namespace from the informer, active ones only (not Succeeded/Failed, not
//      being deleted).
//   2. Claim them (ClaimPods): adopt matching orphans (after re-reading the ReplicaSet from the
//      API server: not deleted, same UID), release owned pods whose labels stopped matching.
//   3. If its expectations are satisfied and it is not being deleted: create the missing pods
//      (at most burstReplicas per sync, in slow-start batches 1, 2, 4, ...) named
//      "<rs>-<5 random characters>" from the controller's seeded stream, or delete the surplus,
//      the lowest-ranked first (ActivePodsWithRanks, ranks from the pods of sibling ReplicaSets
//      of the same Deployment on the same node). Events: SuccessfulCreate "Created pod: <name>",
//      SuccessfulDelete "Deleted pod: <name>", FailedCreate / FailedDelete.
//   4. Status: replicas, fullyLabeledReplicas, readyReplicas, availableReplicas (ready for
//      minReadySeconds), observedGeneration, and the ReplicaFailure condition; when pods are
//      ready but not yet available it looks again after minReadySeconds.
//
// Expectations: after creating or deleting N pods the ReplicaSet is not managed again until the
// watch has shown those N creations/deletions (or 5 minutes passed).
#pragma once

#include <map>
#include <memory>
#include <set>
#include <string>

#include "api/labels.h"
#include "apps_v1.pb.h"
#include "client/informer.h"
#include "client/shared_informer_factory.h"
#include "client/record/event_recorder.h"
#include "client/workqueue.h"
#include "cluster/component.h"
#include "controllers/controller_utils.h"

namespace pilothouse::controller::replicaset {

namespace apps = k8s::io::api::apps::v1;

struct ReplicaSetControllerOptions {
    std::string token;        // bearer token ("" when authentication is off)
    // kube-controller-manager's shared informers; null: the controller makes its own.
    std::shared_ptr<client::SharedInformerFactory> informers;
    sim::Duration resyncPeriod{};  // informers' resync (kube-controller-manager: 12-24 h; 0 = never)
    uint64_t seed = 1;        // pod name suffixes come from Random(seed).fork("replicaset-controller")
    int burstReplicas = 500;  // creations/deletions per sync (kube-controller-manager's BurstReplicas)
};

class ReplicaSetController final : public cluster::Component {
public:
    // Neither reference is owned; both must outlive the controller.
    ReplicaSetController(apiserver::APIServer& server, const sim::Clock& clock,
                         ReplicaSetControllerOptions options = {});

    std::string name() const override { return "replicaset-controller"; }
    Status start() override;
    StatusOr<bool> reconcile() override;
    std::optional<sim::Time> nextWakeup() const override {
        return earliest({queue_.nextReadyTime(), nextResync({&rsInformer_, &podInformer_})});
    }

private:
    Status syncReplicaSet(const std::string& key);
    StatusOr<std::vector<const core::Pod*>> claimPods(const apps::ReplicaSet& rs, const api::Selector& selector,
                                                      const std::vector<const core::Pod*>& pods);
    Status manageReplicas(const std::vector<const core::Pod*>& pods, const apps::ReplicaSet& rs);
    Status createPod(const apps::ReplicaSet& rs);
    std::vector<const core::Pod*> relatedPods(const apps::ReplicaSet& rs) const;
    Status updateStatus(const apps::ReplicaSet& rs, const std::vector<const core::Pod*>& pods,
                        const Status& manageError);

    // Event handlers.
    void addPod(const core::Pod& pod);
    void updatePod(const core::Pod& oldPod, const core::Pod& pod);
    void deletePod(const core::Pod& pod);
    std::vector<std::string> replicaSetsSelecting(const core::Pod& pod) const;
    const apps::ReplicaSet* resolveControllerRef(const std::string& ns, const metav1::OwnerReference* ref) const;
    void observeDeletion(const std::string& rsKey, const std::string& podKey);

    apiserver::APIServer& server_;
    const sim::Clock& clock_;
    ReplicaSetControllerOptions options_;
    ApiClient client_;
    sim::Random random_;
    std::shared_ptr<client::SharedInformerFactory> informers_;
    client::Informer &rsInformer_, &podInformer_;
    client::WorkQueue queue_;
    ControllerExpectations expectations_;
    std::map<std::string, std::set<std::string>> expectedDeletions_;  // rs key -> pod keys it deleted
    client::record::EventRecorder recorder_;
};

}  // namespace pilothouse::controller::replicaset
