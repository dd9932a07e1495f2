// Metrics over virtual time, sampled every interval as a Prometheus server scrapes: what the
// GUI's charts plot and `pilothousectl simulate` prints as series. Names follow upstream's where
// one exists:
//   scheduler_pending_pods{queue="active|backoff|unschedulable"}  (kube-scheduler's /metrics)
//   scheduler_schedule_attempts_total{result="scheduled|unschedulable|error"}  (counter, since start)
//   pods{phase="Pending|Running|Succeeded|Failed"}                (kube-state-metrics' kube_pod_status_phase)
//   kube_node_status_allocatable{resource="cpu|memory",unit=...}  (kube-state-metrics) summed over
//                                                                 every node: the cluster's total
//   kube_pod_container_resource_requests{resource="cpu|memory",unit=...}  (kube-state-metrics)
//                                                                 summed over the containers of every
//                                                                 bound pod not yet finished
//   node_requested_ratio{resource="cpu|memory"}                   requested / allocatable over all nodes
// cpu in cores (unit="core"), memory in bytes (unit="byte"), as kube-state-metrics reports them.
//
// Latencies, from the pods' journey records (sim/journey.h), as a summary's quantiles over the
// observations of the last `latencyWindow` of virtual time (Prometheus' histogram_quantile over
// a rate window); no sample while the window holds no observation:
//   scheduler_scheduling_attempt_duration_seconds{quantile="0.5|0.9|0.99"}  each attempt's
//       duration (the scheduling cycle itself; it takes no virtual time unless modelled)
//   scheduler_pod_scheduling_sli_duration_seconds{quantile=...}  from the pod entering the
//       scheduling queue to the attempt that scheduled it, queueing and failed attempts included
//   kubelet_pod_start_sli_duration_seconds{quantile=...}  from the pod's creation to its
//       containers running, image pulls excluded (the upstream pod startup SLI), observed when
//       the pod is Running
// Quantiles are nearest-rank over the window's observations, as `pilothousectl simulate`
// computes its summaries.
//
// The sampler reads pods and nodes through its own informers, the scheduler's queue and attempt
// counts as its metrics endpoint would report them, and the journey log.
#pragma once

#include <deque>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "client/informer.h"
#include "cluster/component.h"
#include "cluster/scheduler_component.h"
#include "sim/journey.h"

namespace pilothouse::cluster {

using Series = std::vector<std::pair<sim::Time, double>>;

struct MetricsSamplerOptions {
    sim::Duration interval = std::chrono::seconds(5);
    // The window latency quantiles are computed over.
    sim::Duration latencyWindow = std::chrono::minutes(1);
};

class MetricsSampler final : public Component {
public:
    // `scheduler` and `journeys` may be null (no queue, attempt or latency series then).
    MetricsSampler(apiserver::APIServer& server, const sim::Clock& clock, SchedulerComponent* scheduler,
                   const sim::JourneyLog* journeys = nullptr, MetricsSamplerOptions options = {});

    std::string name() const override { return "metrics"; }
    Status start() override;
    StatusOr<bool> reconcile() override;
    std::optional<sim::Time> nextWakeup() const override { return next_; }

    // "name{label=\"value\"}" -> samples in time order.
    const std::map<std::string, Series>& series() const { return series_; }
    // How many times the series were sampled: a reader that saw this number has seen every sample.
    int64_t samplings() const { return samplings_; }

private:
    // One observation of a latency: when it was made and its value in seconds.
    using Observations = std::deque<std::pair<sim::Time, double>>;
    // What the journey records told so far about one pod (the latest incarnation of its name).
    struct PodJourney {
        std::optional<sim::Time> created;   // its creation request started
        std::optional<sim::Time> queued;    // it entered the scheduling queue
        bool scheduled = false;
        bool started = false;               // Running observed
        double pullSeconds = 0;             // image pulls so far
    };

    void sample();
    void readJourneys();
    void sampleQuantiles(const std::string& name, Observations& observations, sim::Time now);

    const sim::Clock& clock_;
    SchedulerComponent* scheduler_;
    const sim::JourneyLog* journeys_;
    MetricsSamplerOptions options_;
    client::Informer pods_;
    client::Informer nodes_;
    sim::Time next_{};
    std::map<std::string, Series> series_;
    int64_t samplings_ = 0;
    int64_t journeySeq_ = 0;
    std::map<std::string, PodJourney> podJourneys_;
    Observations attemptDurations_, schedulingSli_, startSli_;
};

}  // namespace pilothouse::cluster
