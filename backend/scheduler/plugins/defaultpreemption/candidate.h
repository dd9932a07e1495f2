// A preemption candidate (preemption.Candidate in Kubernetes v1.28): a node on which the preemptor
// would fit once the listed victims are gone, and how many of those victims violate a
// PodDisruptionBudget.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "scheduler/framework/types.h"

namespace pilothouse::scheduler::plugins::defaultpreemption {

struct Candidate {
    std::string nodeName;
    // In the order victim selection produced them: the PDB-violating victims first, then the
    // others, each group from the most to the least important (v1.28 does not re-sort the whole
    // list, so the first victim is not always the one with the highest priority).
    std::vector<std::shared_ptr<const framework::Pod>> victims;
    int64_t numPDBViolations = 0;
};

}  // namespace pilothouse::scheduler::plugins::defaultpreemption
