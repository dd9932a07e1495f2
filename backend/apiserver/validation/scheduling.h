// PriorityClass validation (pkg/apis/scheduling/validation): names with the "system-" prefix are
// reserved for the two built-in classes (system-node-critical = 2000001000,
// system-cluster-critical = 2000000000, globalDefault false); user-defined values may not exceed
// 1000000000; preemptionPolicy is PreemptLowerPriority or Never; value and preemptionPolicy are
// immutable.
#pragma once

#include "apiserver/validation/common.h"
#include "scheduling_v1.pb.h"

namespace pilothouse::apiserver::validation {

inline constexpr int32_t kHighestUserDefinablePriority = 1000000000;
inline constexpr int32_t kSystemCriticalPriority = 2000000000;

ErrorList validatePriorityClass(const k8s::io::api::scheduling::v1::PriorityClass& pc);
ErrorList validatePriorityClassUpdate(const k8s::io::api::scheduling::v1::PriorityClass& pc,
                                      const k8s::io::api::scheduling::v1::PriorityClass& old);

}  // namespace pilothouse::apiserver::validation
