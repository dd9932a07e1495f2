#include "scheduler/plugins/podtopologyspread/match_count_cache.h"

namespace pilothouse::scheduler::plugins::podtopologyspread {

namespace {
// Bounded: a long simulation with many short-lived Deployments starts afresh past this.
constexpr size_t kMaxEntries = 1'000'000;
}  // namespace

int64_t MatchCountCache::count(const framework::NodeInfo& node, const SpreadSelector& selector,
                               const std::string& selectorKey, const std::string& ns, bool cacheable) {
    if (!cacheable || !node.node() || node.node()->metadata().uid().empty())
        return countPodsMatchSelector(node.pods(), selector, ns);
    auto& perNode = entries_[selectorKey + "\n" + ns];
    auto [it, inserted] = perNode.try_emplace(node.node()->metadata().uid());
    if (inserted && ++size_ > kMaxEntries) {
        entries_.clear();
        size_ = 0;
        return countPodsMatchSelector(node.pods(), selector, ns);
    }
    Entry& e = it->second;
    if (e.generation != node.generation()) {
        e.count = countPodsMatchSelector(node.pods(), selector, ns);
        e.generation = node.generation();
    }
    return e.count;
}

}  // namespace pilothouse::scheduler::plugins::podtopologyspread
