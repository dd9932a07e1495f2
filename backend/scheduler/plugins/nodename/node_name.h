// NodeName (pkg/scheduler/framework/plugins/nodename, Kubernetes v1.28): Filter passes every node
// when the pod has no spec.nodeName and only the named node otherwise; any other node is rejected
// with UnschedulableAndUnresolvable "node(s) didn't match the requested node name". A NodeInfo
// without a node is an Error ("node not found"). Requeued on Node add/update. Takes no args.
#pragma once

#include <memory>

#include "api/codec/value.h"
#include "scheduler/framework/feature_gates.h"
#include "scheduler/framework/interface.h"
#include "util/status.h"

namespace pilothouse::scheduler::plugins::nodename {

StatusOr<std::shared_ptr<framework::Plugin>> New(const codec::Value& args, framework::Handle& handle,
                                                 const framework::FeatureGates& gates);

}  // namespace pilothouse::scheduler::plugins::nodename
