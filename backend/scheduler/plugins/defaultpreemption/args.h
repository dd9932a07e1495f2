// DefaultPreemptionArgs (kubescheduler.config.k8s.io/v1, as of Kubernetes v1.28): how many nodes
// the preemption dry run must turn into candidates before it may stop looking.
//
//   minCandidateNodesPercentage  int32, default 10, valid 0..100: a share of the nodes where
//                                preemption might help.
//   minCandidateNodesAbsolute    int32, default 100, valid >= 0: a floor on that number.
//
// The dry run looks for max(nodes * percentage / 100, absolute) candidates, at most all of the
// nodes; both being 0 is invalid. Decoding is strict like kube-scheduler's (unknown fields and
// values of the wrong JSON type are errors); apiVersion is ignored, a kind other than
// DefaultPreemptionArgs is rejected.
#pragma once

#include <cstdint>

#include "api/codec/value.h"
#include "util/status.h"

namespace pilothouse::scheduler::plugins::defaultpreemption {

inline constexpr int32_t kDefaultMinCandidateNodesPercentage = 10;
inline constexpr int32_t kDefaultMinCandidateNodesAbsolute = 100;

struct DefaultPreemptionArgs {
    int32_t minCandidateNodesPercentage = kDefaultMinCandidateNodesPercentage;
    int32_t minCandidateNodesAbsolute = kDefaultMinCandidateNodesAbsolute;
};

// JSON (null = all defaults) -> args with the v1 defaults applied to the fields not given.
StatusOr<DefaultPreemptionArgs> decodeArgs(const codec::Value& json);

// ValidateDefaultPreemptionArgs: InvalidArgument with the field errors, paths relative to the args,
// e.g. "minCandidateNodesPercentage: Invalid value: 101: not in valid range [0, 100]"; several
// errors are printed as Go aggregates them: "[first, second]".
Status validateArgs(const DefaultPreemptionArgs& args);

// The number of candidates the dry run must find among `numNodes` potential nodes.
int32_t numCandidates(const DefaultPreemptionArgs& args, int32_t numNodes);

}  // namespace pilothouse::scheduler::plugins::defaultpreemption
