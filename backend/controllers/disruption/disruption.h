// The disruption controller (upstream pkg/controller/disruption/disruption.go, v1.28): keeps every
// PodDisruptionBudget's status, which the eviction subresource and the scheduler's preemption read.
//
// A sync of one budget ("ns/name" from the work queue):
//   1. Its pods: the pods of its namespace its selector matches (no selector: none; an empty
//      selector: all). None: Normal event NoPods "No matching pods found".
//   2. expectedPods and desiredHealthy (getExpectedPodCount):
//        minAvailable as an integer: desiredHealthy = minAvailable, expectedPods = the pods found;
//        minAvailable as a percentage, or maxUnavailable: expectedPods = the sum of the scale of the
//        pods' controllers (ReplicationController, the Deployment of a ReplicaSet, a ReplicaSet of
//        its own, StatefulSet, or any kind with a scale subresource), desiredHealthy =
//        ceil(minAvailable% × expected), or expected − maxUnavailable (rounded up from a
//        percentage) and not below 0. Pods without a controller are left out, with Warning
//        UnmanagedPods; a controller without a scale fails the sync (Warning
//        CalculateExpectedPodCountFailed, e.g. "jobs.batch does not implement the scale subresource").
//   3. status.disruptedPods (the evictions the API server granted) keeps the pods not yet being
//      deleted and granted less than 2 minutes ago (DeletionTimeout); an older one is dropped with
//      Warning NotDeleted on the pod, and the budget is looked at again when the next one expires.
//   4. currentHealthy: pods Ready, not being deleted and not in disruptedPods.
//      disruptionsAllowed = currentHealthy − desiredHealthy (0 when negative or expectedPods is 0).
//   5. The status is written (poddisruptionbudgets/status) with observedGeneration and the
//      DisruptionAllowed condition (SufficientPods / InsufficientPods) only when something changed.
// A sync that fails (other than on a Conflict, which is simply retried) writes disruptionsAllowed 0
// and DisruptionAllowed False with reason SyncFailed and the error as message (failSafe).
//
// It also sets back to False a pod's DisruptionTarget condition that was set (by an eviction or a
// preemption) more than 2 minutes ago on a pod that is still not being deleted and not finished.
//
// Events come from source "controllermanager", as upstream's recorder names it; a pod that two
// budgets select gets Warning MultiplePodDisruptionBudgets.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "client/informer.h"
#include "client/shared_informer_factory.h"
#include "client/record/event_recorder.h"
#include "client/workqueue.h"
#include "cluster/component.h"
#include "controllers/controller_utils.h"
#include "policy_v1.pb.h"

namespace pilothouse::controller::disruption {

namespace policy = k8s::io::api::policy::v1;

struct DisruptionControllerOptions {
    std::string token;             // bearer token ("" when authentication is off)
    // kube-controller-manager's shared informers; null: the controller makes its own.
    std::shared_ptr<client::SharedInformerFactory> informers;
    sim::Duration resyncPeriod{};  // informers' resync (kube-controller-manager: 12-24 h; 0 = never)
    // stalePodDisruptionTimeout: how long a pod may keep DisruptionTarget=True without being deleted.
    sim::Duration stalePodDisruptionTimeout = std::chrono::minutes(2);
};

class DisruptionController final : public cluster::Component {
public:
    // DeletionTimeout: how long a pod granted an eviction may take to be marked for deletion
    // before the controller counts it again.
    static constexpr sim::Duration kDeletionTimeout = std::chrono::minutes(2);

    // Neither reference is owned; both must outlive the controller.
    DisruptionController(apiserver::APIServer& server, const sim::Clock& clock, DisruptionControllerOptions options = {});

    std::string name() const override { return "disruption-controller"; }
    Status start() override;
    StatusOr<bool> reconcile() override;
    std::optional<sim::Time> nextWakeup() const override;

private:
    struct ExpectedCount {
        int32_t expectedCount = 0;
        int32_t desiredHealthy = 0;
        std::vector<std::string> unmanagedPods;
    };
    // A pod's controller and its scale (controllerAndScale).
    struct ControllerScale {
        std::string uid;
        int32_t scale = 0;
    };

    Status sync(const std::string& key);
    Status trySync(const policy::PodDisruptionBudget& pdb);
    Status failSafe(const policy::PodDisruptionBudget& pdb, const Status& error);
    Status updatePdbStatus(const policy::PodDisruptionBudget& pdb, int32_t currentHealthy, int32_t desiredHealthy,
                           int32_t expectedCount, const std::map<std::string, std::string>& disruptedPods);

    StatusOr<std::vector<const core::Pod*>> podsForPdb(const policy::PodDisruptionBudget& pdb) const;
    StatusOr<ExpectedCount> expectedPodCount(const policy::PodDisruptionBudget& pdb,
                                             const std::vector<const core::Pod*>& pods) const;
    StatusOr<std::pair<int32_t, std::vector<std::string>>> expectedScale(const std::vector<const core::Pod*>& pods) const;
    // The finders in upstream's order; nullopt when none of them knows the controller.
    StatusOr<std::optional<ControllerScale>> findController(const metav1::OwnerReference& ref, const std::string& ns) const;
    // buildDisruptedPodMap: the entries still due, and when the earliest of them expires.
    std::pair<std::map<std::string, std::string>, std::optional<sim::Time>> buildDisruptedPodMap(
        const std::vector<const core::Pod*>& pods, const policy::PodDisruptionBudget& pdb, sim::Time now);

    // Event handlers.
    void enqueuePdbForPod(const core::Pod& pod);
    const policy::PodDisruptionBudget* pdbForPod(const core::Pod& pod);
    void checkStaleDisruption(const core::Pod& pod);
    // nonTerminatingPodHasStaleDisruptionCondition: nullopt when the pod has no such condition,
    // else how long until it is stale (zero: now).
    std::optional<sim::Duration> staleDisruptionIn(const core::Pod& pod) const;
    Status syncStalePodDisruption(const std::string& key);

    const sim::Clock& clock_;
    DisruptionControllerOptions options_;
    ApiClient client_;
    std::shared_ptr<client::SharedInformerFactory> informers_;
    client::Informer &podInformer_, &pdbInformer_, &rcInformer_, &rsInformer_, &deploymentInformer_, &statefulSetInformer_;
    client::WorkQueue queue_;
    client::WorkQueue recheckQueue_;       // budgets to look at again when a disruptedPods entry expires
    client::WorkQueue stalePodDisruptionQueue_;
    client::record::EventRecorder recorder_;
};

}  // namespace pilothouse::controller::disruption
