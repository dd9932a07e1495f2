#include "scheduler/scheduler.h"

#include <google/protobuf/util/message_differencer.h>

#include "api/object.h"
#include "scheduler/plugins/registry.h"
#include "scheduler/queue/events.h"
#include "util/rfc3339.h"

namespace pilothouse::scheduler {

namespace core = k8s::io::api::core::v1;
using framework::Node;
using framework::Pod;
using google::protobuf::util::MessageDifferencer;

struct Scheduler::Informer {
    std::string kind;
    const api::ResourceType* type = nullptr;
    std::unique_ptr<apiserver::WatchStream> watch;
};

namespace {

constexpr size_t kMaxMessageLength = 1024;  // truncateMessage in schedule_one.go

std::string truncateMessage(const std::string& message) {
    if (message.size() <= kMaxMessageLength) return message;
    return message.substr(0, kMaxMessageLength - 3) + "...";
}

bool assigned(const Pod& pod) { return !pod.spec().node_name().empty(); }

template <typename T>
void upsertByKey(std::vector<std::shared_ptr<const T>>& list, std::shared_ptr<const T> obj, bool remove) {
    const std::string key = api::namespacedName(obj->metadata());
    for (auto it = list.begin(); it != list.end(); ++it) {
        if (api::namespacedName((*it)->metadata()) == key) {
            if (remove) list.erase(it);
            else *it = std::move(obj);
            return;
        }
    }
    if (!remove) list.push_back(std::move(obj));
}

}  // namespace

Scheduler::Scheduler(apiserver::APIServer& server, const sim::Clock& clock, SchedulerOptions options)
    : server_(server),
      clock_(clock),
      options_(std::move(options)),
      random_(sim::Random(options_.seed).fork("scheduler")),
      events_(server, clock, "default-scheduler", "default-scheduler-pilothouse", options_.token),
      algorithm_(options_.config.percentageOfNodesToScore) {
    if (options_.asyncEvents) events_.startRecordingAsync();
}

Scheduler::~Scheduler() = default;

StatusOr<std::unique_ptr<Scheduler>> Scheduler::create(apiserver::APIServer& server, const sim::Clock& clock,
                                                       SchedulerOptions options) {
    std::unique_ptr<Scheduler> s(new Scheduler(server, clock, std::move(options)));
    const framework::Registry registry = plugins::inTreeRegistry();
    auto* self = s.get();
    for (const auto& profile : s->options_.config.profiles) {
        framework::Environment env;
        env.snapshot = &s->snapshot_;
        env.objects = &s->objects_;
        env.client = self;
        env.randomInt = [self](uint64_t n) { return n ? self->random_.uniformInt(n) : 0; };
        env.now = [self] { return self->clock_.nowUnixNanos(); };
        env.nominatedPodsForNode = [self](const std::string& node) { return self->queue_->nominatedPodsForNode(node); };
        // Most cycles find no nominated pod anywhere: Filter then runs once per node, not twice.
        env.hasNominatedPods = [self] { return self->queue_->nominator().size() > 0; };
        auto fwk = framework::Framework::create(profile, registry, s->options_.gates, std::move(env));
        if (!fwk)
            return Status(StatusCode::InvalidArgument, "initializing profiles: creating profile for scheduler name " +
                                                           profile.schedulerName + ": " + fwk.status().message());
        s->frameworks_.push_back(std::move(*fwk));
    }
    // The queue: the (common) QueueSort plugin, PreEnqueue plugins and every plugin's events.
    framework::Framework& first = *s->frameworks_.front();
    queue::PriorityQueueOptions q;
    const framework::QueueSortPlugin* sort = first.queueSortPlugin();
    q.less = [sort](const framework::QueuedPodInfo& a, const framework::QueuedPodInfo& b) { return sort->less(a, b); };
    q.preEnqueuePlugins = first.preEnqueuePlugins();
    for (const auto& f : s->frameworks_)
        for (auto& [name, events] : f->enqueueEvents()) q.pluginEvents[name] = events;
    q.now = [self] { return self->clock_.nowUnixNanos(); };
    q.podInitialBackoffNanos = s->options_.config.podInitialBackoffSeconds * 1'000'000'000;
    q.podMaxBackoffNanos = s->options_.config.podMaxBackoffSeconds * 1'000'000'000;
    q.namespaceLabels = [self](const std::string& ns) {
        auto it = self->objects_.namespaceLabels.find(ns);
        return it == self->objects_.namespaceLabels.end() ? std::map<std::string, std::string>{} : it->second;
    };
    s->queue_ = std::make_unique<queue::PriorityQueue>(std::move(q));
    return s;
}

framework::Framework* Scheduler::frameworkFor(const Pod& pod) {
    for (auto& f : frameworks_)
        if (f->schedulerName() == pod.spec().scheduler_name()) return f.get();
    return nullptr;
}

// ---- informers ----

Status Scheduler::start() {
    // Nodes before pods, so that bound pods find their nodes in the cache.
    for (const char* kind : {"nodes", "pods", "namespaces", "services", "replicationcontrollers", "replicasets",
                             "statefulsets", "poddisruptionbudgets"}) {
        auto inf = std::make_unique<Informer>();
        inf->kind = kind;
        inf->type = api::Scheme::instance().byName(kind);
        PH_RETURN_IF_ERROR(listAndWatch(*inf));
        informers_.push_back(std::move(inf));
    }
    return {};
}

Status Scheduler::listAndWatch(Informer& inf) {
    apiserver::Request list;
    list.verb = "list";
    list.type = inf.type;
    list.token = options_.token;
    list.fieldManager = "kube-scheduler";
    list.shareItems = true;  // read-only, as its watch events
    auto listed = server_.handle(list);
    if (!listed.ok()) return listed.status.withContext("scheduler: listing " + inf.kind + ": ");
    // A re-list replaces what was known: objects that vanished are deleted.
    std::set<std::string> seen;
    for (auto& item : listed.sharedItems) seen.insert(api::namespacedName(api::metadata(*item)));
    if (inf.kind == "pods") {
        std::vector<std::shared_ptr<const Pod>> gone;
        for (const auto& [key, pod] : pods_)
            if (!seen.contains(key)) gone.push_back(pod);
        for (const auto& pod : gone) onPod(store::EventType::Deleted, pod);
    } else if (inf.kind == "nodes") {
        std::vector<std::shared_ptr<const Node>> gone;
        for (const auto& [key, node] : nodes_)
            if (!seen.contains(key)) gone.push_back(node);
        for (const auto& node : gone) onNode(store::EventType::Deleted, node);
    }
    for (auto& item : listed.sharedItems) onEvent(inf.kind, store::EventType::Added, std::move(item));
    apiserver::Request watch;
    watch.verb = "watch";
    watch.type = inf.type;
    watch.token = options_.token;
    watch.fieldManager = "kube-scheduler";
    watch.resourceVersion = listed.listRevision;
    auto stream = server_.watch(watch);
    if (!stream) return stream.status().withContext("scheduler: watching " + inf.kind + ": ");
    inf.watch = std::move(*stream);
    return {};
}

Status Scheduler::syncInformers() {
    for (auto& inf : informers_) {
        for (;;) {
            // The scheduler only reads what it watches: it shares the API server's decoded objects.
            auto events = inf->watch->nextShared(std::chrono::milliseconds(0));
            if (!events) {
                // Expired (410) or cut off as too slow: list again, as a reflector does.
                PH_RETURN_IF_ERROR(listAndWatch(*inf));
                continue;
            }
            if (events->empty()) break;
            for (auto& e : *events) onEvent(inf->kind, e.type, std::move(e.object));
        }
    }
    return {};
}

void Scheduler::onEvent(const std::string& kind, store::EventType type, std::shared_ptr<const google::protobuf::Message> object) {
    const bool removed = type == store::EventType::Deleted;
    if (kind == "pods") return onPod(type, std::static_pointer_cast<const Pod>(object));
    if (kind == "nodes") return onNode(type, std::static_pointer_cast<const Node>(object));
    if (kind == "namespaces") {
        const auto& meta = api::metadata(*object);
        if (removed) objects_.namespaceLabels.erase(meta.name());
        else objects_.namespaceLabels[meta.name()] = {meta.labels().begin(), meta.labels().end()};
    } else if (kind == "services") {
        upsertByKey(objects_.services, std::static_pointer_cast<const core::Service>(object), removed);
    } else if (kind == "replicationcontrollers") {
        upsertByKey(objects_.replicationControllers, std::static_pointer_cast<const core::ReplicationController>(object), removed);
    } else if (kind == "replicasets") {
        upsertByKey(objects_.replicaSets, std::static_pointer_cast<const k8s::io::api::apps::v1::ReplicaSet>(object), removed);
    } else if (kind == "statefulsets") {
        upsertByKey(objects_.statefulSets, std::static_pointer_cast<const k8s::io::api::apps::v1::StatefulSet>(object), removed);
    } else if (kind == "poddisruptionbudgets") {
        upsertByKey(objects_.podDisruptionBudgets,
                    std::static_pointer_cast<const k8s::io::api::policy::v1::PodDisruptionBudget>(object), removed);
    }
}

void Scheduler::onPod(store::EventType type, std::shared_ptr<const Pod> pod) {
    const std::string key = podKey(*pod);
    auto previous = pods_.find(key);
    std::shared_ptr<const Pod> old = previous == pods_.end() ? nullptr : previous->second;
    if (type == store::EventType::Deleted) {
        pods_.erase(key);
        if (assigned(*pod) || (old && assigned(*old))) {
            cache_.removePod(*pod);
            queue_->moveAllToActiveOrBackoffQueue(queue::AssignedPodDelete);
        } else {
            queue_->deletePod(*pod);
        }
        return;
    }
    pods_[key] = pod;
    if (assigned(*pod)) {
        if (!old || !assigned(*old)) {
            // Bound (by us or anyone): it leaves the queue and is counted on its node.
            if (old) queue_->deletePod(*old);
            cache_.addPod(pod);
            queue_->assignedPodAdded(*pod);
        } else {
            cache_.updatePod(old, pod);
            queue_->assignedPodUpdated(*old, *pod);
        }
        return;
    }
    if (!frameworkFor(*pod)) return;  // another scheduler's pod
    if (!old) queue_->add(pod);
    else queue_->update(old, pod);
}

void Scheduler::onNode(store::EventType type, std::shared_ptr<const Node> node) {
    const std::string& name = node->metadata().name();
    auto previous = nodes_.find(name);
    std::shared_ptr<const Node> old = previous == nodes_.end() ? nullptr : previous->second;
    if (type == store::EventType::Deleted) {
        nodes_.erase(name);
        cache_.removeNode(*node);
        return;
    }
    nodes_[name] = node;
    if (!old) {
        cache_.addNode(node);
        queue_->moveAllToActiveOrBackoffQueue(queue::NodeAdd);
        return;
    }
    cache_.updateNode(node);
    // nodeSchedulingPropertiesChange: the events a change can trigger.
    auto same = [](const auto& a, const auto& b) { return MessageDifferencer::Equals(a, b); };
    if (old->spec().unschedulable() != node->spec().unschedulable())
        queue_->moveAllToActiveOrBackoffQueue(queue::NodeSpecUnschedulableChange);
    // Compared key by key: two equal protobuf maps need not iterate in the same order (a
    // comparison in iteration order would see changes that are not there, now and then, and
    // make runs differ).
    auto sameAllocatable = [](const auto& a, const auto& b) {
        if (a.size() != b.size()) return false;
        for (const auto& [name, quantity] : a) {
            auto it = b.find(name);
            if (it == b.end() || it->second != quantity) return false;
        }
        return true;
    };
    if (!same(old->status(), node->status()) && !sameAllocatable(old->status().allocatable(), node->status().allocatable()))
        queue_->moveAllToActiveOrBackoffQueue(queue::NodeAllocatableChange);
    std::map<std::string, std::string> oldLabels(old->metadata().labels().begin(), old->metadata().labels().end());
    std::map<std::string, std::string> newLabels(node->metadata().labels().begin(), node->metadata().labels().end());
    if (oldLabels != newLabels) queue_->moveAllToActiveOrBackoffQueue(queue::NodeLabelChange);
    bool taintsSame = old->spec().taints_size() == node->spec().taints_size();
    for (int i = 0; taintsSame && i < old->spec().taints_size(); ++i) taintsSame = same(old->spec().taints(i), node->spec().taints(i));
    if (!taintsSame) queue_->moveAllToActiveOrBackoffQueue(queue::NodeTaintChange);
    bool conditionsSame = old->status().conditions_size() == node->status().conditions_size();
    for (int i = 0; conditionsSame && i < old->status().conditions_size(); ++i)
        conditionsSame = old->status().conditions(i).type() == node->status().conditions(i).type() &&
                         old->status().conditions(i).status() == node->status().conditions(i).status();
    if (!conditionsSame) queue_->moveAllToActiveOrBackoffQueue(queue::NodeConditionChange);
}

void Scheduler::flushQueues() {
    queue_->flushBackoffQCompleted();
    queue_->flushUnschedulablePodsLeftover();
}

// ---- scheduling ----

bool Scheduler::scheduleOne() {
    auto popped = queue_->pop();
    if (!popped) return false;
    const framework::QueuedPodInfo& info = *popped;
    auto live = pods_.find(podKey(info.pod()));
    // skipPodSchedule: gone, being deleted, or already assumed.
    if (live == pods_.end() || live->second->metadata().has_deletion_timestamp() || cache_.isAssumed(*live->second))
        return true;
    const std::shared_ptr<const Pod> podPtr = live->second;
    const Pod& pod = *podPtr;
    framework::Framework* fwk = frameworkFor(pod);
    if (!fwk) return true;

    AttemptRecord rec;
    rec.pod = podKey(pod);
    rec.startNanos = clock_.nowUnixNanos();
    cache_.updateSnapshot(snapshot_);
    fwk->setSnapshot(&snapshot_);
    framework::CycleState state;
    auto outcome = algorithm_.schedulePod(*fwk, state, pod, &rec.explanation, false);
    auto finish = [&](std::string result, std::string node, std::string message) {
        rec.result = std::move(result);
        rec.node = std::move(node);
        rec.message = std::move(message);
        rec.endNanos = clock_.nowUnixNanos();
        attempts_.push_back(std::move(rec));
        while (attempts_.size() > options_.explanationHistory) {
            attempts_.pop_front();
            if (attemptsTaken_ > 0) --attemptsTaken_;
        }
    };
    if (outcome.fitError) {
        FitError fitError = *outcome.fitError;
        framework::PostFilterResult post;
        if (fwk->hasPostFilterPlugins()) {
            auto [result, status] = fwk->runPostFilterPlugins(state, pod, fitError.diagnosis.nodeToStatus);
            fitError.diagnosis.postFilterMsg = status.message();
            post = result;
            rec.explanation.nominatedNode = post.nominatedNodeName;
            rec.explanation.victims = post.victims;
            rec.explanation.preemptionCandidates = post.candidates;
        }
        const std::string message = fitError.message();
        rec.explanation.message = message;
        handleFailure(*fwk, info, "Unschedulable", message, fitError.diagnosis.unschedulablePlugins, &post);
        finish("Unschedulable", "", message);
        return true;
    }
    if (!outcome.result) {
        handleFailure(*fwk, info, "SchedulerError", outcome.error.message(), {}, nullptr);
        finish("Error", "", outcome.error.message());
        return true;
    }
    const std::string host = outcome.result->suggestedHost;
    // Assume: the next cycle counts the pod on its node before the binding is confirmed.
    auto assumed = std::make_shared<Pod>(pod);
    assumed->mutable_spec()->set_node_name(host);
    cache_.assumePod(assumed);
    auto fail = [&](const framework::Status& s, const char* what) {
        fwk->runReservePluginsUnreserve(state, pod, host);
        cache_.forgetPod(*assumed);
        const std::string reason = s.isRejected() ? "Unschedulable" : "SchedulerError";
        const std::string message = std::string(what) + s.message();
        handleFailure(*fwk, info, reason, message, s.plugin().empty() ? std::set<std::string>{} : std::set<std::string>{s.plugin()}, nullptr);
        finish(reason == "Unschedulable" ? "Unschedulable" : "Error", "", message);
    };
    framework::Status st = fwk->runReservePluginsReserve(state, pod, host);
    if (!st.isSuccess()) return fail(st, ""), true;
    st = fwk->runPermitPlugins(state, pod, host);
    if (!st.isSuccess()) return fail(st, ""), true;
    // The binding cycle.
    st = fwk->runPreBindPlugins(state, pod, host);
    if (st.isSuccess()) st = fwk->runBindPlugins(state, pod, host);
    if (!st.isSuccess()) return fail(st, "binding rejected: "), true;
    cache_.finishBinding(*assumed);
    ++scheduledPods_;
    fwk->runPostBindPlugins(state, pod, host);
    queue_->deleteNominatedPodIfExists(pod);
    (void)events_.eventf(pod, nullptr, "Normal", "Scheduled", "Binding",
                         "Successfully assigned " + podKey(pod) + " to " + host);
    finish("Scheduled", host, "");
    return true;
}

void Scheduler::handleFailure(framework::Framework& fwk, const framework::QueuedPodInfo& info, const std::string& reason,
                              const std::string& message, const std::set<std::string>& unschedulablePlugins,
                              const framework::PostFilterResult* nominating) {
    const Pod& pod = info.pod();
    auto live = pods_.find(podKey(pod));
    if (live != pods_.end() && !assigned(*live->second)) {
        framework::QueuedPodInfo back = info;
        back.podInfo = framework::PodInfo::make(live->second);
        back.unschedulablePlugins = unschedulablePlugins;
        (void)queue_->addUnschedulableIfNotPresent(std::move(back), queue_->schedulingCycle());
    }
    const bool override = nominating && nominating->mode == framework::NominatingMode::Override;
    if (override) {
        queue::NominatingInfo ni;
        ni.mode = queue::NominatingMode::Override;
        ni.nominatedNodeName = nominating->nominatedNodeName;
        queue_->addNominatedPod(framework::PodInfo::make(live != pods_.end() ? live->second : info.podInfo->pod), ni);
    }
    (void)events_.eventf(pod, nullptr, "Warning", "FailedScheduling", "Scheduling", truncateMessage(message));
    // PodScheduled=False with the reason and the full message; the nominated node if preemption
    // chose one (or cleared it).
    (void)updatePodStatus(pod, [&](core::Pod& p) {
        core::PodCondition* cond = nullptr;
        for (auto& c : *p.mutable_status()->mutable_conditions())
            if (c.type() == "PodScheduled") cond = &c;
        if (!cond) {
            cond = p.mutable_status()->add_conditions();
            cond->set_type("PodScheduled");
        }
        if (cond->status() != "False") cond->set_last_transition_time(rfc3339::format(clock_.nowUnixNanos()));
        cond->set_status("False");
        cond->set_reason(reason);
        cond->set_message(message);
        cond->clear_last_probe_time();
        if (override) p.mutable_status()->set_nominated_node_name(nominating->nominatedNodeName);
    });
}

Status Scheduler::updatePodStatus(const Pod& pod, const std::function<void(core::Pod&)>& mutate) {
    const api::ResourceType* pods = api::Scheme::instance().byName("pods");
    for (int attempt = 0; attempt < 3; ++attempt) {
        apiserver::Request get;
        get.verb = "get";
        get.type = pods;
        get.namespace_ = pod.metadata().namespace_();
        get.name = pod.metadata().name();
        get.token = options_.token;
        get.fieldManager = "kube-scheduler";
        auto current = server_.handle(get);
        if (!current.ok()) return current.status;
        auto updated = std::make_shared<core::Pod>(static_cast<const core::Pod&>(*current.object));
        mutate(*updated);
        if (MessageDifferencer::Equals(*updated, *current.object)) return {};  // nothing to write
        apiserver::Request put;
        put.verb = "update";
        put.type = pods;
        put.subresource = "status";
        put.namespace_ = get.namespace_;
        put.name = get.name;
        put.token = options_.token;
        put.fieldManager = "kube-scheduler";
        put.body = updated;
        auto resp = server_.handle(put);
        if (resp.ok()) return {};
        if (resp.status.reason() != "Conflict") return resp.status;
    }
    return Status(StatusCode::Aborted, "updating the status of pod " + podKey(pod) + ": conflicts persisted");
}

Status Scheduler::runUntilIdle(size_t maxAttempts) {
    size_t attempts = 0;
    for (;;) {
        PH_RETURN_IF_ERROR(syncInformers());
        bool progressed = false;
        while (attempts < maxAttempts && scheduleOne()) {
            ++attempts;
            progressed = true;
            PH_RETURN_IF_ERROR(syncInformers());
        }
        if (!progressed || attempts >= maxAttempts) return {};
    }
}

std::vector<AttemptRecord> Scheduler::takeAttempts() {
    std::vector<AttemptRecord> out(attempts_.begin() + long(attemptsTaken_), attempts_.end());
    attemptsTaken_ = attempts_.size();
    return out;
}

// ---- ClusterClient ----

framework::Status Scheduler::bind(const Pod& pod, const std::string& nodeName) {
    auto binding = std::make_shared<core::Binding>();
    binding->set_api_version("v1");
    binding->set_kind("Binding");
    binding->mutable_metadata()->set_name(pod.metadata().name());
    binding->mutable_metadata()->set_namespace_(pod.metadata().namespace_());
    binding->mutable_metadata()->set_uid(pod.metadata().uid());
    binding->mutable_target()->set_kind("Node");
    binding->mutable_target()->set_name(nodeName);
    apiserver::Request req;
    req.verb = "create";
    req.type = api::Scheme::instance().byName("pods");
    req.subresource = "binding";
    req.namespace_ = pod.metadata().namespace_();
    req.name = pod.metadata().name();
    req.token = options_.token;
    req.fieldManager = "kube-scheduler";
    req.body = binding;
    auto resp = server_.handle(req);
    if (!resp.ok()) return framework::Status::error(resp.status.message());
    return {};
}

framework::Status Scheduler::deletePod(const Pod& victim, const Pod& preemptor, const std::string& nodeName) {
    if (options_.gates.podDisruptionConditions) {
        // The victim learns why it goes: DisruptionTarget=True, reason PreemptionByScheduler.
        (void)updatePodStatus(victim, [&](core::Pod& p) {
            core::PodCondition* cond = nullptr;
            for (auto& c : *p.mutable_status()->mutable_conditions())
                if (c.type() == "DisruptionTarget") cond = &c;
            if (!cond) {
                cond = p.mutable_status()->add_conditions();
                cond->set_type("DisruptionTarget");
            }
            if (cond->status() != "True") cond->set_last_transition_time(rfc3339::format(clock_.nowUnixNanos()));
            cond->set_status("True");
            cond->set_reason("PreemptionByScheduler");
            cond->set_message(preemptor.spec().scheduler_name() + ": preempting to accommodate a higher priority pod");
        });
    }
    apiserver::Request del;
    del.verb = "delete";
    del.type = api::Scheme::instance().byName("pods");
    del.namespace_ = victim.metadata().namespace_();
    del.name = victim.metadata().name();
    del.token = options_.token;
    del.fieldManager = "kube-scheduler";
    auto resp = server_.handle(del);
    if (!resp.ok() && resp.status.reason() != "NotFound") return framework::Status::error(resp.status.message());
    (void)events_.eventf(victim, &preemptor, "Normal", "Preempted", "Preempting",
                         "Preempted by pod " + preemptor.metadata().uid() + " on node " + nodeName);
    return {};
}

framework::Status Scheduler::setNominatedNodeName(const Pod& pod, const std::string& nodeName) {
    Status s = updatePodStatus(pod, [&](core::Pod& p) { p.mutable_status()->set_nominated_node_name(nodeName); });
    return s.isOk() ? framework::Status() : framework::Status::error(s.message());
}

}  // namespace pilothouse::scheduler
