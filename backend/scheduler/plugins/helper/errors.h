// Go error texts the plugins reproduce: k8s.io/apimachinery/pkg/util/errors aggregates (one error
// prints as itself; several print as "[a, b]" with duplicates dropped) and the CycleState
// "not found" error.
#pragma once

#include <string>
#include <vector>

#include "apiserver/validation/field_error.h"

namespace pilothouse::scheduler::plugins::helper {

// errors.NewAggregate(msgs).Error(); "" for none.
std::string aggregateMessage(const std::vector<std::string>& messages);
// The same over field errors (each printed as field.Error.Error()).
std::string aggregateMessage(const apiserver::validation::ErrorList& errors);

// framework.ErrNotFound's text, returned by CycleState.Read for a missing key.
inline constexpr const char* kCycleStateNotFound = "not found";

}  // namespace pilothouse::scheduler::plugins::helper
