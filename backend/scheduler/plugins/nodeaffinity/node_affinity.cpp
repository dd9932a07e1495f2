#include "scheduler/plugins/nodeaffinity/node_affinity.h"

#include <optional>

#include "api/codec/proto_json.h"
#include "scheduler/plugins/helper/errors.h"
#include "scheduler/plugins/helper/node_affinity.h"
#include "scheduler/plugins/names.h"

namespace pilothouse::scheduler::plugins::nodeaffinity {

namespace core = k8s::io::api::core::v1;

namespace {

constexpr const char* kErrReasonPod = "node(s) didn't match Pod's node affinity/selector";
constexpr const char* kErrReasonEnforced = "node(s) didn't match scheduler-enforced node affinity";
constexpr const char* kErrReasonConflict = "pod affinity terms conflict";
const framework::StateKey kPreFilterStateKey{std::string("PreFilter") + names::NodeAffinity};
const framework::StateKey kPreScoreStateKey{std::string("PreScore") + names::NodeAffinity};

struct PreFilterState final : framework::StateData {
    explicit PreFilterState(helper::RequiredNodeAffinity r) : required(std::move(r)) {}
    helper::RequiredNodeAffinity required;
    std::unique_ptr<framework::StateData> clone() const override { return std::make_unique<PreFilterState>(*this); }
};

struct PreScoreState final : framework::StateData {
    std::optional<helper::PreferredSchedulingTerms> preferred;
    std::unique_ptr<framework::StateData> clone() const override { return std::make_unique<PreScoreState>(*this); }
};

bool hasRequiredNodeAffinity(const framework::Pod& pod) {
    const auto& spec = pod.spec();
    return spec.has_affinity() && spec.affinity().has_node_affinity() &&
           spec.affinity().node_affinity().has_required_during_scheduling_ignored_during_execution();
}

// getPodPreferredNodeAffinity: nullopt with no error when the pod has no preferred terms.
std::optional<helper::PreferredSchedulingTerms> podPreferredTerms(const framework::Pod& pod, std::string* error) {
    const auto& spec = pod.spec();
    if (!spec.has_affinity() || !spec.affinity().has_node_affinity()) return std::nullopt;
    const auto& terms = spec.affinity().node_affinity().preferred_during_scheduling_ignored_during_execution();
    if (terms.empty()) return std::nullopt;
    helper::ErrorList errs;
    auto parsed = helper::PreferredSchedulingTerms::parse(terms, "", &errs);
    if (!parsed) *error = helper::aggregateMessage(errs);
    return parsed;
}

class NodeAffinity final : public framework::PreFilterPlugin,
                           public framework::FilterPlugin,
                           public framework::PreScorePlugin,
                           public framework::ScorePlugin,
                           public framework::EnqueueExtensions {
public:
    NodeAffinity(std::optional<helper::LazyErrorNodeSelector> addedNodeSelector,
                 std::optional<helper::PreferredSchedulingTerms> addedPreferred)
        : addedNodeSelector_(std::move(addedNodeSelector)), addedPreferred_(std::move(addedPreferred)) {}

    std::string name() const override { return names::NodeAffinity; }

    std::pair<framework::PreFilterResult, framework::Status> preFilter(
        framework::CycleState& state, const framework::Pod& pod, const std::vector<framework::NodeInfo*>&) override {
        const bool noNodeAffinity = !hasRequiredNodeAffinity(pod);
        if (noNodeAffinity && !addedNodeSelector_ && pod.spec().node_selector().empty())
            return {{}, framework::Status::skip()};
        state.write(kPreFilterStateKey,
                    std::make_unique<PreFilterState>(helper::RequiredNodeAffinity::fromPod(pod)));
        if (noNodeAffinity) return {{}, {}};
        const auto& terms =
            pod.spec().affinity().node_affinity().required_during_scheduling_ignored_during_execution().node_selector_terms();
        if (terms.empty()) return {{}, {}};

        std::optional<std::set<std::string>> nodeNames;
        for (const auto& term : terms) {
            std::optional<std::set<std::string>> termNames;
            for (const auto& r : term.match_fields()) {
                if (r.key() != "metadata.name" || r.operator_() != "In") continue;
                std::set<std::string> values(r.values().begin(), r.values().end());
                if (!termNames) {
                    termNames = std::move(values);
                } else {
                    std::set<std::string> both;
                    for (const auto& n : *termNames)
                        if (values.contains(n)) both.insert(n);
                    termNames = std::move(both);
                }
            }
            // A term that does not name nodes lets every node through (terms are ORed).
            if (!termNames) return {{}, {}};
            if (!nodeNames) nodeNames.emplace();
            nodeNames->insert(termNames->begin(), termNames->end());
        }
        if (nodeNames && nodeNames->empty())
            return {{}, {framework::Code::UnschedulableAndUnresolvable, kErrReasonConflict}};
        framework::PreFilterResult result;
        if (nodeNames) result.nodeNames = std::move(nodeNames);
        return {result, framework::Status()};
    }

    framework::Status filter(framework::CycleState& state, const framework::Pod& pod,
                             const framework::NodeInfo& nodeInfo) override {
        const framework::Node* node = nodeInfo.node();
        if (!node) return framework::Status::error("node not found");
        if (addedNodeSelector_ && !addedNodeSelector_->match(*node))
            return {framework::Code::UnschedulableAndUnresolvable, kErrReasonEnforced};
        // Without PreFilter state (PreFilter disabled), compute it here. Parse errors are ignored.
        bool match;
        if (auto* s = state.read<PreFilterState>(kPreFilterStateKey)) match = s->required.match(*node);
        else match = helper::RequiredNodeAffinity::fromPod(pod).match(*node);
        if (!match) return {framework::Code::UnschedulableAndUnresolvable, kErrReasonPod};
        return {};
    }

    framework::Status preScore(framework::CycleState& state, const framework::Pod& pod,
                               const std::vector<const framework::NodeInfo*>&) override {
        std::string error;
        auto preferred = podPreferredTerms(pod, &error);
        if (!error.empty()) return framework::Status::error(error);
        // v1.28 always writes its state here (skipping pods without preferred terms came in
        // v1.29): the real kube-scheduler v1.28.7 reports NodeAffinity 0 for such pods.
        auto s = std::make_unique<PreScoreState>();
        s->preferred = std::move(preferred);
        state.write(kPreScoreStateKey, std::move(s));
        return {};
    }

    std::pair<int64_t, framework::Status> score(framework::CycleState& state, const framework::Pod& pod,
                                                const framework::NodeInfo& nodeInfo) override {
        if (auto* s = state.read<PreScoreState>(kPreScoreStateKey)) return scoreWith(s->preferred, nodeInfo);
        // PreScore did not run: compute the pod's preferred terms here.
        std::string error;
        auto preferred = podPreferredTerms(pod, &error);
        if (!error.empty()) return {0, framework::Status::error(error)};
        return scoreWith(preferred, nodeInfo);
    }

    framework::Status scoreNodes(framework::CycleState& state, const framework::Pod& pod,
                                 std::span<const framework::NodeInfo* const> nodes, std::span<int64_t> scores) override {
        const auto* s = state.read<PreScoreState>(kPreScoreStateKey);
        if (!s) return ScorePlugin::scoreNodes(state, pod, nodes, scores);
        return framework::scoreEach(nodes, scores,
                                    [&](const framework::NodeInfo& node) { return scoreWith(s->preferred, node); });
    }

    bool hasNormalizeScore() const override { return true; }
    framework::Status normalizeScore(framework::CycleState&, const framework::Pod&,
                                     framework::NodeScoreList& scores) override {
        framework::defaultNormalizeScore(framework::kMaxNodeScore, false, scores);
        return {};
    }

    std::vector<framework::ClusterEvent> eventsToRegister() const override {
        return {{"Node", framework::kAdd | framework::kUpdate, ""}};
    }

private:
    // Score: the summed weights of the preferred terms (the added ones, then the pod's) the node matches.
    std::pair<int64_t, framework::Status> scoreWith(const std::optional<helper::PreferredSchedulingTerms>& preferred,
                                                    const framework::NodeInfo& nodeInfo) const {
        const framework::Node* node = nodeInfo.node();
        if (!node) return {0, framework::Status::error("node not found")};
        int64_t count = 0;
        if (addedPreferred_) count += addedPreferred_->score(*node);
        if (preferred) count += preferred->score(*node);
        return {count, framework::Status()};
    }

    std::optional<helper::LazyErrorNodeSelector> addedNodeSelector_;
    std::optional<helper::PreferredSchedulingTerms> addedPreferred_;
};

pilothouse::Status invalidArgs(const std::string& message) {
    return pilothouse::Status(StatusCode::InvalidArgument, message);
}

}  // namespace

StatusOr<std::shared_ptr<framework::Plugin>> New(const codec::Value& args, framework::Handle&,
                                                 const framework::FeatureGates&) {
    if (!args.isNull() && !args.isObject())
        return invalidArgs("json: cannot unmarshal " + std::string(args.typeName()) +
                           " into Go value of type config.NodeAffinityArgs");
    std::optional<core::NodeAffinity> added;
    if (const codec::Value* v = args.find("addedAffinity"); v && !v->isNull()) {
        core::NodeAffinity affinity;
        std::vector<std::string> warnings;
        if (auto st = codec::decodeMessage(*v, &affinity, &warnings, "addedAffinity"); !st.isOk())
            return invalidArgs(st.message());
        added = std::move(affinity);
    }

    // ValidateNodeAffinityArgs(nil, args).
    std::optional<helper::LazyErrorNodeSelector> addedNodeSelector;
    std::optional<helper::PreferredSchedulingTerms> addedPreferred;
    if (added) {
        helper::ErrorList errs;
        if (added->has_required_during_scheduling_ignored_during_execution())
            addedNodeSelector = helper::newNodeSelector(added->required_during_scheduling_ignored_during_execution(),
                                                        "addedAffinity.requiredDuringSchedulingIgnoredDuringExecution",
                                                        &errs);
        if (!added->preferred_during_scheduling_ignored_during_execution().empty())
            addedPreferred = helper::PreferredSchedulingTerms::parse(
                added->preferred_during_scheduling_ignored_during_execution(),
                "addedAffinity.preferredDuringSchedulingIgnoredDuringExecution", &errs);
        if (!errs.empty()) return invalidArgs(helper::aggregateMessage(errs));
    }
    return std::shared_ptr<framework::Plugin>(
        std::make_shared<NodeAffinity>(std::move(addedNodeSelector), std::move(addedPreferred)));
}

}  // namespace pilothouse::scheduler::plugins::nodeaffinity
