#include "scheduler/plugins/helper/errors.h"

#include <set>

namespace pilothouse::scheduler::plugins::helper {

std::string aggregateMessage(const std::vector<std::string>& messages) {
    if (messages.empty()) return {};
    if (messages.size() == 1) return messages[0];
    std::set<std::string> seen;
    std::string joined;
    for (const auto& m : messages) {
        if (!seen.insert(m).second) continue;
        if (seen.size() > 1) joined += ", ";
        joined += m;
    }
    if (seen.size() == 1) return joined;
    return "[" + joined + "]";
}

std::string aggregateMessage(const apiserver::validation::ErrorList& errors) {
    std::vector<std::string> messages;
    messages.reserve(errors.size());
    for (const auto& e : errors) messages.push_back(e.toString());
    return aggregateMessage(messages);
}

}  // namespace pilothouse::scheduler::plugins::helper
