#include "scheduler/plugins/noderesources/balanced_allocation.h"

#include <cmath>

#include "scheduler/plugins/names.h"
#include "scheduler/plugins/noderesources/scorers.h"

namespace pilothouse::scheduler::plugins::noderesources {

namespace {

struct PreScoreState final : framework::StateData {
    std::vector<int64_t> podRequests;  // in the order of the configured resources
    std::unique_ptr<framework::StateData> clone() const override { return std::make_unique<PreScoreState>(*this); }
};

}  // namespace

int64_t balancedResourceScorer(std::span<const int64_t> requested, std::span<const int64_t> allocatable) {
    // The fraction of each resource the node has (allocatable != 0), capped at 1.
    auto fraction = [&](size_t i) {
        const double f = static_cast<double>(requested[i]) / static_cast<double>(allocatable[i]);
        return f > 1 ? 1.0 : f;
    };
    size_t count = 0;
    double total = 0;
    double first = 0, second = 0;
    for (size_t i = 0; i < requested.size(); ++i) {
        if (allocatable[i] == 0) continue;
        const double f = fraction(i);
        if (count == 0) first = f;
        if (count == 1) second = f;
        total += f;
        ++count;
    }
    double std = 0;
    if (count == 2) {
        std = std::abs((first - second) / 2);
    } else if (count > 2) {
        const double mean = total / static_cast<double>(count);
        double sum = 0;
        for (size_t i = 0; i < requested.size(); ++i) {
            if (allocatable[i] == 0) continue;
            const double f = fraction(i);
            sum = sum + (f - mean) * (f - mean);
        }
        std = std::sqrt(sum / static_cast<double>(count));
    }
    return static_cast<int64_t>((1 - std) * static_cast<double>(framework::kMaxNodeScore));
}

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

StatusOr<std::shared_ptr<framework::Plugin>> newBalancedAllocation(const codec::Value& args, framework::Handle&,
                                                                   const framework::FeatureGates&) {
    auto parsed = loadNodeResourcesBalancedAllocationArgs(args);
    if (!parsed) return parsed.status();
    return std::shared_ptr<framework::Plugin>(std::make_shared<BalancedAllocation>(*parsed));
}

}  // namespace pilothouse::scheduler::plugins::noderesources
