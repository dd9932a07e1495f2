#include "scheduler/snapshot_scheduler.h"

#include <algorithm>
#include <thread>
#include <unordered_map>

#include "api/object.h"
#include "apiserver/admission/priority.h"
#include "apiserver/registry/defaults.h"
#include "apiserver/validation/validation.h"
#include "scheduler/cache/image_states.h"
#include "scheduling_v1.pb.h"
#include "util/on_every_core.h"

namespace pilothouse::scheduler {

namespace core = k8s::io::api::core::v1;
using framework::NodeInfo;
using framework::Pod;
using framework::PodInfo;

namespace {

template <typename T>
std::shared_ptr<T> take(codec::Manifest& m) {
    auto* typed = static_cast<T*>(m.object.release());
    return std::shared_ptr<T>(typed);
}

// The nodes in the order a scheduler would have seen them arrive (SnapshotOptions::nodeArrival).
std::vector<const framework::Node*> arrivalOrder(const std::vector<std::shared_ptr<framework::Node>>& nodes,
                                                 NodeArrival arrival) {
    std::vector<const framework::Node*> order;
    order.reserve(nodes.size());
    for (const auto& n : nodes) order.push_back(n.get());
    if (arrival == NodeArrival::ByResourceVersion) {
        // Numeric, as the store's revisions are; nodes without one keep their place before the others.
        auto revision = [](const framework::Node* n) {
            const std::string& rv = n->metadata().resource_version();
            uint64_t value = 0;
            for (char c : rv) {
                if (c < '0' || c > '9') return uint64_t(0);
                value = value * 10 + uint64_t(c - '0');
            }
            return value;
        };
        std::stable_sort(order.begin(), order.end(),
                         [&](const framework::Node* a, const framework::Node* b) { return revision(a) < revision(b); });
    }
    return order;
}

int32_t priorityOf(const Pod& pod) { return pod.spec().has_priority() ? pod.spec().priority() : 0; }

}  // namespace

bool readForScheduling(std::string_view kind) {
    static constexpr std::string_view kKinds[] = {"Node",    "Pod",        "Namespace",   "PriorityClass",
                                                  "Service", "ReplicationController", "ReplicaSet", "StatefulSet",
                                                  "PodDisruptionBudget"};
    return std::find(std::begin(kKinds), std::end(kKinds), kind) != std::end(kKinds);
}

SnapshotCluster snapshotFromManifests(std::vector<codec::Manifest>& manifests, std::vector<std::string>* warnings,
                                      bool validate) {
    SnapshotCluster c;
    using apiserver::admission::ResolvedPriority;
    std::map<std::string, ResolvedPriority> classes;
    for (const char* name : {apiserver::admission::Priority::kSystemNodeCritical,
                             apiserver::admission::Priority::kSystemClusterCritical})
        classes[name] = *apiserver::admission::builtInPriorityClass(name);
    std::optional<ResolvedPriority> globalDefault;  // the one with the lowest value, as admission picks
    // The manifest each pod came from (its place is spelled out only for a warning), and the pod.
    std::vector<std::pair<size_t, std::shared_ptr<Pod>>> pods;
    std::set<std::string> namespacesSeen;
    // Defaults, then what the API server would have refused (warned about, then reasoned about as
    // written). Each object on its own, so on every core (at most 8; one for a few objects): for a
    // snapshot of 150,000 pods this is most of the work here.
    std::vector<std::vector<std::string>> refusals(manifests.size());
    auto admit = [&](size_t begin, size_t end) {
        for (size_t i = begin; i < end; ++i) {
            codec::Manifest& m = manifests[i];
            if (!m.type || !readForScheduling(m.type->kind)) continue;
            apiserver::registry::applyDefaults(*m.type, m.object.get());
            auto* meta = api::mutableMetadata(m.object.get());
            if (m.type->namespaced && meta->namespace_().empty()) meta->set_namespace_("default");
            if (!validate) continue;
            for (const auto& e : apiserver::validation::validateCreate(*m.type, *m.object))
                refusals[i].push_back(m.location() + ": " + m.type->kind + " \"" + meta->name() +
                                      "\" would be rejected by the API server: " + e.toString());
        }
    };
    util::onEveryCore(manifests.size(), manifests.size(), 1000, admit);
    for (size_t i = 0; i < manifests.size(); ++i) {
        codec::Manifest& m = manifests[i];
        if (!m.type) {
            warnings->push_back(m.location() + ": ignoring " + m.kind + " (" + m.apiVersion + "): not used for scheduling");
            continue;
        }
        const std::string& kind = m.type->kind;
        if (!readForScheduling(kind)) {
            warnings->push_back(m.location() + ": ignoring " + kind + ": not used for scheduling");
            continue;
        }
        for (auto& r : refusals[i]) warnings->push_back(std::move(r));
        if (kind == "Node") {
            c.nodes.push_back(take<core::Node>(m));
        } else if (kind == "Pod") {
            auto pod = take<Pod>(m);
            if (!pod->spec().overhead().empty() && !pod->spec().has_runtime_class_name())
                warnings->push_back(m.location() + ": Pod \"" + pod->metadata().name() +
                                    "\" sets spec.overhead without a runtimeClassName; the API server would reject it (RuntimeClass admission)");
            namespacesSeen.insert(pod->metadata().namespace_());
            pods.emplace_back(i, std::move(pod));
        } else if (kind == "Namespace") {
            auto ns = take<core::Namespace>(m);
            auto& labels = c.objects.namespaceLabels[ns->metadata().name()];
            labels.insert(ns->metadata().labels().begin(), ns->metadata().labels().end());
        } else if (kind == "PriorityClass") {
            auto pc = take<k8s::io::api::scheduling::v1::PriorityClass>(m);
            const ResolvedPriority resolved = apiserver::admission::resolvedFrom(*pc);
            classes[resolved.className] = resolved;
            if (pc->global_default() && (!globalDefault || resolved.value < globalDefault->value)) globalDefault = resolved;
        } else if (kind == "Service") {
            c.objects.services.push_back(take<core::Service>(m));
        } else if (kind == "ReplicationController") {
            c.objects.replicationControllers.push_back(take<core::ReplicationController>(m));
        } else if (kind == "ReplicaSet") {
            c.objects.replicaSets.push_back(take<k8s::io::api::apps::v1::ReplicaSet>(m));
        } else if (kind == "StatefulSet") {
            c.objects.statefulSets.push_back(take<k8s::io::api::apps::v1::StatefulSet>(m));
        } else if (kind == "PodDisruptionBudget") {
            c.objects.podDisruptionBudgets.push_back(take<k8s::io::api::policy::v1::PodDisruptionBudget>(m));
        }
    }
    // Namespaces that pods live in but the input does not list still carry the name label.
    for (const auto& ns : namespacesSeen) c.objects.namespaceLabels[ns]["kubernetes.io/metadata.name"] = ns;
    // Priority admission: priority and preemptionPolicy from the pod's PriorityClass, else the
    // globalDefault one, else 0 and PreemptLowerPriority. A value the pod already has (as in a real
    // cluster's snapshot) is kept; one its class contradicts is what the API server would refuse.
    for (auto& [from, pod] : pods) {
        const codec::Manifest& manifest = manifests[from];
        auto where = [&manifest] { return manifest.location(); };
        auto* spec = pod->mutable_spec();
        ResolvedPriority resolved;
        if (!spec->priority_class_name().empty()) {
            auto it = classes.find(spec->priority_class_name());
            if (it != classes.end()) {
                resolved = it->second;
            } else if (!spec->has_priority()) {
                warnings->push_back(where() + ": Pod \"" + pod->metadata().name() + "\": no PriorityClass with name " +
                                    spec->priority_class_name() + " was found; scheduling it with priority 0");
            }
        } else if (globalDefault) {
            resolved = *globalDefault;
            spec->set_priority_class_name(resolved.className);
        }
        const bool known = spec->priority_class_name().empty() || classes.contains(spec->priority_class_name());
        auto rejected = [&](const std::string& why) {
            warnings->push_back(where() + ": Pod \"" + pod->metadata().name() + "\" would be rejected by the API server: " + why);
        };
        if (!spec->has_priority()) spec->set_priority(resolved.value);
        else if (known && spec->priority() != resolved.value)
            rejected(apiserver::admission::priorityMismatchMessage(spec->priority(), resolved));
        if (!spec->has_preemption_policy()) spec->set_preemption_policy(resolved.preemptionPolicy);
        else if (known && spec->preemption_policy() != resolved.preemptionPolicy)
            rejected(apiserver::admission::preemptionPolicyMismatchMessage(spec->preemption_policy(), resolved));
        if (pod->metadata().uid().empty()) pod->mutable_metadata()->set_uid(pod->metadata().namespace_() + "/" + pod->metadata().name());
        c.pods.push_back(std::move(pod));
    }
    return c;
}

StatusOr<std::unique_ptr<SnapshotScheduler>> SnapshotScheduler::create(SnapshotCluster cluster, const SnapshotOptions& options,
                                                                       const framework::Registry& registry,
                                                                       std::vector<std::string>* warnings) {
    std::unique_ptr<SnapshotScheduler> s(new SnapshotScheduler());
    s->cluster_ = std::move(cluster);
    s->options_ = options;
    s->random_ = sim::Random(options.seed).fork("scheduler");
    s->algorithm_ = SchedulingAlgorithm(options.config.percentageOfNodesToScore);
    // The pods by UID — on a thread of their own while this one takes the nodes in, when there are
    // enough of them to be worth a thread (a what-if creates many small schedulers).
    auto indexPods = [self = s.get()] {
        self->podByUid_.reserve(self->cluster_.pods.size());
        for (const auto& pod : self->cluster_.pods) self->podByUid_[pod->metadata().uid()] = pod;
    };
    constexpr size_t kPodsForAThread = 10'000;
    std::jthread byUid;
    if (s->cluster_.pods.size() >= kPodsForAThread) byUid = std::jthread(indexPods);
    else indexPods();
    for (const auto& n : s->cluster_.nodes) s->tree_.addNode(*n);
    std::map<std::string, std::shared_ptr<const framework::Node>> byName;
    for (const auto& n : s->cluster_.nodes) {
        if (byName.contains(n->metadata().name())) {
            warnings->push_back("node \"" + n->metadata().name() + "\" appears more than once; using the last one");
        }
        byName[n->metadata().name()] = n;
    }
    // ImageLocality's image summaries, as kube-scheduler's cache takes them: each node's when it
    // arrives, counting the nodes that arrived before it (cache/image_states.h).
    std::map<std::string, std::map<std::string, framework::ImageStateSummary>> imageSummaries;
    {
        cache::ImageStates images;
        std::map<std::string, const framework::Node*> arrived;
        for (const framework::Node* n : arrivalOrder(s->cluster_.nodes, options.nodeArrival)) {
            const std::string& name = n->metadata().name();
            if (auto it = arrived.find(name); it != arrived.end()) images.removeNode(*it->second);  // an update
            arrived[name] = n;
            imageSummaries[name] = images.addNode(*n);
        }
    }
    for (const auto& name : s->tree_.list()) {
        auto info = std::make_unique<NodeInfo>(byName[name]);
        info->setImageStates(std::move(imageSummaries[name]));
        s->nodeByName_[name] = info.get();
        s->nodeInfos_.push_back(std::move(info));
    }
    // Each node's bound pods in input order, then each node's sums (requests, ports, affinity) on
    // every core: a node is one thread's alone.
    std::unordered_map<const NodeInfo*, std::vector<std::shared_ptr<Pod>>> podsOf;
    for (const auto& pod : s->cluster_.pods) {
        if (pod->spec().node_name().empty()) continue;
        if (NodeInfo* n = s->get(pod->spec().node_name())) podsOf[n].push_back(pod);
        else warnings->push_back("pod " + framework::podKey(*pod) + " is bound to node \"" + pod->spec().node_name() + "\", which the input does not list");
    }
    auto addPods = [&](size_t begin, size_t end) {
        for (size_t i = begin; i < end; ++i) {
            NodeInfo* n = s->nodeInfos_[i].get();
            if (auto it = podsOf.find(n); it != podsOf.end())
                for (const auto& pod : it->second) n->addPod(PodInfo::make(pod));
        }
    };
    if (byUid.joinable()) byUid.join();
    util::onEveryCore(s->nodeInfos_.size(), s->cluster_.pods.size(), 1000, addPods);
    s->rebuildLists();
    for (const auto& profile : s->options_.config.profiles) {
        framework::Environment env;
        env.snapshot = s.get();
        env.objects = &s->cluster_.objects;
        env.client = s.get();
        auto* self = s.get();
        env.randomInt = [self](uint64_t n) { return n ? self->random_.uniformInt(n) : 0; };
        env.now = [] { return int64_t(1704067200) * 1000000000; };
        env.nominatedPodsForNode = [self](const std::string& node) {
            auto it = self->nominated_.find(node);
            return it == self->nominated_.end() ? std::vector<std::shared_ptr<const PodInfo>>{} : it->second;
        };
        env.hasNominatedPods = [self] { return !self->nominated_.empty(); };
        auto fwk = framework::Framework::create(profile, registry, s->options_.gates, std::move(env));
        if (!fwk)
            return pilothouse::Status(StatusCode::InvalidArgument, "initializing profiles: creating profile for scheduler name " +
                                                                       profile.schedulerName + ": " + fwk.status().message());
        s->frameworks_.push_back(std::move(*fwk));
    }
    return s;
}

SnapshotScheduler::~SnapshotScheduler() = default;

NodeInfo* SnapshotScheduler::get(const std::string& nodeName) const {
    auto it = nodeByName_.find(nodeName);
    return it == nodeByName_.end() ? nullptr : it->second;
}

void SnapshotScheduler::rebuildLists() {
    list_.clear();
    withAffinity_.clear();
    withAntiAffinity_.clear();
    for (const auto& n : nodeInfos_) {
        list_.push_back(n.get());
        if (!n->podsWithAffinity().empty()) withAffinity_.push_back(n.get());
        if (!n->podsWithRequiredAntiAffinity().empty()) withAntiAffinity_.push_back(n.get());
    }
}

Pod* SnapshotScheduler::findPod(const Pod& like) {
    auto it = podByUid_.find(like.metadata().uid());
    return it == podByUid_.end() ? nullptr : it->second.get();
}

namespace {
void dropNomination(std::map<std::string, std::vector<std::shared_ptr<const PodInfo>>>& nominated, const Pod& pod) {
    auto it = nominated.find(pod.status().nominated_node_name());
    if (it == nominated.end()) return;
    auto& list = it->second;
    list.erase(std::remove_if(list.begin(), list.end(),
                              [&](const auto& pi) { return pi->pod->metadata().uid() == pod.metadata().uid(); }),
               list.end());
    if (list.empty()) nominated.erase(it);
}
}  // namespace

framework::Status SnapshotScheduler::bind(const Pod& pod, const std::string& nodeName) {
    Pod* stored = findPod(pod);
    NodeInfo* node = get(nodeName);
    if (!stored || !node) return framework::Status::error("binding " + framework::podKey(pod) + " to " + nodeName + ": not found");
    dropNomination(nominated_, *stored);
    stored->mutable_spec()->set_node_name(nodeName);
    stored->mutable_status()->clear_nominated_node_name();
    auto info = PodInfo::make(podByUid_.at(stored->metadata().uid()));
    // Only a pod with (anti-)affinity can change the lists of nodes with such pods.
    const bool affinityListsChange =
        info->pod->spec().affinity().has_pod_affinity() || info->pod->spec().affinity().has_pod_anti_affinity();
    node->addPod(std::move(info));
    if (affinityListsChange) rebuildLists();
    return {};
}

framework::Status SnapshotScheduler::deletePod(const Pod& victim, const Pod& preemptor, const std::string& nodeName) {
    if (NodeInfo* node = get(nodeName)) node->removePod(victim);
    const std::string key = framework::podKey(victim);
    deleted_.push_back(key);
    if (Pod* stored = findPod(victim)) dropNomination(nominated_, *stored);
    podByUid_.erase(victim.metadata().uid());
    cluster_.pods.erase(std::remove_if(cluster_.pods.begin(), cluster_.pods.end(),
                                       [&](const auto& p) { return p->metadata().uid() == victim.metadata().uid(); }),
                        cluster_.pods.end());
    rebuildLists();
    return {};
}

framework::Status SnapshotScheduler::setNominatedNodeName(const Pod& pod, const std::string& nodeName) {
    Pod* stored = findPod(pod);
    if (!stored) return {};
    dropNomination(nominated_, *stored);
    stored->mutable_status()->set_nominated_node_name(nodeName);
    if (!nodeName.empty()) nominated_[nodeName].push_back(PodInfo::make(podByUid_.at(stored->metadata().uid())));
    return {};
}

std::vector<PodOutcome> SnapshotScheduler::run() {
    // Queue order: priority (higher first), then order of appearance.
    std::vector<std::shared_ptr<Pod>> pending;
    for (const auto& p : cluster_.pods)
        if (p->spec().node_name().empty()) pending.push_back(p);
    std::stable_sort(pending.begin(), pending.end(),
                     [](const auto& a, const auto& b) { return priorityOf(*a) > priorityOf(*b); });
    std::vector<PodOutcome> outcomes;
    for (const auto& podPtr : pending) {
        if (!findPod(*podPtr)) continue;  // preempted before its turn
        const Pod& pod = *podPtr;
        framework::Framework* fwk = nullptr;
        for (auto& f : frameworks_)
            if (f->schedulerName() == pod.spec().scheduler_name()) fwk = f.get();
        if (!fwk) continue;  // another scheduler's pod
        PodOutcome outcome;
        outcome.namespace_ = pod.metadata().namespace_();
        outcome.name = pod.metadata().name();
        if (framework::Status gate = fwk->runPreEnqueuePlugins(pod); !gate.isSuccess()) {
            // A gated pod never reaches a scheduling cycle.
            outcome.message = gate.message();
            outcomes.push_back(std::move(outcome));
            continue;
        }
        framework::CycleState state;
        Explanation explanation;
        auto result = algorithm_.schedulePod(*fwk, state, pod, options_.explain ? &explanation : nullptr, options_.explain);
        if (result.result) {
            const std::string& host = result.result->suggestedHost;
            framework::Status st = fwk->runReservePluginsReserve(state, pod, host);
            if (st.isSuccess()) st = fwk->runPermitPlugins(state, pod, host);
            if (st.isSuccess()) st = fwk->runPreBindPlugins(state, pod, host);
            if (st.isSuccess()) st = fwk->runBindPlugins(state, pod, host);
            if (st.isSuccess()) {
                fwk->runPostBindPlugins(state, pod, host);
                outcome.node = host;
            } else {
                fwk->runReservePluginsUnreserve(state, pod, host);
                outcome.message = "binding rejected: " + st.message();
            }
        } else if (result.fitError) {
            FitError fitError = *result.fitError;
            if (fwk->hasPostFilterPlugins()) {
                auto [post, status] = fwk->runPostFilterPlugins(state, pod, fitError.diagnosis.nodeToStatus);
                fitError.diagnosis.postFilterMsg = status.message();
                if (status.isSuccess() && !post.nominatedNodeName.empty()) {
                    outcome.nominatedNode = post.nominatedNodeName;
                    outcome.victims = post.victims;
                    setNominatedNodeName(pod, post.nominatedNodeName);
                } else if (post.mode == framework::NominatingMode::Override) {
                    setNominatedNodeName(pod, post.nominatedNodeName);  // "" clears a stale nomination
                }
                explanation.preemptionCandidates = post.candidates;
            }
            outcome.message = fitError.message();
            explanation.message = outcome.message;
            explanation.nominatedNode = outcome.nominatedNode;
            explanation.victims = outcome.victims;
            // With its victims gone, the preemptor is retried on its nominated node before the
            // next pending pod, as upstream requeues it.
            if (!outcome.nominatedNode.empty()) {
                Pod* stored = findPod(pod);
                framework::CycleState retryState;
                auto retry = algorithm_.schedulePod(*fwk, retryState, *stored, nullptr, false);
                if (retry.result) {
                    const std::string host = retry.result->suggestedHost;
                    if (fwk->runReservePluginsReserve(retryState, *stored, host).isSuccess() &&
                        fwk->runBindPlugins(retryState, *stored, host).isSuccess())
                        fwk->runPostBindPlugins(retryState, *stored, host);
                }
            }
        } else {
            outcome.message = result.error.message();
        }
        if (options_.explain) outcome.explanation = std::move(explanation);
        outcomes.push_back(std::move(outcome));
    }
    return outcomes;
}

}  // namespace pilothouse::scheduler
