// The feature gates the scheduler's behaviour depends on, with Kubernetes v1.28's defaults.
#pragma once

namespace pilothouse::scheduler::framework {

struct FeatureGates {
    bool podSchedulingReadiness = true;                  // beta in 1.27: scheduling gates
    bool minDomainsInPodTopologySpread = true;           // beta in 1.27
    bool matchLabelKeysInPodTopologySpread = true;       // beta in 1.27
    bool nodeInclusionPolicyInPodTopologySpread = true;  // beta in 1.26
    bool schedulerQueueingHints = false;                 // beta in 1.28 but off by default
    bool podDisruptionConditions = true;                 // beta in 1.26: DisruptionTarget condition
    bool sidecarContainers = false;                      // alpha in 1.28
    bool dynamicResourceAllocation = false;              // alpha
};

}  // namespace pilothouse::scheduler::framework
