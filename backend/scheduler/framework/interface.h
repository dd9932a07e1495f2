// The scheduling framework's extension points (pkg/scheduler/framework/interface.go). A plugin
// implements the interfaces of the points it extends; the runtime (runtime/framework.h) calls them
// in profile order:
//
//   PreEnqueue -> [queue: QueueSort] -> PreFilter -> Filter (per node) -> PostFilter (if no node)
//   -> PreScore -> Score (per node) -> NormalizeScore -> Reserve -> Permit -> PreBind -> Bind
//   -> PostBind
//
// Plugins see the cluster only through the Handle: the cycle's snapshot of NodeInfos, the
// workloads and namespaces they may need, and (for preemption) a client that writes through the
// API server.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "apps_v1.pb.h"
#include "core_v1.pb.h"
#include "policy_v1.pb.h"
#include "scheduler/framework/cycle_state.h"
#include "scheduler/framework/status.h"
#include "scheduler/framework/types.h"

namespace pilothouse::scheduler::framework {

inline constexpr int64_t kMaxNodeScore = 100;
inline constexpr int64_t kMinNodeScore = 0;
inline constexpr int64_t kMaxTotalScore = INT64_MAX;

struct NodeScore {
    std::string_view name;  // the node's name, owned by the snapshot (valid for the cycle)
    int64_t score = 0;
};
using NodeScoreList = std::vector<NodeScore>;
using NodeToStatusMap = std::map<std::string, Status>;

// What PreFilter may narrow the candidate nodes to (NodeAffinity with a metadata.name field
// selector). No value = all nodes.
struct PreFilterResult {
    std::optional<std::set<std::string>> nodeNames;
    bool allNodes() const { return !nodeNames.has_value(); }
    // Intersection of two results.
    PreFilterResult merge(const PreFilterResult& other) const;
};

// Whether a PostFilter result changes the pod's nominated node (framework.NominatingMode).
enum class NominatingMode { Noop, Override };

struct PostFilterResult {
    NominatingMode mode = NominatingMode::Noop;  // Override with "" clears a stale nomination
    std::string nominatedNodeName;  // empty: nothing nominated
    std::vector<std::string> victims;  // "namespace/name", for the explanation record
    std::vector<std::string> candidates;  // nodes preemption considered
};

// A pod waiting in the scheduling queue.
struct QueuedPodInfo {
    std::shared_ptr<const PodInfo> podInfo;
    int64_t timestampNanos = 0;         // when it was (re-)added to the queue
    int attempts = 0;
    int64_t initialAttemptNanos = 0;
    std::set<std::string> unschedulablePlugins;
    bool gated = false;                 // held back by PreEnqueue (scheduling gates)
    int64_t sequence = 0;               // order of arrival, breaking timestamp ties deterministically

