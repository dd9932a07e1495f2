// The score functions behind NodeResourcesFit's scoring strategies and
// NodeResourcesBalancedAllocation, with v1.28's integer arithmetic. A resource whose allocatable
// is 0 is skipped by all of them. The formulas are defined here, inline: they run for every
// feasible node of every cycle and ResourceAllocationScorer inlines them for its two default
// resources. The ScoreFunction makers are in least_allocated.cpp, most_allocated.cpp and
// requested_to_capacity_ratio.cpp.
#pragma once

#include <cmath>
#include <cstdint>
#include <span>
#include <vector>

#include "scheduler/framework/interface.h"
#include "scheduler/plugins/noderesources/args.h"
#include "scheduler/plugins/noderesources/go_int.h"
#include "scheduler/plugins/noderesources/resource_allocation.h"
#include "scheduler/plugins/noderesources/shape_score.h"

namespace pilothouse::scheduler::plugins::noderesources {

// LeastAllocated, per resource: (capacity - requested) * 100 / capacity (integer division),
// 0 when requested exceeds capacity. Node: sum(score * weight) / sum(weight), integer division.
inline int64_t leastRequestedScore(int64_t requested, int64_t capacity) {
    if (capacity == 0 || requested > capacity) return 0;
    return goDiv(goMul(goSub(capacity, requested), framework::kMaxNodeScore), capacity);
}
inline int64_t leastAllocatedScore(std::span<const int64_t> requested, std::span<const int64_t> allocatable,
                                   std::span<const ResourceSpec> resources) {
    int64_t nodeScore = 0, weightSum = 0;
    for (size_t i = 0; i < requested.size(); ++i) {
        if (allocatable[i] == 0) continue;
        const int64_t weight = resources[i].weight;
        nodeScore = goAdd(nodeScore, goMul(leastRequestedScore(requested[i], allocatable[i]), weight));
        weightSum = goAdd(weightSum, weight);
    }
    return weightSum == 0 ? 0 : goDiv(nodeScore, weightSum);
}
ScoreFunction leastResourceScorer(std::vector<ResourceSpec> resources);

// MostAllocated, per resource: requested * 100 / capacity with requested capped at capacity.
// Node: sum(score * weight) / sum(weight), integer division.
inline int64_t mostRequestedScore(int64_t requested, int64_t capacity) {
    if (capacity == 0) return 0;
    // Requests may exceed capacity because request-less pods count their non-zero defaults.
    if (requested > capacity) requested = capacity;
    return goDiv(goMul(requested, framework::kMaxNodeScore), capacity);
}
inline int64_t mostAllocatedScore(std::span<const int64_t> requested, std::span<const int64_t> allocatable,
                                  std::span<const ResourceSpec> resources) {
    int64_t nodeScore = 0, weightSum = 0;
    for (size_t i = 0; i < requested.size(); ++i) {
        if (allocatable[i] == 0) continue;
        const int64_t weight = resources[i].weight;
        nodeScore = goAdd(nodeScore, goMul(mostRequestedScore(requested[i], allocatable[i]), weight));
        weightSum = goAdd(weightSum, weight);
    }
    return weightSum == 0 ? 0 : goDiv(nodeScore, weightSum);
}
ScoreFunction mostResourceScorer(std::vector<ResourceSpec> resources);

// RequestedToCapacityRatio: the shape (scores 0..10 scaled to 0..100) applied to the utilization
// requested * 100 / capacity (100 when over capacity); resources scoring 0 are left out of both
// sums; node: round-half-away(sum(score * weight) / sum(weight)).
ScoreFunction requestedToCapacityRatioScorer(std::vector<ResourceSpec> resources,
                                             const std::vector<UtilizationShapePoint>& shape);

// BalancedAllocation: each fraction requested / allocatable (capped at 1); with two fractions
// std = |f1 - f2| / 2, with more the population standard deviation, with fewer 0; the score is
// int64((1 - std) * 100) (truncated).
inline int64_t balancedResourceScorer(std::span<const int64_t> requested, std::span<const int64_t> allocatable) {
    // The fraction of each resource the node has (allocatable != 0), capped at 1.
    auto fraction = [&](size_t i) {
        const double f = static_cast<double>(requested[i]) / static_cast<double>(allocatable[i]);
        return f > 1 ? 1.0 : f;
    };
    size_t count = 0;
    double total = 0;
    double first = 0, second = 0;
    for (size_t i = 0; i < requested.size(); ++i) {
        if (allocatable[i] == 0) continue;
        const double f = fraction(i);
        if (count == 0) first = f;
        if (count == 1) second = f;
        total += f;
        ++count;
    }
    double std = 0;
    if (count == 2) {
        std = std::abs((first - second) / 2);
    } else if (count > 2) {
        const double mean = total / static_cast<double>(count);
        double sum = 0;
        for (size_t i = 0; i < requested.size(); ++i) {
            if (allocatable[i] == 0) continue;
            const double f = fraction(i);
            sum = sum + (f - mean) * (f - mean);
        }
        std = std::sqrt(sum / static_cast<double>(count));
    }
    return static_cast<int64_t>((1 - std) * static_cast<double>(framework::kMaxNodeScore));
}

}  // namespace pilothouse::scheduler::plugins::noderesources
