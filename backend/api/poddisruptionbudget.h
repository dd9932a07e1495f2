// What the API server's eviction and the disruption controller share about a PodDisruptionBudget
// (k8s.io/component-helpers/apps/poddisruptionbudget, v1.28):
//
//  - the DisruptionAllowed condition: True with reason SufficientPods while
//    status.disruptionsAllowed > 0, else False with reason InsufficientPods; the controller sets
//    it False with reason SyncFailed (and the error as message) when it cannot compute the status.
//    The condition's lastTransitionTime moves only when its status changes (meta.SetStatusCondition).
//  - which pods a budget selects: those of its namespace matching spec.selector. A budget without a
//    selector selects nothing; an empty selector selects every pod of the namespace (policy/v1);
//    a selector that does not parse selects nothing.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "api/labels.h"
#include "core_v1.pb.h"
#include "policy_v1.pb.h"

namespace pilothouse::api {

inline constexpr const char* kDisruptionAllowedCondition = "DisruptionAllowed";
inline constexpr const char* kSufficientPodsReason = "SufficientPods";
inline constexpr const char* kInsufficientPodsReason = "InsufficientPods";
inline constexpr const char* kSyncFailedReason = "SyncFailed";
// The StatusCause type of an eviction refused by a budget (policyv1.DisruptionBudgetCause).
inline constexpr const char* kDisruptionBudgetCause = "DisruptionBudget";

// meta.SetStatusCondition: adds or updates the condition of `condition.type()`; the transition
// time is `nowNanos` when the condition is new or its status changes. Returns whether anything changed.
bool setStatusCondition(k8s::io::api::policy::v1::PodDisruptionBudgetStatus* status,
                        const k8s::io::api::policy::v1::Condition& condition, int64_t nowNanos);

// UpdateDisruptionAllowedCondition: the DisruptionAllowed condition for status.disruptionsAllowed,
// with the status's observedGeneration.
void updateDisruptionAllowedCondition(k8s::io::api::policy::v1::PodDisruptionBudget* pdb, int64_t nowNanos);
// ConditionsAreUpToDate: the condition exists, matches disruptionsAllowed, and the status has
// observed the budget's generation.
bool conditionsAreUpToDate(const k8s::io::api::policy::v1::PodDisruptionBudget& pdb);

// The budget's pod selector (metav1.LabelSelectorAsSelector of spec.selector); nullopt when it
// selects nothing (no selector, or one that does not parse).
std::optional<Selector> podSelector(const k8s::io::api::policy::v1::PodDisruptionBudget& pdb);
// The budget selects the pod: same namespace and the selector matches the pod's labels.
bool selectsPod(const k8s::io::api::policy::v1::PodDisruptionBudget& pdb, const k8s::io::api::core::v1::Pod& pod);

}  // namespace pilothouse::api
