// The framework runtime for one profile (pkg/scheduler/framework/runtime/framework.go): builds the
// profile's plugins from the registry — each plugin once, placed at every extension point it
// implements, in upstream's order (explicitly configured plugins, then multiPoint ones, then the
// rest), with score weights — and runs the extension points. It is the plugins' Handle.
//
// Construction errors use kube-scheduler's texts, e.g. `FilterPlugin "Foo" does not exist`,
// `only one queue sort plugin required for profile with scheduler name "x", but got 0`,
// `at least one bind plugin is needed for profile with scheduler name "x"`,
// `initializing plugin "NodeResourcesFit": <args error>`.
//
// Single-threaded: one scheduling cycle at a time.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "scheduler/apis/config/types.h"
#include "scheduler/framework/interface.h"
#include "scheduler/framework/runtime/registry.h"

namespace pilothouse::scheduler::framework {

struct PluginScore {
    // The plugin's name, owned by the Framework (valid while it lives): copying long names for
    // every node of every cycle was a measurable share of scheduling time.
    std::string_view plugin;
    int64_t raw = 0;         // what Score returned
    int64_t normalized = 0;  // after NormalizeScore (0..100)
    int64_t weighted = 0;    // normalized × weight
};

// RunScorePlugins' result for the feasible nodes of one cycle, kept column by column (one array
// per plugin) so that scoring hundreds of nodes writes no per-node records.
struct ScoreTable {
    std::vector<std::string_view> nodes;          // the nodes scored, in order
    std::vector<std::string_view> plugins;        // the plugins that scored (not skipped), profile order
    std::vector<int64_t> weights;                 // per plugin
    std::vector<std::vector<int64_t>> raw;        // [plugin][node]: what Score returned
    std::vector<std::vector<int64_t>> normalized; // [plugin][node]: after NormalizeScore
    std::vector<int64_t> totals;                  // [node]: sum of normalized × weight
};

// What the runtime needs from its scheduler: the per-cycle snapshot and the cluster around it.
struct Environment {
    const NodeInfoLister* snapshot = nullptr;      // set per cycle with setSnapshot()
    const ClusterObjects* objects = nullptr;
    ClusterClient* client = nullptr;
    std::function<uint64_t(uint64_t)> randomInt;   // uniform in [0, n)
    std::function<int64_t()> now;
    std::function<std::vector<std::shared_ptr<const PodInfo>>(const std::string&)> nominatedPodsForNode;
    // Optional: false when no pod is nominated anywhere, which spares the per-node lookup above.
    std::function<bool()> hasNominatedPods;
};

class Framework final : public Handle {
public:
    static StatusOr<std::unique_ptr<Framework>> create(const config::Profile& profile, const Registry& registry,
                                                       const FeatureGates& gates, Environment env);

    const std::string& schedulerName() const { return schedulerName_; }
    const std::optional<int32_t>& percentageOfNodesToScore() const { return percentageOfNodesToScore_; }
    void setSnapshot(const NodeInfoLister* snapshot) { env_.snapshot = snapshot; }

    // ---- extension points ----
    Status runPreEnqueuePlugins(const Pod& pod);
    const QueueSortPlugin* queueSortPlugin() const { return queueSort_.empty() ? nullptr : queueSort_[0]; }
    // The PreEnqueue plugins, in order, sharing ownership with the framework (for the queue).
    std::vector<std::shared_ptr<PreEnqueuePlugin>> preEnqueuePlugins() const;
    // Plugin name -> the cluster events that may make pods it rejected schedulable.
    std::map<std::string, std::vector<ClusterEvent>> enqueueEvents() const;

