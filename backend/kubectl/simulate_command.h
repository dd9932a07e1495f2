// pilothousectl simulate SCENARIO [--until 10m] [--seed N] [-o json|text]: runs a scenario on the
// simulated cluster as fast as possible and prints what happened — events (as Kubernetes records
// them), each pod's journey, metrics, the scenario's actions and the final state of every object
// (a List, as `kubectl get -o json` prints). The same scenario and seed print the same bytes.
// Exit 0 when the run completed, 2 for a bad scenario file or flags, 1 when the cluster failed.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace pilothouse::kubectl {

int cmdSimulate(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace pilothouse::kubectl
