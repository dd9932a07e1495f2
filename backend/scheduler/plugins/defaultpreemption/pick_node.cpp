#include "scheduler/plugins/defaultpreemption/pick_node.h"

#include <functional>
#include <limits>

#include "scheduler/plugins/defaultpreemption/pod_order.h"

namespace pilothouse::scheduler::plugins::defaultpreemption {

std::string pickOneNodeForPreemption(const std::vector<Candidate>& candidates, int64_t nowNanos) {
    if (candidates.empty()) return {};
    // Higher is better for every score.
    const std::vector<std::function<int64_t(const Candidate&)>> scores = {
        [](const Candidate& c) { return -c.numPDBViolations; },
        [](const Candidate& c) { return -int64_t(podPriority(*c.victims.front())); },
        [](const Candidate& c) {
            int64_t sum = 0;
            for (const auto& v : c.victims) sum += int64_t(podPriority(*v)) + (int64_t(1) << 31);
            return -sum;
        },
        [](const Candidate& c) { return -int64_t(c.victims.size()); },
        [nowNanos](const Candidate& c) {
            if (c.victims.empty()) return std::numeric_limits<int64_t>::min();
            return earliestStartTimeOfHighestPriority(c.victims, nowNanos);
        },
    };
    std::vector<const Candidate*> remaining;
    for (const auto& c : candidates) remaining.push_back(&c);
    for (const auto& score : scores) {
        std::vector<const Candidate*> best;
        int64_t bestScore = std::numeric_limits<int64_t>::min();
        for (const Candidate* c : remaining) {
            const int64_t s = score(*c);
            if (s > bestScore) {
                bestScore = s;
                best.clear();
            }
            if (s == bestScore) best.push_back(c);
        }
        if (best.size() == 1) return best.front()->nodeName;
        remaining = std::move(best);
    }
    return remaining.front()->nodeName;
}

}  // namespace pilothouse::scheduler::plugins::defaultpreemption
