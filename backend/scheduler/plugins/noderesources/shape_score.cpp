#include "scheduler/plugins/noderesources/shape_score.h"

#include "scheduler/plugins/noderesources/go_int.h"

namespace pilothouse::scheduler::plugins::noderesources {

std::function<int64_t(int64_t)> buildBrokenLinearFunction(FunctionShape shape) {
    return [shape = std::move(shape)](int64_t p) -> int64_t {
        for (size_t i = 0; i < shape.size(); ++i) {
            if (p > shape[i].utilization) continue;
            if (i == 0) return shape[0].score;
            const auto& lo = shape[i - 1];
            const auto& hi = shape[i];
            return goAdd(lo.score, goDiv(goMul(goSub(hi.score, lo.score), goSub(p, lo.utilization)),
                                         goSub(hi.utilization, lo.utilization)));
        }
        return shape.empty() ? 0 : shape.back().score;
    };
}

}  // namespace pilothouse::scheduler::plugins::noderesources
