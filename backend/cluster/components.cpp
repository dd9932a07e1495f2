#include "cluster/components.h"

#include "cluster/metrics_sampler.h"
#include "cluster/node_agents.h"
#include "controllers/daemon/daemon_controller.h"
#include "controllers/deployment/deployment_controller.h"
#include "controllers/endpoint/endpoints_controller.h"
#include "controllers/endpointslice/endpointslice_controller.h"
#include "controllers/garbagecollector/garbage_collector.h"
#include "controllers/job/job_controller.h"
#include "controllers/nodelifecycle/node_lifecycle_controller.h"
#include "controllers/replicaset/replica_set.h"
#include "controllers/ttlafterfinished/ttlafterfinished_controller.h"

#include "scheduler/apis/config/load.h"

namespace pilothouse::cluster {

StatusOr<ScenarioRunner::NodeActionHandler> addStandardComponents(Cluster& cluster) {
    scheduler::SchedulerOptions so;
    so.config = scheduler::config::defaultConfiguration();
    so.seed = cluster.options().seed;
    auto scheduler = std::make_unique<SchedulerComponent>(cluster.apiServer(), cluster.clock(), so, &cluster.journeys());
    SchedulerComponent* sched = scheduler.get();
    PH_RETURN_IF_ERROR(cluster.add(std::move(scheduler)));
    // kube-controller-manager's controllers.
    auto& server = cluster.apiServer();
    const auto& clock = cluster.clock();
    controller::replicaset::ReplicaSetControllerOptions rs;
    rs.seed = cluster.options().seed;
    PH_RETURN_IF_ERROR(cluster.add(std::make_unique<controller::deployment::DeploymentController>(
        server, clock, controller::deployment::DeploymentControllerOptions{})));
    PH_RETURN_IF_ERROR(cluster.add(std::make_unique<controller::replicaset::ReplicaSetController>(server, clock, rs)));
    controller::daemon::DaemonSetsControllerOptions dso;
    dso.seed = cluster.options().seed;
    PH_RETURN_IF_ERROR(cluster.add(std::make_unique<controller::daemon::DaemonSetsController>(server, clock, dso)));
    PH_RETURN_IF_ERROR(cluster.add(std::make_unique<controller::garbagecollector::GarbageCollector>(
        server, clock, controller::garbagecollector::GarbageCollectorOptions{})));
    PH_RETURN_IF_ERROR(cluster.add(std::make_unique<controller::nodelifecycle::NodeLifecycleController>(
        server, clock, controller::nodelifecycle::NodeLifecycleControllerOptions{})));
    PH_RETURN_IF_ERROR(cluster.add(std::make_unique<controller::endpoint::EndpointsController>(server, clock)));
    controller::job::JobControllerOptions jo;
    jo.seed = cluster.options().seed;
    PH_RETURN_IF_ERROR(cluster.add(std::make_unique<controller::job::JobController>(server, clock, jo)));
    PH_RETURN_IF_ERROR(cluster.add(std::make_unique<controller::ttlafterfinished::TTLAfterFinishedController>(
        server, clock, controller::ttlafterfinished::TTLAfterFinishedControllerOptions{})));
    controller::endpointslice::EndpointSliceControllerOptions eps;
    eps.journeys = &cluster.journeys();
    PH_RETURN_IF_ERROR(cluster.add(std::make_unique<controller::endpointslice::EndpointSliceController>(server, clock, eps)));
    // The nodes' kubelets.
    kubelet::KubeletOptions ko;
    ko.seed = cluster.options().seed;
    auto agents = std::make_unique<NodeAgents>(server, clock, &cluster.journeys(), ko);
    NodeAgents* nodes = agents.get();
    PH_RETURN_IF_ERROR(cluster.add(std::move(agents)));
    PH_RETURN_IF_ERROR(cluster.add(std::make_unique<MetricsSampler>(server, clock, sched)));
    return ScenarioRunner::NodeActionHandler([nodes](const ScenarioAction& action) { return nodes->perform(action); });
}

}  // namespace pilothouse::cluster
