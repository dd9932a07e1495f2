#include "scheduler/queue/scheduling_queue.h"

#include <algorithm>
#include <utility>

#include <google/protobuf/util/message_differencer.h>

namespace pilothouse::scheduler::queue {

namespace {

// Whether an update of a pending pod may change its schedulability: anything but the status,
// resource version, generation, managed fields and finalizers changed.
bool isPodUpdated(const framework::Pod& oldPod, const framework::Pod& newPod) {
    auto strip = [](const framework::Pod& pod) {
        framework::Pod p = pod;
        auto* meta = p.mutable_metadata();
        meta->clear_resource_version();
        meta->clear_generation();
        meta->clear_managed_fields();
        meta->clear_finalizers();
        p.clear_status();
        return p;
    };
    return !google::protobuf::util::MessageDifferencer::Equals(strip(oldPod), strip(newPod));
}

// Without a QueueSort plugin: first come, first served.
bool timestampLess(const framework::QueuedPodInfo& a, const framework::QueuedPodInfo& b) {
    return a.timestampNanos < b.timestampNanos;
}

}  // namespace

PriorityQueue::PriorityQueue(PriorityQueueOptions options)
    : options_(std::move(options)),
      now_(options_.now ? options_.now : std::function<int64_t()>([] { return int64_t{0}; })),
      activeQ_([this](const Entry& a, const Entry& b) {
          const LessFunc& less = options_.less;
          if (less ? less(a.info, b.info) : timestampLess(a.info, b.info)) return true;
          if (less ? less(b.info, a.info) : timestampLess(b.info, a.info)) return false;
          return a.info.sequence < b.info.sequence;
      }),
      backoffQ_([this](const Entry& a, const Entry& b) {
          const int64_t ea = backoffExpiryNanos(a.info);
          const int64_t eb = backoffExpiryNanos(b.info);
          if (ea != eb) return ea < eb;
          return a.info.sequence < b.info.sequence;
      }),
      nominator_(options_.podLister) {}

framework::QueuedPodInfo PriorityQueue::newQueuedPodInfo(std::shared_ptr<const framework::Pod> pod,
                                                         std::set<std::string> unschedulablePlugins) {
    framework::QueuedPodInfo info;
    info.podInfo = framework::PodInfo::make(std::move(pod));
    info.timestampNanos = now();
    info.unschedulablePlugins = std::move(unschedulablePlugins);
    info.sequence = nextSequence();
    return info;
}

// ---- backoff ----

int64_t PriorityQueue::backoffDurationNanos(const framework::QueuedPodInfo& info) const {
    int64_t duration = options_.podInitialBackoffNanos;
    for (int i = 1; i < info.attempts; ++i) {
        // Doubling would pass the cap (written so that it cannot overflow).
        if (duration > options_.podMaxBackoffNanos - duration) return options_.podMaxBackoffNanos;
        duration += duration;
    }
    return duration;
}

int64_t PriorityQueue::backoffExpiryNanos(const framework::QueuedPodInfo& info) const {
    return info.timestampNanos + backoffDurationNanos(info);
}

bool PriorityQueue::isPodBackingOff(const framework::QueuedPodInfo& info) const {
    if (info.gated) return false;
    return backoffExpiryNanos(info) > now();
}

// ---- internals ----

void PriorityQueue::record(const Entry& e, const std::string& from, const std::string& to, const std::string& event) {
    if (from == to) return;
    QueueTransition t;
    t.podKey = keyOf(e);
    t.podUID = e.info.pod().metadata().uid();
    t.from = from;
    t.to = to;
    t.event = event;
    t.timeNanos = now();
    t.gated = e.info.gated;
    transitions_.push_back(std::move(t));
}

bool PriorityQueue::runPreEnqueuePlugins(Entry& e) {
    for (const auto& plugin : options_.preEnqueuePlugins) {
        if (!plugin) continue;
        framework::Status s = plugin->preEnqueue(e.info.pod());
        if (s.isSuccess()) continue;
        const std::string name = plugin->name();
        e.info.unschedulablePlugins.insert(name);
        e.gatingStatus = std::move(s.withPlugin(name));
        return false;
    }
    e.gatingStatus = framework::Status();
    return true;
}

bool PriorityQueue::addToActiveQ(Entry e, const std::string& from, const std::string& event) {
    e.info.gated = !runPreEnqueuePlugins(e);
    const std::string key = keyOf(e);
    if (e.info.gated) {
        record(e, from, kUnschedulablePods, event);
        unschedulable_[key] = std::move(e);
        return false;
    }
    if (!e.initialAttemptRecorded) {
        e.info.initialAttemptNanos = now();
        e.initialAttemptRecorded = true;
    }
    record(e, from, kActiveQ, event);
    activeQ_.upsert(key, std::move(e));
    return true;
}

std::optional<PriorityQueue::Entry> PriorityQueue::extract(const std::string& key, std::string* from) {
    if (auto e = activeQ_.remove(key)) {
        *from = kActiveQ;
        return e;
    }
    if (auto e = backoffQ_.remove(key)) {
        *from = kBackoffQ;
        return e;
    }
    auto it = unschedulable_.find(key);
    if (it != unschedulable_.end()) {
        Entry e = std::move(it->second);
        unschedulable_.erase(it);
        *from = kUnschedulablePods;
        return e;
    }
    from->clear();
    return std::nullopt;
}

std::vector<std::string> PriorityQueue::unschedulableKeysInOrder() const {
    std::vector<std::pair<int64_t, std::string>> order;
    order.reserve(unschedulable_.size());
    for (const auto& [key, e] : unschedulable_) order.emplace_back(e.info.sequence, key);
    std::sort(order.begin(), order.end());
    std::vector<std::string> keys;
    keys.reserve(order.size());
    for (auto& [seq, key] : order) keys.push_back(std::move(key));
    return keys;
}

bool PriorityQueue::isWorthRequeuing(const framework::QueuedPodInfo& info, const framework::ClusterEvent& event) const {
    // Failed for an error (no plugin to ask), or an event that concerns everything.
    if (info.unschedulablePlugins.empty()) return true;
    if (isWildCard(event)) return true;
    // Queueing hints are off: a registered event that matches means "requeue after backoff".
    for (const auto& plugin : info.unschedulablePlugins) {
        auto it = options_.pluginEvents.find(plugin);
        if (it == options_.pluginEvents.end()) continue;
        for (const auto& registered : it->second)
            if (registered.matches(event)) return true;
    }
    return false;
}

void PriorityQueue::movePodsToActiveOrBackoffQueue(const std::vector<std::string>& keys,
                                                   const framework::ClusterEvent& event) {
    for (const auto& key : keys) {
        auto it = unschedulable_.find(key);
        if (it == unschedulable_.end()) continue;
        if (!isWorthRequeuing(it->second.info, event)) continue;
        Entry e = std::move(it->second);
        unschedulable_.erase(it);
        if (isPodBackingOff(e.info)) {
            record(e, kUnschedulablePods, kBackoffQ, event.label);
            backoffQ_.upsert(key, std::move(e));
        } else {
            // PreEnqueue may keep a gated pod where it was.
            addToActiveQ(std::move(e), kUnschedulablePods, event.label);
        }
    }
    moveRequestCycle_ = schedulingCycle_;
}

std::vector<std::string> PriorityQueue::unschedulableWithMatchingAffinityTerm(const framework::Pod& pod) const {
    std::map<std::string, std::string> nsLabels;
    if (options_.namespaceLabels) nsLabels = options_.namespaceLabels(pod.metadata().namespace_());
    std::vector<std::string> keys;
    for (const auto& key : unschedulableKeysInOrder()) {
        const Entry& e = unschedulable_.at(key);
        for (const auto& term : e.info.podInfo->requiredAffinityTerms) {
            if (term.matches(pod, nsLabels)) {
                keys.push_back(key);
                break;
            }
        }
    }
    return keys;
}

EnqueueResult PriorityQueue::resultFor(const std::string& key) const {
    EnqueueResult r;
    r.queue = queueOf(key);
    if (r.queue == kUnschedulablePods) {
        const Entry& e = unschedulable_.at(key);
        r.gated = e.info.gated;
        if (e.info.gated) {
            r.gatingPlugin = e.gatingStatus.plugin();
            r.gatingStatus = e.gatingStatus;
        }
    }
    return r;
}

// ---- operations ----

EnqueueResult PriorityQueue::add(std::shared_ptr<const framework::Pod> pod) {
    if (!pod) return {};
    Entry e;
    e.info = newQueuedPodInfo(pod);
    const std::string key = keyOf(e);
    // add() is for new pods; a copy already queued is replaced.
    std::string from;
    extract(key, &from);
    auto podInfo = e.info.podInfo;
    if (addToActiveQ(std::move(e), from, PodAdd)) nominator_.addNominatedPod(podInfo);
    return resultFor(key);
}

std::optional<framework::QueuedPodInfo> PriorityQueue::pop() {
    auto e = activeQ_.pop();
    if (!e) return std::nullopt;
    e->info.attempts++;
    schedulingCycle_++;
    record(*e, kActiveQ, "", PodPopped);
    return std::move(e->info);
}

pilothouse::Status PriorityQueue::addUnschedulableIfNotPresent(framework::QueuedPodInfo info, int64_t podSchedulingCycle) {
    if (!info.podInfo || !info.podInfo->pod)
        return pilothouse::Status(StatusCode::InvalidArgument, "QueuedPodInfo without a pod");
    const std::string key = framework::podKey(info.pod());
    if (unschedulable_.count(key))
        return pilothouse::Status(StatusCode::AlreadyExists, "Pod " + key + " is already present in unschedulable queue");
    if (activeQ_.contains(key))
        return pilothouse::Status(StatusCode::AlreadyExists, "Pod " + key + " is already present in the active queue");
    if (backoffQ_.contains(key))
        return pilothouse::Status(StatusCode::AlreadyExists, "Pod " + key + " is already present in the backoff queue");

    Entry e;
    e.info = std::move(info);
    // A pod that was popped has been in activeQ.
    e.initialAttemptRecorded = e.info.attempts > 0 || e.info.initialAttemptNanos != 0;
    // Re-queued now: the timestamp (and with it the backoff) starts over.
    e.info.timestampNanos = now();
    e.info.sequence = nextSequence();
    auto podInfo = e.info.podInfo;

    if (moveRequestCycle_ >= podSchedulingCycle) {
        // A cluster event arrived while the pod was being scheduled: it may fit now.
        record(e, "", kBackoffQ, ScheduleAttemptFailure);
        backoffQ_.upsert(key, std::move(e));
    } else {
        record(e, "", kUnschedulablePods, ScheduleAttemptFailure);
        unschedulable_[key] = std::move(e);
    }
    nominator_.addNominatedPod(podInfo);
    return pilothouse::Status::ok();
}

void PriorityQueue::flushBackoffQCompleted() {
    while (const Entry* head = backoffQ_.peek()) {
        if (isPodBackingOff(head->info)) break;
        auto e = backoffQ_.pop();
        addToActiveQ(std::move(*e), kBackoffQ, BackoffComplete);
    }
}

void PriorityQueue::flushUnschedulablePodsLeftover() {
    const int64_t t = now();
    std::vector<std::string> keys;
    for (const auto& key : unschedulableKeysInOrder()) {
        const Entry& e = unschedulable_.at(key);
        if (t - e.info.timestampNanos > options_.podMaxInUnschedulablePodsNanos) keys.push_back(key);
    }
    if (!keys.empty()) movePodsToActiveOrBackoffQueue(keys, UnschedulableTimeout);
}

void PriorityQueue::moveAllToActiveOrBackoffQueue(const framework::ClusterEvent& event, const PreEnqueueCheck& preCheck) {
    std::vector<std::string> keys;
    for (const auto& key : unschedulableKeysInOrder())
        if (!preCheck || preCheck(unschedulable_.at(key).info.pod())) keys.push_back(key);
    movePodsToActiveOrBackoffQueue(keys, event);
}

EnqueueResult PriorityQueue::update(std::shared_ptr<const framework::Pod> oldPod,
                                    std::shared_ptr<const framework::Pod> newPod) {
    if (!newPod) return {};
    auto newInfo = framework::PodInfo::make(newPod);

    if (oldPod) {
        const std::string oldKey = framework::podKey(*oldPod);
        // Waiting in activeQ or backoffQ: updated where it is.
        for (KeyedHeap<Entry>* heap : {&activeQ_, &backoffQ_}) {
            if (const Entry* current = heap->get(oldKey)) {
                Entry e = *current;
                e.info.podInfo = newInfo;
                nominator_.updateNominatedPod(*oldPod, newInfo);
                heap->upsert(oldKey, std::move(e));
                return resultFor(oldKey);
            }
        }
    }

    const std::string key = framework::podKey(*newPod);
    auto it = unschedulable_.find(key);
    if (it != unschedulable_.end()) {
        Entry e = it->second;
        e.info.podInfo = newInfo;
        nominator_.updateNominatedPod(oldPod ? *oldPod : *newPod, newInfo);
        if (!oldPod || isPodUpdated(*oldPod, *newPod)) {
            // The change may make the pod schedulable.
            const bool backingOff = isPodBackingOff(it->second.info);
            unschedulable_.erase(it);
            if (backingOff) {
                record(e, kUnschedulablePods, kBackoffQ, PodUpdate);
                backoffQ_.upsert(key, std::move(e));
                return resultFor(key);
            }
            addToActiveQ(std::move(e), kUnschedulablePods, PodUpdate);
            return resultFor(key);
        }
        it->second = std::move(e);
        return resultFor(key);
    }

    // Not queued: treated as new.
    Entry e;
    e.info = newQueuedPodInfo(newPod);
    auto podInfo = e.info.podInfo;
    if (addToActiveQ(std::move(e), "", PodUpdate)) nominator_.addNominatedPod(podInfo);
    return resultFor(key);
}

void PriorityQueue::deletePod(const framework::Pod& pod) {
    nominator_.deleteNominatedPodIfExists(pod);
    std::string from;
    if (auto e = extract(framework::podKey(pod), &from)) record(*e, from, "", PodDelete);
}

void PriorityQueue::assignedPodAdded(const framework::Pod& pod) {
    movePodsToActiveOrBackoffQueue(unschedulableWithMatchingAffinityTerm(pod), AssignedPodAdd);
}

void PriorityQueue::assignedPodUpdated(const framework::Pod& oldPod, const framework::Pod& newPod) {
    // (In-place resize, which would move every pod, is an alpha feature, off in v1.28.)
    movePodsToActiveOrBackoffQueue(unschedulableWithMatchingAffinityTerm(newPod), AssignedPodUpdate);
}

void PriorityQueue::activate(const std::map<std::string, std::shared_ptr<const framework::Pod>>& pods) {
    for (const auto& [name, pod] : pods) {
        if (!pod) continue;
        const std::string key = framework::podKey(*pod);
        if (activeQ_.contains(key)) continue;
        if (!unschedulable_.count(key) && !backoffQ_.contains(key)) continue;
        std::string from;
        auto e = extract(key, &from);
        auto podInfo = e->info.podInfo;
        if (addToActiveQ(std::move(*e), from, ForceActivate)) nominator_.addNominatedPod(podInfo);
    }
}

// ---- nominated pods ----

void PriorityQueue::addNominatedPod(std::shared_ptr<const framework::PodInfo> podInfo, const NominatingInfo& info) {
    nominator_.addNominatedPod(std::move(podInfo), info);
}

void PriorityQueue::deleteNominatedPodIfExists(const framework::Pod& pod) { nominator_.deleteNominatedPodIfExists(pod); }

void PriorityQueue::updateNominatedPod(const framework::Pod& oldPod, std::shared_ptr<const framework::PodInfo> newPodInfo) {
    nominator_.updateNominatedPod(oldPod, std::move(newPodInfo));
}

std::vector<std::shared_ptr<const framework::PodInfo>> PriorityQueue::nominatedPodsForNode(const std::string& nodeName) const {
    return nominator_.nominatedPodsForNode(nodeName);
}

// ---- inspection ----

std::string PriorityQueue::queueOf(const std::string& podKey) const {
    if (activeQ_.contains(podKey)) return kActiveQ;
    if (backoffQ_.contains(podKey)) return kBackoffQ;
    if (unschedulable_.count(podKey)) return kUnschedulablePods;
    return {};
}

const framework::QueuedPodInfo* PriorityQueue::get(const std::string& podKey) const {
    if (const Entry* e = activeQ_.get(podKey)) return &e->info;
    if (const Entry* e = backoffQ_.get(podKey)) return &e->info;
    auto it = unschedulable_.find(podKey);
    return it == unschedulable_.end() ? nullptr : &it->second.info;
}

std::vector<PendingPod> PriorityQueue::pendingPods() const {
    std::vector<PendingPod> out;
    out.reserve(activeQ_.size() + backoffQ_.size() + unschedulable_.size());
    auto push = [&](const Entry& e, const char* queue) {
        PendingPod p;
        p.info = e.info;
        p.queue = queue;
        p.backoffExpiryNanos = backoffExpiryNanos(e.info);
        if (e.info.gated) {
            p.gatingPlugin = e.gatingStatus.plugin();
            p.gatingMessage = e.gatingStatus.message();
        }
        out.push_back(std::move(p));
    };
    for (const Entry* e : activeQ_.ordered()) push(*e, kActiveQ);
    for (const Entry* e : backoffQ_.ordered()) push(*e, kBackoffQ);
    for (const auto& key : unschedulableKeysInOrder()) push(unschedulable_.at(key), kUnschedulablePods);
    return out;
}

std::string PriorityQueue::pendingPodsSummary() const {
    return "activeQ:" + std::to_string(activeQ_.size()) + "; backoffQ:" + std::to_string(backoffQ_.size()) +
           "; unschedulablePods:" + std::to_string(unschedulable_.size());
}

std::vector<QueueTransition> PriorityQueue::takeTransitions() {
    std::vector<QueueTransition> out;
    out.swap(transitions_);
    return out;
}

}  // namespace pilothouse::scheduler::queue
