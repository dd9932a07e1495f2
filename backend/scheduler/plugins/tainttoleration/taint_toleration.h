// TaintToleration (pkg/scheduler/framework/plugins/tainttoleration, Kubernetes v1.28):
//  - Filter: the node's first NoSchedule/NoExecute taint that no toleration of the pod tolerates
//    rejects the node with UnschedulableAndUnresolvable
//    "node(s) had untolerated taint {<key>: <value>}";
//  - PreScore keeps the pod's tolerations whose effect is empty or PreferNoSchedule; Score counts
//    the node's PreferNoSchedule taints those do not tolerate; NormalizeScore reverses the counts
//    onto 0..100 (the node with most intolerable taints gets 0, nodes without any get 100);
//  - requeued on Node add/update. Takes no args.
// Toleration matching: see scheduler/plugins/helper/taints.h.
#pragma once

#include <memory>

#include "api/codec/value.h"
#include "scheduler/framework/feature_gates.h"
#include "scheduler/framework/interface.h"
#include "util/status.h"

namespace pilothouse::scheduler::plugins::tainttoleration {

StatusOr<std::shared_ptr<framework::Plugin>> New(const codec::Value& args, framework::Handle& handle,
                                                 const framework::FeatureGates& gates);

}  // namespace pilothouse::scheduler::plugins::tainttoleration
