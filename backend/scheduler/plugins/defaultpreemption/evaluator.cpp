#include "scheduler/plugins/defaultpreemption/evaluator.h"

#include <set>

#include "scheduler/plugins/defaultpreemption/fit_message.h"
#include "scheduler/plugins/defaultpreemption/pick_node.h"
#include "scheduler/plugins/defaultpreemption/pod_order.h"

namespace pilothouse::scheduler::plugins::defaultpreemption {

using framework::Code;
using framework::Status;

namespace {

constexpr const char* kNotHelpful = "Preemption is not helpful for scheduling";

// utilerrors.NewAggregate(errs).Error(): repeats dropped, one message bare, several bracketed.
std::string aggregate(const std::vector<std::string>& errors) {
    std::vector<std::string> unique;
    std::set<std::string> seen;
    for (const auto& e : errors)
        if (seen.insert(e).second) unique.push_back(e);
    if (unique.size() == 1) return unique[0];
    std::string joined;
    for (size_t i = 0; i < unique.size(); ++i) joined += (i ? ", " : "") + unique[i];
    return "[" + joined + "]";
}

// A fixed-capacity list: additions past the capacity are dropped (upstream's candidateList).
struct CandidateList {
    size_t capacity;
    std::vector<Candidate> items;
    void add(Candidate c) {
        if (items.size() < capacity) items.push_back(std::move(c));
    }
};

}  // namespace

std::pair<framework::PostFilterResult, Status> Evaluator::preempt(framework::CycleState& state,
                                                                  const framework::Pod& pod,
                                                                  const framework::NodeToStatusMap& statuses) {
    // 1) May this pod preempt?
    const std::string& nominated = pod.status().nominated_node_name();
    auto it = statuses.find(nominated);
    auto [eligible, reason] = policy_.podEligibleToPreemptOthers(pod, it == statuses.end() ? nullptr : &it->second);
    if (!eligible) return {{}, Status(Code::Unschedulable, reason)};

    // 2) + 3) Candidates.
    DryRunResult found = findCandidates(state, pod, statuses);
    if (!found.errors.empty() && found.candidates.empty()) return {{}, Status::error(aggregate(found.errors))};

    // 4) None: say why, node by node — and clear the pod's nomination (Override with "").
    if (found.candidates.empty()) {
        framework::PostFilterResult clear;
        clear.mode = framework::NominatingMode::Override;
        return {clear, Status(Code::Unschedulable, noCandidateMessage(found.nodeStatuses))};
    }

    // 5) The best candidate, and the API writes that make room on it.
    const Candidate& best = selectCandidate(found.candidates);
    if (best.nodeName.empty()) return {{}, Status(Code::Unschedulable, "no candidate node for preemption")};
    Status prepared = prepareCandidate(best, pod);
    if (!prepared.isSuccess()) return {{}, prepared};

    framework::PostFilterResult result;
    result.mode = framework::NominatingMode::Override;
    result.nominatedNodeName = best.nodeName;
    for (const auto& v : best.victims) result.victims.push_back(framework::podKey(*v));
    for (const auto& c : found.candidates) result.candidates.push_back(c.nodeName);
    return {result, Status()};
}

DryRunResult Evaluator::findCandidates(framework::CycleState& state, const framework::Pod& pod,
                                       const framework::NodeToStatusMap& statuses) {
    DryRunResult out;
    const auto& allNodes = handle_.snapshot().list();
    if (allNodes.empty()) {
        out.errors.push_back("no nodes available");
        return out;
    }

    std::vector<framework::NodeInfo*> potential;
    framework::NodeToStatusMap notHelpful;
    for (framework::NodeInfo* node : allNodes) {
        auto it = statuses.find(node->nodeName());
        if (it != statuses.end() && it->second.code() == Code::UnschedulableAndUnresolvable) {
            notHelpful[node->nodeName()] = Status(Code::UnschedulableAndUnresolvable, kNotHelpful);
            continue;
        }
        potential.push_back(node);
    }
    if (potential.empty()) {
        // Preemption cannot help anywhere: drop any node the pod was nominated to earlier (an
        // error here is not worth failing for, as upstream).
        if (!pod.status().nominated_node_name().empty() && handle_.client())
            handle_.client()->setNominatedNodeName(pod, "");
        out.nodeStatuses = std::move(notHelpful);
        return out;
    }

    const auto& pdbs = handle_.clusterObjects().podDisruptionBudgets;
    auto [offset, numCandidates] = policy_.offsetAndNumCandidates(static_cast<int32_t>(potential.size()));
    out = dryRunPreemption(state, pod, potential, pdbs, offset, numCandidates);
    for (auto& [node, status] : notHelpful) out.nodeStatuses[node] = std::move(status);
    return out;
}

DryRunResult Evaluator::dryRunPreemption(framework::CycleState& state, const framework::Pod& pod,
                                         const std::vector<framework::NodeInfo*>& potentialNodes,
                                         const std::vector<std::shared_ptr<const PodDisruptionBudget>>& pdbs,
                                         int32_t offset, int32_t numCandidates) {
    DryRunResult out;
    const size_t capacity = numCandidates > 0 ? size_t(numCandidates) : 0;
    CandidateList nonViolating{capacity, {}}, violating{capacity, {}};
    const size_t n = potentialNodes.size();
    for (size_t i = 0; i < n; ++i) {
        const framework::NodeInfo& original = *potentialNodes[(size_t(offset) + i) % n];
        auto node = original.clone();
        auto stateCopy = state.clone();
        VictimSelection sel = policy_.selectVictimsOnNode(*stateCopy, pod, *node, pdbs);
        if (sel.status.isSuccess() && !sel.victims.empty()) {
            Candidate c{node->nodeName(), std::move(sel.victims), sel.numPDBViolations};
            if (sel.numPDBViolations == 0) nonViolating.add(std::move(c));
            else violating.add(std::move(c));
            const size_t nvc = nonViolating.items.size(), vc = violating.items.size();
            if (nvc > 0 && nvc + vc >= size_t(numCandidates)) break;
            continue;
        }
        Status status = std::move(sel.status);
        if (status.isSuccess())
            status = Status::error("expected at least one victim pod on node \"" + node->nodeName() + "\"");
        if (status.code() == Code::Error) out.errors.push_back(status.message());
        out.nodeStatuses[node->nodeName()] = std::move(status);
    }
    out.candidates = std::move(nonViolating.items);
    for (auto& c : violating.items) out.candidates.push_back(std::move(c));
    return out;
}

const Candidate& Evaluator::selectCandidate(const std::vector<Candidate>& candidates) const {
    if (candidates.size() == 1) return candidates.front();
    const std::string node = pickOneNodeForPreemption(candidates, handle_.nowNanos());
    for (const auto& c : candidates)
        if (c.nodeName == node) return c;
    return candidates.front();
}

Status Evaluator::prepareCandidate(const Candidate& candidate, const framework::Pod& pod) {
    framework::ClusterClient* client = handle_.client();
    if (!client) return Status::error("preemption needs a client to delete victims");
    for (const auto& victim : candidate.victims) {
        Status s = client->deletePod(*victim, pod, candidate.nodeName);
        if (!s.isSuccess()) return Status::error(s.message());
    }
    // Pods of lower priority nominated to this node may not fit any more: let them be scheduled
    // again elsewhere. Errors are not worth failing for (as upstream).
    const int32_t priority = podPriority(pod);
    for (const auto& nominated : handle_.nominatedPodsForNode(candidate.nodeName)) {
        const framework::Pod& p = *nominated->pod;
        if (podPriority(p) < priority && !p.status().nominated_node_name().empty())
            client->setNominatedNodeName(p, "");
    }
    return {};
}

}  // namespace pilothouse::scheduler::plugins::defaultpreemption
