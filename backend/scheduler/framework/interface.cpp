#include "scheduler/framework/interface.h"

#include <algorithm>

namespace pilothouse::scheduler::framework {

PreFilterResult PreFilterResult::merge(const PreFilterResult& other) const {
    if (allNodes()) return other;
    if (other.allNodes()) return *this;
    PreFilterResult r;
    r.nodeNames.emplace();
    std::set_intersection(nodeNames->begin(), nodeNames->end(), other.nodeNames->begin(),
                          other.nodeNames->end(), std::inserter(*r.nodeNames, r.nodeNames->begin()));
    return r;
}

void defaultNormalizeScore(int64_t maxPriority, bool reverse, NodeScoreList& scores) {
    int64_t maxCount = 0;
    for (const auto& s : scores) maxCount = std::max(maxCount, s.score);
    if (maxCount == 0) {
        if (reverse)
            for (auto& s : scores) s.score = maxPriority;
        return;
    }
    for (auto& s : scores) {
        int64_t score = maxPriority * s.score / maxCount;
        if (reverse) score = maxPriority - score;
        s.score = score;
    }
}

}  // namespace pilothouse::scheduler::framework
