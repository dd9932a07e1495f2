#include "scheduler/plugins/tainttoleration/taint_toleration.h"

#include "scheduler/plugins/helper/errors.h"
#include "scheduler/plugins/helper/taints.h"
#include "scheduler/plugins/names.h"

namespace pilothouse::scheduler::plugins::tainttoleration {

namespace {

const framework::StateKey kPreScoreStateKey{std::string("PreScore") + names::TaintToleration};

struct PreScoreState final : framework::StateData {
    helper::Tolerations tolerationsPreferNoSchedule;
    std::unique_ptr<framework::StateData> clone() const override { return std::make_unique<PreScoreState>(*this); }
};

class TaintToleration final : public framework::FilterPlugin,
                              public framework::PreScorePlugin,
                              public framework::ScorePlugin,
                              public framework::EnqueueExtensions {
public:
    std::string name() const override { return names::TaintToleration; }

    framework::Status filter(framework::CycleState&, const framework::Pod& pod,
                             const framework::NodeInfo& nodeInfo) override {
        const framework::Node* node = nodeInfo.node();
        if (!node) return framework::Status::error("invalid nodeInfo");
        if (nodeInfo.taintCount() == 0) return {};  // nothing to tolerate (most nodes)
        const helper::Taint* taint = helper::findMatchingUntoleratedTaint(
            node->spec().taints(), pod.spec().tolerations(), helper::doNotScheduleTaintsFilter);
        if (!taint) return {};
        return {framework::Code::UnschedulableAndUnresolvable,
                "node(s) had untolerated taint {" + taint->key() + ": " + taint->value() + "}"};
    }

    framework::Status preScore(framework::CycleState& state, const framework::Pod& pod,
                               const std::vector<const framework::NodeInfo*>& nodes) override {
        if (nodes.empty()) return {};
        auto s = std::make_unique<PreScoreState>();
        for (const auto& t : pod.spec().tolerations())
            if (t.effect().empty() || t.effect() == helper::kTaintEffectPreferNoSchedule)
                *s->tolerationsPreferNoSchedule.Add() = t;
        state.write(kPreScoreStateKey, std::move(s));
        return {};
    }

    std::pair<int64_t, framework::Status> score(framework::CycleState& state, const framework::Pod&,
                                                const framework::NodeInfo& nodeInfo) override {
        return scoreWith(state.read<PreScoreState>(kPreScoreStateKey), nodeInfo);
    }

    framework::Status scoreNodes(framework::CycleState& state, const framework::Pod&,
                                 std::span<const framework::NodeInfo* const> nodes, std::span<int64_t> scores) override {
        const auto* s = state.read<PreScoreState>(kPreScoreStateKey);
        return framework::scoreEach(nodes, scores, [s](const framework::NodeInfo& node) { return scoreWith(s, node); });
    }

    bool hasNormalizeScore() const override { return true; }
    framework::Status normalizeScore(framework::CycleState&, const framework::Pod&,
                                     framework::NodeScoreList& scores) override {
        framework::defaultNormalizeScore(framework::kMaxNodeScore, true, scores);
        return {};
    }

    std::vector<framework::ClusterEvent> eventsToRegister() const override {
        return {{"Node", framework::kAdd | framework::kUpdate, ""}};
    }

private:
    // Score: the number of PreferNoSchedule taints on the node that the pod does not tolerate.
    static std::pair<int64_t, framework::Status> scoreWith(const PreScoreState* s, const framework::NodeInfo& nodeInfo) {
        const framework::Node* node = nodeInfo.node();
        if (!node) return {0, framework::Status::error("node not found")};
        if (s && nodeInfo.taintCount() == 0) return {0, framework::Status()};  // nothing to count (most nodes)
        if (!s)
            return {0, framework::Status::error("failed to read \"" + kPreScoreStateKey.name() +
                                                "\" from cycleState: " + helper::kCycleStateNotFound)};
        int64_t intolerable = 0;
        for (const auto& taint : node->spec().taints()) {
            if (taint.effect() != helper::kTaintEffectPreferNoSchedule) continue;
            if (!helper::tolerationsTolerateTaint(s->tolerationsPreferNoSchedule, taint)) ++intolerable;
        }
        return {intolerable, framework::Status()};
    }
};

}  // namespace

StatusOr<std::shared_ptr<framework::Plugin>> New(const codec::Value&, framework::Handle&,
                                                 const framework::FeatureGates&) {
    return std::shared_ptr<framework::Plugin>(std::make_shared<TaintToleration>());
}

}  // namespace pilothouse::scheduler::plugins::tainttoleration
