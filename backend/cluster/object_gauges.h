// The gauges kube-state-metrics would report of a cluster's pods and nodes at one moment, summed
// over the cluster: what the charts plot, sampled from the simulation (metrics_sampler.h) or from
// what a live cluster's informers hold (the GUI's Kubernetes client).
//   pods{phase="Pending|Running|Succeeded|Failed"}                       kube_pod_status_phase
//   kube_node_status_allocatable{resource="cpu|memory",unit="core|byte"} every node's, summed
//   kube_pod_container_resource_requests{resource=...,unit=...}          the containers of every
//                                                                        bound pod not finished
//   node_requested_ratio{resource="cpu|memory"}                          requested / allocatable
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core_v1.pb.h"

namespace pilothouse::cluster {

// "name{label=\"value\"}" -> value.
std::map<std::string, double> objectGauges(const std::vector<const k8s::io::api::core::v1::Pod*>& pods,
                                           const std::vector<const k8s::io::api::core::v1::Node*>& nodes);

}  // namespace pilothouse::cluster
