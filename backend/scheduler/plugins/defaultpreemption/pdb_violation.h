// Which potential victims would violate a PodDisruptionBudget (filterPodsWithPDBViolation in
// Kubernetes v1.28). Each PDB starts from status.disruptionsAllowed; going through the pods in the
// given order, every pod a PDB selects takes one disruption from it — unless the pod is already
// listed in the PDB's status.disruptedPods (its eviction was processed by the API server) — and a
// pod that takes a PDB below zero is violating.
//
// A PDB selects a pod when it is in the pod's namespace and its selector matches the pod's labels;
// a PDB without a selector, with an empty one or with one that does not parse selects nothing, and
// a pod without labels is never selected. The split keeps the input order within each group.
#pragma once

#include <memory>
#include <vector>

#include "policy_v1.pb.h"
#include "scheduler/framework/types.h"

namespace pilothouse::scheduler::plugins::defaultpreemption {

using PodDisruptionBudget = k8s::io::api::policy::v1::PodDisruptionBudget;

struct PDBSplit {
    std::vector<std::shared_ptr<const framework::PodInfo>> violating;
    std::vector<std::shared_ptr<const framework::PodInfo>> nonViolating;
};

PDBSplit splitByPDBViolation(const std::vector<std::shared_ptr<const framework::PodInfo>>& pods,
                             const std::vector<std::shared_ptr<const PodDisruptionBudget>>& pdbs);

}  // namespace pilothouse::scheduler::plugins::defaultpreemption
