// kube-scheduler inside the control plane (pkg/scheduler/scheduler.go, eventhandlers.go,
// schedule_one.go): informers list and watch pods, nodes and the objects plugins read — always
// through the API server —, feeding the cache and the scheduling queue; scheduleOne pops a pod,
// runs the scheduling cycle on a fresh snapshot, assumes the pod on its node and binds it through
// the pods/binding subresource; a pod that fits nowhere gets the FailedScheduling event and the
// PodScheduled=False condition with kube-scheduler's message, preemption may nominate a node, and
// the pod goes back to the queue to wait for a cluster event (or its backoff).
//
// Driven by its caller on the simulation's clock: syncInformers() takes in every watch event
// delivered so far, scheduleOne() runs one attempt, flushQueues() does the queue's periodic work.
// Single-threaded.
#pragma once

#include <deque>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "apiserver/server.h"
#include "client/event_recorder.h"
#include "scheduler/apis/config/types.h"
#include "scheduler/cache/cache.h"
#include "scheduler/framework/runtime/framework.h"
#include "scheduler/queue/scheduling_queue.h"
#include "scheduler/schedule_one.h"
#include "sim/random.h"

namespace pilothouse::scheduler {

struct SchedulerOptions {
    config::KubeSchedulerConfiguration config;
    framework::FeatureGates gates;
    uint64_t seed = 0;
    std::string token;  // the scheduler's bearer token ("" when authentication is off)
    size_t explanationHistory = 1000;  // explanation records kept (oldest dropped)
    // Events (Scheduled, FailedScheduling, Preempted) written by a thread of their own, as
    // kube-scheduler's event broadcaster does, instead of before the cycle goes on. Off in the
    // simulation, whose store revisions must be the same every run.
    bool asyncEvents = false;
};

// One scheduling attempt's outcome, for the journey view and the explainer.
struct AttemptRecord {
    std::string pod;  // namespace/name
    int64_t startNanos = 0;
    int64_t endNanos = 0;
    std::string result;  // "Scheduled", "Unschedulable", "Error"
    std::string node;
    std::string message;
    Explanation explanation;
};

class Scheduler final : public framework::ClusterClient {
public:
    static StatusOr<std::unique_ptr<Scheduler>> create(apiserver::APIServer& server, const sim::Clock& clock,
                                                       SchedulerOptions options);
    ~Scheduler() override;

    // Lists every watched type and starts watching from the lists' revision.
    Status start();
    // Applies every watch event delivered so far to the cache and the queue. Re-lists a type
    // whose watch expired or was closed as too slow.
    Status syncInformers();
    // Pops the next pod and runs one scheduling attempt; false when activeQ is empty.
    bool scheduleOne();
    // Backoff completion and the unschedulable pods' 5-minute flush, at the current time.
    void flushQueues();
    // syncInformers + scheduleOne until nothing is left to do (tests, CLI, benchmarks).
    Status runUntilIdle(size_t maxAttempts = SIZE_MAX);

    // The event broadcaster's series timers (client::EventRecorder::tick).
    Status flushEvents() { return events_.tick(); }
    // With asyncEvents: waits until every event recorded so far is written.
    void waitForEvents() { events_.flush(); }
    queue::PriorityQueue& queue() { return *queue_; }
    const cache::Cache& cache() const { return cache_; }
    const std::deque<AttemptRecord>& attempts() const { return attempts_; }
    // Pods bound so far (upstream's scheduler_schedule_attempts_total{result="scheduled"}).
    size_t scheduledPods() const { return scheduledPods_; }
    // Attempts recorded since the last call (for a journey feed).
    std::vector<AttemptRecord> takeAttempts();

    // ClusterClient: writes through the API server.
    framework::Status bind(const framework::Pod& pod, const std::string& nodeName) override;
    framework::Status deletePod(const framework::Pod& victim, const framework::Pod& preemptor,
                                const std::string& nodeName) override;
    framework::Status setNominatedNodeName(const framework::Pod& pod, const std::string& nodeName) override;

private:
    Scheduler(apiserver::APIServer& server, const sim::Clock& clock, SchedulerOptions options);

    struct Informer;
    Status listAndWatch(Informer& informer);
    void onEvent(const std::string& kind, store::EventType type, std::shared_ptr<const google::protobuf::Message> object);
    void onPod(store::EventType type, std::shared_ptr<const framework::Pod> pod);
    void onNode(store::EventType type, std::shared_ptr<const framework::Node> node);
    framework::Framework* frameworkFor(const framework::Pod& pod);
    void handleFailure(framework::Framework& fwk, const framework::QueuedPodInfo& info, const std::string& reason,
                       const std::string& message, const std::set<std::string>& unschedulablePlugins,
                       const framework::PostFilterResult* nominating);
    Status updatePodStatus(const framework::Pod& pod,
                           const std::function<void(k8s::io::api::core::v1::Pod&)>& mutate);
    std::string podKey(const framework::Pod& pod) const { return framework::podKey(pod); }

    apiserver::APIServer& server_;
    const sim::Clock& clock_;
    SchedulerOptions options_;
    sim::Random random_;
    client::EventRecorder events_;
    std::vector<std::unique_ptr<framework::Framework>> frameworks_;
    framework::ClusterObjects objects_;
    cache::Cache cache_;
    cache::Snapshot snapshot_;
    std::unique_ptr<queue::PriorityQueue> queue_;
    SchedulingAlgorithm algorithm_;
    std::vector<std::unique_ptr<Informer>> informers_;
    std::map<std::string, std::shared_ptr<const framework::Pod>> pods_;    // by namespace/name
    std::map<std::string, std::shared_ptr<const framework::Node>> nodes_;  // by name
    std::deque<AttemptRecord> attempts_;
    size_t attemptsTaken_ = 0;
    size_t scheduledPods_ = 0;
};

}  // namespace pilothouse::scheduler
