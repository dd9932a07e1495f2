// The score functions behind NodeResourcesFit's scoring strategies (least_allocated.cpp,
// most_allocated.cpp, requested_to_capacity_ratio.cpp) and NodeResourcesBalancedAllocation
// (balanced_allocation.cpp), with v1.28's integer arithmetic. A resource whose allocatable is 0
// is skipped by all of them.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "scheduler/plugins/noderesources/args.h"
#include "scheduler/plugins/noderesources/resource_allocation.h"
#include "scheduler/plugins/noderesources/shape_score.h"

namespace pilothouse::scheduler::plugins::noderesources {

// LeastAllocated, per resource: (capacity - requested) * 100 / capacity (integer division),
// 0 when requested exceeds capacity. Node: sum(score * weight) / sum(weight), integer division.
int64_t leastRequestedScore(int64_t requested, int64_t capacity);
int64_t leastAllocatedScore(std::span<const int64_t> requested, std::span<const int64_t> allocatable,
                            std::span<const ResourceSpec> resources);
ScoreFunction leastResourceScorer(std::vector<ResourceSpec> resources);

// MostAllocated, per resource: requested * 100 / capacity with requested capped at capacity.
// Node: sum(score * weight) / sum(weight), integer division.
int64_t mostRequestedScore(int64_t requested, int64_t capacity);
int64_t mostAllocatedScore(std::span<const int64_t> requested, std::span<const int64_t> allocatable,
                           std::span<const ResourceSpec> resources);
ScoreFunction mostResourceScorer(std::vector<ResourceSpec> resources);

// RequestedToCapacityRatio: the shape (scores 0..10 scaled to 0..100) applied to the utilization
// requested * 100 / capacity (100 when over capacity); resources scoring 0 are left out of both
// sums; node: round-half-away(sum(score * weight) / sum(weight)).
ScoreFunction requestedToCapacityRatioScorer(std::vector<ResourceSpec> resources,
                                             const std::vector<UtilizationShapePoint>& shape);

// BalancedAllocation: each fraction requested / allocatable (capped at 1); with two fractions
// std = |f1 - f2| / 2, with more the population standard deviation, with fewer 0; the score is
// int64((1 - std) * 100) (truncated).
int64_t balancedResourceScorer(std::span<const int64_t> requested, std::span<const int64_t> allocatable);

}  // namespace pilothouse::scheduler::plugins::noderesources
