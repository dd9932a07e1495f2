// kubectl's AGE column (k8s.io/apimachinery/pkg/util/duration.HumanDuration): "45s", "3m20s",
// "5h12m", "3d4h", "2y10d".
#pragma once

#include <cstdint>
#include <string>

namespace pilothouse::util {

std::string humanDuration(int64_t nanos);

}  // namespace pilothouse::util
