// pickOneNodeForPreemption (Kubernetes v1.28): the node, among the candidates, where preemption
// does the least harm. Each criterion keeps only the best-scoring nodes, and the next one breaks
// the ties that remain:
//   1. the fewest PodDisruptionBudget violations;
//   2. the lowest priority of the candidate's first victim (its "highest priority" victim);
//   3. the smallest sum of victim priorities, each shifted by 2^31 so that negative priorities
//      still add up as costs;
//   4. the fewest victims;
//   5. the latest earliest-start-time among the victims of the highest priority;
//   6. the first candidate left.
// Upstream walks the candidates in Go map order, so its last tie-break is effectively random;
// Pilothouse keeps the candidates' order (non-violating before violating, each in dry-run order).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "scheduler/plugins/defaultpreemption/candidate.h"

namespace pilothouse::scheduler::plugins::defaultpreemption {

// "" when there are no candidates. `nowNanos` stands in for missing start times.
std::string pickOneNodeForPreemption(const std::vector<Candidate>& candidates, int64_t nowNanos);

}  // namespace pilothouse::scheduler::plugins::defaultpreemption
