#include "scheduler/plugins/noderesources/resource_allocation.h"

#include "scheduler/framework/pod_resources.h"
#include "scheduler/plugins/noderesources/go_int.h"
#include "scheduler/plugins/noderesources/resource_names.h"
#include "scheduler/plugins/noderesources/scorers.h"

namespace pilothouse::scheduler::plugins::noderesources {

ResourceAllocationScorer::ResourceAllocationScorer(std::string name, bool useRequested, ScoreFunction scorer,
                                                   std::vector<ResourceSpec> resources)
    : name_(std::move(name)), useRequested_(useRequested), scorer_(std::move(scorer)), resources_(std::move(resources)) {
    for (const auto& r : resources_) {
        if (r.name == "cpu") kinds_.push_back(Kind::CPU);
        else if (r.name == "memory") kinds_.push_back(Kind::Memory);
        else if (r.name == "ephemeral-storage") kinds_.push_back(Kind::EphemeralStorage);
        else if (isScalarResourceName(r.name)) kinds_.push_back(Kind::Scalar);
        else kinds_.push_back(Kind::Other);
    }
    cpuAndMemory_ = kinds_ == std::vector<Kind>{Kind::CPU, Kind::Memory};
}

ResourceAllocationScorer::ResourceAllocationScorer(std::string name, bool useRequested, Strategy strategy,
                                                   std::vector<ResourceSpec> resources)
    : ResourceAllocationScorer(std::move(name), useRequested, ScoreFunction(), std::move(resources)) {
    strategy_ = strategy;
}

std::vector<int64_t> ResourceAllocationScorer::podRequests(const framework::Pod& pod) const {
    static const framework::PodResourcesOptions nonZero = framework::nonZeroOptions();
    const framework::ResourceList requests =
        useRequested_ ? framework::podRequests(pod) : framework::podRequests(pod, nonZero);
    std::vector<int64_t> out(resources_.size(), 0);
    for (size_t i = 0; i < resources_.size(); ++i) {
        auto it = requests.find(resources_[i].name);
        if (it == requests.end()) continue;
        out[i] = resources_[i].name == "cpu" ? it->second.milliValue() : it->second.value();
    }
    return out;
}

[[gnu::always_inline]] inline std::pair<int64_t, int64_t> ResourceAllocationScorer::allocatableAndRequested(const framework::NodeInfo& nodeInfo,
                                                                                     size_t resource, int64_t podRequest) const {
    const framework::Resource& requested = useRequested_ ? nodeInfo.requested() : nodeInfo.nonZeroRequested();
    const framework::Resource& allocatable = nodeInfo.allocatable();
    switch (kinds_[resource]) {
    case Kind::CPU:
        return {allocatable.milliCPU, goAdd(requested.milliCPU, podRequest)};
    case Kind::Memory:
        return {allocatable.memory, goAdd(requested.memory, podRequest)};
    case Kind::EphemeralStorage:
        return {allocatable.ephemeralStorage, goAdd(nodeInfo.requested().ephemeralStorage, podRequest)};
    case Kind::Scalar: {
        // A scalar resource the pod does not ask for does not count.
        if (podRequest == 0) return {0, 0};
        const std::string& name = resources_[resource].name;
        auto it = allocatable.scalarResources.find(name);
        if (it != allocatable.scalarResources.end()) return {it->second, goAdd(nodeInfo.requested().get(name), podRequest)};
        return {0, 0};
    }
    case Kind::Other:
        // Only scalar names reach a node's scalar resources upstream; pods, storage, ... do not count.
        return {0, 0};
    }
    return {0, 0};
}

[[gnu::always_inline]] inline void ResourceAllocationScorer::fill(const framework::NodeInfo& nodeInfo, const std::vector<int64_t>& podRequests,
                                                                  int64_t* requested, int64_t* allocatable) const {
    for (size_t i = 0; i < resources_.size(); ++i) {
        const int64_t podRequest = i < podRequests.size() ? podRequests[i] : 0;
        auto [alloc, req] = allocatableAndRequested(nodeInfo, i, podRequest);
        allocatable[i] = alloc;
        requested[i] = alloc == 0 ? 0 : req;
    }
}

[[gnu::always_inline]] inline int64_t ResourceAllocationScorer::apply(std::span<const int64_t> requested, std::span<const int64_t> allocatable) const {
    if (!strategy_) return scorer_(requested, allocatable);
    switch (*strategy_) {
    case Strategy::LeastAllocated:
        return leastAllocatedScore(requested, allocatable, resources_);
    case Strategy::MostAllocated:
        return mostAllocatedScore(requested, allocatable, resources_);
    case Strategy::BalancedAllocation:
        return balancedResourceScorer(requested, allocatable);
    }
    return 0;
}

[[gnu::always_inline]] inline int64_t ResourceAllocationScorer::cpuAndMemoryScore(const framework::NodeInfo& nodeInfo,
                                                                                  int64_t cpu, int64_t memory) const {
    const framework::Resource& requested = useRequested_ ? nodeInfo.requested() : nodeInfo.nonZeroRequested();
    const framework::Resource& allocatable = nodeInfo.allocatable();
    const int64_t alloc[2] = {allocatable.milliCPU, allocatable.memory};
    const int64_t req[2] = {alloc[0] == 0 ? 0 : goAdd(requested.milliCPU, cpu),
                            alloc[1] == 0 ? 0 : goAdd(requested.memory, memory)};
    return apply(std::span<const int64_t, 2>(req), std::span<const int64_t, 2>(alloc));
}

std::pair<int64_t, framework::Status> ResourceAllocationScorer::score(const framework::NodeInfo& nodeInfo,
                                                                      const std::vector<int64_t>& podRequests) const {
    if (nodeInfo.node() == nullptr) return {0, framework::Status::error("node not found")};
    if (resources_.empty()) return {0, framework::Status::error("resources not found")};
    // Scored for every feasible node of every cycle. The default resources (cpu, then memory) are
    // read straight off the NodeInfo and the strategy is inlined for exactly two of them; other
    // configurations keep their handful of resources on the stack.
    if (cpuAndMemory_ && strategy_) {
        const int64_t cpu = !podRequests.empty() ? podRequests[0] : 0;
        const int64_t memory = podRequests.size() > 1 ? podRequests[1] : 0;
        return {cpuAndMemoryScore(nodeInfo, cpu, memory), framework::Status()};
    }
    constexpr size_t kInline = 8;
    const size_t n = resources_.size();
    if (n > kInline) {
        std::vector<int64_t> requested(n), allocatable(n);
        fill(nodeInfo, podRequests, requested.data(), allocatable.data());
        return {apply(requested, allocatable), framework::Status()};
    }
    int64_t requested[kInline], allocatable[kInline];
    fill(nodeInfo, podRequests, requested, allocatable);
    return {apply(std::span<const int64_t>(requested, n), std::span<const int64_t>(allocatable, n)), framework::Status()};
}

framework::Status ResourceAllocationScorer::scoreNodes(std::span<const framework::NodeInfo* const> nodes,
                                                        const std::vector<int64_t>& podRequests,
                                                        std::span<int64_t> scores) const {
    if (cpuAndMemory_ && strategy_) {
        // The default resources: the pod's two requests are read once, each node costs two loads,
        // two additions and the strategy.
        const int64_t cpu = !podRequests.empty() ? podRequests[0] : 0;
        const int64_t memory = podRequests.size() > 1 ? podRequests[1] : 0;
        for (size_t i = 0; i < nodes.size(); ++i) {
            if (nodes[i]->node() == nullptr) return framework::Status::error("node not found");
            scores[i] = cpuAndMemoryScore(*nodes[i], cpu, memory);
        }
        return {};
    }
    return framework::scoreEach(nodes, scores, [&](const framework::NodeInfo& node) { return score(node, podRequests); });
}

}  // namespace pilothouse::scheduler::plugins::noderesources
