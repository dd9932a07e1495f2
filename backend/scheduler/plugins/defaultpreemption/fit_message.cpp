#include "scheduler/plugins/defaultpreemption/fit_message.h"

#include <algorithm>
#include <map>
#include <vector>

namespace pilothouse::scheduler::plugins::defaultpreemption {

std::string noCandidateMessage(const framework::NodeToStatusMap& statuses) {
    std::string msg = "0/" + std::to_string(statuses.size()) + " nodes are available:";
    std::map<std::string, int> counts;
    for (const auto& [node, status] : statuses)
        for (const auto& reason : status.reasons()) counts[reason]++;
    std::vector<std::string> entries;
    for (const auto& [reason, n] : counts) entries.push_back(std::to_string(n) + " " + reason);
    std::sort(entries.begin(), entries.end());
    if (!entries.empty()) {
        msg += " ";
        for (size_t i = 0; i < entries.size(); ++i) msg += (i ? ", " : "") + entries[i];
        msg += ".";
    }
    return msg;
}

}  // namespace pilothouse::scheduler::plugins::defaultpreemption
