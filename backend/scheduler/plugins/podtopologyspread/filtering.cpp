#include "scheduler/plugins/podtopologyspread/filtering.h"

#include "scheduler/plugins/podtopologyspread/plugin.h"

namespace pilothouse::scheduler::plugins::podtopologyspread {

using framework::Code;
using framework::CycleState;
using framework::NodeInfo;
using FStatus = framework::Status;

void CriticalPaths::update(const std::string& value, int64_t num) {
    int i = -1;
    if (value == paths[0].topologyValue) i = 0;
    else if (value == paths[1].topologyValue) i = 1;

    if (i >= 0) {
        // A known domain: update it, keeping the smaller one first.
        paths[i].matchNum = num;
        if (paths[0].matchNum > paths[1].matchNum) std::swap(paths[0], paths[1]);
        return;
    }
    if (num < paths[0].matchNum) {
        paths[1] = paths[0];
        paths[0] = {value, num};
    } else if (num < paths[1].matchNum) {
        paths[1] = {value, num};
    }
}

namespace {

FStatus missingState(const std::string& key) {
    return FStatus::error(std::string("reading \"") + key + "\" from cycleState: not found");
}

}  // namespace

StatusOr<std::unique_ptr<PreFilterState>> PodTopologySpread::calPreFilterState(
    const Pod& pod, const std::vector<NodeInfo*>& nodes) const {
    auto constraints = constraintsFor(pod, kDoNotSchedule);
    if (!constraints) {
        const char* what = pod.spec().topology_spread_constraints_size() > 0
                               ? "obtaining pod's hard topology spread constraints: "
                               : "setting default hard topology spread constraints: ";
        return constraints.status().withContext(what);
    }
    auto s = std::make_unique<PreFilterState>();
    if (constraints->empty()) return s;
    s->constraints = std::make_shared<const std::vector<Constraint>>(std::move(*constraints));
    const auto& cs = *s->constraints;

    std::vector<std::string> selectorKeys;
    for (const auto& c : cs) selectorKeys.push_back(c.selector.toString());
    const auto affinity = helper::RequiredNodeAffinity::fromPod(pod);
    for (const NodeInfo* info : nodes) {
        if (!info || !info->node()) continue;
        const Node& node = *info->node();
        // Without inclusion policies, only nodes passing the pod's node affinity are domains.
        if (!gates_.nodeInclusionPolicy && !affinity.match(node)) continue;
        // Nodes must carry every constraint's topology key.
        if (!nodeLabelsMatchSpreadConstraints(node.metadata().labels(), cs)) continue;

        std::map<TopologyPair, int64_t> nodeCounts;
        const bool cacheable = inSnapshot(*info);
        for (size_t i = 0; i < cs.size(); ++i) {
            const auto& c = cs[i];
            if (gates_.nodeInclusionPolicy && !c.matchNodeInclusionPolicies(pod, node, affinity)) continue;
            TopologyPair pair{c.topologyKey, node.metadata().labels().at(c.topologyKey)};
            // Keyed by pair: a later constraint on the same key replaces the count (v1.28).
            nodeCounts[pair] = counts_.count(*info, c.selector, selectorKeys[i], pod.metadata().namespace_(), cacheable);
        }
        for (const auto& [pair, count] : nodeCounts) s->tpPairToMatchNum[pair] += count;
    }
    if (gates_.minDomains) {
        s->tpKeyToDomainsNum.emplace();
        for (const auto& [pair, count] : s->tpPairToMatchNum) (*s->tpKeyToDomainsNum)[pair.first]++;
    }
    for (const auto& c : cs) s->tpKeyToCriticalPaths[c.topologyKey] = CriticalPaths{};
    for (const auto& [pair, num] : s->tpPairToMatchNum) s->tpKeyToCriticalPaths[pair.first].update(pair.second, num);
    return s;
}

std::pair<framework::PreFilterResult, FStatus> PodTopologySpread::preFilter(CycleState& state, const Pod& pod,
                                                                            const std::vector<NodeInfo*>& nodes) {
    auto s = calPreFilterState(pod, nodes);
    if (!s) return {{}, FStatus::error(s.status().message())};
    if ((*s)->constraints->empty()) return {{}, FStatus::skip()};
    state.write(kPreFilterStateKey, std::move(*s));
    return {{}, {}};
}

void PodTopologySpread::updateWithPod(PreFilterState& s, const Pod& updatedPod, const Pod& preemptor,
                                      const Node* node, int64_t delta) const {
    if (updatedPod.metadata().namespace_() != preemptor.metadata().namespace_() || node == nullptr) return;
    const auto& cs = *s.constraints;
    if (!nodeLabelsMatchSpreadConstraints(node->metadata().labels(), cs)) return;

    const auto affinity = helper::RequiredNodeAffinity::fromPod(preemptor);
    if (!gates_.nodeInclusionPolicy && !affinity.match(*node)) return;

    for (const auto& c : cs) {
        if (!c.selector.matches(updatedPod.metadata().labels())) continue;
        if (gates_.nodeInclusionPolicy && !c.matchNodeInclusionPolicies(preemptor, *node, affinity)) continue;
        const std::string& value = node->metadata().labels().at(c.topologyKey);
        TopologyPair pair{c.topologyKey, value};
        s.tpPairToMatchNum[pair] += delta;
        s.tpKeyToCriticalPaths[c.topologyKey].update(value, s.tpPairToMatchNum[pair]);
    }
}

FStatus PodTopologySpread::addPod(CycleState& state, const Pod& podToSchedule, const framework::PodInfo& podToAdd,
                                  const NodeInfo& nodeInfo) {
    auto* s = state.read<PreFilterState>(kPreFilterStateKey);
    if (!s) return missingState(kPreFilterStateKey.name());
    if (podToAdd.pod) updateWithPod(*s, *podToAdd.pod, podToSchedule, nodeInfo.node(), 1);
    return {};
}

FStatus PodTopologySpread::removePod(CycleState& state, const Pod& podToSchedule,
                                     const framework::PodInfo& podToRemove, const NodeInfo& nodeInfo) {
    auto* s = state.read<PreFilterState>(kPreFilterStateKey);
    if (!s) return missingState(kPreFilterStateKey.name());
    if (podToRemove.pod) updateWithPod(*s, *podToRemove.pod, podToSchedule, nodeInfo.node(), -1);
    return {};
}

FStatus PodTopologySpread::filter(CycleState& state, const Pod& pod, const NodeInfo& nodeInfo) {
    const Node* node = nodeInfo.node();
    if (!node) return FStatus::error("node not found");
    auto* s = state.read<PreFilterState>(kPreFilterStateKey);
    if (!s) return missingState(kPreFilterStateKey.name());
    // An empty state is legitimate: nothing to check.
    if (s->constraints->empty()) return {};

    const auto& nodeLabels = node->metadata().labels();
    for (const auto& c : *s->constraints) {
        auto label = nodeLabels.find(c.topologyKey);
        if (label == nodeLabels.end())
            return FStatus(Code::UnschedulableAndUnresolvable, kErrReasonNodeLabelNotMatch);

        // The global minimum; 0 while there are fewer eligible domains than minDomains. A key
        // without precomputed data is skipped (upstream logs an internal error and continues).
        auto paths = s->tpKeyToCriticalPaths.find(c.topologyKey);
        if (paths == s->tpKeyToCriticalPaths.end()) continue;
        int64_t minMatchNum = paths->second.paths[0].matchNum;
        if (gates_.minDomains) {
            if (!s->tpKeyToDomainsNum) continue;
            auto domains = s->tpKeyToDomainsNum->find(c.topologyKey);
            if (domains == s->tpKeyToDomainsNum->end()) continue;
            if (domains->second < c.minDomains) minMatchNum = 0;
        }

        const int64_t selfMatchNum = c.selector.matches(pod.metadata().labels()) ? 1 : 0;
        int64_t matchNum = 0;
        auto count = s->tpPairToMatchNum.find({c.topologyKey, label->second});
        if (count != s->tpPairToMatchNum.end()) matchNum = count->second;
        const int64_t skew = matchNum + selfMatchNum - minMatchNum;
        if (skew > c.maxSkew) return FStatus(Code::Unschedulable, kErrReasonConstraintsNotMatch);
    }
    return {};
}

}  // namespace pilothouse::scheduler::plugins::podtopologyspread
