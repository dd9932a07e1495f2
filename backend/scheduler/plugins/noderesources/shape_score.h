// helper.BuildBrokenLinearFunction: a piecewise-linear function through (utilization, score)
// points sorted by utilization. Below the first point it is the first score, above the last the
// last score; in between it interpolates with integer arithmetic truncating toward zero:
//   s[i-1] + (s[i] - s[i-1]) * (p - u[i-1]) / (u[i] - u[i-1])
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

namespace pilothouse::scheduler::plugins::noderesources {

struct FunctionShapePoint {
    int64_t utilization = 0;
    int64_t score = 0;
};
using FunctionShape = std::vector<FunctionShapePoint>;

std::function<int64_t(int64_t)> buildBrokenLinearFunction(FunctionShape shape);

}  // namespace pilothouse::scheduler::plugins::noderesources
