// The scorer shared by NodeResourcesFit's strategies and NodeResourcesBalancedAllocation
// (v1.28 resourceAllocationScorer): for each configured resource it pairs the node's allocatable
// with what would be requested there once the pod lands, and hands both lists to a strategy
// function.
//  - cpu / memory: the node's requests plus the pod's. With useRequested the actual requests
//    (BalancedAllocation); otherwise the "non-zero" ones, where a container that sets no cpu or
//    memory request counts 100m / 200Mi (NodeResourcesFit).
//  - ephemeral-storage and scalar resources: always the actual requests.
//  - a scalar resource the pod does not request, a resource the node does not have (zero
//    allocatable), and any other name (pods, storage, ...) are left out: both entries stay 0 and
//    every strategy skips them.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "scheduler/framework/interface.h"
#include "scheduler/plugins/noderesources/args.h"

namespace pilothouse::scheduler::plugins::noderesources {

// requested[i] / allocatable[i] per configured resource -> node score.
using ScoreFunction = std::function<int64_t(std::span<const int64_t> requested, std::span<const int64_t> allocatable)>;

class ResourceAllocationScorer {
public:
    // The in-tree strategies. Score runs for every feasible node of every cycle, so these are
    // called directly rather than through a ScoreFunction.
    enum class Strategy { LeastAllocated, MostAllocated, BalancedAllocation };

    ResourceAllocationScorer(std::string name, bool useRequested, ScoreFunction scorer, std::vector<ResourceSpec> resources);
    ResourceAllocationScorer(std::string name, bool useRequested, Strategy strategy, std::vector<ResourceSpec> resources);

    const std::string& name() const { return name_; }
    const std::vector<ResourceSpec>& resources() const { return resources_; }

    // The pod's request of each configured resource, in order (milli-cores for cpu, the value for
    // everything else), non-zero defaults applied unless useRequested.
    std::vector<int64_t> podRequests(const framework::Pod& pod) const;

    // Error "node not found" without a node, "resources not found" with no resources configured.
    std::pair<int64_t, framework::Status> score(const framework::NodeInfo& nodeInfo,
                                                const std::vector<int64_t>& podRequests) const;
    // score() for every node: scores[i] for nodes[i]; the first error stops it.
    framework::Status scoreNodes(std::span<const framework::NodeInfo* const> nodes,
                                 const std::vector<int64_t>& podRequests, std::span<int64_t> scores) const;

private:
    // How a configured resource is read off a NodeInfo, decided once from its name.
    enum class Kind { CPU, Memory, EphemeralStorage, Scalar, Other };
    // (allocatable, requested-after-placement) of the resource-th configured resource on the
    // node; (0, 0) when skipped.
    std::pair<int64_t, int64_t> allocatableAndRequested(const framework::NodeInfo& nodeInfo, size_t resource,
                                                        int64_t podRequest) const;
    // The strategy's node score.
    int64_t apply(std::span<const int64_t> requested, std::span<const int64_t> allocatable) const;
    // The strategy's score for the default resources (cpu and memory), the pod asking for `cpu`
    // milli-cores and `memory` bytes.
    int64_t cpuAndMemoryScore(const framework::NodeInfo& nodeInfo, int64_t cpu, int64_t memory) const;
    // Both lists for every configured resource (0/0 where skipped).
    void fill(const framework::NodeInfo& nodeInfo, const std::vector<int64_t>& podRequests, int64_t* requested,
              int64_t* allocatable) const;

    std::string name_;
    bool useRequested_;
    ScoreFunction scorer_;                 // used when strategy_ is unset
    std::optional<Strategy> strategy_;
    std::vector<ResourceSpec> resources_;
    std::vector<Kind> kinds_;  // per resource
    bool cpuAndMemory_ = false;  // resources_ are exactly cpu, then memory (the default)
};

}  // namespace pilothouse::scheduler::plugins::noderesources
