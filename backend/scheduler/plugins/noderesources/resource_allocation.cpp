#include "scheduler/plugins/noderesources/resource_allocation.h"

#include "scheduler/framework/pod_resources.h"
#include "scheduler/plugins/noderesources/go_int.h"
#include "scheduler/plugins/noderesources/resource_names.h"

namespace pilothouse::scheduler::plugins::noderesources {

ResourceAllocationScorer::ResourceAllocationScorer(std::string name, bool useRequested, ScoreFunction scorer,
                                                   std::vector<ResourceSpec> resources)
    : name_(std::move(name)), useRequested_(useRequested), scorer_(std::move(scorer)), resources_(std::move(resources)) {}

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

std::pair<int64_t, int64_t> ResourceAllocationScorer::allocatableAndRequested(const framework::NodeInfo& nodeInfo,
                                                                              const std::string& resource,
                                                                              int64_t podRequest) const {
    const framework::Resource& requested = useRequested_ ? nodeInfo.requested() : nodeInfo.nonZeroRequested();
    const framework::Resource& allocatable = nodeInfo.allocatable();
    // A scalar resource the pod does not ask for does not count.
    if (podRequest == 0 && isScalarResourceName(resource)) return {0, 0};
    if (resource == "cpu") return {allocatable.milliCPU, goAdd(requested.milliCPU, podRequest)};
    if (resource == "memory") return {allocatable.memory, goAdd(requested.memory, podRequest)};
    if (resource == "ephemeral-storage")
        return {allocatable.ephemeralStorage, goAdd(nodeInfo.requested().ephemeralStorage, podRequest)};
    // Only scalar names reach a node's scalar resources upstream.
    if (isScalarResourceName(resource)) {
        auto it = allocatable.scalarResources.find(resource);
        if (it != allocatable.scalarResources.end()) return {it->second, goAdd(nodeInfo.requested().get(resource), podRequest)};
    }
    return {0, 0};
}

std::pair<int64_t, framework::Status> ResourceAllocationScorer::score(const framework::NodeInfo& nodeInfo,
                                                                      const std::vector<int64_t>& podRequests) const {
    if (nodeInfo.node() == nullptr) return {0, framework::Status::error("node not found")};
    if (resources_.empty()) return {0, framework::Status::error("resources not found")};
    std::vector<int64_t> requested(resources_.size(), 0);
    std::vector<int64_t> allocatable(resources_.size(), 0);
    for (size_t i = 0; i < resources_.size(); ++i) {
        const int64_t podRequest = i < podRequests.size() ? podRequests[i] : 0;
        auto [alloc, req] = allocatableAndRequested(nodeInfo, resources_[i].name, podRequest);
        if (alloc == 0) continue;
        allocatable[i] = alloc;
        requested[i] = req;
    }
    return {scorer_(requested, allocatable), framework::Status()};
}

}  // namespace pilothouse::scheduler::plugins::noderesources