    const Pod& pod() const { return *podInfo->pod; }
};

// ---- cluster events that requeue unschedulable pods ----
enum ActionType : int {
    kAdd = 1 << 0,
    kDelete = 1 << 1,
    kUpdateNodeAllocatable = 1 << 2,
    kUpdateNodeLabel = 1 << 3,
    kUpdateNodeTaint = 1 << 4,
    kUpdateNodeCondition = 1 << 5,
    kUpdatePodLabel = 1 << 6,
    kUpdate = kUpdateNodeAllocatable | kUpdateNodeLabel | kUpdateNodeTaint | kUpdateNodeCondition | kUpdatePodLabel,
    kAll = kAdd | kDelete | kUpdate,
};

struct ClusterEvent {
    std::string resource;  // "Pod", "Node", "Namespace", "PersistentVolume", ...
    int actionType = 0;
    std::string label;     // "NodeAdd", "AssignedPodDelete", ...
    bool matches(const ClusterEvent& happened) const {
        return (resource == "*" || resource == happened.resource) && (actionType & happened.actionType) != 0;
    }
};

// ---- what plugins can see and do ----

// The workloads and namespaces plugins read (PodTopologySpread's default selectors,
// InterPodAffinity's namespace selectors).
struct ClusterObjects {
    std::vector<std::shared_ptr<const k8s::io::api::core::v1::Service>> services;
    std::vector<std::shared_ptr<const k8s::io::api::core::v1::ReplicationController>> replicationControllers;
    std::vector<std::shared_ptr<const k8s::io::api::apps::v1::ReplicaSet>> replicaSets;
    std::vector<std::shared_ptr<const k8s::io::api::apps::v1::StatefulSet>> statefulSets;
    std::map<std::string, std::map<std::string, std::string>> namespaceLabels;  // name -> labels
    std::vector<std::shared_ptr<const k8s::io::api::policy::v1::PodDisruptionBudget>> podDisruptionBudgets;
};

// The cycle's view of nodes (a snapshot; stable for the whole cycle).
class NodeInfoLister {
public:
    virtual ~NodeInfoLister() = default;
    virtual const std::vector<NodeInfo*>& list() const = 0;
    virtual const std::vector<NodeInfo*>& havePodsWithAffinityList() const = 0;
    virtual const std::vector<NodeInfo*>& havePodsWithRequiredAntiAffinityList() const = 0;
    virtual NodeInfo* get(const std::string& nodeName) const = 0;  // nullptr when unknown
};

// The scheduler's writes, all through the API server: binding (pods/binding), and for preemption
// deleting victims (with a Preempted event) and recording the preemptor's nominated node.
class ClusterClient {
public:
    virtual ~ClusterClient() = default;
    virtual Status bind(const Pod& pod, const std::string& nodeName) = 0;
    virtual Status deletePod(const Pod& victim, const Pod& preemptor, const std::string& nodeName) = 0;
    virtual Status setNominatedNodeName(const Pod& pod, const std::string& nodeName) = 0;
};

class Handle {
public:
    virtual ~Handle() = default;
    virtual const NodeInfoLister& snapshot() const = 0;
    virtual const ClusterObjects& clusterObjects() const = 0;
    // Preemption's tools (the runtime implements them over the profile's plugins).
    virtual Status runFilterPluginsWithNominatedPods(CycleState& state, const Pod& pod, const NodeInfo& node) = 0;
    virtual Status runPreFilterExtensionAddPod(CycleState& state, const Pod& pod, const std::shared_ptr<const PodInfo>& toAdd,
                                               const NodeInfo& node) = 0;
    virtual Status runPreFilterExtensionRemovePod(CycleState& state, const Pod& pod,
                                                  const std::shared_ptr<const PodInfo>& toRemove, const NodeInfo& node) = 0;
    // Pods nominated to a node by earlier preemptions (not yet bound).
    virtual std::vector<std::shared_ptr<const PodInfo>> nominatedPodsForNode(const std::string& nodeName) const = 0;
    virtual ClusterClient* client() = 0;
    // A uniform integer in [0, n) from the scheduler's seeded random stream.
    virtual uint64_t randomInt(uint64_t n) = 0;
    virtual int64_t nowNanos() const = 0;
};

// ---- plugins ----

class Plugin {
public:
    virtual ~Plugin() = default;
    virtual std::string name() const = 0;
};

// The cluster events after which a pod this plugin rejected may fit (requeueing).
class EnqueueExtensions {
public:
    virtual ~EnqueueExtensions() = default;
    virtual std::vector<ClusterEvent> eventsToRegister() const = 0;
};

class PreEnqueuePlugin : public virtual Plugin {
public:
    virtual Status preEnqueue(const Pod& pod) = 0;
};

class QueueSortPlugin : public virtual Plugin {
public:
    virtual bool less(const QueuedPodInfo& a, const QueuedPodInfo& b) const = 0;
};

// Incremental updates of a plugin's PreFilter state when preemption adds or removes pods.
class PreFilterExtensions {
public:
    virtual ~PreFilterExtensions() = default;
    virtual Status addPod(CycleState& state, const Pod& podToSchedule, const PodInfo& podToAdd,
                          const NodeInfo& nodeInfo) = 0;
    virtual Status removePod(CycleState& state, const Pod& podToSchedule, const PodInfo& podToRemove,
                             const NodeInfo& nodeInfo) = 0;
};

class PreFilterPlugin : public virtual Plugin {
public:
    // `nodes`: every node of the snapshot (for plugins that precompute over all of them).
    virtual std::pair<PreFilterResult, Status> preFilter(CycleState& state, const Pod& pod,
                                                         const std::vector<NodeInfo*>& nodes) = 0;
    virtual PreFilterExtensions* preFilterExtensions() { return nullptr; }
};

class FilterPlugin : public virtual Plugin {
public:
    virtual Status filter(CycleState& state, const Pod& pod, const NodeInfo& nodeInfo) = 0;
};

class PostFilterPlugin : public virtual Plugin {
public:
    virtual std::pair<PostFilterResult, Status> postFilter(CycleState& state, const Pod& pod,
                                                           const NodeToStatusMap& filteredNodeStatuses) = 0;
};

class PreScorePlugin : public virtual Plugin {
public:
    // `nodes`: the feasible nodes.
    virtual Status preScore(CycleState& state, const Pod& pod, const std::vector<const NodeInfo*>& nodes) = 0;
};

// The loop of every scoreNodes: scores[i] = score(*nodes[i]).first, stopping at the first
// failure, whose Status it returns. `score`: const NodeInfo& -> std::pair<int64_t, Status>.
template <typename ScoreFn>
Status scoreEach(std::span<const NodeInfo* const> nodes, std::span<int64_t> scores, ScoreFn&& score) {
    for (size_t i = 0; i < nodes.size(); ++i) {
        auto [value, status] = score(*nodes[i]);
        if (!status.isSuccess()) return std::move(status);
        scores[i] = value;
    }
    return {};
}

class ScorePlugin : public virtual Plugin {
public:
    virtual std::pair<int64_t, Status> score(CycleState& state, const Pod& pod, const NodeInfo& nodeInfo) = 0;
    // Score over all the feasible nodes of a cycle: scores[i] for nodes[i], stopping at the first
    // failure. Upstream's framework calls Score once per node (in parallel); ours calls this once
    // per plugin and cycle, and the default does just that, one node at a time. Plugins whose
    // per-node work is tiny (the resource scorers) override it so that what they read once per
    // cycle (their PreScore state) is read once.
    virtual Status scoreNodes(CycleState& state, const Pod& pod, std::span<const NodeInfo* const> nodes,
                              std::span<int64_t> scores) {
        return scoreEach(nodes, scores, [&](const NodeInfo& node) { return this->score(state, pod, node); });
    }
    // NormalizeScore: brings the node scores into [kMinNodeScore, kMaxNodeScore]. Plugins whose
    // scores are already in range keep the default (no change).
    virtual bool hasNormalizeScore() const { return false; }
    virtual Status normalizeScore(CycleState& state, const Pod& pod, NodeScoreList& scores) { return {}; }
};

class ReservePlugin : public virtual Plugin {
public:
    virtual Status reserve(CycleState& state, const Pod& pod, const std::string& nodeName) = 0;
    virtual void unreserve(CycleState& state, const Pod& pod, const std::string& nodeName) = 0;
};

class PermitPlugin : public virtual Plugin {
public:
    // Wait with a timeout, or Success / a rejection.
    virtual std::pair<Status, int64_t /*timeout ns*/> permit(CycleState& state, const Pod& pod,
                                                            const std::string& nodeName) = 0;
};

class PreBindPlugin : public virtual Plugin {
public:
    virtual Status preBind(CycleState& state, const Pod& pod, const std::string& nodeName) = 0;
};

class BindPlugin : public virtual Plugin {
public:
    // Skip: let the next bind plugin do it.
    virtual Status bind(CycleState& state, const Pod& pod, const std::string& nodeName) = 0;
};

class PostBindPlugin : public virtual Plugin {
public:
    virtual void postBind(CycleState& state, const Pod& pod, const std::string& nodeName) = 0;
};

// helper.DefaultNormalizeScore: scales scores to [0, maxPriority] by the largest score; `reverse`
// turns high counts into low scores (TaintToleration, which counts intolerable taints).
void defaultNormalizeScore(int64_t maxPriority, bool reverse, NodeScoreList& scores);

}  // namespace pilothouse::scheduler::framework
