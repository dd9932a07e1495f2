// InterPodAffinity (pkg/scheduler/framework/plugins/interpodaffinity, Kubernetes v1.28): the
// pod (anti-)affinity plugin.
//
// Filtering (filtering.cpp) works on counts per topology pair (topology key, node label value):
//  - existingAntiAffinityCounts: for every existing pod with a *required* anti-affinity term that
//    matches the incoming pod, +1 on the pair of the existing pod's node;
//  - affinityCounts: for every existing pod matching *all* of the incoming pod's required affinity
//    terms, +1 per term on the pair of that pod's node;
//  - antiAffinityCounts: for every existing pod matching one of the incoming pod's required
//    anti-affinity terms, +1 per matching term.
// A node passes when each of the incoming pod's affinity topology keys is a label of the node and
// its pair has a matching pod (or no pod matches anywhere yet and the incoming pod matches its own
// terms: the first pod of a group that wants to be together), no pair of the incoming pod's
// anti-affinity keys has a matching pod, and no label pair of the node is claimed by an existing
// pod's anti-affinity. PreFilter returns Skip when the pod has no required terms and no existing
// pod's required anti-affinity matches it.
//
// Scoring (scoring.cpp) sums weights per topology pair: the incoming pod's preferred affinity (+)
// and anti-affinity (-) terms matched by existing pods, and existing pods' preferred terms (+/-)
// and required affinity terms (+hardPodAffinityWeight) matched by the incoming pod. A node scores
// the sum over its labels; NormalizeScore maps [min, max] onto [0, 100].
//
// The incoming pod's namespaceSelector is resolved against the cluster's namespaces up front (its
// terms then list the namespaces explicitly); existing pods' terms are matched against the incoming
// pod's namespace labels.
//
// Not in v1.28 and therefore not here: matchLabelKeys / mismatchLabelKeys in pod affinity terms
// (alpha in 1.29) and the queueing hints of later releases.
#pragma once

#include <compare>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "api/codec/value.h"
#include "scheduler/framework/feature_gates.h"
#include "scheduler/framework/interface.h"
#include "scheduler/plugins/interpodaffinity/args.h"
#include "scheduler/plugins/names.h"
#include "util/status.h"

namespace pilothouse::scheduler::plugins::interpodaffinity {

inline constexpr const char* kName = names::InterPodAffinity;
inline const framework::StateKey kPreFilterStateKey{"PreFilterInterPodAffinity"};
inline const framework::StateKey kPreScoreStateKey{"PreScoreInterPodAffinity"};

inline constexpr const char* kErrReasonExistingAntiAffinityRulesNotMatch =
    "node(s) didn't satisfy existing pods anti-affinity rules";
inline constexpr const char* kErrReasonAffinityRulesNotMatch = "node(s) didn't match pod affinity rules";
inline constexpr const char* kErrReasonAntiAffinityRulesNotMatch = "node(s) didn't match pod anti-affinity rules";

using NamespaceLabels = std::map<std::string, std::string>;

struct TopologyPair {
    std::string key;
    std::string value;
    auto operator<=>(const TopologyPair&) const = default;
};
// Pairs with a count of zero are never stored.
using TopologyCounts = std::map<TopologyPair, int64_t>;

// What PreFilter computes and Filter reads; AddPod/RemovePod keep it current during preemption's
// dry runs.
class PreFilterState : public framework::StateData {
public:
    TopologyCounts existingAntiAffinityCounts;
    TopologyCounts affinityCounts;
    TopologyCounts antiAffinityCounts;
    // The incoming pod with its required terms' namespaceSelectors folded into namespaces. Shared
    // (immutable) between clones.
    std::shared_ptr<const framework::PodInfo> podInfo;
    NamespaceLabels namespaceLabels;  // of the incoming pod's namespace

