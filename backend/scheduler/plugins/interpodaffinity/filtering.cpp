// PreFilter, its AddPod/RemovePod extensions, and Filter.
#include "scheduler/plugins/interpodaffinity/plugin.h"

#include <tuple>

namespace pilothouse::scheduler::plugins::interpodaffinity {

using framework::AffinityTerm;
using framework::Code;
using framework::Node;
using framework::NodeInfo;
using framework::Pod;
using framework::PodInfo;
using framework::Status;

namespace {

const NamespaceLabels kNoNamespaceLabels;

// Adds `value` to the pair (key, node's value for key); nothing when the node lacks the label.
void addToPair(TopologyCounts& counts, const Node* node, const std::string& key, int64_t value) {
    if (!node) return;
    const auto& labels = node->metadata().labels();
    auto label = labels.find(key);
    if (label == labels.end()) return;
    TopologyPair pair{key, label->second};
    int64_t& count = counts[pair];
    count += value;
    if (count == 0) counts.erase(pair);  // removals may bring a pair back to zero
}

// True when `pod` matches every term. The terms are the incoming pod's, whose namespace selectors
// were folded into their namespaces, so no namespace labels are needed. No terms: false.
bool matchesAllTerms(const std::vector<AffinityTerm>& terms, const Pod& pod) {
    if (terms.empty()) return false;
    for (const auto& t : terms)
        if (!t.matches(pod, kNoNamespaceLabels)) return false;
    return true;
}

// Affinity: a pod counts (once per term) only when it matches all terms.
void countAffinity(TopologyCounts& counts, const std::vector<AffinityTerm>& terms, const Pod& pod,
                   const Node* node, int64_t value) {
    if (!matchesAllTerms(terms, pod)) return;
    for (const auto& t : terms) addToPair(counts, node, t.topologyKey, value);
}

// Anti-affinity: every term the pod matches counts.
void countAntiAffinity(TopologyCounts& counts, const std::vector<AffinityTerm>& terms, const Pod& pod,
                       const NamespaceLabels& nsLabels, const Node* node, int64_t value) {
    for (const auto& t : terms)
        if (t.matches(pod, nsLabels)) addToPair(counts, node, t.topologyKey, value);
}

Status missingState() {
    return Status::error(std::string("error reading \"") + kPreFilterStateKey.name() + "\" from cycleState: not found");
}

int64_t countOf(const TopologyCounts& counts, const std::string& key, const std::string& value) {
    auto it = counts.find(TopologyPair{key, value});
    return it == counts.end() ? 0 : it->second;
}

bool satisfiesPodAffinity(const PreFilterState& s, const Node& node) {
    const auto& labels = node.metadata().labels();
    bool podsExist = true;
    for (const auto& term : s.podInfo->requiredAffinityTerms) {
        auto label = labels.find(term.topologyKey);
        if (label == labels.end()) return false;  // every topology key must be a label of the node
        if (countOf(s.affinityCounts, term.topologyKey, label->second) <= 0) podsExist = false;
    }
    if (podsExist) return true;
    // No pod matches anywhere yet: let the first pod of a group with affinity to itself in.
    return s.affinityCounts.empty() && matchesAllTerms(s.podInfo->requiredAffinityTerms, *s.podInfo->pod);
}

bool satisfiesPodAntiAffinity(const PreFilterState& s, const Node& node) {
    if (s.antiAffinityCounts.empty()) return true;
    const auto& labels = node.metadata().labels();
    for (const auto& term : s.podInfo->requiredAntiAffinityTerms) {
        auto label = labels.find(term.topologyKey);
        if (label != labels.end() && countOf(s.antiAffinityCounts, term.topologyKey, label->second) > 0) return false;
    }
    return true;
}

bool satisfiesExistingPodsAntiAffinity(const PreFilterState& s, const Node& node) {
    if (s.existingAntiAffinityCounts.empty()) return true;
    for (const auto& [key, value] : node.metadata().labels())
        if (countOf(s.existingAntiAffinityCounts, key, value) > 0) return false;
    return true;
}

}  // namespace

std::unique_ptr<framework::StateData> PreFilterState::clone() const { return std::make_unique<PreFilterState>(*this); }

void PreFilterState::updateWithPod(const PodInfo& pod, const Node* node, int64_t multiplier) {
    // The updated pod's own anti-affinity against the incoming pod...
    countAntiAffinity(existingAntiAffinityCounts, pod.requiredAntiAffinityTerms, *podInfo->pod, namespaceLabels, node,
                      multiplier);
    // ...and the incoming pod's terms against the updated pod.
    countAffinity(affinityCounts, podInfo->requiredAffinityTerms, *pod.pod, node, multiplier);
    countAntiAffinity(antiAffinityCounts, podInfo->requiredAntiAffinityTerms, *pod.pod, kNoNamespaceLabels, node,
                      multiplier);
}

TopologyCounts InterPodAffinity::existingAntiAffinityCounts(const Pod& pod, const NamespaceLabels& nsLabels,
                                                            const std::vector<NodeInfo*>& nodes) const {
    TopologyCounts counts;
    for (const NodeInfo* nodeInfo : nodes) {
        if (!nodeInfo->node()) continue;
        for (const auto& existing : nodeInfo->podsWithRequiredAntiAffinity())
            countAntiAffinity(counts, existing->requiredAntiAffinityTerms, pod, nsLabels, nodeInfo->node(), 1);
    }
    return counts;
}

std::pair<TopologyCounts, TopologyCounts> InterPodAffinity::incomingAffinityAntiAffinityCounts(
    const PodInfo& incoming, const std::vector<NodeInfo*>& nodes) const {
    TopologyCounts affinity, antiAffinity;
    if (incoming.requiredAffinityTerms.empty() && incoming.requiredAntiAffinityTerms.empty())
        return {affinity, antiAffinity};
    for (const NodeInfo* nodeInfo : nodes) {
        if (!nodeInfo->node()) continue;
        for (const auto& existing : nodeInfo->pods()) {
            countAffinity(affinity, incoming.requiredAffinityTerms, *existing->pod, nodeInfo->node(), 1);
            countAntiAffinity(antiAffinity, incoming.requiredAntiAffinityTerms, *existing->pod, kNoNamespaceLabels,
                              nodeInfo->node(), 1);
        }
    }
    return {affinity, antiAffinity};
}

std::pair<framework::PreFilterResult, Status> InterPodAffinity::preFilter(framework::CycleState& state, const Pod& pod,
                                                                          const std::vector<NodeInfo*>& nodes) {
    if (std::string parseError = affinityParseError(pod); !parseError.empty())
        return {{}, Status(Code::UnschedulableAndUnresolvable, "parsing pod: " + parseError)};

    auto s = std::make_unique<PreFilterState>();
    s->podInfo = incomingPodInfo(pod, /*preferred=*/false);
    s->namespaceLabels = namespaceLabelsOf(pod.metadata().namespace_());
    s->existingAntiAffinityCounts =
        existingAntiAffinityCounts(pod, s->namespaceLabels, handle_->snapshot().havePodsWithRequiredAntiAffinityList());
    std::tie(s->affinityCounts, s->antiAffinityCounts) = incomingAffinityAntiAffinityCounts(*s->podInfo, nodes);

    if (s->existingAntiAffinityCounts.empty() && s->podInfo->requiredAffinityTerms.empty() &&
        s->podInfo->requiredAntiAffinityTerms.empty())
        return {{}, Status::skip()};

    state.write(kPreFilterStateKey, std::move(s));
    return {{}, {}};
}

Status InterPodAffinity::addPod(framework::CycleState& state, const Pod& /*podToSchedule*/, const PodInfo& podToAdd,
                                const NodeInfo& nodeInfo) {
    auto* s = state.read<PreFilterState>(kPreFilterStateKey);
    if (!s) return missingState();
    s->updateWithPod(podToAdd, nodeInfo.node(), 1);
    return {};
}

Status InterPodAffinity::removePod(framework::CycleState& state, const Pod& /*podToSchedule*/,
                                   const PodInfo& podToRemove, const NodeInfo& nodeInfo) {
    auto* s = state.read<PreFilterState>(kPreFilterStateKey);
    if (!s) return missingState();
    s->updateWithPod(podToRemove, nodeInfo.node(), -1);
    return {};
}

Status InterPodAffinity::filter(framework::CycleState& state, const Pod& /*pod*/, const NodeInfo& nodeInfo) {
    const Node* node = nodeInfo.node();
    if (!node) return Status::error("node not found");
    const auto* s = state.read<PreFilterState>(kPreFilterStateKey);
    if (!s) return missingState();
    // Preemption cannot add the pods affinity needs: unresolvable. Anti-affinity may be resolved
    // by evicting pods.
    if (!satisfiesPodAffinity(*s, *node)) return Status(Code::UnschedulableAndUnresolvable, kErrReasonAffinityRulesNotMatch);
    if (!satisfiesPodAntiAffinity(*s, *node)) return Status(Code::Unschedulable, kErrReasonAntiAffinityRulesNotMatch);
    if (!satisfiesExistingPodsAntiAffinity(*s, *node))
        return Status(Code::Unschedulable, kErrReasonExistingAntiAffinityRulesNotMatch);
    return {};
}

}  // namespace pilothouse::scheduler::plugins::interpodaffinity
