// NodeResourcesFit (kube-scheduler v1.28 pkg/scheduler/framework/plugins/noderesources/fit.go).
//
// PreFilter  records the pod's request: the sum over its containers, at least its largest init
//            container, plus its overhead (only cpu, memory, ephemeral-storage and scalar
//            resources count). Always Success; no PreFilterExtensions.
// Filter     rejects (Unschedulable) a node that cannot hold the pod, with one reason per
//            shortfall in this order: "Too many pods", "Insufficient cpu", "Insufficient memory",
//            "Insufficient ephemeral-storage", then "Insufficient <name>" per scalar resource
//            (sorted by name; upstream walks a Go map, so its order varies between runs). A
//            resource is short when the pod asks for more than allocatable minus what the node's
//            pods request. Extended resources listed in ignoredResources, or whose domain prefix
//            is in ignoredResourceGroups, are not checked. In v1.28 a pod with a restartable
//            ("sidecar") init container is rejected here as UnschedulableAndUnresolvable while the
//            SidecarContainers gate is off (1.29 moved that check to PreFilter).
// PreScore   records the pod's non-zero requests of the scored resources (never Skip in v1.28).
// Score      the configured strategy (LeastAllocated, MostAllocated, RequestedToCapacityRatio)
//            over the non-zero requests; see resource_allocation.h and scorers.h.
// Events     Pod/Delete and Node/Add|Update (v1.28 registers every node update; the narrower
//            UpdateNodeAllocatable came with queueing hints in later releases).
#pragma once

#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "scheduler/framework/feature_gates.h"
#include "scheduler/framework/interface.h"
#include "scheduler/plugins/noderesources/args.h"
#include "scheduler/plugins/noderesources/resource_allocation.h"
#include "util/status.h"

namespace pilothouse::scheduler::plugins::noderesources {

// CycleState keys.
inline const framework::StateKey kFitPreFilterStateKey{"PreFilterNodeResourcesFit"};
inline const framework::StateKey kFitPreScoreStateKey{"PreScoreNodeResourcesFit"};

inline constexpr const char* kSidecarDisabledReason =
    "Pod has a restartable init container and the SidecarContainers feature is disabled";

// One resource the node is short of.
struct InsufficientResource {
    std::string resourceName;
    std::string reason;
    int64_t requested = 0;
    int64_t used = 0;
    int64_t capacity = 0;
    bool operator==(const InsufficientResource&) const = default;
};

// The pod's request as PreFilter computes it (computePodResourceRequest).
framework::Resource computeFitRequest(const framework::Pod& pod);

// fitsRequest: the shortfalls of `node` for `podRequest`, in Filter's order; empty when it fits.
std::vector<InsufficientResource> fitsRequest(const framework::Resource& podRequest, const framework::NodeInfo& node,
                                              const std::set<std::string>& ignoredExtendedResources,
                                              const std::set<std::string>& ignoredResourceGroups);
// Fits: the same for a pod with nothing ignored.
std::vector<InsufficientResource> fits(const framework::Pod& pod, const framework::NodeInfo& node);

// Does the pod have an init container with restartPolicy Always?
bool hasRestartableInitContainer(const framework::Pod& pod);

class Fit final : public framework::PreFilterPlugin,
                  public framework::FilterPlugin,
                  public framework::EnqueueExtensions,
                  public framework::PreScorePlugin,
                  public framework::ScorePlugin {
public:
    Fit(const NodeResourcesFitArgs& args, ResourceAllocationScorer scorer, const framework::FeatureGates& gates);

    std::string name() const override;

    std::pair<framework::PreFilterResult, framework::Status> preFilter(framework::CycleState& state,
                                                                       const framework::Pod& pod,
                                                                       const std::vector<framework::NodeInfo*>& nodes) override;
    framework::Status filter(framework::CycleState& state, const framework::Pod& pod,
                             const framework::NodeInfo& nodeInfo) override;
    std::vector<framework::ClusterEvent> eventsToRegister() const override;
    framework::Status preScore(framework::CycleState& state, const framework::Pod& pod,
                               const std::vector<const framework::NodeInfo*>& nodes) override;
    std::pair<int64_t, framework::Status> score(framework::CycleState& state, const framework::Pod& pod,
                                                const framework::NodeInfo& nodeInfo) override;
    framework::Status scoreNodes(framework::CycleState& state, const framework::Pod& pod,
                                 std::span<const framework::NodeInfo* const> nodes, std::span<int64_t> scores) override;

    const ResourceAllocationScorer& scorer() const { return scorer_; }
    const std::set<std::string>& ignoredResources() const { return ignoredResources_; }
    const std::set<std::string>& ignoredResourceGroups() const { return ignoredResourceGroups_; }

private:
    std::set<std::string> ignoredResources_;
    std::set<std::string> ignoredResourceGroups_;
    bool enableSidecarContainers_;
    ResourceAllocationScorer scorer_;
};

// The scorer of a strategy type ("LeastAllocated", ...) over the args' resources; InvalidArgument
// for an unknown type, or for RequestedToCapacityRatio without requestedToCapacityRatio (which
// kube-scheduler v1.28 does not guard against: it crashes on a nil pointer).
StatusOr<ResourceAllocationScorer> fitScorer(const ScoringStrategy& strategy);

// The registry factory: args decoded, defaulted and validated as args.h describes.
StatusOr<std::shared_ptr<framework::Plugin>> newFit(const codec::Value& args, framework::Handle& handle,
                                                    const framework::FeatureGates& gates);

}  // namespace pilothouse::scheduler::plugins::noderesources
