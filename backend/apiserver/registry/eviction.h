// The pods/eviction subresource (kube-apiserver v1.28, pkg/registry/core/pod/storage/eviction.go):
// a POST of a policy/v1 Eviction deletes the pod unless that would take a PodDisruptionBudget
// below what it allows.
//
//   1. The pod is read (404 when missing). A pod that is Pending, Succeeded or Failed, or already
//      being deleted, is deleted at once: its budget is not consulted (canIgnorePDB).
//   2. The budgets of the pod's namespace that select it: more than one is a 500 ("This pod has
//      more than one PodDisruptionBudget, which the eviction subresource does not support.");
//      none: the pod is deleted.
//   3. An unready pod is deleted without taking from the budget when the budget says AlwaysAllow,
//      or (IfHealthyBudget, the default) when currentHealthy >= desiredHealthy > 0.
//   4. Otherwise the budget must allow it (checkAndDecrement): a status older than the budget's
//      generation, or disruptionsAllowed 0, is 429 TooManyRequests "Cannot evict pod as it would
//      violate the pod's disruption budget." with a DisruptionBudget cause ("The disruption budget
//      web-pdb needs 2 healthy pods and has 2 currently"); else disruptionsAllowed goes down by one,
//      the pod goes into status.disruptedPods with the time, and the status is written with the
//      budget's resourceVersion (read again and retried on a Conflict).
//   5. The pod gets the DisruptionTarget condition (reason EvictionByEvictionAPI) and is deleted
//      with the Eviction's deleteOptions (grace period, preconditions, propagation policy). Where
//      the pod was checked but the budget not charged, the delete carries the pod's resourceVersion
//      as a precondition, so that a pod that became ready meanwhile is not deleted (429 instead).
//
// Success is metav1.Status{status: Success, code: 201}. Dry run (the request's or deleteOptions'
// dryRun) checks everything and writes nothing.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core_v1.pb.h"
#include "meta_v1.pb.h"
#include "policy_v1.pb.h"
#include "util/status.h"

namespace pilothouse::apiserver::registry {

// What an eviction reads and writes, all in the pod's namespace (upstream: the pod store and a
// loopback PodDisruptionBudget client). The API server implements it with its own registry, so
// every write keeps the usual rules and errors.
class EvictionStorage {
public:
    virtual ~EvictionStorage() = default;
    virtual StatusOr<std::unique_ptr<k8s::io::api::core::v1::Pod>> getPod(const std::string& name) = 0;
    virtual StatusOr<std::vector<std::unique_ptr<k8s::io::api::policy::v1::PodDisruptionBudget>>>
    listPodDisruptionBudgets() = 0;
    virtual StatusOr<std::unique_ptr<k8s::io::api::policy::v1::PodDisruptionBudget>> getPodDisruptionBudget(
        const std::string& name) = 0;
    // poddisruptionbudgets/status with the object's resourceVersion (409 Conflict when stale).
    virtual Status updatePodDisruptionBudgetStatus(const k8s::io::api::policy::v1::PodDisruptionBudget& pdb) = 0;
    // A status write of the latest pod as `mutate` changes it (`mutate` may refuse with an error);
    // returns the pod's resourceVersion afterwards.
    virtual StatusOr<std::string> updatePodStatus(
        const std::string& name, const std::function<Status(k8s::io::api::core::v1::Pod&)>& mutate) = 0;
    virtual Status deletePod(const std::string& name, const k8s::io::api::policy::v1::DeleteOptions& options) = 0;
    // What the eviction decided, for the request's trace.
    virtual void note(const std::string& step, bool passed, const std::string& detail) = 0;
};

struct EvictionOptions {
    bool dryRun = false;   // the request's dryRun=All
    int64_t nowNanos = 0;  // the time written into disruptedPods and conditions
};

// EvictionREST.Create for the pod `name` (the URL's name).
StatusOr<k8s::io::apimachinery::pkg::apis::meta::v1::Status> evict(
    const std::string& name, const k8s::io::api::policy::v1::Eviction& eviction, const EvictionOptions& options,
    EvictionStorage& storage);

}  // namespace pilothouse::apiserver::registry
