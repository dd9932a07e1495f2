#include "scheduler/plugins/noderesources/fit.h"

#include <algorithm>

#include "scheduler/framework/pod_resources.h"
#include "scheduler/plugins/names.h"
#include "scheduler/plugins/noderesources/go_int.h"
#include "scheduler/plugins/noderesources/resource_names.h"
#include "scheduler/plugins/noderesources/scorers.h"

namespace pilothouse::scheduler::plugins::noderesources {

namespace {

struct PreFilterState final : framework::StateData {
    framework::Resource request;
    bool restartableInitContainer = false;  // checked per node in v1.28, computed once here
    std::unique_ptr<framework::StateData> clone() const override { return std::make_unique<PreFilterState>(*this); }
};

struct PreScoreState final : framework::StateData {
    std::vector<int64_t> podRequests;  // in the order of the scorer's resources
    std::unique_ptr<framework::StateData> clone() const override { return std::make_unique<PreScoreState>(*this); }
};

}  // namespace

// ---- the pod's request and the fit check ----

framework::Resource computeFitRequest(const framework::Pod& pod) {
    // Resource.SetMaxResource over PodRequests, starting from zero; "pods" and non-scalar names
    // are dropped.
    framework::Resource r;
    for (const auto& [name, q] : framework::podRequests(pod)) {
        if (name == "cpu") r.milliCPU = std::max(r.milliCPU, q.milliValue());
        else if (name == "memory") r.memory = std::max(r.memory, q.value());
        else if (name == "ephemeral-storage") r.ephemeralStorage = std::max(r.ephemeralStorage, q.value());
        else if (isScalarResourceName(name)) r.scalarResources[name] = std::max(r.get(name), q.value());
    }
    return r;
}

std::vector<InsufficientResource> fitsRequest(const framework::Resource& podRequest, const framework::NodeInfo& node,
                                              const std::set<std::string>& ignoredExtendedResources,
                                              const std::set<std::string>& ignoredResourceGroups) {
    std::vector<InsufficientResource> out;
    const framework::Resource& allocatable = node.allocatable();
    const framework::Resource& requested = node.requested();

    const auto podCount = static_cast<int64_t>(node.pods().size());
    if (podCount + 1 > allocatable.allowedPodNumber)
        out.push_back({"pods", "Too many pods", 1, podCount, allocatable.allowedPodNumber});

    if (podRequest.milliCPU == 0 && podRequest.memory == 0 && podRequest.ephemeralStorage == 0 &&
        podRequest.scalarResources.empty())
        return out;

    if (podRequest.milliCPU > 0 && podRequest.milliCPU > goSub(allocatable.milliCPU, requested.milliCPU))
        out.push_back({"cpu", "Insufficient cpu", podRequest.milliCPU, requested.milliCPU, allocatable.milliCPU});
    if (podRequest.memory > 0 && podRequest.memory > goSub(allocatable.memory, requested.memory))
        out.push_back({"memory", "Insufficient memory", podRequest.memory, requested.memory, allocatable.memory});
    if (podRequest.ephemeralStorage > 0 &&
        podRequest.ephemeralStorage > goSub(allocatable.ephemeralStorage, requested.ephemeralStorage))
        out.push_back({"ephemeral-storage", "Insufficient ephemeral-storage", podRequest.ephemeralStorage,
                       requested.ephemeralStorage, allocatable.ephemeralStorage});

    for (const auto& [name, quantity] : podRequest.scalarResources) {
        if (quantity == 0) continue;
        if (isExtendedResourceName(name)) {
            std::string prefix;
            if (!ignoredResourceGroups.empty()) prefix = name.substr(0, name.find('/'));
            if (ignoredExtendedResources.contains(name) || ignoredResourceGroups.contains(prefix)) continue;
        }
        const int64_t alloc = allocatable.get(name);
        const int64_t used = requested.get(name);
        if (quantity > goSub(alloc, used)) out.push_back({name, "Insufficient " + name, quantity, used, alloc});
    }
    return out;
}

std::vector<InsufficientResource> fits(const framework::Pod& pod, const framework::NodeInfo& node) {
    return fitsRequest(computeFitRequest(pod), node, {}, {});
}

bool hasRestartableInitContainer(const framework::Pod& pod) {
    for (const auto& c : pod.spec().init_containers())
        if (c.has_restart_policy() && c.restart_policy() == "Always") return true;
    return false;
}

// ---- the plugin ----

Fit::Fit(const NodeResourcesFitArgs& args, ResourceAllocationScorer scorer, const framework::FeatureGates& gates)
    : ignoredResources_(args.ignoredResources.begin(), args.ignoredResources.end()),
      ignoredResourceGroups_(args.ignoredResourceGroups.begin(), args.ignoredResourceGroups.end()),
      enableSidecarContainers_(gates.sidecarContainers),
      scorer_(std::move(scorer)) {}

std::string Fit::name() const { return names::NodeResourcesFit; }

std::pair<framework::PreFilterResult, framework::Status> Fit::preFilter(framework::CycleState& state,
                                                                       const framework::Pod& pod,
                                                                       const std::vector<framework::NodeInfo*>&) {
    auto s = std::make_unique<PreFilterState>();
    s->request = computeFitRequest(pod);
    s->restartableInitContainer = hasRestartableInitContainer(pod);
    state.write(kFitPreFilterStateKey, std::move(s));
    return {framework::PreFilterResult{}, framework::Status()};
}

framework::Status Fit::filter(framework::CycleState& state, const framework::Pod& pod,
                              const framework::NodeInfo& nodeInfo) {
    // v1.28 checks this per node (before reading its state); later releases moved it to PreFilter.
    const auto* s = state.read<PreFilterState>(kFitPreFilterStateKey);
    if (!enableSidecarContainers_ && (s ? s->restartableInitContainer : hasRestartableInitContainer(pod)))
        return framework::Status(framework::Code::UnschedulableAndUnresolvable, kSidecarDisabledReason);

    if (s == nullptr)
        return framework::Status::error(std::string("error reading \"") + kFitPreFilterStateKey.name() +
                                        "\" from cycleState: not found");

    const auto insufficient = fitsRequest(s->request, nodeInfo, ignoredResources_, ignoredResourceGroups_);
    if (insufficient.empty()) return {};
    std::vector<std::string> reasons;
    reasons.reserve(insufficient.size());
    for (const auto& r : insufficient) reasons.push_back(r.reason);
    return framework::Status::unschedulable(std::move(reasons));
}

std::vector<framework::ClusterEvent> Fit::eventsToRegister() const {
    // Pod updates would count too with InPlacePodVerticalScaling, an alpha gate off in v1.28.
    return {
        {"Pod", framework::kDelete, ""},
        {"Node", framework::kAdd | framework::kUpdate, ""},
    };
}

framework::Status Fit::preScore(framework::CycleState& state, const framework::Pod& pod,
                                const std::vector<const framework::NodeInfo*>&) {
    auto s = std::make_unique<PreScoreState>();
    s->podRequests = scorer_.podRequests(pod);
    state.write(kFitPreScoreStateKey, std::move(s));
    return {};
}

std::pair<int64_t, framework::Status> Fit::score(framework::CycleState& state, const framework::Pod& pod,
                                                 const framework::NodeInfo& nodeInfo) {
    if (const auto* s = state.read<PreScoreState>(kFitPreScoreStateKey)) return scorer_.score(nodeInfo, s->podRequests);
    // PreScore did not run: compute the requests here.
    return scorer_.score(nodeInfo, scorer_.podRequests(pod));
}

framework::Status Fit::scoreNodes(framework::CycleState& state, const framework::Pod& pod,
                       std::span<const framework::NodeInfo* const> nodes, std::span<int64_t> scores) {
    if (const auto* s = state.read<PreScoreState>(kFitPreScoreStateKey)) return scorer_.scoreNodes(nodes, s->podRequests, scores);
    return scorer_.scoreNodes(nodes, scorer_.podRequests(pod), scores);
}

// ---- construction ----

StatusOr<ResourceAllocationScorer> fitScorer(const ScoringStrategy& strategy) {
    const auto& resources = strategy.resources;
    if (strategy.type == kLeastAllocated)
        return ResourceAllocationScorer(kLeastAllocated, false, ResourceAllocationScorer::Strategy::LeastAllocated, resources);
    if (strategy.type == kMostAllocated)
        return ResourceAllocationScorer(kMostAllocated, false, ResourceAllocationScorer::Strategy::MostAllocated, resources);
    if (strategy.type == kRequestedToCapacityRatio) {
        if (!strategy.requestedToCapacityRatio) {
            return pilothouse::Status(
                StatusCode::InvalidArgument,
                "scoringStrategy.requestedToCapacityRatio: Required value: the RequestedToCapacityRatio strategy "
                "needs a shape (kube-scheduler v1.28 crashes on a nil pointer with this configuration)");
        }
        return ResourceAllocationScorer(kRequestedToCapacityRatio, false,
                                        requestedToCapacityRatioScorer(resources, strategy.requestedToCapacityRatio->shape),
                                        resources);
    }
    return pilothouse::Status(StatusCode::InvalidArgument, "scoring strategy " + strategy.type + " is not supported");
}

StatusOr<std::shared_ptr<framework::Plugin>> newFit(const codec::Value& args, framework::Handle&,
                                                    const framework::FeatureGates& gates) {
    auto parsed = loadNodeResourcesFitArgs(args);
    if (!parsed) return parsed.status();
    if (!parsed->scoringStrategy) return pilothouse::Status(StatusCode::InvalidArgument, "scoring strategy not specified");
    auto scorer = fitScorer(*parsed->scoringStrategy);
    if (!scorer) return scorer.status();
    return std::shared_ptr<framework::Plugin>(std::make_shared<Fit>(*parsed, std::move(*scorer), gates));
}

}  // namespace pilothouse::scheduler::plugins::noderesources
