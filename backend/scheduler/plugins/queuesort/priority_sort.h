// PrioritySort (pkg/scheduler/framework/plugins/queuesort, Kubernetes v1.28): the active queue's
// order. A pod goes before another when its spec.priority is higher (a pod without a priority
// counts as 0), then when it was (re-)queued earlier; Pilothouse breaks the remaining ties by
// arrival sequence so that the order is deterministic. Takes no args.
#pragma once

#include <memory>

#include "api/codec/value.h"
#include "scheduler/framework/feature_gates.h"
#include "scheduler/framework/interface.h"
#include "util/status.h"

namespace pilothouse::scheduler::plugins::queuesort {

StatusOr<std::shared_ptr<framework::Plugin>> New(const codec::Value& args, framework::Handle& handle,
                                                 const framework::FeatureGates& gates);

}  // namespace pilothouse::scheduler::plugins::queuesort
