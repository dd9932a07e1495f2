// PreScore, Score and NormalizeScore.
#include <cstdint>
#include <limits>

#include "scheduler/plugins/interpodaffinity/plugin.h"

namespace pilothouse::scheduler::plugins::interpodaffinity {

using framework::AffinityTerm;
using framework::Node;
using framework::NodeInfo;
using framework::Pod;
using framework::PodInfo;
using framework::Status;
using framework::WeightedAffinityTerm;

namespace {

const NamespaceLabels kNoNamespaceLabels;

// When `pod` matches `term` and the node has the term's topology key, adds weight * multiplier to
// the pair. The entry is created even when the sum comes back to zero.
void scoreTerm(TopologyScores& scores, const AffinityTerm& term, int32_t weight, const Pod& pod,
               const NamespaceLabels& nsLabels, const Node& node, int32_t multiplier) {
    if (!term.matches(pod, nsLabels)) return;
    const auto& labels = node.metadata().labels();
    auto label = labels.find(term.topologyKey);
    if (label == labels.end()) return;
    scores[term.topologyKey][label->second] += static_cast<int64_t>(weight * multiplier);
}

void scoreTerms(TopologyScores& scores, const std::vector<WeightedAffinityTerm>& terms, const Pod& pod,
                const NamespaceLabels& nsLabels, const Node& node, int32_t multiplier) {
    for (const auto& w : terms) scoreTerm(scores, w.term, w.weight, pod, nsLabels, node, multiplier);
}

void mergeScores(TopologyScores& into, const TopologyScores& from) {
    for (const auto& [key, values] : from) {
        auto& target = into[key];
        for (const auto& [value, score] : values) target[value] += score;
    }
}

Status missingState() {
    return Status::error(std::string("failed to read \"") + kPreScoreStateKey.name() + "\" from cycleState: not found");
}

}  // namespace

std::unique_ptr<framework::StateData> PreScoreState::clone() const { return std::make_unique<PreScoreState>(*this); }

void InterPodAffinity::processExistingPod(const PreScoreState& state, const PodInfo& existing, const Node& existingNode,
                                          const Pod& incoming, TopologyScores& scores) const {
    if (existingNode.metadata().labels().empty()) return;
    const PodInfo& in = *state.podInfo;
    // The incoming pod's preferred terms against the existing pod (namespaces already merged).
    scoreTerms(scores, in.preferredAffinityTerms, *existing.pod, kNoNamespaceLabels, existingNode, 1);
    scoreTerms(scores, in.preferredAntiAffinityTerms, *existing.pod, kNoNamespaceLabels, existingNode, -1);
    // The existing pod's terms against the incoming pod: required affinity is symmetric with the
    // configured weight; preferred terms count with their own weights.
    if (args_.hardPodAffinityWeight > 0)
        for (const auto& t : existing.requiredAffinityTerms)
            scoreTerm(scores, t, args_.hardPodAffinityWeight, incoming, state.namespaceLabels, existingNode, 1);
    scoreTerms(scores, existing.preferredAffinityTerms, incoming, state.namespaceLabels, existingNode, 1);
    scoreTerms(scores, existing.preferredAntiAffinityTerms, incoming, state.namespaceLabels, existingNode, -1);
}

Status InterPodAffinity::preScore(framework::CycleState& cycleState, const Pod& pod,
                                  const std::vector<const NodeInfo*>& nodes) {
    if (nodes.empty()) return Status::skip();  // nothing to score

    const auto& affinity = pod.spec().affinity();
    const bool hasPreferredAffinity =
        affinity.has_pod_affinity() && affinity.pod_affinity().preferred_during_scheduling_ignored_during_execution_size() > 0;
    const bool hasPreferredAntiAffinity =
        affinity.has_pod_anti_affinity() &&
        affinity.pod_anti_affinity().preferred_during_scheduling_ignored_during_execution_size() > 0;
    const bool hasConstraints = hasPreferredAffinity || hasPreferredAntiAffinity;

    if (args_.ignorePreferredTermsOfExistingPods && !hasConstraints) return Status::skip();

    // Without preferred terms of its own, only existing pods with (anti-)affinity can contribute.
    const auto& snapshot = handle_->snapshot();
    const std::vector<NodeInfo*>& candidates = hasConstraints ? snapshot.list() : snapshot.havePodsWithAffinityList();

    if (std::string parseError = affinityParseError(pod); !parseError.empty())
        return Status::error("failed to parse pod: " + parseError);

    auto state = std::make_unique<PreScoreState>();
    state->podInfo = incomingPodInfo(pod, /*preferred=*/true);
    state->namespaceLabels = namespaceLabelsOf(pod.metadata().namespace_());

    bool anyScore = false;
    for (const NodeInfo* nodeInfo : candidates) {
        if (!nodeInfo->node()) continue;
        const auto& existingPods = hasConstraints ? nodeInfo->pods() : nodeInfo->podsWithAffinity();
        TopologyScores nodeScores;
        for (const auto& existing : existingPods)
            processExistingPod(*state, *existing, *nodeInfo->node(), pod, nodeScores);
        if (!nodeScores.empty()) {
            anyScore = true;
            mergeScores(state->topologyScore, nodeScores);
        }
    }
    if (!anyScore) return Status::skip();

    cycleState.write(kPreScoreStateKey, std::move(state));
    return {};
}

std::pair<int64_t, Status> InterPodAffinity::score(framework::CycleState& cycleState, const Pod& /*pod*/,
                                                   const NodeInfo& nodeInfo) {
    const auto* s = cycleState.read<PreScoreState>(kPreScoreStateKey);
    if (!s) return {0, missingState()};
    const Node* node = nodeInfo.node();
    if (!node) return {0, framework::Status()};
    const auto& labels = node->metadata().labels();
    int64_t total = 0;
    for (const auto& [key, values] : s->topologyScore) {
        auto label = labels.find(key);
        if (label == labels.end()) continue;
        auto v = values.find(label->second);
        if (v != values.end()) total += v->second;
    }
    return {total, framework::Status()};
}

Status InterPodAffinity::normalizeScore(framework::CycleState& cycleState, const Pod& /*pod*/,
                                        framework::NodeScoreList& scores) {
    const auto* s = cycleState.read<PreScoreState>(kPreScoreStateKey);
    if (!s) return missingState();
    if (s->topologyScore.empty() || scores.empty()) return {};

    int64_t minCount = std::numeric_limits<int64_t>::max();
    int64_t maxCount = std::numeric_limits<int64_t>::min();
    for (const auto& ns : scores) {
        if (ns.score > maxCount) maxCount = ns.score;
        if (ns.score < minCount) minCount = ns.score;
    }
    const int64_t diff = maxCount - minCount;
    for (auto& ns : scores) {
        double f = 0;
        if (diff > 0)
            f = static_cast<double>(framework::kMaxNodeScore) *
                (static_cast<double>(ns.score - minCount) / static_cast<double>(diff));
        ns.score = static_cast<int64_t>(f);  // truncation, as Go's int64(float64)
    }
    return {};
}

}  // namespace pilothouse::scheduler::plugins::interpodaffinity
