// The standard set of components a simulated cluster runs, in reconcile order: kube-scheduler,
// the controllers (deployment, replicaset, daemonset, garbage collector, node lifecycle with its
// taint manager, endpoints, job, ttl-after-finished, disruption, endpointslice), one kubelet per
// Node, and the metrics sampler. kube-scheduler runs with `schedulerConfig` (v1.28's defaults
// when none). Returns the handler for the scenario's component actions: the node actions
// (failNode, recoverNode, imageMissing, breakProbe) and configureScheduler.
#pragma once

#include "cluster/cluster.h"
#include "cluster/scenario_runner.h"
#include "cluster/scheduler_component.h"

namespace pilothouse::cluster {

StatusOr<ScenarioRunner::NodeActionHandler> addStandardComponents(
    Cluster& cluster, const scheduler::config::KubeSchedulerConfiguration* schedulerConfig = nullptr);

// The configuration a scenario's kube-scheduler starts with: its KubeSchedulerConfiguration
// document, or v1.28's defaults.
StatusOr<scheduler::config::KubeSchedulerConfiguration> schedulerConfigurationOf(const Scenario& scenario);

// The cluster a scenario runs on: its seed and image pull bandwidth, the store at `storePath`.
StatusOr<ClusterOptions> clusterOptionsOf(const Scenario& scenario, const std::string& storePath = ":memory:");

}  // namespace pilothouse::cluster
