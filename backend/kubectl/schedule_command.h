// `pilothousectl schedule -f FILE... [--config SCHEDCONFIG.yaml] [--explain] [-o json|text] [--seed N]`:
// schedules the pending pods of a cluster snapshot with the scheduler's own framework and plugins
// and prints where each went, or kube-scheduler's FailedScheduling message — with --explain, each
// node's verdict from each filter plugin and each score plugin's normalized score.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace pilothouse::kubectl {

struct ScheduleArgs {
    std::vector<std::string> files;
    std::string configFile;
    bool explain = false;
    std::string output = "text";  // json | text
    uint64_t seed = 0;
};

// Exit code: 0 when the input was valid (whether or not every pod fits), 2 for bad input.
int runSchedule(const ScheduleArgs& args, std::ostream& out, std::ostream& err);

}  // namespace pilothouse::kubectl
