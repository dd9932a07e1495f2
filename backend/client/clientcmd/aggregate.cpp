#include "client/clientcmd/aggregate.h"

#include <set>

namespace pilothouse::client::clientcmd {

std::string aggregateMessage(const std::vector<std::string>& messages) {
    std::set<std::string> seen;
    std::string joined;
    for (const auto& m : messages) {
        if (!seen.insert(m).second)
            continue;
        if (seen.size() > 1)
            joined += ", ";
        joined += m;
    }
    return seen.size() > 1 ? "[" + joined + "]" : joined;
}

Status aggregateStatus(StatusCode code, const std::string& prefix,
                       const std::vector<std::string>& messages) {
    if (messages.empty())
        return {};
    Status st(code, prefix + aggregateMessage(messages));
    std::set<std::string> seen;
    for (const auto& m : messages)
        if (seen.insert(m).second)
            st.addCause({"", m, ""});
    return st;
}

}  // namespace pilothouse::client::clientcmd
