// NodePorts (pkg/scheduler/framework/plugins/nodeports, Kubernetes v1.28):
//  - PreFilter collects the ports of the pod's (regular) containers and returns Skip when the pod
//    declares none (v1.28 skips only a pod with no container ports at all; a port without a
//    hostPort is collected, and never conflicts);
//  - Filter rejects a node where one of those hostIP/protocol/hostPort triples is already in use
//    (0.0.0.0 or an empty hostIP meaning every address, an empty protocol meaning TCP) with
//    Unschedulable "node(s) didn't have free ports for the requested pod ports";
//  - Filter without PreFilter state is an Error: `reading "PreFilterNodePorts" from cycleState: not found`;
//  - requeued on Pod delete and Node add/update. Takes no args.
#pragma once

#include <memory>

#include "api/codec/value.h"
#include "scheduler/framework/feature_gates.h"
#include "scheduler/framework/interface.h"
#include "util/status.h"

namespace pilothouse::scheduler::plugins::nodeports {

StatusOr<std::shared_ptr<framework::Plugin>> New(const codec::Value& args, framework::Handle& handle,
                                                 const framework::FeatureGates& gates);

}  // namespace pilothouse::scheduler::plugins::nodeports
