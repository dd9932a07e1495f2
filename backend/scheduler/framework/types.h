// The scheduler's view of the cluster (pkg/scheduler/framework/types.go):
//  - Resource: amounts in the units the scheduler computes with (milli-cpu, bytes, counts);
//  - AffinityTerm / PodInfo: a pod with its (anti-)affinity terms parsed once;
//  - HostPortInfo: host ports in use on a node, with 0.0.0.0 meaning every address;
//  - NodeInfo: a node plus everything placed on it — its pods, the resources they request
//    (actual, and "non-zero" for scoring), used ports, and the images it has with how many nodes
//    share each (ImageLocality's spread).
// NodeInfo is copied per scheduling cycle (the snapshot) and cloned by preemption's dry runs; pods
// are shared immutably between copies.
#pragma once

#include <map>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "api/labels.h"
#include "core_v1.pb.h"
#include "scheduler/framework/pod_resources.h"

namespace pilothouse::scheduler::framework {

using Pod = k8s::io::api::core::v1::Pod;
using Node = k8s::io::api::core::v1::Node;

struct Resource {
    int64_t milliCPU = 0;
    int64_t memory = 0;
    int64_t ephemeralStorage = 0;
    int64_t allowedPodNumber = 0;  // "pods" in a node's allocatable
    std::map<std::string, int64_t> scalarResources;  // extended resources, hugepages-*, ...

    static Resource fromList(const ResourceList& list);
    void add(const ResourceList& list);
    void add(const Resource& other);
    void sub(const Resource& other);
    // The amount of a resource by its API name ("cpu" in milli-cores, "memory" in bytes, ...).
    int64_t get(const std::string& name) const;
    void set(const std::string& name, int64_t value);
};

// Resources other than cpu, memory, ephemeral-storage and pods: extended resources
// (example.com/gpu), hugepages-<size> and attachable-volumes-*.
bool isScalarResourceName(const std::string& name);

struct AffinityTerm {
    std::set<std::string> namespaces;
    api::Selector selector;
    std::string topologyKey;
    api::Selector namespaceSelector;  // matches nothing when the term has none

    // Does `pod` (whose namespace carries `namespaceLabels`) match this term?
    bool matches(const Pod& pod, const std::map<std::string, std::string>& namespaceLabels) const;
};

struct WeightedAffinityTerm {
    AffinityTerm term;
    int32_t weight = 0;
};

struct PodInfo {
    std::shared_ptr<const Pod> pod;
    std::vector<AffinityTerm> requiredAffinityTerms;
    std::vector<AffinityTerm> requiredAntiAffinityTerms;
    std::vector<WeightedAffinityTerm> preferredAffinityTerms;
    std::vector<WeightedAffinityTerm> preferredAntiAffinityTerms;
    std::string parseError;  // a label selector that did not parse

    static std::shared_ptr<const PodInfo> make(std::shared_ptr<const Pod> pod);
    const std::string& name() const { return pod->metadata().name(); }
    const std::string& namespace_() const { return pod->metadata().namespace_(); }
};

AffinityTerm newAffinityTerm(const Pod& pod, const k8s::io::api::core::v1::PodAffinityTerm& term,
                             std::string* error);

class HostPortInfo {
public:
    void add(std::string ip, std::string protocol, int32_t port);
    void remove(std::string ip, std::string protocol, int32_t port);
    bool checkConflict(const std::string& ip, const std::string& protocol, int32_t port) const {
        // NodePorts asks for every port of the pod on every node; most have no host port, most
        // nodes use none.
        if (port <= 0 || ports_.empty()) return false;
        return conflicts(ip, protocol, port);
    }
    size_t size() const;

private:
    bool conflicts(std::string ip, std::string protocol, int32_t port) const;
    // ip -> {(protocol, port)}; "" ip is 0.0.0.0 and "" protocol is TCP.
    std::map<std::string, std::set<std::pair<std::string, int32_t>>> ports_;
};

struct ImageStateSummary {
    int64_t size = 0;     // bytes
    int numNodes = 0;     // nodes that have the image
    bool operator==(const ImageStateSummary&) const = default;
};

class alignas(64) NodeInfo {
public:
    NodeInfo() = default;
    explicit NodeInfo(std::shared_ptr<const Node> node) { setNode(std::move(node)); }

    const Node* node() const { return node_.get(); }
    std::shared_ptr<const Node> nodePtr() const { return node_; }
    // The node's name (empty without a node); read per node per plugin, so kept at hand.
    const std::string& nodeName() const { return *name_; }
    // The same name, without reaching into the Node for it.
    std::string_view nodeNameView() const { return nameView_; }
    void setNode(std::shared_ptr<const Node> node);
    // The node's spec.unschedulable and the number of its taints, copied here by setNode so the
    // filters that find nothing to check (most nodes) need not read the Node itself.
    bool unschedulable() const { return unschedulable_; }
    int taintCount() const { return taintCount_; }

    const std::vector<std::shared_ptr<const PodInfo>>& pods() const { return pods_; }
    const std::vector<std::shared_ptr<const PodInfo>>& podsWithAffinity() const { return podsWithAffinity_; }
    const std::vector<std::shared_ptr<const PodInfo>>& podsWithRequiredAntiAffinity() const {
        return podsWithRequiredAntiAffinity_;
    }
    const Resource& requested() const { return requested_; }
    const Resource& nonZeroRequested() const { return nonZeroRequested_; }
    const Resource& allocatable() const { return allocatable_; }
    const HostPortInfo& usedPorts() const { return usedPorts_; }
    const std::map<std::string, ImageStateSummary>& imageStates() const { return imageStates_; }
    void setImageStates(std::map<std::string, ImageStateSummary> states) { imageStates_ = std::move(states); }
    int64_t generation() const { return generation_; }

    void addPod(std::shared_ptr<const PodInfo> pod);
    // Removes the pod with the same namespace/name (and uid if set); false when absent.
    bool removePod(const Pod& pod);

    std::unique_ptr<NodeInfo> clone() const { return std::make_unique<NodeInfo>(*this); }

private:
    static const std::string kNoName;
    // Every filter and score plugin reads a few of these for every node it visits, and a cycle
    // visits hundreds of nodes: what they read sits together at the front, cache-line aligned.
    std::shared_ptr<const Node> node_;
    const std::string* name_ = &kNoName;
    std::string_view nameView_;
    bool unschedulable_ = false;
    int32_t taintCount_ = 0;
    std::vector<std::shared_ptr<const PodInfo>> pods_;
    Resource requested_;
    Resource nonZeroRequested_;
    Resource allocatable_;
    std::map<std::string, ImageStateSummary> imageStates_;
    // Read only for pods with host ports or pod (anti-)affinity.
    HostPortInfo usedPorts_;
    std::vector<std::shared_ptr<const PodInfo>> podsWithAffinity_;
    std::vector<std::shared_ptr<const PodInfo>> podsWithRequiredAntiAffinity_;
    int64_t generation_ = 0;
};


// The pod's requests as NodeInfo counts them: actual, and with 100m/200Mi for missing cpu/memory.
Resource computePodResourceRequest(const Pod& pod);
Resource computePodNonZeroRequest(const Pod& pod);

// "namespace/name".
std::string podKey(const Pod& pod);

}  // namespace pilothouse::scheduler::framework
