// NodeResourcesFit's RequestedToCapacityRatio strategy: a user-shaped function of utilization.
#include <cmath>

#include "scheduler/framework/interface.h"
#include "scheduler/plugins/noderesources/go_int.h"
#include "scheduler/plugins/noderesources/scorers.h"

namespace pilothouse::scheduler::plugins::noderesources {

namespace {
constexpr int64_t kMaxUtilization = 100;
}

ScoreFunction requestedToCapacityRatioScorer(std::vector<ResourceSpec> resources,
                                             const std::vector<UtilizationShapePoint>& shape) {
    FunctionShape scaled;
    scaled.reserve(shape.size());
    for (const auto& point : shape) {
        // Shape scores run 0..MaxCustomPriorityScore; node scores 0..MaxNodeScore.
        scaled.push_back({point.utilization, int64_t{point.score} * (framework::kMaxNodeScore / kMaxCustomPriorityScore)});
    }
    auto raw = buildBrokenLinearFunction(std::move(scaled));
    auto resourceScore = [raw](int64_t requested, int64_t capacity) -> int64_t {
        if (capacity == 0 || requested > capacity) return raw(kMaxUtilization);
        return raw(goDiv(goMul(requested, kMaxUtilization), capacity));
    };
    return [resources = std::move(resources), resourceScore](std::span<const int64_t> requested,
                                                             std::span<const int64_t> allocatable) -> int64_t {
        int64_t nodeScore = 0, weightSum = 0;
        for (size_t i = 0; i < requested.size(); ++i) {
            if (allocatable[i] == 0) continue;
            const int64_t weight = resources[i].weight;
            const int64_t score = resourceScore(requested[i], allocatable[i]);
            if (score > 0) {
                nodeScore = goAdd(nodeScore, goMul(score, weight));
                weightSum = goAdd(weightSum, weight);
            }
        }
        if (weightSum == 0) return 0;
        return static_cast<int64_t>(std::round(static_cast<double>(nodeScore) / static_cast<double>(weightSum)));
    };
}

}  // namespace pilothouse::scheduler::plugins::noderesources
