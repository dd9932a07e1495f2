// NodeResourcesFit's MostAllocated strategy: favours the fullest nodes (bin packing).
#include "scheduler/plugins/noderesources/scorers.h"

namespace pilothouse::scheduler::plugins::noderesources {

ScoreFunction mostResourceScorer(std::vector<ResourceSpec> resources) {
    return [resources = std::move(resources)](std::span<const int64_t> requested,
                                              std::span<const int64_t> allocatable) -> int64_t {
        return mostAllocatedScore(requested, allocatable, resources);
    };
}

}  // namespace pilothouse::scheduler::plugins::noderesources
