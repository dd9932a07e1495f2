#include "scheduler/framework/runtime/framework.h"

#include <algorithm>
#include <set>

namespace pilothouse::scheduler::framework {

namespace {

// One extension point: its config section, its plugin list and the Go interface name upstream
// uses in errors.
template <typename T>
struct Point {
    const config::PluginSet* set;
    std::vector<T*>* list;
    const char* typeName;
};

// An ordered set of names (insertion order kept).
struct OrderedSet {
    std::vector<std::string> list;
    bool has(const std::string& n) const { return std::find(list.begin(), list.end(), n) != list.end(); }
    void insert(const std::string& n) {
        if (!has(n)) list.push_back(n);
    }
    void erase(const std::string& n) { list.erase(std::remove(list.begin(), list.end(), n), list.end()); }
};

pilothouse::Status err(const std::string& message) { return pilothouse::Status(StatusCode::InvalidArgument, message); }

int32_t podPriority(const Pod& pod) { return pod.spec().has_priority() ? pod.spec().priority() : 0; }

}  // namespace

template <typename T>
struct PointBuilder {
    // updatePluginList + expandMultiPointPlugins for one extension point.
    static pilothouse::Status build(const Point<T>& pt, const config::Plugins& plugins,
                                    const std::map<std::string, std::shared_ptr<Plugin>>& pluginsMap) {
        OrderedSet enabledSet;
        for (const auto& ep : pt.set->enabled) {
            auto it = pluginsMap.find(ep.name);
            if (it == pluginsMap.end()) return err(std::string(pt.typeName) + " \"" + ep.name + "\" does not exist");
            T* typed = dynamic_cast<T*>(it->second.get());
            if (!typed) return err("plugin \"" + ep.name + "\" does not extend " + pt.typeName + " plugin");
            if (enabledSet.has(ep.name))
                return err("plugin \"" + ep.name + "\" already registered as \"" + pt.typeName + "\"");
            enabledSet.insert(ep.name);
            pt.list->push_back(typed);
        }
        if (plugins.multiPoint.enabled.empty()) return {};
        std::set<std::string> disabled;
        for (const auto& d : pt.set->disabled) disabled.insert(d.name);
        if (disabled.contains("*")) return {};
        OrderedSet multiPointEnabled, overrides;
        for (const auto& ep : plugins.multiPoint.enabled) {
            auto it = pluginsMap.find(ep.name);
            if (it == pluginsMap.end()) return err(std::string(pt.typeName) + " \"" + ep.name + "\" does not exist");
            if (!dynamic_cast<T*>(it->second.get())) continue;
            if (disabled.contains(ep.name)) continue;
            if (enabledSet.has(ep.name)) {
                overrides.insert(ep.name);
                continue;
            }
            if (multiPointEnabled.has(ep.name))
                return err("plugin \"" + ep.name + "\" already registered as \"" + pt.typeName + "\"");
            multiPointEnabled.insert(ep.name);
        }
        // Order: explicitly configured overrides, then multiPoint plugins, then the other explicit ones.
        std::vector<T*> ordered;
        auto typed = [&](const std::string& n) { return dynamic_cast<T*>(pluginsMap.at(n).get()); };
        for (const auto& n : std::vector<std::string>(enabledSet.list))
            if (overrides.has(n)) {
                ordered.push_back(typed(n));
                enabledSet.erase(n);
            }
        for (const auto& n : multiPointEnabled.list) ordered.push_back(typed(n));
        for (const auto& n : enabledSet.list) ordered.push_back(typed(n));
        *pt.list = std::move(ordered);
        return {};
    }
};

StatusOr<std::unique_ptr<Framework>> Framework::create(const config::Profile& profile, const Registry& registry,
                                                       const FeatureGates& gates, Environment env) {
    std::unique_ptr<Framework> f(new Framework());
    f->schedulerName_ = profile.schedulerName;
    f->percentageOfNodesToScore_ = profile.percentageOfNodesToScore;
    f->env_ = std::move(env);
    const config::Plugins& p = profile.plugins;
    const config::PluginSet* sets[] = {&p.preEnqueue, &p.queueSort, &p.preFilter, &p.filter, &p.postFilter,
                                       &p.preScore,  &p.score,     &p.reserve,   &p.permit, &p.preBind,
                                       &p.bind,      &p.postBind,  &p.multiPoint};
    std::set<std::string> needed;
    for (const auto* s : sets)
        for (const auto& e : s->enabled) needed.insert(e.name);
    const codec::Value null;
    for (const auto& name : needed) {
        const PluginFactory* factory = registry.find(name);
        if (!factory) continue;  // reported below as "<Type>Plugin "X" does not exist"
        const codec::Value* args = profile.argsFor(name);
        auto plugin = (*factory)(args ? *args : null, *f, gates);
        if (!plugin) return err("initializing plugin \"" + name + "\": " + plugin.status().message());
        f->plugins_[name] = *plugin;
    }
    PH_RETURN_IF_ERROR((PointBuilder<PreFilterPlugin>::build({&p.preFilter, &f->preFilter_, "PreFilterPlugin"}, p, f->plugins_)));
    PH_RETURN_IF_ERROR((PointBuilder<FilterPlugin>::build({&p.filter, &f->filter_, "FilterPlugin"}, p, f->plugins_)));
    PH_RETURN_IF_ERROR((PointBuilder<PostFilterPlugin>::build({&p.postFilter, &f->postFilter_, "PostFilterPlugin"}, p, f->plugins_)));
    PH_RETURN_IF_ERROR((PointBuilder<ReservePlugin>::build({&p.reserve, &f->reserve_, "ReservePlugin"}, p, f->plugins_)));
    PH_RETURN_IF_ERROR((PointBuilder<PreScorePlugin>::build({&p.preScore, &f->preScore_, "PreScorePlugin"}, p, f->plugins_)));
    PH_RETURN_IF_ERROR((PointBuilder<ScorePlugin>::build({&p.score, &f->score_, "ScorePlugin"}, p, f->plugins_)));
    PH_RETURN_IF_ERROR((PointBuilder<PreBindPlugin>::build({&p.preBind, &f->preBind_, "PreBindPlugin"}, p, f->plugins_)));
    PH_RETURN_IF_ERROR((PointBuilder<BindPlugin>::build({&p.bind, &f->bind_, "BindPlugin"}, p, f->plugins_)));
    PH_RETURN_IF_ERROR((PointBuilder<PostBindPlugin>::build({&p.postBind, &f->postBind_, "PostBindPlugin"}, p, f->plugins_)));
    PH_RETURN_IF_ERROR((PointBuilder<PermitPlugin>::build({&p.permit, &f->permit_, "PermitPlugin"}, p, f->plugins_)));
    PH_RETURN_IF_ERROR((PointBuilder<PreEnqueuePlugin>::build({&p.preEnqueue, &f->preEnqueue_, "PreEnqueuePlugin"}, p, f->plugins_)));
    PH_RETURN_IF_ERROR((PointBuilder<QueueSortPlugin>::build({&p.queueSort, &f->queueSort_, "QueueSortPlugin"}, p, f->plugins_)));

    if (f->queueSort_.size() != 1)
        return err("only one queue sort plugin required for profile with scheduler name \"" + profile.schedulerName +
                   "\", but got " + std::to_string(f->queueSort_.size()));
    if (f->bind_.empty())
        return err("at least one bind plugin is needed for profile with scheduler name \"" + profile.schedulerName + "\"");

    // Score weights: the score section's own weights win over multiPoint's; unset means 1.
    int64_t totalPriority = 0;
    std::vector<config::Plugin> weighted = p.score.enabled;
    weighted.insert(weighted.end(), p.multiPoint.enabled.begin(), p.multiPoint.enabled.end());
    for (const auto& e : weighted) {
        auto it = f->plugins_.find(e.name);
        if (it == f->plugins_.end() || !dynamic_cast<ScorePlugin*>(it->second.get())) continue;
        if (f->scoreWeights_.contains(e.name)) continue;
        const int64_t w = e.weight == 0 ? 1 : e.weight;
        f->scoreWeights_[e.name] = w;
        if (w * kMaxNodeScore > kMaxTotalScore - totalPriority) return err("total score of Score plugins could overflow");
        totalPriority += w * kMaxNodeScore;
    }
    for (auto* s : f->score_) f->scoreNames_.push_back(s->name());
    for (auto* s : f->filter_) f->filterNames_.push_back(s->name());
    for (auto* s : f->score_) f->scoreWeightByIndex_.push_back(f->scoreWeights_[s->name()]);
    for (auto* s : f->score_)
        if (f->scoreWeights_[s->name()] == 0)
            return err("score plugin \"" + s->name() + "\" is not configured with weight");
    return f;
}

std::vector<std::string> Framework::filterPluginNames() const {
    std::vector<std::string> out;
    for (auto* p : filter_) out.push_back(p->name());
    return out;
}

std::vector<std::string> Framework::scorePluginNames() const {
    std::vector<std::string> out;
    for (auto* p : score_) out.push_back(p->name());
    return out;
}

int64_t Framework::scoreWeight(const std::string& plugin) const {
    auto it = scoreWeights_.find(plugin);
    return it == scoreWeights_.end() ? 0 : it->second;
}

std::map<std::string, std::vector<ClusterEvent>> Framework::enqueueEvents() const {
    std::map<std::string, std::vector<ClusterEvent>> out;
    for (const auto& [name, plugin] : plugins_)
        if (auto* ext = dynamic_cast<EnqueueExtensions*>(plugin.get())) out[name] = ext->eventsToRegister();
    return out;
}

std::vector<std::shared_ptr<PreEnqueuePlugin>> Framework::preEnqueuePlugins() const {
    std::vector<std::shared_ptr<PreEnqueuePlugin>> out;
    for (auto* pl : preEnqueue_) out.emplace_back(plugins_.at(pl->name()), pl);  // aliasing: shares the plugin
    return out;
}

Status Framework::runPreEnqueuePlugins(const Pod& pod) {
    for (auto* pl : preEnqueue_) {
        Status s = pl->preEnqueue(pod);
        if (!s.isSuccess()) return s.withPlugin(pl->name());
    }
    return {};
}

std::pair<PreFilterResult, Status> Framework::runPreFilterPlugins(CycleState& state, const Pod& pod) {
    PreFilterResult result;
    std::vector<std::string> pluginsWithNodes;
    std::set<std::string, std::less<>> skip;
    const auto& nodes = env_.snapshot->list();
    for (auto* pl : preFilter_) {
        auto [r, s] = pl->preFilter(state, pod, nodes);
        if (s.isSkip()) {
            skip.insert(pl->name());
            continue;
        }
        if (!s.isSuccess()) {
            s.withPlugin(pl->name());
            if (s.isRejected()) return {{}, s};
            return {{}, Status(Code::Error, "running PreFilter plugin \"" + pl->name() + "\": " + s.message()).withPlugin(pl->name())};
        }
        if (!r.allNodes()) pluginsWithNodes.push_back(pl->name());
        result = result.merge(r);
        if (!result.allNodes() && result.nodeNames->empty()) {
            std::string msg;
            if (pluginsWithNodes.size() == 1) {
                msg = "node(s) didn't satisfy plugin " + pluginsWithNodes[0];
            } else {
                msg = "node(s) didn't satisfy plugin(s) [";
                for (size_t i = 0; i < pluginsWithNodes.size(); ++i) msg += (i ? " " : "") + pluginsWithNodes[i];
                msg += "] simultaneously";
            }
            return {{}, Status(Code::Unschedulable, msg)};
        }
    }
    state.filterPluginsToRun.emplace();
    for (size_t i = 0; i < filter_.size(); ++i)
        if (!skip.contains(filterNames_[i])) state.filterPluginsToRun->push_back(uint32_t(i));
    state.skipFilterPlugins = std::move(skip);
    return {result, {}};
}

Status Framework::runFilterPlugins(CycleState& state, const Pod& pod, const NodeInfo& node) {
    // The plugins that did not skip, in order, until one rejects the node. Called for every node
    // of every cycle: the common path (every plugin passes) touches no strings.
    auto failed = [&](size_t i, Status& s) -> Status {
        if (!s.isRejected()) s = Status(Code::Error, "running \"" + filterNames_[i] + "\" filter plugin: " + s.message());
        s.withPlugin(filterNames_[i]);
        return std::move(s);
    };
    if (state.filterPluginsToRun) {
        for (uint32_t i : *state.filterPluginsToRun) {
            Status s = filter_[i]->filter(state, pod, node);
            if (!s.isSuccess()) return failed(i, s);
        }
        return {};
    }
    for (size_t i = 0; i < filter_.size(); ++i) {
        if (state.skipFilterPlugins.contains(filterNames_[i])) continue;
        Status s = filter_[i]->filter(state, pod, node);
        if (!s.isSuccess()) return failed(i, s);
    }
    return {};
}

std::vector<std::pair<std::string, Status>> Framework::runAllFilterPlugins(CycleState& state, const Pod& pod,
                                                                          const NodeInfo& node) {
    std::vector<std::pair<std::string, Status>> out;
    for (size_t i = 0; i < filter_.size(); ++i) {
        if (state.skipFilterPlugins.contains(filterNames_[i])) continue;
        out.emplace_back(filterNames_[i], filter_[i]->filter(state, pod, node));
    }
    return out;
}

Status Framework::runFilterPluginsWithNominatedPods(CycleState& state, const Pod& pod, const NodeInfo& node) {
    // Two passes when higher-or-equal priority pods are nominated to the node: once as if they
    // were running there, once without them; the pod must fit both ways.
    if (env_.hasNominatedPods && !env_.hasNominatedPods()) return runFilterPlugins(state, pod, node);
    Status status;
    bool podsAdded = false;
    for (int pass = 0; pass < 2; ++pass) {
        CycleState* stateToUse = &state;
        const NodeInfo* nodeToUse = &node;
        std::unique_ptr<CycleState> stateCopy;
        std::unique_ptr<NodeInfo> nodeCopy;
        if (pass == 0) {
            auto nominated = nominatedPodsForNode(node.nodeName());
            for (const auto& pi : nominated) {
                if (podPriority(*pi->pod) < podPriority(pod) || pi->pod->metadata().uid() == pod.metadata().uid()) continue;
                if (!nodeCopy) {
                    nodeCopy = node.clone();
                    stateCopy = state.clone();
                }
                nodeCopy->addPod(pi);
                Status s = runPreFilterExtensionAddPod(*stateCopy, pod, pi, *nodeCopy);
                if (!s.isSuccess()) return s;
                podsAdded = true;
            }
            if (podsAdded) {
                stateToUse = stateCopy.get();
                nodeToUse = nodeCopy.get();
            }
        } else if (!podsAdded || !status.isSuccess()) {
            break;
        }
        status = runFilterPlugins(*stateToUse, pod, *nodeToUse);
        if (!status.isSuccess() && !status.isRejected()) return status;
    }
    return status;
}

Status Framework::runPreFilterExtensionAddPod(CycleState& state, const Pod& pod, const std::shared_ptr<const PodInfo>& toAdd,
                                              const NodeInfo& node) {
    for (auto* pl : preFilter_) {
        auto* ext = pl->preFilterExtensions();
        if (!ext || state.skipFilterPlugins.contains(pl->name())) continue;
        Status s = ext->addPod(state, pod, *toAdd, node);
        if (!s.isSuccess())
            return Status(Code::Error, "running AddPod on PreFilter plugin \"" + pl->name() + "\": " + s.message());
    }
    return {};
}

Status Framework::runPreFilterExtensionRemovePod(CycleState& state, const Pod& pod,
                                                 const std::shared_ptr<const PodInfo>& toRemove, const NodeInfo& node) {
    for (auto* pl : preFilter_) {
        auto* ext = pl->preFilterExtensions();
        if (!ext || state.skipFilterPlugins.contains(pl->name())) continue;
        Status s = ext->removePod(state, pod, *toRemove, node);
        if (!s.isSuccess())
            return Status(Code::Error, "running RemovePod on PreFilter plugin \"" + pl->name() + "\": " + s.message());
    }
    return {};
}

std::vector<std::shared_ptr<const PodInfo>> Framework::nominatedPodsForNode(const std::string& nodeName) const {
    return env_.nominatedPodsForNode ? env_.nominatedPodsForNode(nodeName) : std::vector<std::shared_ptr<const PodInfo>>{};
}

std::pair<PostFilterResult, Status> Framework::runPostFilterPlugins(CycleState& state, const Pod& pod,
                                                                    const NodeToStatusMap& statuses) {
    // The last meaningful (non-Noop) result survives a rejection, so a nomination can be cleared.
    PostFilterResult result;
    std::vector<std::string> reasons;
    std::string failedPlugin;
    for (auto* pl : postFilter_) {
        auto [r, s] = pl->postFilter(state, pod, statuses);
        if (s.isSuccess()) return {r, s};
        if (s.code() == Code::UnschedulableAndUnresolvable) return {r, s.withPlugin(pl->name())};
        if (!s.isRejected()) return {{}, Status(Code::Error, s.reasons()).withPlugin(pl->name())};
        if (r.mode != NominatingMode::Noop) result = r;
        for (const auto& reason : s.reasons()) reasons.push_back(reason);
        if (failedPlugin.empty()) failedPlugin = pl->name();
    }
    return {result, Status(Code::Unschedulable, reasons).withPlugin(failedPlugin)};
}

Status Framework::runPreScorePlugins(CycleState& state, const Pod& pod, const std::vector<const NodeInfo*>& nodes) {
    std::set<std::string, std::less<>> skip;
    for (auto* pl : preScore_) {
        Status s = pl->preScore(state, pod, nodes);
        if (s.isSkip()) {
            skip.insert(pl->name());
            continue;
        }
        if (!s.isSuccess()) return Status(Code::Error, "running PreScore plugin \"" + pl->name() + "\": " + s.message());
    }
    state.scorePluginsToRun.emplace();
    for (size_t i = 0; i < score_.size(); ++i)
        if (!skip.contains(scoreNames_[i])) state.scorePluginsToRun->push_back(uint32_t(i));
    state.skipScorePlugins = std::move(skip);
    return {};
}

pilothouse::Status Framework::runScorePlugins(CycleState& state, const Pod& pod, const std::vector<const NodeInfo*>& nodes,
                                              ScoreTable& out) {
    // `out` and the list below keep their capacity from cycle to cycle: scoring allocates nothing
    // once the scheduler has warmed up.
    const size_t n = nodes.size();
    out.nodes.resize(n);
    for (size_t i = 0; i < n; ++i) out.nodes[i] = nodes[i]->nodeNameView();
    out.plugins.clear();
    out.weights.clear();
    out.totals.assign(n, 0);
    NodeScoreList& list = scoreList_;
    list.resize(n);
    for (size_t i = 0; i < n; ++i) list[i].name = out.nodes[i];

    for (size_t p = 0; p < score_.size(); ++p) {
        ScorePlugin* pl = score_[p];
        const std::string& name = scoreNames_[p];
        const bool skipped = state.scorePluginsToRun
                                 ? std::find(state.scorePluginsToRun->begin(), state.scorePluginsToRun->end(), p) ==
                                       state.scorePluginsToRun->end()
                                 : state.skipScorePlugins.contains(name);
        if (skipped) continue;
        const size_t column = out.plugins.size();
        out.plugins.push_back(name);
        out.weights.push_back(scoreWeightByIndex_[p]);
        if (out.raw.size() <= column) {
            out.raw.resize(column + 1);
            out.normalized.resize(column + 1);
        }
        std::vector<int64_t>& raw = out.raw[column];
        std::vector<int64_t>& normalized = out.normalized[column];
        raw.resize(n);
        normalized.resize(n);

        if (Status s = pl->scoreNodes(state, pod, nodes, raw); !s.isSuccess())
            return pilothouse::Status(StatusCode::Internal, "running Score plugin \"" + name + "\": " + s.message());
        if (pl->hasNormalizeScore()) {
            for (size_t i = 0; i < n; ++i) list[i].score = raw[i];
            Status s = pl->normalizeScore(state, pod, list);
            if (!s.isSuccess())
                return pilothouse::Status(StatusCode::Internal, "running Normalize on Score plugin \"" + name + "\": " + s.message());
            for (size_t i = 0; i < n; ++i) normalized[i] = list[i].score;
        } else {
            std::copy(raw.begin(), raw.end(), normalized.begin());
        }
        // Weighted into the totals; a score outside [0, 100] is an error of the plugin.
        const int64_t weight = scoreWeightByIndex_[p];
        bool outOfRange = false;
        for (size_t i = 0; i < n; ++i) {
            const int64_t score = normalized[i];
            outOfRange |= score > kMaxNodeScore || score < kMinNodeScore;
            out.totals[i] += score * weight;
        }
        if (outOfRange) {
            const int64_t score = *std::find_if(normalized.begin(), normalized.end(),
                                                [](int64_t v) { return v > kMaxNodeScore || v < kMinNodeScore; });
            return pilothouse::Status(StatusCode::Internal,
                                      "plugin \"" + name + "\" returns an invalid score " + std::to_string(score) +
                                          ", it should in the range of [0, 100] after normalizing");
        }
    }
    return {};
}

Status Framework::runReservePluginsReserve(CycleState& state, const Pod& pod, const std::string& node) {
    for (auto* pl : reserve_) {
        Status s = pl->reserve(state, pod, node);
        if (!s.isSuccess()) {
            if (s.isRejected()) return s.withPlugin(pl->name());
            return Status(Code::Error, "running Reserve plugin \"" + pl->name() + "\": " + s.message()).withPlugin(pl->name());
        }
    }
    return {};
}

void Framework::runReservePluginsUnreserve(CycleState& state, const Pod& pod, const std::string& node) {
    for (auto it = reserve_.rbegin(); it != reserve_.rend(); ++it) (*it)->unreserve(state, pod, node);
}

Status Framework::runPermitPlugins(CycleState& state, const Pod& pod, const std::string& node) {
    for (auto* pl : permit_) {
        auto [s, timeout] = pl->permit(state, pod, node);
        if (s.isSuccess()) continue;
        if (s.isRejected()) return s.withPlugin(pl->name());
        // Waiting is for out-of-tree plugins; none of the in-tree ones waits.
        return Status(Code::Error, "running Permit plugin \"" + pl->name() + "\": " + s.message()).withPlugin(pl->name());
    }
    return {};
}

Status Framework::runPreBindPlugins(CycleState& state, const Pod& pod, const std::string& node) {
    for (auto* pl : preBind_) {
        Status s = pl->preBind(state, pod, node);
        if (!s.isSuccess()) return Status(Code::Error, "running PreBind plugin \"" + pl->name() + "\": " + s.message());
    }
    return {};
}

Status Framework::runBindPlugins(CycleState& state, const Pod& pod, const std::string& node) {
    for (auto* pl : bind_) {
        Status s = pl->bind(state, pod, node);
        if (s.isSkip()) continue;
        if (!s.isSuccess()) return Status(Code::Error, "running Bind plugin \"" + pl->name() + "\": " + s.message());
        return s;
    }
    return Status::skip();
}

void Framework::runPostBindPlugins(CycleState& state, const Pod& pod, const std::string& node) {
    for (auto* pl : postBind_) pl->postBind(state, pod, node);
}

}  // namespace pilothouse::scheduler::framework