    std::pair<PreFilterResult, Status> runPreFilterPlugins(CycleState& state, const Pod& pod);
    // Stops at the first rejecting plugin (its name in Status::plugin()).
    Status runFilterPlugins(CycleState& state, const Pod& pod, const NodeInfo& node);
    // Every filter plugin's verdict (the explainer runs them all), in profile order.
    std::vector<std::pair<std::string, Status>> runAllFilterPlugins(CycleState& state, const Pod& pod,
                                                                    const NodeInfo& node);
    std::pair<PostFilterResult, Status> runPostFilterPlugins(CycleState& state, const Pod& pod,
                                                             const NodeToStatusMap& statuses);
    Status runPreScorePlugins(CycleState& state, const Pod& pod, const std::vector<const NodeInfo*>& nodes);
    // Scores `nodes` into `out`, reusing its storage.
    pilothouse::Status runScorePlugins(CycleState& state, const Pod& pod, const std::vector<const NodeInfo*>& nodes,
                                       ScoreTable& out);
    Status runReservePluginsReserve(CycleState& state, const Pod& pod, const std::string& node);
    void runReservePluginsUnreserve(CycleState& state, const Pod& pod, const std::string& node);
    Status runPermitPlugins(CycleState& state, const Pod& pod, const std::string& node);
    Status runPreBindPlugins(CycleState& state, const Pod& pod, const std::string& node);
    Status runBindPlugins(CycleState& state, const Pod& pod, const std::string& node);
    void runPostBindPlugins(CycleState& state, const Pod& pod, const std::string& node);

    bool hasPostFilterPlugins() const { return !postFilter_.empty(); }
    // False when no pod is nominated to any node (then the filters need only one pass per node).
    bool hasNominatedPods() const { return !env_.hasNominatedPods || env_.hasNominatedPods(); }
    bool hasScorePlugins() const { return !score_.empty(); }
    std::vector<std::string> filterPluginNames() const;
    std::vector<std::string> scorePluginNames() const;
    int64_t scoreWeight(const std::string& plugin) const;

    // ---- Handle ----
    const NodeInfoLister& snapshot() const override { return *env_.snapshot; }
    const ClusterObjects& clusterObjects() const override { return *env_.objects; }
    Status runFilterPluginsWithNominatedPods(CycleState& state, const Pod& pod, const NodeInfo& node) override;
    Status runPreFilterExtensionAddPod(CycleState& state, const Pod& pod, const std::shared_ptr<const PodInfo>& toAdd,
                                       const NodeInfo& node) override;
    Status runPreFilterExtensionRemovePod(CycleState& state, const Pod& pod,
                                          const std::shared_ptr<const PodInfo>& toRemove, const NodeInfo& node) override;
    std::vector<std::shared_ptr<const PodInfo>> nominatedPodsForNode(const std::string& nodeName) const override;
    ClusterClient* client() override { return env_.client; }
    uint64_t randomInt(uint64_t n) override { return env_.randomInt ? env_.randomInt(n) : 0; }
    int64_t nowNanos() const override { return env_.now ? env_.now() : 0; }

private:
    Framework() = default;

    std::string schedulerName_;
    std::optional<int32_t> percentageOfNodesToScore_;
    Environment env_;
    std::map<std::string, std::shared_ptr<Plugin>> plugins_;
    std::vector<PreEnqueuePlugin*> preEnqueue_;
    std::vector<QueueSortPlugin*> queueSort_;
    std::vector<PreFilterPlugin*> preFilter_;
    std::vector<FilterPlugin*> filter_;
    std::vector<std::string> filterNames_;  // filter_[i]->name()
    std::vector<PostFilterPlugin*> postFilter_;
    std::vector<PreScorePlugin*> preScore_;
    std::vector<ScorePlugin*> score_;
    std::vector<std::string> scoreNames_;  // score_[i]->name(), kept for PluginScore
    std::vector<int64_t> scoreWeightByIndex_;  // score_[i]'s weight
    NodeScoreList scoreList_;  // runScorePlugins' buffer, reused from cycle to cycle
    std::vector<ReservePlugin*> reserve_;
    std::vector<PermitPlugin*> permit_;
    std::vector<PreBindPlugin*> preBind_;
    std::vector<BindPlugin*> bind_;
    std::vector<PostBindPlugin*> postBind_;
    std::map<std::string, int64_t> scoreWeights_;

    template <typename T>
    friend struct PointBuilder;
};

}  // namespace pilothouse::scheduler::framework
