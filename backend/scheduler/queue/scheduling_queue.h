// The scheduling queue (pkg/scheduler/internal/queue/scheduling_queue.go, Kubernetes v1.28, with
// the SchedulerQueueingHints feature off): the pods waiting to be scheduled, in three sub-queues.
//
//   activeQ            pods to try next, a heap ordered by the QueueSort plugin (PrioritySort:
//                      higher priority first, then earlier timestamp); pop() takes its head.
//   backoffQ           pods waiting out their backoff (initial x 2^(attempts-1), capped at the
//                      max), ordered by when it ends; flushBackoffQCompleted() moves those whose
//                      backoff is over to activeQ.
//   unschedulablePods  pods a scheduling attempt found unschedulable (or that a PreEnqueue plugin
//                      holds back: "gated"). A cluster event moves them out only if one of the
//                      plugins that rejected them registered a matching event; after
//                      podMaxInUnschedulablePodsDuration flushUnschedulablePodsLeftover() moves
//                      them regardless.
//
// A pod whose attempt failed returns through addUnschedulableIfNotPresent(): to backoffQ if a move
// request (a cluster event) arrived while it was being scheduled, else to unschedulablePods.
//
// Differences from upstream, all deliberate:
//  - single-threaded: pop() on an empty activeQ returns nothing instead of blocking, and there
//    are no goroutines; the owner calls flushBackoffQCompleted() every
//    kBackoffQFlushPeriodNanos and flushUnschedulablePodsLeftover() every
//    kUnschedulablePodsFlushPeriodNanos of virtual time (upstream's wait.Until periods);
//  - time comes from the `now` function (virtual nanoseconds), never the wall clock;
//  - determinism: ties the QueueSort plugin leaves are broken by QueuedPodInfo::sequence (the
//    order pods were (re-)queued), then by pod key; pods moved out of unschedulablePods are
//    visited in sequence order;
//  - one profile (upstream keys PreEnqueue plugins and registered events by schedulerName);
//  - every move between sub-queues is appended to a transition log the GUI animates.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "scheduler/framework/interface.h"
#include "scheduler/queue/events.h"
#include "scheduler/queue/heap.h"
#include "scheduler/queue/nominator.h"
#include "util/status.h"

namespace pilothouse::scheduler::queue {

// Sub-queue names, as upstream logs them.
inline constexpr const char* kActiveQ = "activeQ";
inline constexpr const char* kBackoffQ = "backoffQ";
inline constexpr const char* kUnschedulablePods = "unschedulablePods";

inline constexpr int64_t kNanosPerSecond = 1'000'000'000;
inline constexpr int64_t kDefaultPodInitialBackoffNanos = 1 * kNanosPerSecond;
inline constexpr int64_t kDefaultPodMaxBackoffNanos = 10 * kNanosPerSecond;
inline constexpr int64_t kDefaultPodMaxInUnschedulablePodsNanos = 5 * 60 * kNanosPerSecond;
// How often upstream's Run() flushes the two timed sub-queues.
inline constexpr int64_t kBackoffQFlushPeriodNanos = 1 * kNanosPerSecond;
inline constexpr int64_t kUnschedulablePodsFlushPeriodNanos = 30 * kNanosPerSecond;

// framework.LessFunc (the QueueSort plugin's Less).
using LessFunc = std::function<bool(const framework::QueuedPodInfo&, const framework::QueuedPodInfo&)>;
// PreEnqueueCheck: a filter on which unschedulable pods an event may move (e.g. NodeAdd's check
// that the new node could fit the pod); nullptr = all.
using PreEnqueueCheck = std::function<bool(const framework::Pod&)>;

struct PriorityQueueOptions {
    LessFunc less;  // required
    std::vector<std::shared_ptr<framework::PreEnqueuePlugin>> preEnqueuePlugins;  // run in order
    // Plugin name -> the cluster events it registered (EnqueueExtensions::eventsToRegister; for a
    // plugin without EnqueueExtensions, defaultClusterEvents()). A plugin absent from the map, or
    // with no events, never has pods it rejected moved by a cluster event.
    std::map<std::string, std::vector<framework::ClusterEvent>> pluginEvents;
    std::function<int64_t()> now;  // required: virtual time in nanoseconds
    int64_t podInitialBackoffNanos = kDefaultPodInitialBackoffNanos;
    int64_t podMaxBackoffNanos = kDefaultPodMaxBackoffNanos;
    int64_t podMaxInUnschedulablePodsNanos = kDefaultPodMaxInUnschedulablePodsNanos;
    // The nominator's pod lister (see Nominator); optional.
    Nominator::PodLister podLister;
    // A namespace's labels, for pod-affinity terms with a namespaceSelector when an assigned pod
    // is added or updated; optional (no labels).
    std::function<std::map<std::string, std::string>(const std::string& ns)> namespaceLabels;
};

// One move of a pod, for the GUI's animation and the explanation record.
struct QueueTransition {
    std::string podKey;   // namespace/name
    std::string podUID;
    std::string from;     // kActiveQ, kBackoffQ, kUnschedulablePods, or "" (not in the queue)
    std::string to;       // same; "" = left the queue (popped for scheduling, deleted)
    std::string event;    // a cluster event's label or a move reason (events.h)
    int64_t timeNanos = 0;
    bool gated = false;   // the pod is (now) held back by a PreEnqueue plugin
    bool operator==(const QueueTransition&) const = default;
};

// A pod waiting in the queue.
struct PendingPod {
    framework::QueuedPodInfo info;
    std::string queue;                // kActiveQ, kBackoffQ or kUnschedulablePods
    int64_t backoffExpiryNanos = 0;   // timestamp + backoff duration
    std::string gatingPlugin;         // the PreEnqueue plugin holding the pod back (gated pods)
    std::string gatingMessage;        // and what it said
};

// Where add() / update() put a pod.
struct EnqueueResult {
    std::string queue;               // "" when nothing was queued
    bool gated = false;
    std::string gatingPlugin;
    framework::Status gatingStatus;  // the PreEnqueue plugin's status when gated (plugin() set)
};

class PriorityQueue {
public:
    explicit PriorityQueue(PriorityQueueOptions options);
    PriorityQueue(const PriorityQueue&) = delete;
    PriorityQueue& operator=(const PriorityQueue&) = delete;

