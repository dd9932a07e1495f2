// DefaultPreemption (pkg/scheduler/framework/plugins/defaultpreemption, Kubernetes v1.28): the
// PostFilter plugin that makes room for a pod no node could take by evicting pods of lower
// priority. The flow is the evaluator's (evaluator.h); this plugin supplies the policy:
//
//  - Eligibility. A pod with preemptionPolicy: Never may not preempt ("not eligible due to
//    preemptionPolicy=Never."). A pod nominated to a node by an earlier preemption waits while that
//    node still has a lower-priority pod terminating because of preemption ("not eligible due to a
//    terminating pod on the nominated node.") — unless the filters now reject that node as
//    UnschedulableAndUnresolvable. With the PodDisruptionConditions gate (on by default) a pod
//    counts as terminating because of preemption when it has a deletionTimestamp and a
//    DisruptionTarget condition with status True and reason PreemptionByScheduler; without the
//    gate any terminating lower-priority pod counts.
//  - How many candidates: max(nodes * minCandidateNodesPercentage / 100, minCandidateNodesAbsolute),
//    at most all potential nodes; the dry run starts at handle.randomInt(nodes).
//  - Victims on a node: every pod of lower priority is removed (PreFilter extensions told of each
//    removal); if the pod then fails the filters (with nominated pods), the node is no candidate and
//    keeps that status; if the node had no lower-priority pod it gets "No preemption victims found
//    for incoming pod". Otherwise the removed pods, sorted most important first (priority, then
//    earlier status.startTime; Go's unstable sort reproduced for ties), are added back one at a
//    time — first those whose eviction would violate a PodDisruptionBudget, then the rest — and each
//    one with which the pod still fits stays; the others are the victims, and the PDB-violating
//    ones among them are counted.
//
// Status messages: whatever the evaluator reports, prefixed with "preemption: ", e.g.
//   "preemption: not eligible due to preemptionPolicy=Never."
//   "preemption: 0/4 nodes are available: 1 Preemption is not helpful for scheduling,
//    3 No preemption victims found for incoming pod."
// (the scheduler then appends " <message>." to its FailedScheduling text, hence the ".." seen in
// real clusters). Success has no message.
#pragma once

#include <memory>

#include "api/codec/value.h"
#include "scheduler/framework/feature_gates.h"
#include "scheduler/framework/interface.h"
#include "scheduler/plugins/defaultpreemption/args.h"
#include "scheduler/plugins/defaultpreemption/evaluator.h"
#include "util/status.h"

namespace pilothouse::scheduler::plugins::defaultpreemption {

inline constexpr const char* kName = "DefaultPreemption";

class DefaultPreemption final : public framework::PostFilterPlugin, public PreemptionPolicy {
public:
    DefaultPreemption(const DefaultPreemptionArgs& args, framework::Handle& handle, const framework::FeatureGates& gates)
        : args_(args), handle_(handle), gates_(gates), evaluator_(handle, *this) {}

    std::string name() const override { return kName; }
    const DefaultPreemptionArgs& args() const { return args_; }
    Evaluator& evaluator() { return evaluator_; }

    std::pair<framework::PostFilterResult, framework::Status> postFilter(
        framework::CycleState& state, const framework::Pod& pod,
        const framework::NodeToStatusMap& filteredNodeStatuses) override;

    // PreemptionPolicy
    std::pair<int32_t, int32_t> offsetAndNumCandidates(int32_t numNodes) override;
    std::pair<bool, std::string> podEligibleToPreemptOthers(const framework::Pod& pod,
                                                            const framework::Status* nominatedNodeStatus) override;
    VictimSelection selectVictimsOnNode(framework::CycleState& state, const framework::Pod& pod,
                                        framework::NodeInfo& node,
                                        const std::vector<std::shared_ptr<const PodDisruptionBudget>>& pdbs) override;

private:
    DefaultPreemptionArgs args_;
    framework::Handle& handle_;
    framework::FeatureGates gates_;
    Evaluator evaluator_;
};

// Whether `pod` is terminating because the scheduler preempted it (see above).
bool podTerminatingByPreemption(const framework::Pod& pod, bool podDisruptionConditions);

// The registry factory: decodes and validates DefaultPreemptionArgs (InvalidArgument with the
// upstream texts) and builds the plugin.
StatusOr<std::shared_ptr<framework::Plugin>> New(const codec::Value& args, framework::Handle& handle,
                                                 const framework::FeatureGates& gates);

}  // namespace pilothouse::scheduler::plugins::defaultpreemption
