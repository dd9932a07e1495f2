#include "scheduler/plugins/podtopologyspread/scoring.h"

#include <cmath>
#include <limits>

#include "scheduler/plugins/podtopologyspread/plugin.h"

namespace pilothouse::scheduler::plugins::podtopologyspread {

using framework::CycleState;
using framework::NodeInfo;
using FStatus = framework::Status;

namespace {
constexpr int64_t kInvalidScore = -1;

FStatus missingScoreState() {
    return FStatus::error(std::string("error reading \"") + kPreScoreStateKey.name() + "\" from cycleState: not found");
}
}  // namespace

double topologyNormalizingWeight(int64_t size) { return std::log(static_cast<double>(size + 2)); }

double scoreForCount(int64_t count, int32_t maxSkew, double weight) {
    return static_cast<double>(count) * weight + static_cast<double>(maxSkew - 1);
}

FStatus PodTopologySpread::initPreScoreState(PreScoreState& s, const Pod& pod,
                                             const std::vector<const NodeInfo*>& filtered,
                                             bool requireAllTopologies) const {
    auto constraints = constraintsFor(pod, kScheduleAnyway);
    if (!constraints) {
        const char* what = pod.spec().topology_spread_constraints_size() > 0
                               ? "obtaining pod's soft topology spread constraints: "
                               : "setting default soft topology spread constraints: ";
        return FStatus::error(std::string(what) + constraints.status().message());
    }
    s.constraints = std::move(*constraints);
    if (s.constraints.empty()) return {};

    std::vector<int64_t> topoSize(s.constraints.size(), 0);
    for (const NodeInfo* info : filtered) {
        if (!info || !info->node()) continue;
        const Node& node = *info->node();
        const auto& labels = node.metadata().labels();
        if (requireAllTopologies && !nodeLabelsMatchSpreadConstraints(labels, s.constraints)) {
            // Candidates without every topology key are not scored (they get 0).
            s.ignoredNodes.insert(node.metadata().name());
            continue;
        }
        for (size_t i = 0; i < s.constraints.size(); ++i) {
            const auto& c = s.constraints[i];
            // Per-node (hostname) counts are taken in Score.
            if (c.topologyKey == kLabelHostname) continue;
            auto it = labels.find(c.topologyKey);
            TopologyPair pair{c.topologyKey, it == labels.end() ? std::string() : it->second};
            if (s.topologyPairToPodCounts.emplace(pair, 0).second) topoSize[i]++;
        }
    }

    s.topologyNormalizingWeight.resize(s.constraints.size());
    s.selectorKeys.clear();
    for (const auto& c : s.constraints) s.selectorKeys.push_back(c.selector.toString());
    for (size_t i = 0; i < s.constraints.size(); ++i) {
        int64_t size = topoSize[i];
        if (s.constraints[i].topologyKey == kLabelHostname)
            size = static_cast<int64_t>(filtered.size()) - static_cast<int64_t>(s.ignoredNodes.size());
        s.topologyNormalizingWeight[i] = topologyNormalizingWeight(size);
    }
    return {};
}

FStatus PodTopologySpread::preScore(CycleState& state, const Pod& pod, const std::vector<const NodeInfo*>& nodes) {
    const auto& allNodes = handle_.snapshot().list();
    // Nothing to score.
    if (nodes.empty() || allNodes.empty()) return FStatus::skip();

    auto s = std::make_unique<PreScoreState>();
    // Nodes need every topology key unless the system defaults apply: nodes without a zone still
    // get hostname spreading.
    const bool requireAllTopologies = pod.spec().topology_spread_constraints_size() > 0 || !systemDefaulted_;
    FStatus init = initPreScoreState(*s, pod, nodes, requireAllTopologies);
    if (!init.isSuccess()) return FStatus::error("calculating preScoreState: " + init.message());
    // No soft constraints: nothing to do.
    if (s->constraints.empty()) return FStatus::skip();

    const auto affinity = helper::RequiredNodeAffinity::fromPod(pod);
    for (const NodeInfo* info : allNodes) {
        if (!info || !info->node()) continue;
        const Node& node = *info->node();
        if (!gates_.nodeInclusionPolicy && !affinity.match(node)) continue;
        const auto& labels = node.metadata().labels();
        if (requireAllTopologies && !nodeLabelsMatchSpreadConstraints(labels, s->constraints)) continue;

        const bool cacheable = inSnapshot(*info);
        for (size_t i = 0; i < s->constraints.size(); ++i) {
            const auto& c = s->constraints[i];
            if (gates_.nodeInclusionPolicy && !c.matchNodeInclusionPolicies(pod, node, affinity)) continue;
            auto it = labels.find(c.topologyKey);
            TopologyPair pair{c.topologyKey, it == labels.end() ? std::string() : it->second};
            // Only domains of candidate nodes are counted (hostname domains never are here).
            auto count = s->topologyPairToPodCounts.find(pair);
            if (count == s->topologyPairToPodCounts.end()) continue;
            count->second += counts_.count(*info, c.selector, s->selectorKeys[i], pod.metadata().namespace_(), cacheable);
        }
    }
    state.write(kPreScoreStateKey, std::move(s));
    return {};
}

std::pair<int64_t, FStatus> PodTopologySpread::score(CycleState& state, const Pod& pod, const NodeInfo& nodeInfo) {
    const Node* node = nodeInfo.node();
    if (!node) return {0, FStatus::error("getting node \"\" from Snapshot: node not found")};
    auto* s = state.read<PreScoreState>(kPreScoreStateKey);
    if (!s) return {0, missingScoreState()};
    if (s->ignoredNodes.count(node->metadata().name())) return {0, framework::Status()};

    // Each constraint adds the matching pods of the node's domain, weighted.
    double score = 0;
    const auto& labels = node->metadata().labels();
    for (size_t i = 0; i < s->constraints.size(); ++i) {
        const auto& c = s->constraints[i];
        auto value = labels.find(c.topologyKey);
        if (value == labels.end()) continue;
        int64_t count = 0;
        if (c.topologyKey == kLabelHostname) {
            count = i < s->selectorKeys.size()
                        ? counts_.count(nodeInfo, c.selector, s->selectorKeys[i], pod.metadata().namespace_(), inSnapshot(nodeInfo))
                        : countPodsMatchSelector(nodeInfo.pods(), c.selector, pod.metadata().namespace_());
        } else {
            auto it = s->topologyPairToPodCounts.find({c.topologyKey, value->second});
            if (it != s->topologyPairToPodCounts.end()) count = it->second;
        }
        score += scoreForCount(count, c.maxSkew, s->topologyNormalizingWeight[i]);
    }
    return {static_cast<int64_t>(std::round(score)), framework::Status()};
}

FStatus PodTopologySpread::normalizeScore(CycleState& state, const Pod& /*pod*/, framework::NodeScoreList& scores) {
    auto* s = state.read<PreScoreState>(kPreScoreStateKey);
    if (!s) return missingScoreState();

    int64_t minScore = std::numeric_limits<int64_t>::max();
    int64_t maxScore = 0;
    for (auto& ns : scores) {
        if (s->ignoredNodes.count(ns.name)) {
            ns.score = kInvalidScore;
            continue;
        }
        minScore = std::min(minScore, ns.score);
        maxScore = std::max(maxScore, ns.score);
    }
    for (auto& ns : scores) {
        if (ns.score == kInvalidScore) {
            ns.score = 0;
            continue;
        }
        if (maxScore == 0) {
            ns.score = framework::kMaxNodeScore;
            continue;
        }
        ns.score = framework::kMaxNodeScore * (maxScore + minScore - ns.score) / maxScore;
    }
    return {};
}

}  // namespace pilothouse::scheduler::plugins::podtopologyspread