    // A new pod. PreEnqueue plugins run first: a pod one of them rejects goes to
    // unschedulablePods marked gated; otherwise to activeQ. Records status.nominatedNodeName.
    EnqueueResult add(std::shared_ptr<const framework::Pod> pod);

    // The head of activeQ, with attempts incremented (and the scheduling cycle advanced); nothing
    // when activeQ is empty.
    std::optional<framework::QueuedPodInfo> pop();
    // Incremented by every pop().
    int64_t schedulingCycle() const { return schedulingCycle_; }

    // Returns a pod whose scheduling attempt (started in `podSchedulingCycle`) failed. Its
    // timestamp is refreshed; it goes to backoffQ if a move request arrived since that cycle
    // began, else to unschedulablePods. AlreadyExists when the pod is already queued.
    // The caller sets info.unschedulablePlugins to the plugins that rejected it (upstream leaves
    // them untouched on pop, so an Error after a FitError keeps the earlier set).
    pilothouse::Status addUnschedulableIfNotPresent(framework::QueuedPodInfo info, int64_t podSchedulingCycle);

    // Moves every backoffQ pod whose backoff is over to activeQ (running PreEnqueue again).
    void flushBackoffQCompleted();
    // Moves pods that have been in unschedulablePods longer than podMaxInUnschedulablePodsNanos
    // (event UnschedulableTimeout).
    void flushUnschedulablePodsLeftover();

    // A cluster event: moves the unschedulable pods it may help (those passing `preCheck` whose
    // rejecting plugins registered a matching event, or that no plugin rejected, or all for a
    // wildcard event) to backoffQ if still backing off, else to activeQ.
    void moveAllToActiveOrBackoffQueue(const framework::ClusterEvent& event, const PreEnqueueCheck& preCheck = nullptr);

    // A pending pod changed. In activeQ/backoffQ it is updated in place; in unschedulablePods it
    // moves (backoffQ or activeQ, PreEnqueue re-run) when something besides its status, resource
    // version, generation, managed fields or finalizers changed; not queued, it is added.
    // `oldPod` may be null.
    EnqueueResult update(std::shared_ptr<const framework::Pod> oldPod, std::shared_ptr<const framework::Pod> newPod);
    // The pod is gone (or bound): removes it from every sub-queue and the nominator.
    void deletePod(const framework::Pod& pod);

    // A pod was bound / an assigned pod changed: unschedulable pods with a required pod-affinity
    // term it matches may now fit (events AssignedPodAdd / AssignedPodUpdate).
    void assignedPodAdded(const framework::Pod& pod);
    void assignedPodUpdated(const framework::Pod& oldPod, const framework::Pod& newPod);

