// SchedulingGates (pkg/scheduler/framework/plugins/schedulinggates, Kubernetes v1.28): PreEnqueue
// keeps a pod with spec.schedulingGates out of the active queue with
// UnschedulableAndUnresolvable "waiting for scheduling gates: [gate-a gate-b]" (Go's %v of the gate
// names). With the PodSchedulingReadiness feature gate off it lets every pod through. Requeued on
// Pod updates (removing gates). Takes no args.
#pragma once

#include <memory>

#include "api/codec/value.h"
#include "scheduler/framework/feature_gates.h"
#include "scheduler/framework/interface.h"
#include "util/status.h"

namespace pilothouse::scheduler::plugins::schedulinggates {

StatusOr<std::shared_ptr<framework::Plugin>> New(const codec::Value& args, framework::Handle& handle,
                                                 const framework::FeatureGates& gates);

}  // namespace pilothouse::scheduler::plugins::schedulinggates
