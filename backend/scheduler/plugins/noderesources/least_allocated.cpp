// NodeResourcesFit's LeastAllocated strategy: favours nodes with the most room left.
#include "scheduler/plugins/noderesources/scorers.h"

namespace pilothouse::scheduler::plugins::noderesources {

ScoreFunction leastResourceScorer(std::vector<ResourceSpec> resources) {
    return [resources = std::move(resources)](std::span<const int64_t> requested,
                                              std::span<const int64_t> allocatable) -> int64_t {
        return leastAllocatedScore(requested, allocatable, resources);
    };
}

}  // namespace pilothouse::scheduler::plugins::noderesources