    // Moves the given pods from unschedulablePods or backoffQ to activeQ (ForceActivate), in key
    // order. Pods already in activeQ or not queued are ignored.
    void activate(const std::map<std::string, std::shared_ptr<const framework::Pod>>& pods);

    // ---- nominated pods ----
    void addNominatedPod(std::shared_ptr<const framework::PodInfo> podInfo, const NominatingInfo& info = {});
    void deleteNominatedPodIfExists(const framework::Pod& pod);
    void updateNominatedPod(const framework::Pod& oldPod, std::shared_ptr<const framework::PodInfo> newPodInfo);
    std::vector<std::shared_ptr<const framework::PodInfo>> nominatedPodsForNode(const std::string& nodeName) const;
    const Nominator& nominator() const { return nominator_; }

    // ---- inspection ----
    // activeQ in pop order, then backoffQ by expiry, then unschedulablePods by sequence.
    std::vector<PendingPod> pendingPods() const;
    // "activeQ:%d; backoffQ:%d; unschedulablePods:%d"
    std::string pendingPodsSummary() const;
    size_t activeQLen() const { return activeQ_.size(); }
    size_t backoffQLen() const { return backoffQ_.size(); }
    size_t unschedulablePodsLen() const { return unschedulable_.size(); }
    // The sub-queue holding the pod with this namespace/name key; "" when none.
    std::string queueOf(const std::string& podKey) const;
    std::string queueOf(const framework::Pod& pod) const { return queueOf(framework::podKey(pod)); }
    // The queued pod with this key; nullptr when none.
    const framework::QueuedPodInfo* get(const std::string& podKey) const;

    // Backoff of a pod with info.attempts attempts: initial x 2^(attempts-1), capped at the max.
    int64_t backoffDurationNanos(const framework::QueuedPodInfo& info) const;
    int64_t backoffExpiryNanos(const framework::QueuedPodInfo& info) const;
    // Gated pods are never backing off.
    bool isPodBackingOff(const framework::QueuedPodInfo& info) const;

    // A fresh QueuedPodInfo for `pod` stamped now (what add() queues), with the given rejecting
    // plugins.
    framework::QueuedPodInfo newQueuedPodInfo(std::shared_ptr<const framework::Pod> pod,
                                              std::set<std::string> unschedulablePlugins = {});

    // ---- transition log ----
    const std::vector<QueueTransition>& transitions() const { return transitions_; }
    // Returns the log and empties it.
    std::vector<QueueTransition> takeTransitions();
    void clearTransitions() { transitions_.clear(); }

private:
    struct Entry {
        framework::QueuedPodInfo info;
        bool initialAttemptRecorded = false;  // upstream's InitialAttemptTimestamp != nil
        framework::Status gatingStatus;       // the last PreEnqueue rejection (plugin set)
    };

    static std::string keyOf(const Entry& e) { return framework::podKey(e.info.pod()); }
    int64_t now() const { return now_(); }
    int64_t nextSequence() { return ++sequence_; }

    // PreEnqueue: true when every plugin admits the pod; otherwise records the first rejecting
    // plugin's status (and adds the plugin to unschedulablePlugins).
    bool runPreEnqueuePlugins(Entry& e);
    // activeQ, unless PreEnqueue rejects the pod (then unschedulablePods, gated). Logs the move
    // from `from`.
    bool addToActiveQ(Entry e, const std::string& from, const std::string& event);
    bool isWorthRequeuing(const framework::QueuedPodInfo& info, const framework::ClusterEvent& event) const;
    // Moves the listed unschedulable pods the event may help.
    void movePodsToActiveOrBackoffQueue(const std::vector<std::string>& keys, const framework::ClusterEvent& event);
    std::vector<std::string> unschedulableKeysInOrder() const;
    std::vector<std::string> unschedulableWithMatchingAffinityTerm(const framework::Pod& pod) const;
    // Takes the pod out of whichever sub-queue holds it.
    std::optional<Entry> extract(const std::string& key, std::string* from);
    void record(const Entry& e, const std::string& from, const std::string& to, const std::string& event);
    EnqueueResult resultFor(const std::string& key) const;

    PriorityQueueOptions options_;
    std::function<int64_t()> now_;
    KeyedHeap<Entry> activeQ_;
    KeyedHeap<Entry> backoffQ_;
    std::map<std::string, Entry> unschedulable_;
    Nominator nominator_;
    int64_t schedulingCycle_ = 0;
    int64_t moveRequestCycle_ = -1;
    int64_t sequence_ = 0;
    std::vector<QueueTransition> transitions_;
};

}  // namespace pilothouse::scheduler::queue
