// Resource-name classes as kube-scheduler v1.28 uses them (pkg/scheduler/util and
// pkg/apis/core/v1/helper). They are narrower than framework::isScalarResourceName, which treats
// every name other than cpu/memory/ephemeral-storage/pods as scalar: upstream only counts
// extended resources, hugepages-*, *kubernetes.io/* and attachable-volumes-* as scalar, and drops
// any other name from a pod's request and a node's allocatable.
#pragma once

#include <string_view>

namespace pilothouse::scheduler::plugins::noderesources {

// An extended resource: not native (has a '/' and no "kubernetes.io/"), not "requests.*", and
// "requests.<name>" is a qualified name. Only these can be ignored through the Fit args.
bool isExtendedResourceName(std::string_view name);

// schedutil.IsScalarResourceName: extended, hugepages-*, prefixed native (*kubernetes.io/*) or
// attachable-volumes-*.
bool isScalarResourceName(std::string_view name);

}  // namespace pilothouse::scheduler::plugins::noderesources
