// InterPodAffinityArgs (kubescheduler.config.k8s.io/v1, as of Kubernetes v1.28): the plugin's
// settings from a profile's pluginConfig.
//
//   hardPodAffinityWeight               int32, default 1, valid 0..100. The score an existing pod's
//                                       *required* affinity term adds when the incoming pod matches
//                                       it (affinity is symmetric for scoring).
//   ignorePreferredTermsOfExistingPods  bool, default false. When set, PreScore skips pods that have
//                                       no preferred (anti-)affinity of their own instead of scoring
//                                       existing pods' terms.
//
// Decoding is strict like kube-scheduler's: unknown fields and values of the wrong JSON type are
// errors. apiVersion/kind are accepted and ignored.
#pragma once

#include <cstdint>

#include "api/codec/value.h"
#include "util/status.h"

namespace pilothouse::scheduler::plugins::interpodaffinity {

inline constexpr int32_t kDefaultHardPodAffinityWeight = 1;
inline constexpr int32_t kMinHardPodAffinityWeight = 0;
inline constexpr int32_t kMaxHardPodAffinityWeight = 100;

struct InterPodAffinityArgs {
    int32_t hardPodAffinityWeight = kDefaultHardPodAffinityWeight;
    bool ignorePreferredTermsOfExistingPods = false;
};

// JSON (null = all defaults) -> args with v1 defaults applied. InvalidArgument on unknown fields or
// wrongly typed values.
StatusOr<InterPodAffinityArgs> decodeArgs(const codec::Value& json);

// ValidateInterPodAffinityArgs: InvalidArgument with the field path inside the args, e.g.
// "hardPodAffinityWeight: Invalid value: 101: not in valid range [0-100]".
Status validateArgs(const InterPodAffinityArgs& args);

}  // namespace pilothouse::scheduler::plugins::interpodaffinity
