// Scheduling a cluster snapshot — what `pilothousectl schedule` does with a real cluster's
// `kubectl get nodes,pods -A -o yaml`: the pods with spec.nodeName are already bound and count
// toward their nodes; every other pod is pending and is scheduled one at a time in queue order
// (higher priority first, then order of appearance), each binding (and each preemption) updating
// the cluster before the next pod is tried — the same framework, plugins and schedule_one as the
// control plane's scheduler, on a static cluster.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "api/codec/manifest.h"
#include "scheduler/apis/config/types.h"
#include "scheduler/cache/node_tree.h"
#include "scheduler/framework/runtime/framework.h"
#include "scheduler/schedule_one.h"
#include "sim/random.h"

namespace pilothouse::scheduler {

// The objects of a snapshot, defaulted as the API server would have defaulted them.
struct SnapshotCluster {
    std::vector<std::shared_ptr<framework::Node>> nodes;  // input order
    std::vector<std::shared_ptr<framework::Pod>> pods;    // input order
    framework::ClusterObjects objects;
};

// The kinds scheduling reads — what kube-scheduler's informers watch: Node, Pod, Namespace,
// PriorityClass, and Service, ReplicationController, ReplicaSet, StatefulSet and
// PodDisruptionBudget (for spreading and preemption).
bool readForScheduling(std::string_view kind);

// Reads Node, Pod, Namespace, PriorityClass (and Service, ReplicationController, ReplicaSet,
// StatefulSet, PodDisruptionBudget for spreading and preemption); other kinds are ignored with a
// warning. Applies the API server's defaults (requests from limits, priority from the pod's
// PriorityClass or the globalDefault one, the kubernetes.io/metadata.name label on namespaces)
// and warns about what the API server would reject but scheduling can still reason about — unless
// `validate` is false: objects a control plane stored (or is about to be asked to store) were, or
// will be, judged by its own validation, and 150,000 pods' take a second of CPU.
SnapshotCluster snapshotFromManifests(std::vector<codec::Manifest>& manifests, std::vector<std::string>* warnings,
                                      bool validate = true);

struct PodOutcome {
    std::string namespace_;
    std::string name;
    std::optional<std::string> node;  // nullopt: not bound in this attempt
    std::string message;              // the FailedScheduling text, when not bound
    std::string nominatedNode;        // preemption
    std::vector<std::string> victims; // "namespace/name"
    std::optional<Explanation> explanation;
};

// The order kube-scheduler's cache is taken to have seen the nodes arrive in. It matters to
// ImageLocality: each node's count of the nodes having its images is the one at its arrival
// (cache/image_states.h).
enum class NodeArrival {
    InputOrder,         // as listed: the nodes created in this order (pilothousectl schedule -f)
    ByResourceVersion,  // by metadata.resourceVersion, the revision of each node's last write: the
                        // order a running scheduler's informer delivered their last add or update
};

struct SnapshotOptions {
    config::KubeSchedulerConfiguration config;
    framework::FeatureGates gates;
    bool explain = false;  // evaluate every node and every filter plugin
    uint64_t seed = 0;
    NodeArrival nodeArrival = NodeArrival::InputOrder;
};

class SnapshotScheduler final : public framework::NodeInfoLister, public framework::ClusterClient {
public:
    // Errors: a profile the framework rejects (kube-scheduler's texts, prefixed with
    // "initializing profiles: creating profile for scheduler name X: ").
    static StatusOr<std::unique_ptr<SnapshotScheduler>> create(SnapshotCluster cluster, const SnapshotOptions& options,
                                                               const framework::Registry& registry,
                                                               std::vector<std::string>* warnings);
    ~SnapshotScheduler() override;

    std::vector<PodOutcome> run();

    // NodeInfoLister
    const std::vector<framework::NodeInfo*>& list() const override { return list_; }
    const std::vector<framework::NodeInfo*>& havePodsWithAffinityList() const override { return withAffinity_; }
    const std::vector<framework::NodeInfo*>& havePodsWithRequiredAntiAffinityList() const override { return withAntiAffinity_; }
    framework::NodeInfo* get(const std::string& nodeName) const override;

    // ClusterClient
    framework::Status bind(const framework::Pod& pod, const std::string& nodeName) override;
    framework::Status deletePod(const framework::Pod& victim, const framework::Pod& preemptor, const std::string& nodeName) override;
    framework::Status setNominatedNodeName(const framework::Pod& pod, const std::string& nodeName) override;

private:
    SnapshotScheduler() = default;
    void rebuildLists();
    framework::Pod* findPod(const framework::Pod& like);

    SnapshotCluster cluster_;
    SnapshotOptions options_;
    sim::Random random_{0};
    std::vector<std::unique_ptr<framework::Framework>> frameworks_;
    SchedulingAlgorithm algorithm_;
    cache::NodeTree tree_;
    std::vector<std::unique_ptr<framework::NodeInfo>> nodeInfos_;
    // Indexes: scanning every node or pod per lookup made each attempt O(nodes × pods).
    std::unordered_map<std::string, framework::NodeInfo*> nodeByName_;
    // Keyed by a view of the pod's own uid: the pod outlives its entry, and 150,000 keys are not copied.
    std::unordered_map<std::string_view, std::shared_ptr<framework::Pod>> podByUid_;
    std::map<std::string, std::vector<std::shared_ptr<const framework::PodInfo>>> nominated_;  // node -> pods
    std::vector<framework::NodeInfo*> list_, withAffinity_, withAntiAffinity_;
    std::vector<std::string> deleted_;  // victims, "namespace/name"
};

}  // namespace pilothouse::scheduler
