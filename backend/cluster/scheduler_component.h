// kube-scheduler as a cluster component: each reconcile takes in its watches and schedules every
// pod in activeQ; its timed work is upstream's two flush loops (backoffQ every second,
// unschedulable pods every 30 s), woken only while those sub-queues hold pods.
#pragma once

#include <memory>

#include "cluster/component.h"
#include "scheduler/scheduler.h"
#include "sim/journey.h"

#include <map>

namespace pilothouse::cluster {

class SchedulerComponent final : public Component {
public:
    // `journeys` (optional) gets each pod's queue, scheduling and binding stages.
    SchedulerComponent(apiserver::APIServer& server, const sim::Clock& clock, scheduler::SchedulerOptions options,
                       sim::JourneyLog* journeys = nullptr);

    std::string name() const override { return "kube-scheduler"; }
    Status start() override;
    StatusOr<bool> reconcile() override;
    std::optional<sim::Time> nextWakeup() const override;

    scheduler::Scheduler& scheduler() { return *scheduler_; }
    const scheduler::config::KubeSchedulerConfiguration& configuration() const { return options_.config; }
    // kube-scheduler restarted with another configuration (its --config file changed): a new
    // scheduler lists the cluster again, so every pending pod is queued and tried anew with the
    // new profiles. Errors (a profile the framework rejects) leave the running one as it was.
    Status reconfigure(scheduler::config::KubeSchedulerConfiguration config);
    // scheduler_schedule_attempts_total by result ("scheduled", "unschedulable", "error"): every
    // attempt since the start.
    const std::map<std::string, int64_t>& attemptsByResult() const { return attemptsByResult_; }

private:
    apiserver::APIServer& server_;
    const sim::Clock& clock_;
    scheduler::SchedulerOptions options_;
    std::unique_ptr<scheduler::Scheduler> scheduler_;
    void recordAttempts();

    sim::JourneyLog* journeys_;
    sim::Time lastBackoffFlush_{}, lastUnschedulableFlush_{};
    std::map<std::string, std::pair<sim::Time, std::string>> lastAttempt_;  // pod -> end, result
    std::map<std::string, int64_t> attemptsByResult_;
};

}  // namespace pilothouse::cluster
