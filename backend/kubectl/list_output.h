// kubectl's `-o json|yaml` of several objects: a v1 List with resourceVersion "".
#pragma once

#include <vector>

#include "api/codec/value.h"

namespace pilothouse::kubectl {

codec::Value listOf(std::vector<codec::Value> items);

}  // namespace pilothouse::kubectl
