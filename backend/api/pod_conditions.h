// A pod's status conditions as k8s.io/kubernetes/pkg/api/v1/pod reads and writes them (v1.28):
// GetPodCondition, IsPodReady (Ready=True) and UpdatePodCondition — the condition replaces the one
// of its type whole; its lastTransitionTime is `nowNanos` unless the status stays the same.
// The DisruptionTarget condition is what the eviction API, the scheduler's preemption and the
// taint manager set on a pod they are about to delete (PodDisruptionConditions, beta in v1.26).
#pragma once

#include <cstdint>
#include <string>

#include "core_v1.pb.h"

namespace pilothouse::api {

inline constexpr const char* kDisruptionTarget = "DisruptionTarget";

const k8s::io::api::core::v1::PodCondition* podCondition(const k8s::io::api::core::v1::PodStatus& status,
                                                         const std::string& type);
bool isPodReady(const k8s::io::api::core::v1::Pod& pod);
// Returns whether the status changed.
bool updatePodCondition(k8s::io::api::core::v1::PodStatus* status, k8s::io::api::core::v1::PodCondition condition,
                        int64_t nowNanos);

}  // namespace pilothouse::api
