// The nominator (pkg/scheduler/internal/queue nominator): the pods that preemption nominated to a
// node and that are not bound yet, so that later scheduling cycles account for them (Filter with
// nominated pods). What the scheduler holds here can differ from the pods' status.nominatedNodeName
// until the API server has recorded it, so pods are tracked by UID.
//
// nominatedPodsForNode() returns a node's pods in the order they were nominated (upstream's slice
// order); nothing depends on hash order.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "scheduler/framework/types.h"

namespace pilothouse::scheduler::queue {

// framework.NominatingMode / NominatingInfo: Noop takes the node from the pod's
// status.nominatedNodeName; Override uses nominatedNodeName (empty clears a nomination upstream
// by recording the pod under "").
enum class NominatingMode { Noop, Override };

struct NominatingInfo {
    NominatingMode mode = NominatingMode::Noop;
    std::string nominatedNodeName;
};

class Nominator {
public:
    // The scheduler's current view of a pod (its informer cache); nullptr when the pod is gone.
    using PodLister = std::function<std::shared_ptr<const framework::Pod>(const std::string& ns, const std::string& name)>;

    explicit Nominator(PodLister podLister = nullptr) : podLister_(std::move(podLister)) {}

    // Records `podInfo` as nominated (replacing any earlier record of the same pod). Nothing is
    // recorded in Noop mode for a pod without status.nominatedNodeName, nor, when a lister is
    // set, for a pod the lister no longer has or that is already bound.
    void addNominatedPod(std::shared_ptr<const framework::PodInfo> podInfo, const NominatingInfo& info = {});
    void deleteNominatedPodIfExists(const framework::Pod& pod);
    // Replaces the record of `oldPod` with `newPodInfo`. When neither version carries a
    // nominatedNodeName but the scheduler had nominated the pod, the nomination is kept.
    void updateNominatedPod(const framework::Pod& oldPod, std::shared_ptr<const framework::PodInfo> newPodInfo);

    std::vector<std::shared_ptr<const framework::PodInfo>> nominatedPodsForNode(const std::string& nodeName) const;
    // The node the pod is nominated to; empty when it is not.
    std::string nominatedNodeFor(const framework::Pod& pod) const;
    bool isNominated(const framework::Pod& pod) const;

    // Introspection (tests, the GUI): node -> nominated pods' keys in order, and pod UID -> node.
    std::map<std::string, std::vector<std::string>> nominatedPodKeysByNode() const;
    const std::map<std::string, std::string>& nominatedPodToNode() const { return podToNode_; }
    size_t size() const { return podToNode_.size(); }

private:
    void remove(const framework::Pod& pod);

    PodLister podLister_;
    // node -> pods nominated to it, in nomination order.
    std::map<std::string, std::vector<std::shared_ptr<const framework::PodInfo>>> nominatedPods_;
    // pod identity (UID, or namespace/name for a pod without one) -> node.
    std::map<std::string, std::string> podToNode_;
};

// The identity the nominator tracks a pod by: its UID, or namespace/name when it has none.
std::string nominatorKey(const framework::Pod& pod);

}  // namespace pilothouse::scheduler::queue
