// The standard set of components a simulated cluster runs, in reconcile order: kube-scheduler,
// the controllers (deployment, replicaset, daemonset, garbage collector, node lifecycle with its
// taint manager, endpoints, job, ttl-after-finished, disruption, endpointslice), one kubelet per
// Node, and the metrics sampler. Returns the handler for the scenario's node actions
// (failNode, recoverNode, imageMissing, breakProbe).
#pragma once

#include "cluster/cluster.h"
#include "cluster/scenario_runner.h"
#include "cluster/scheduler_component.h"

namespace pilothouse::cluster {

StatusOr<ScenarioRunner::NodeActionHandler> addStandardComponents(Cluster& cluster);

}  // namespace pilothouse::cluster
