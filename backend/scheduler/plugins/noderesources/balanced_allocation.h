// NodeResourcesBalancedAllocation (kube-scheduler v1.28 balanced_allocation.go): favours nodes
// whose resources would be used evenly once the pod lands. Per configured resource (default cpu
// and memory) the fraction requested / allocatable, capped at 1, over the pods' ACTUAL requests
// (a request-less container counts 0 here, unlike NodeResourcesFit's scoring); resources the node
// lacks, and scalar resources the pod does not request, are left out. Score =
// int64((1 - std) * 100), std being |f1 - f2| / 2 for two fractions, the population standard
// deviation for more, 0 for fewer.
// PreScore records the pod's requests (never Skip in v1.28); Score falls back to computing them
// when PreScore did not run.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "scheduler/framework/feature_gates.h"
#include "scheduler/framework/interface.h"
#include "scheduler/plugins/noderesources/args.h"
#include "scheduler/plugins/noderesources/resource_allocation.h"
#include "util/status.h"

namespace pilothouse::scheduler::plugins::noderesources {

inline const framework::StateKey kBalancedAllocationPreScoreStateKey{"PreScoreNodeResourcesBalancedAllocation"};

class BalancedAllocation final : public framework::PreScorePlugin, public framework::ScorePlugin {
public:
    explicit BalancedAllocation(const NodeResourcesBalancedAllocationArgs& args);

    std::string name() const override;
    framework::Status preScore(framework::CycleState& state, const framework::Pod& pod,
                               const std::vector<const framework::NodeInfo*>& nodes) override;
    std::pair<int64_t, framework::Status> score(framework::CycleState& state, const framework::Pod& pod,
                                                const framework::NodeInfo& nodeInfo) override;
    framework::Status scoreNodes(framework::CycleState& state, const framework::Pod& pod,
                                 std::span<const framework::NodeInfo* const> nodes, std::span<int64_t> scores) override;

    const ResourceAllocationScorer& scorer() const { return scorer_; }

private:
    ResourceAllocationScorer scorer_;
};

// The registry factory: args decoded, defaulted and validated as args.h describes.
StatusOr<std::shared_ptr<framework::Plugin>> newBalancedAllocation(const codec::Value& args, framework::Handle& handle,
                                                                   const framework::FeatureGates& gates);

}  // namespace pilothouse::scheduler::plugins::noderesources
