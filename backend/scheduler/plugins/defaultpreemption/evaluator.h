// The preemption evaluator (pkg/scheduler/framework/preemption in Kubernetes v1.28): the part of
// preemption that does not depend on the plugin's policy. For a pod no node could take:
//
//   1. Is the pod allowed to preempt at all? (policy: PodEligibleToPreemptOthers)
//   2. Which nodes could preemption help? Every node the filters did not reject as
//      UnschedulableAndUnresolvable (a node without a status counts as helpable). The others get
//      "Preemption is not helpful for scheduling". When no node is left, the pod's own
//      nominatedNodeName is cleared.
//   3. Dry run: starting at a random offset into those nodes and wrapping around, choose victims on
//      a copy of each node (policy: SelectVictimsOnNode) until numCandidates candidates are found
//      with at least one of them violating no PodDisruptionBudget — or until the nodes run out.
//      Nodes that yield no candidate keep the status that says why.
//   4. No candidate: Unschedulable, "0/N nodes are available: <histogram>." (fit_message.h); when
//      some node failed with an internal error and there is no candidate, that error instead.
//   5. Pick one candidate (pick_node.h), delete its victims through the API server
//      (ClusterClient::deletePod: the DisruptionTarget condition, the deletion and the Preempted
//      event are the client's), and clear the nominatedNodeName of pods of lower priority than the
//      preemptor nominated to that node — they may no longer fit there.
//   6. Result: the node to nominate, the victims and the candidates. Recording the preemptor's own
//      nominatedNodeName is the scheduler's job, as upstream.
//
// The dry run goes through the nodes one at a time, in the order upstream's parallel workers would
// start them; upstream runs 16 workers and may evaluate a few more nodes before it stops, which can
// only add candidates that come later in its list.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "scheduler/framework/interface.h"
#include "scheduler/plugins/defaultpreemption/candidate.h"
#include "scheduler/plugins/defaultpreemption/pdb_violation.h"

namespace pilothouse::scheduler::plugins::defaultpreemption {

// What one node's victim selection found.
struct VictimSelection {
    std::vector<std::shared_ptr<const framework::Pod>> victims;
    int numPDBViolations = 0;
    framework::Status status;  // Success, or why the node is no candidate
};

// The policy a preemption plugin supplies (preemption.Interface).
class PreemptionPolicy {
public:
    virtual ~PreemptionPolicy() = default;
    // (offset into the potential nodes, number of candidates to find).
    virtual std::pair<int32_t, int32_t> offsetAndNumCandidates(int32_t numNodes) = 0;
    // (eligible, reason when not). `nominatedNodeStatus`: the filters' status for the pod's
    // nominated node, null when it has none.
    virtual std::pair<bool, std::string> podEligibleToPreemptOthers(const framework::Pod& pod,
                                                                    const framework::Status* nominatedNodeStatus) = 0;
    // Works on copies: `state` and `node` may be changed.
    virtual VictimSelection selectVictimsOnNode(framework::CycleState& state, const framework::Pod& pod,
                                                framework::NodeInfo& node,
                                                const std::vector<std::shared_ptr<const PodDisruptionBudget>>& pdbs) = 0;
};

struct DryRunResult {
    std::vector<Candidate> candidates;       // non-violating ones first, then violating ones
    framework::NodeToStatusMap nodeStatuses;  // nodes that are no candidate
    std::vector<std::string> errors;          // internal errors, in node order
};

class Evaluator {
public:
    Evaluator(framework::Handle& handle, PreemptionPolicy& policy) : handle_(handle), policy_(policy) {}

    // The whole of preemption. The status is Success with a nominated node, Unschedulable with the
    // reason, or Error; its message is not yet prefixed with "preemption: ".
    std::pair<framework::PostFilterResult, framework::Status> preempt(framework::CycleState& state,
                                                                      const framework::Pod& pod,
                                                                      const framework::NodeToStatusMap& statuses);

    // Steps 2 and 3. `errors` non-empty with no candidates: preemption fails with them.
    DryRunResult findCandidates(framework::CycleState& state, const framework::Pod& pod,
                                const framework::NodeToStatusMap& statuses);

    DryRunResult dryRunPreemption(framework::CycleState& state, const framework::Pod& pod,
                                  const std::vector<framework::NodeInfo*>& potentialNodes,
                                  const std::vector<std::shared_ptr<const PodDisruptionBudget>>& pdbs, int32_t offset,
                                  int32_t numCandidates);

    // Step 5's choice; candidates must not be empty.
    const Candidate& selectCandidate(const std::vector<Candidate>& candidates) const;

    // Step 5's API writes.
    framework::Status prepareCandidate(const Candidate& candidate, const framework::Pod& pod);

private:
    framework::Handle& handle_;
    PreemptionPolicy& policy_;
};

}  // namespace pilothouse::scheduler::plugins::defaultpreemption
