// NodeUnschedulable (pkg/scheduler/framework/plugins/nodeunschedulable, Kubernetes v1.28): Filter
// rejects a node with spec.unschedulable (cordoned) with UnschedulableAndUnresolvable
// "node(s) were unschedulable", unless the pod tolerates the taint
// node.kubernetes.io/unschedulable:NoSchedule (as DaemonSet pods do). A NodeInfo without a node
// is rejected with "node(s) had unknown conditions". Requeued on Node add and taint updates.
// Takes no args.
#pragma once

#include <memory>

#include "api/codec/value.h"
#include "scheduler/framework/feature_gates.h"
#include "scheduler/framework/interface.h"
#include "util/status.h"

namespace pilothouse::scheduler::plugins::nodeunschedulable {

StatusOr<std::shared_ptr<framework::Plugin>> New(const codec::Value& args, framework::Handle& handle,
                                                 const framework::FeatureGates& gates);

}  // namespace pilothouse::scheduler::plugins::nodeunschedulable
