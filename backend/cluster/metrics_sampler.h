// Metrics over virtual time, sampled every interval as a Prometheus server scrapes: what the
// GUI's charts plot and `pilothousectl simulate` prints as series. Names follow upstream's where
// one exists:
//   scheduler_pending_pods{queue="active|backoff|unschedulable"}  (kube-scheduler's /metrics)
//   pods{phase="Pending|Running|Succeeded|Failed"}                (kube-state-metrics' kube_pod_status_phase)
//   node_requested_ratio{resource="cpu|memory"}                   requested / allocatable over all nodes
// The sampler reads pods and nodes through its own informers and the scheduler's queue as its
// metrics endpoint would report it.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "client/informer.h"
#include "cluster/component.h"
#include "cluster/scheduler_component.h"

namespace pilothouse::cluster {

using Series = std::vector<std::pair<sim::Time, double>>;

class MetricsSampler final : public Component {
public:
    MetricsSampler(apiserver::APIServer& server, const sim::Clock& clock, SchedulerComponent* scheduler,
                   sim::Duration interval = std::chrono::seconds(5));

    std::string name() const override { return "metrics"; }
    Status start() override;
    StatusOr<bool> reconcile() override;
    std::optional<sim::Time> nextWakeup() const override { return next_; }

    // "name{label=\"value\"}" -> samples in time order.
    const std::map<std::string, Series>& series() const { return series_; }

private:
    void sample();

    const sim::Clock& clock_;
    SchedulerComponent* scheduler_;
    sim::Duration interval_;
    client::Informer pods_;
    client::Informer nodes_;
    sim::Time next_{};
    std::map<std::string, Series> series_;
};

}  // namespace pilothouse::cluster
