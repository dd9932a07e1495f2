// NodeResourcesFit's LeastAllocated strategy: favours nodes with the most room left.
#include "scheduler/plugins/noderesources/go_int.h"
#include "scheduler/plugins/noderesources/scorers.h"
#include "scheduler/framework/interface.h"

namespace pilothouse::scheduler::plugins::noderesources {

int64_t leastRequestedScore(int64_t requested, int64_t capacity) {
    if (capacity == 0 || requested > capacity) return 0;
    return goDiv(goMul(goSub(capacity, requested), framework::kMaxNodeScore), capacity);
}

int64_t leastAllocatedScore(std::span<const int64_t> requested, std::span<const int64_t> allocatable,
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

ScoreFunction leastResourceScorer(std::vector<ResourceSpec> resources) {
    return [resources = std::move(resources)](std::span<const int64_t> requested,
                                              std::span<const int64_t> allocatable) -> int64_t {
        return leastAllocatedScore(requested, allocatable, resources);
    };
}

}  // namespace pilothouse::scheduler::plugins::noderesources
