// k8s.io/apimachinery/pkg/util/intstr's GetScaledValueFromIntOrPercent: an IntOrString that is an
// integer, or a percentage ("25%") of a total, rounded up or down. Errors carry intstr's texts
// ("invalid value for IntOrString: invalid type: string is not a percentage").
#pragma once

#include <cstdint>

#include "intstr.pb.h"
#include "util/status.h"

namespace pilothouse::api {

StatusOr<int32_t> scaledValueFromIntOrPercent(const k8s::io::apimachinery::pkg::util::intstr::IntOrString& value,
                                              int32_t total, bool roundUp);

}  // namespace pilothouse::api
