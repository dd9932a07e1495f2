#include "scheduler/schedule_one.h"

#include <algorithm>
#include <unordered_map>

namespace pilothouse::scheduler {

using framework::Code;
using framework::CycleState;
using framework::NodeInfo;
using framework::Status;

std::string FitError::message() const {
    std::string msg = "0/" + std::to_string(numAllNodes) + " nodes are available:";
    if (!diagnosis.preFilterMsg.empty()) {
        msg += " " + diagnosis.preFilterMsg + ".";
    } else {
        // The histogram of reasons over all nodes, "<count> <reason>", sorted as strings.
        std::map<std::string, int> reasons;
        for (const auto& [node, status] : diagnosis.nodeToStatus)
            for (const auto& r : status.reasons()) reasons[r]++;
        std::vector<std::string> parts;
        for (const auto& [reason, count] : reasons) parts.push_back(std::to_string(count) + " " + reason);
        std::sort(parts.begin(), parts.end());
        if (!parts.empty()) {
            msg += " ";
            for (size_t i = 0; i < parts.size(); ++i) msg += (i ? ", " : "") + parts[i];
            msg += ".";
        }
    }
    if (!diagnosis.postFilterMsg.empty()) msg += " " + diagnosis.postFilterMsg + ".";
    return msg;
}

std::vector<framework::PluginScore> Explanation::scoresOf(const NodeExplanation& node) const {
    if (node.scoreRow < 0) return {};
    return scoresAt(size_t(node.scoreRow));
}

std::vector<framework::PluginScore> Explanation::scoresAt(size_t r) const {
    std::vector<framework::PluginScore> out;
    if (r >= scores.nodes.size()) return out;
    for (size_t p = 0; p < scores.plugins.size(); ++p) {
        const int64_t normalized = scores.normalized[p][r];
        out.push_back({scores.plugins[p], scores.raw[p][r], normalized, normalized * scores.weights[p]});
    }
    return out;
}

void beginExplanation(Explanation& e, const framework::Framework& fwk, const Pod& pod) {
    e.pod = framework::podKey(pod);
    e.profile = fwk.schedulerName();
    e.filterPlugins = fwk.filterPluginNames();
    for (const auto& name : fwk.scorePluginNames()) e.scorePlugins.emplace_back(name, fwk.scoreWeight(name));
}

int32_t SchedulingAlgorithm::numFeasibleNodesToFind(const std::optional<int32_t>& profilePercentage,
                                                    int32_t numAllNodes) const {
    constexpr int32_t kMinFeasibleNodesToFind = 100;
    constexpr int32_t kMinFeasibleNodesPercentageToFind = 5;
    if (numAllNodes < kMinFeasibleNodesToFind) return numAllNodes;
    int32_t percentage = profilePercentage ? *profilePercentage : percentageOfNodesToScore_.value_or(0);
    if (percentage == 0) {
        percentage = 50 - numAllNodes / 125;
        if (percentage < kMinFeasibleNodesPercentageToFind) percentage = kMinFeasibleNodesPercentageToFind;
    }
    const int32_t numNodes = int32_t(int64_t(numAllNodes) * percentage / 100);
    return numNodes < kMinFeasibleNodesToFind ? kMinFeasibleNodesToFind : numNodes;
}

namespace {

// The explanation's entry for a node. With explainAll every node has one, made up front and found
// through an index; otherwise an entry is added when the attempt evaluates the node (each node
// once, except a nominated node that fails and is met again in the loop), which keeps the record
// of an ordinary attempt proportional to the nodes it looked at.
struct ExplanationIndex {
    Explanation* e = nullptr;
    bool all = false;
    std::unordered_map<const NodeInfo*, size_t> byNode;  // with `all`
    const NodeInfo* nominated = nullptr;
    size_t nominatedEntry = 0;
    NodeExplanation* operator()(const NodeInfo* node) {
        if (!e) return nullptr;
        if (all) {
            auto it = byNode.find(node);
            return it == byNode.end() ? nullptr : &e->nodes[it->second];
        }
        if (node == nominated) return &e->nodes[nominatedEntry];
        e->nodes.push_back({node->nodeName()});
        return &e->nodes.back();
    }
    // A feasible node's entry: only explainAll keeps one (an ordinary attempt's feasible nodes are
    // the rows of its score sheet).
    NodeExplanation* feasibleNode(const NodeInfo* node) { return all ? (*this)(node) : nullptr; }
    // The entry of a nominated node that failed, made before the loop.
    NodeExplanation* nominatedNode(const NodeInfo* node) {
        NodeExplanation* ne = (*this)(node);
        if (e && !all) {
            nominated = node;
            nominatedEntry = e->nodes.size() - 1;
        }
        return ne;
    }
};

void recordRejection(framework::Framework& fwk, CycleState& state, const Pod& pod, const NodeInfo& node,
                     const Status& decisive, ExplanationIndex& explained, bool explainAll) {
    NodeExplanation* ne = explained(&node);
    if (!ne) return;
    ne->evaluated = true;
    ne->feasible = false;
    ne->rejectedBy = decisive.plugin();
    ne->filter.clear();
    if (explainAll) {
        for (const auto& [plugin, s] : fwk.runAllFilterPlugins(state, pod, node))
            if (!s.isSuccess()) ne->filter[plugin] = s.reasons();
    }
    if (!decisive.plugin().empty() && !ne->filter.contains(decisive.plugin()))
        ne->filter[decisive.plugin()] = decisive.reasons();
}

}  // namespace

SchedulingAlgorithm::Outcome SchedulingAlgorithm::schedulePod(framework::Framework& fwk, CycleState& state,
                                                              const Pod& pod, Explanation* e, bool explainAll) {
    Outcome out;
    const auto& allNodes = fwk.snapshot().list();
    ExplanationIndex explained;
    if (e) {
        beginExplanation(*e, fwk, pod);
        e->nodes.clear();
        e->scores = {};
        explained.e = e;
        explained.all = explainAll;
        if (explainAll) {
            e->nodes.reserve(allNodes.size());
            explained.byNode.reserve(allNodes.size());
            for (const NodeInfo* n : allNodes) {
                explained.byNode.emplace(n, e->nodes.size());
                e->nodes.push_back({n->nodeName()});
            }
        }
    }
    if (allNodes.empty()) {
        out.fitError = FitError{0, {}};
        if (e) e->message = out.fitError->message();
        return out;
    }
    Diagnosis diagnosis;

    // ---- PreFilter ----
    auto [preRes, preStatus] = fwk.runPreFilterPlugins(state, pod);
    if (!preStatus.isSuccess()) {
        if (!preStatus.isRejected()) {
            out.error = pilothouse::Status(StatusCode::Internal, preStatus.message());
            return out;
        }
        // Every node gets the same status; the message carries PreFilter's text without counts.
        for (const NodeInfo* n : allNodes) diagnosis.nodeToStatus[n->nodeName()] = preStatus;
        diagnosis.preFilterMsg = preStatus.message();
        if (!preStatus.plugin().empty()) diagnosis.unschedulablePlugins.insert(preStatus.plugin());
        if (e) {
            e->preFilterRejection = (preStatus.plugin().empty() ? std::string() : preStatus.plugin() + ": ") + preStatus.message();
            for (auto& ne : e->nodes) {
                ne.rejectedBy = preStatus.plugin();
                ne.filter[preStatus.plugin().empty() ? std::string("PreFilter") : preStatus.plugin()] = preStatus.reasons();
            }
        }
        out.fitError = FitError{int(allNodes.size()), std::move(diagnosis)};
        if (e) e->message = out.fitError->message();
        return out;
    }

    std::vector<const NodeInfo*>& feasible = feasibleBuf_;
    feasible.clear();
    std::vector<size_t> feasibleEntries;  // each feasible node's entry in e->nodes
    auto entryOf = [&](const NodeExplanation* ne) { return size_t(ne - e->nodes.data()); };
    // ---- a nominated node (from an earlier preemption) is tried first ----
    if (!pod.status().nominated_node_name().empty()) {
        if (NodeInfo* nominated = fwk.snapshot().get(pod.status().nominated_node_name())) {
            Status s = fwk.runFilterPluginsWithNominatedPods(state, pod, *nominated);
            if (s.isSuccess()) {
                feasible.push_back(nominated);
                if (NodeExplanation* ne = explained.feasibleNode(nominated)) {
                    ne->evaluated = ne->feasible = true;
                    feasibleEntries.push_back(entryOf(ne));
                }
            } else if (NodeExplanation* ne = explained.nominatedNode(nominated)) {
                ne->evaluated = true;
                ne->rejectedBy = s.plugin();
                if (!s.plugin().empty()) ne->filter[s.plugin()] = s.reasons();
            }
        }
    }

    if (feasible.empty()) {
        std::vector<NodeInfo*> narrowed;
        if (!preRes.allNodes())
            for (const auto& name : *preRes.nodeNames)
                if (NodeInfo* n = fwk.snapshot().get(name)) narrowed.push_back(n);
        const std::vector<NodeInfo*>& nodes = preRes.allNodes() ? allNodes : narrowed;
        // ---- Filter, from the rotating start index until enough feasible nodes ----
        const int32_t numToFind = explainAll ? int32_t(nodes.size())
                                             : numFeasibleNodesToFind(fwk.percentageOfNodesToScore(), int32_t(nodes.size()));
        size_t processed = 0;
        const bool nominatedPods = fwk.hasNominatedPods();  // asked once, not per node
        size_t index = nodes.empty() ? 0 : nextStartNodeIndex_ % nodes.size();
        for (size_t i = 0; i < nodes.size(); ++i) {
            if (int32_t(feasible.size()) >= numToFind) break;
            NodeInfo* n = nodes[index];
            if (++index == nodes.size()) index = 0;
            ++processed;
            Status s = nominatedPods ? fwk.runFilterPluginsWithNominatedPods(state, pod, *n)
                                     : fwk.runFilterPlugins(state, pod, *n);
            if (s.isSuccess()) {
                feasible.push_back(n);
                if (NodeExplanation* ne = explained.feasibleNode(n)) {
                    ne->evaluated = ne->feasible = true;
                    feasibleEntries.push_back(entryOf(ne));
                }
            } else if (s.isRejected()) {
                diagnosis.nodeToStatus[n->nodeName()] = s;
                diagnosis.unschedulablePlugins.insert(s.plugin());
                recordRejection(fwk, state, pod, *n, s, explained, explainAll);
            } else {
                out.error = pilothouse::Status(StatusCode::Internal, s.message());
                return out;
            }
        }
        if (!nodes.empty()) nextStartNodeIndex_ = (nextStartNodeIndex_ + processed) % nodes.size();
    }
    if (e) {
        e->evaluatedNodes = int(feasible.size() + diagnosis.nodeToStatus.size());
        e->feasibleNodes = int(feasible.size());
    }
    if (feasible.empty()) {
        out.fitError = FitError{int(allNodes.size()), std::move(diagnosis)};
        if (e) e->message = out.fitError->message();
        return out;
    }

    ScheduleResult result;
    result.evaluatedNodes = int(feasible.size() + diagnosis.nodeToStatus.size());
    result.feasibleNodes = int(feasible.size());
    // ---- one feasible node: upstream takes it without scoring ----
    if (feasible.size() == 1 && !explainAll) {
        result.suggestedHost = feasible[0]->nodeName();
        if (e) e->selectedNode = result.suggestedHost;
        out.result = result;
        return out;
    }

    // ---- PreScore, Score, NormalizeScore ----
    Status pre = fwk.runPreScorePlugins(state, pod, feasible);
    if (!pre.isSuccess()) {
        out.error = pilothouse::Status(StatusCode::Internal, pre.message());
        return out;
    }
    framework::ScoreTable& scored = scoresBuf_;
    if (auto st = fwk.runScorePlugins(state, pod, feasible, scored); !st.isOk()) {
        out.error = st;
        return out;
    }
    if (e) {
        ScoreSheet& sheet = e->scores;
        sheet.plugins.assign(scored.plugins.begin(), scored.plugins.end());
        sheet.weights = scored.weights;
        sheet.raw.assign(scored.raw.begin(), scored.raw.begin() + long(scored.plugins.size()));
        sheet.normalized.assign(scored.normalized.begin(), scored.normalized.begin() + long(scored.plugins.size()));
        sheet.nodes.assign(scored.nodes.begin(), scored.nodes.end());
        sheet.totals = scored.totals;
        for (size_t i = 0; i < feasible.size() && i < feasibleEntries.size(); ++i) {
            NodeExplanation& ne = e->nodes[feasibleEntries[i]];
            ne.scoreRow = int(i);
            ne.total = scored.totals[i];
        }
    }
    if (feasible.size() == 1) {
        result.suggestedHost = feasible[0]->nodeName();
    } else {
        // ---- selectHost: the highest total; among equal totals, one chosen uniformly ----
        // Upstream walks the list once with reservoir sampling (a random draw per tied node);
        // counting the ties and drawing once gives every tied node the same 1/k chance with one
        // draw instead of hundreds.
        const auto& totals = scored.totals;
        const int64_t best = *std::max_element(totals.begin(), totals.end());
        const uint64_t ties = uint64_t(std::count(totals.begin(), totals.end(), best));
        uint64_t pick = ties > 1 ? fwk.randomInt(ties) : 0;
        size_t selected = 0;
        for (size_t i = 0; i < totals.size(); ++i)
            if (totals[i] == best && pick-- == 0) {
                selected = i;
                break;
            }
        result.suggestedHost = scored.nodes[selected];
    }
    if (e) e->selectedNode = result.suggestedHost;
    out.result = result;
    return out;
}

}  // namespace pilothouse::scheduler
