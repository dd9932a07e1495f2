#include "scheduler/plugins/noderesources/balanced_allocation.h"

#include "scheduler/plugins/names.h"
#include "scheduler/plugins/noderesources/scorers.h"

namespace pilothouse::scheduler::plugins::noderesources {

namespace {

struct PreScoreState final : framework::StateData {
    std::vector<int64_t> podRequests;  // in the order of the configured resources
    std::unique_ptr<framework::StateData> clone() const override { return std::make_unique<PreScoreState>(*this); }
};

}  // namespace

BalancedAllocation::BalancedAllocation(const NodeResourcesBalancedAllocationArgs& args)
    : scorer_(names::NodeResourcesBalancedAllocation, true, ResourceAllocationScorer::Strategy::BalancedAllocation, args.resources) {}

std::string BalancedAllocation::name() const { return names::NodeResourcesBalancedAllocation; }

framework::Status BalancedAllocation::preScore(framework::CycleState& state, const framework::Pod& pod,
                                               const std::vector<const framework::NodeInfo*>&) {
    auto s = std::make_unique<PreScoreState>();
    s->podRequests = scorer_.podRequests(pod);
    state.write(kBalancedAllocationPreScoreStateKey, std::move(s));
    return {};
}

std::pair<int64_t, framework::Status> BalancedAllocation::score(framework::CycleState& state, const framework::Pod& pod,
                                                                const framework::NodeInfo& nodeInfo) {
    if (const auto* s = state.read<PreScoreState>(kBalancedAllocationPreScoreStateKey))
        return scorer_.score(nodeInfo, s->podRequests);
    return scorer_.score(nodeInfo, scorer_.podRequests(pod));
}

framework::Status BalancedAllocation::scoreNodes(framework::CycleState& state, const framework::Pod& pod,
                                      std::span<const framework::NodeInfo* const> nodes, std::span<int64_t> scores) {
    if (const auto* s = state.read<PreScoreState>(kBalancedAllocationPreScoreStateKey)) return scorer_.scoreNodes(nodes, s->podRequests, scores);
    return scorer_.scoreNodes(nodes, scorer_.podRequests(pod), scores);
}

StatusOr<std::shared_ptr<framework::Plugin>> newBalancedAllocation(const codec::Value& args, framework::Handle&,
                                                                   const framework::FeatureGates&) {
    auto parsed = loadNodeResourcesBalancedAllocationArgs(args);
    if (!parsed) return parsed.status();
    return std::shared_ptr<framework::Plugin>(std::make_shared<BalancedAllocation>(*parsed));
}

}  // namespace pilothouse::scheduler::plugins::noderesources
