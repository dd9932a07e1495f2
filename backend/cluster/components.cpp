#include "cluster/components.h"

#include "cluster/metrics_sampler.h"

#include "scheduler/apis/config/load.h"

namespace pilothouse::cluster {

StatusOr<ScenarioRunner::NodeActionHandler> addStandardComponents(Cluster& cluster) {
    scheduler::SchedulerOptions so;
    so.config = scheduler::config::defaultConfiguration();
    so.seed = cluster.options().seed;
    auto scheduler = std::make_unique<SchedulerComponent>(cluster.apiServer(), cluster.clock(), so, &cluster.journeys());
    SchedulerComponent* sched = scheduler.get();
    PH_RETURN_IF_ERROR(cluster.add(std::move(scheduler)));
    PH_RETURN_IF_ERROR(cluster.add(std::make_unique<MetricsSampler>(cluster.apiServer(), cluster.clock(), sched)));
    return ScenarioRunner::NodeActionHandler([](const ScenarioAction& action) {
        return Status(StatusCode::FailedPrecondition,
                      action.where + ": action " + action.action + " needs the simulated kubelets, which this build does not have yet");
    });
}

}  // namespace pilothouse::cluster
