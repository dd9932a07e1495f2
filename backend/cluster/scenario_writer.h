// Writing a scenario back to the file format loadScenario reads (scenario.h): the Scenario
// document (name, description, learning goal, seed and every action), the
// KubeSchedulerConfiguration kube-scheduler starts with, and the objects, each a document as it
// was read. What the GUI's "Save scenario" writes: the session's scenario with the actions the
// user performed, so that opening the file replays the same run.
#pragma once

#include <string>

#include "cluster/scenario.h"

namespace pilothouse::cluster {

std::string writeScenario(const Scenario& scenario);
// The same with other actions (the scenario's own and then those a user performed).
std::string writeScenario(const Scenario& scenario, const std::vector<ScenarioAction>& actions);

}  // namespace pilothouse::cluster
