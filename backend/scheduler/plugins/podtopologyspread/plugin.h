// PodTopologySpread (pkg/scheduler/framework/plugins/podtopologyspread at Kubernetes v1.28):
// spreads pods over topology domains per their spec.topologySpreadConstraints, or per the
// configured default constraints (system defaults: hostname maxSkew 3 and zone maxSkew 5, both
// ScheduleAnyway) with a selector deduced from the services / RCs / RSs / StatefulSets of the pod.
//   PreFilter/Filter   DoNotSchedule constraints: skew = matching pods in the node's domain
//                      + (1 if the pod matches itself) - global minimum (0 when fewer than
//                      minDomains domains) must not exceed maxSkew. Skip without such constraints.
//   PreScore/Score     ScheduleAnyway constraints: fewer matching pods in the node's domains score
//                      higher. Skip without such constraints.
// Feature gates (v1.28 defaults on): MinDomainsInPodTopologySpread,
// NodeInclusionPolicyInPodTopologySpread, MatchLabelKeysInPodTopologySpread.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "api/codec/value.h"
#include "scheduler/framework/feature_gates.h"
#include "scheduler/framework/interface.h"
#include "scheduler/plugins/podtopologyspread/args.h"
#include "scheduler/plugins/podtopologyspread/common.h"
#include "scheduler/plugins/podtopologyspread/match_count_cache.h"
#include "scheduler/plugins/podtopologyspread/filtering.h"
#include "scheduler/plugins/podtopologyspread/scoring.h"
#include "util/status.h"

namespace pilothouse::scheduler::plugins::podtopologyspread {

class PodTopologySpread final : public framework::PreFilterPlugin,
                                public framework::FilterPlugin,
                                public framework::PreFilterExtensions,
                                public framework::PreScorePlugin,
                                public framework::ScorePlugin,
                                public framework::EnqueueExtensions {
public:
    PodTopologySpread(framework::Handle& handle, const framework::FeatureGates& gates,
                      const PodTopologySpreadArgs& args);

    std::string name() const override;

    // PreFilter / Filter
    std::pair<framework::PreFilterResult, framework::Status> preFilter(
        framework::CycleState& state, const Pod& pod, const std::vector<framework::NodeInfo*>& nodes) override;
    framework::PreFilterExtensions* preFilterExtensions() override { return this; }
    framework::Status addPod(framework::CycleState& state, const Pod& podToSchedule, const framework::PodInfo& podToAdd,
                             const framework::NodeInfo& nodeInfo) override;
    framework::Status removePod(framework::CycleState& state, const Pod& podToSchedule,
                                const framework::PodInfo& podToRemove, const framework::NodeInfo& nodeInfo) override;
    framework::Status filter(framework::CycleState& state, const Pod& pod, const framework::NodeInfo& nodeInfo) override;

    // PreScore / Score
    framework::Status preScore(framework::CycleState& state, const Pod& pod,
                               const std::vector<const framework::NodeInfo*>& nodes) override;
    std::pair<int64_t, framework::Status> score(framework::CycleState& state, const Pod& pod,
                                                const framework::NodeInfo& nodeInfo) override;
    bool hasNormalizeScore() const override { return true; }
    framework::Status normalizeScore(framework::CycleState& state, const Pod& pod,
                                     framework::NodeScoreList& scores) override;

    std::vector<framework::ClusterEvent> eventsToRegister() const override;

    // The default constraints in effect (the system ones when defaultingType is System).
    const std::vector<TopologySpreadConstraint>& defaultConstraints() const { return defaultConstraints_; }
    bool systemDefaulted() const { return systemDefaulted_; }
    const Gates& gates() const { return gates_; }

    // The constraints of `pod` for `action` (its own, or the defaults), as PreFilter/PreScore build them.
    StatusOr<std::vector<Constraint>> constraintsFor(const Pod& pod, const std::string& action) const;

private:
    StatusOr<std::unique_ptr<PreFilterState>> calPreFilterState(const Pod& pod,
                                                               const std::vector<framework::NodeInfo*>& nodes) const;
    void updateWithPod(PreFilterState& s, const Pod& updatedPod, const Pod& preemptor, const Node* node,
                       int64_t delta) const;
    framework::Status initPreScoreState(PreScoreState& s, const Pod& pod,
                                        const std::vector<const framework::NodeInfo*>& filtered,
                                        bool requireAllTopologies) const;

    // Whether `node` is the snapshot's own NodeInfo (counts of copies are not remembered).
    bool inSnapshot(const framework::NodeInfo& node) const { return handle_.snapshot().get(node.nodeName()) == &node; }

    framework::Handle& handle_;
    mutable MatchCountCache counts_;
    Gates gates_;
    std::vector<TopologySpreadConstraint> defaultConstraints_;
    bool systemDefaulted_ = false;
};

// The system default constraints (defaultingType: System).
std::vector<TopologySpreadConstraint> systemDefaultConstraints();

// The registry factory: decodes, defaults and validates PodTopologySpreadArgs, then builds the
// plugin.
StatusOr<std::shared_ptr<framework::Plugin>> New(const codec::Value& args, framework::Handle& handle,
                                                 const framework::FeatureGates& gates);

}  // namespace pilothouse::scheduler::plugins::podtopologyspread
