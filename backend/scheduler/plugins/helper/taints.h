// Taints and tolerations as the scheduler matches them (Kubernetes v1.28):
//  - a toleration tolerates a taint when its effect is empty or equal, its key is empty or equal,
//    and its operator is Exists, or Equal/empty with an equal value (k8s.io/api Toleration.ToleratesTaint);
//  - a list of tolerations tolerates a taint when any of them does;
//  - FindMatchingUntoleratedTaint: the first taint (in node order) that passes the filter and
//    that no toleration tolerates.
#pragma once

#include <functional>

#include "core_v1.pb.h"

namespace pilothouse::scheduler::plugins::helper {

using Taint = k8s::io::api::core::v1::Taint;
using Toleration = k8s::io::api::core::v1::Toleration;
using Taints = google::protobuf::RepeatedPtrField<Taint>;
using Tolerations = google::protobuf::RepeatedPtrField<Toleration>;

inline constexpr const char* kTaintEffectNoSchedule = "NoSchedule";
inline constexpr const char* kTaintEffectPreferNoSchedule = "PreferNoSchedule";
inline constexpr const char* kTaintEffectNoExecute = "NoExecute";
inline constexpr const char* kTaintNodeUnschedulable = "node.kubernetes.io/unschedulable";

bool toleratesTaint(const Toleration& toleration, const Taint& taint);
bool tolerationsTolerateTaint(const Tolerations& tolerations, const Taint& taint);

// nullptr when every taint that passes `inclusionFilter` is tolerated.
const Taint* findMatchingUntoleratedTaint(const Taints& taints, const Tolerations& tolerations,
                                          const std::function<bool(const Taint&)>& inclusionFilter);

// The taints Filter cares about: NoSchedule and NoExecute.
bool doNotScheduleTaintsFilter(const Taint& taint);

}  // namespace pilothouse::scheduler::plugins::helper