    std::unique_ptr<framework::StateData> clone() const override;
    // Counts `pod` (placed on `node`) in (multiplier 1) or out (-1).
    void updateWithPod(const framework::PodInfo& pod, const framework::Node* node, int64_t multiplier);
};

// topology key -> label value -> summed weight.
using TopologyScores = std::map<std::string, std::map<std::string, int64_t>>;

class PreScoreState : public framework::StateData {
public:
    TopologyScores topologyScore;
    std::shared_ptr<const framework::PodInfo> podInfo;  // preferred terms' namespaces merged
    NamespaceLabels namespaceLabels;

    std::unique_ptr<framework::StateData> clone() const override;
};

class InterPodAffinity final : public framework::PreFilterPlugin,
                               public framework::PreFilterExtensions,
                               public framework::FilterPlugin,
                               public framework::PreScorePlugin,
                               public framework::ScorePlugin,
                               public framework::EnqueueExtensions {
public:
    InterPodAffinity(InterPodAffinityArgs args, framework::Handle& handle);

    std::string name() const override { return kName; }
    const InterPodAffinityArgs& args() const { return args_; }

    std::vector<framework::ClusterEvent> eventsToRegister() const override;

    std::pair<framework::PreFilterResult, framework::Status> preFilter(
        framework::CycleState& state, const framework::Pod& pod, const std::vector<framework::NodeInfo*>& nodes) override;
    framework::PreFilterExtensions* preFilterExtensions() override { return this; }
    framework::Status addPod(framework::CycleState& state, const framework::Pod& podToSchedule,
                             const framework::PodInfo& podToAdd, const framework::NodeInfo& nodeInfo) override;
    framework::Status removePod(framework::CycleState& state, const framework::Pod& podToSchedule,
                                const framework::PodInfo& podToRemove, const framework::NodeInfo& nodeInfo) override;

    framework::Status filter(framework::CycleState& state, const framework::Pod& pod,
                             const framework::NodeInfo& nodeInfo) override;

    framework::Status preScore(framework::CycleState& state, const framework::Pod& pod,
                               const std::vector<const framework::NodeInfo*>& nodes) override;
    std::pair<int64_t, framework::Status> score(framework::CycleState& state, const framework::Pod& pod,
                                                const framework::NodeInfo& nodeInfo) override;
    bool hasNormalizeScore() const override { return true; }
    framework::Status normalizeScore(framework::CycleState& state, const framework::Pod& pod,
                                     framework::NodeScoreList& scores) override;

    // The counts PreFilter builds, exposed for tests. `incoming` must have its namespace
    // selectors merged (see incomingPodInfo).
    TopologyCounts existingAntiAffinityCounts(const framework::Pod& pod, const NamespaceLabels& nsLabels,
                                              const std::vector<framework::NodeInfo*>& nodes) const;
    std::pair<TopologyCounts, TopologyCounts> incomingAffinityAntiAffinityCounts(
        const framework::PodInfo& incoming, const std::vector<framework::NodeInfo*>& nodes) const;

    // The pod's PodInfo with the namespaceSelectors of its required (preferred = false) or
    // preferred (preferred = true) terms resolved into namespace names.
    std::shared_ptr<const framework::PodInfo> incomingPodInfo(const framework::Pod& pod, bool preferred) const;
    // Labels of the namespace, empty when it is unknown.
    NamespaceLabels namespaceLabelsOf(const std::string& ns) const;

private:
    // mergeAffinityTermNamespacesIfNotEmpty.
    void mergeNamespaces(framework::AffinityTerm& term) const;
    void processExistingPod(const PreScoreState& state, const framework::PodInfo& existing,
                            const framework::Node& existingNode, const framework::Pod& incoming,
                            TopologyScores& scores) const;

    InterPodAffinityArgs args_;
    framework::Handle* handle_;
};

// The message framework.NewPodInfo returns for a pod whose (anti-)affinity label or namespace
// selectors do not parse ("requiredAffinityTerms: ..."); empty when they all parse.
std::string affinityParseError(const framework::Pod& pod);

// The registry's factory: decodes and validates InterPodAffinityArgs, then builds the plugin.
StatusOr<std::shared_ptr<framework::Plugin>> New(const codec::Value& args, framework::Handle& handle,
                                                 const framework::FeatureGates& gates);

}  // namespace pilothouse::scheduler::plugins::interpodaffinity
