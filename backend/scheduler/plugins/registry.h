// The in-tree plugin registry (pkg/scheduler/framework/plugins/registry.go): every plugin
// Pilothouse implements, by its upstream name.
#pragma once

#include "scheduler/framework/runtime/registry.h"

namespace pilothouse::scheduler::plugins {

framework::Registry inTreeRegistry();

}  // namespace pilothouse::scheduler::plugins
