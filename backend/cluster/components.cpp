#include "cluster/components.h"

#include "client/shared_informer_factory.h"
#include "cluster/metrics_sampler.h"
#include "cluster/node_agents.h"
#include "controllers/daemon/daemon_controller.h"
#include "controllers/deployment/deployment_controller.h"
#include "controllers/disruption/disruption.h"
#include "controllers/endpoint/endpoints_controller.h"
#include "controllers/endpointslice/endpointslice_controller.h"
#include "controllers/garbagecollector/garbage_collector.h"
#include "controllers/job/job_controller.h"
#include "controllers/nodelifecycle/node_lifecycle_controller.h"
#include "controllers/replicaset/replica_set.h"
#include "controllers/namespace/namespace_controller.h"
#include "controllers/serviceaccount/serviceaccounts_controller.h"
#include "controllers/ttl/ttl_controller.h"
#include "controllers/ttlafterfinished/ttlafterfinished_controller.h"

#include "api/codec/yaml.h"
#include "scheduler/apis/config/load.h"
#include "util/rfc3339.h"

namespace pilothouse::cluster {

StatusOr<scheduler::config::KubeSchedulerConfiguration> schedulerConfigurationOf(const Scenario& scenario) {
    if (scenario.schedulerConfiguration.empty()) return scheduler::config::defaultConfiguration();
    return scheduler::config::loadConfiguration(scenario.schedulerConfiguration, scenario.schedulerConfigurationSource);
}

StatusOr<ClusterOptions> clusterOptionsOf(const Scenario& scenario, const std::string& storePath) {
    ClusterOptions options;
    options.storePath = storePath;
    options.seed = scenario.seed;
    auto bandwidth = imagePullBytesPerSecond(scenario.imagePullBandwidth);
    if (!bandwidth) return bandwidth.status().withContext("spec.imagePullBandwidth: ");
    options.imagePullBytesPerSecond = *bandwidth;
    options.kubeletTimings = scenario.kubeletTimings;
    if (!scenario.epoch.empty()) {
        auto epoch = rfc3339::parse(scenario.epoch);
        if (!epoch) return epoch.status().withContext("spec.epoch: ");
        options.epoch = sim::fromUnixNanos(*epoch);
    }
    auto gates = features::fromMap(scenario.featureGates);
    if (!gates) return gates.status().withContext("spec.featureGates: ");
    options.features = *gates;
    auto plugins = admissionPluginsOf(scenario);
    if (!plugins) return plugins.status().withContext("spec.kubeAPIServer: ");
    options.admissionPlugins = *plugins;
    auto kubeletConfig = kubeletConfigurationOf(scenario);
    if (!kubeletConfig) return kubeletConfig.status();
    options.kubelet = *kubeletConfig;
    return options;
}

StatusOr<ScenarioRunner::NodeActionHandler> addStandardComponents(
    Cluster& cluster, const scheduler::config::KubeSchedulerConfiguration* schedulerConfig) {
    scheduler::SchedulerOptions so;
    so.config = schedulerConfig ? *schedulerConfig : scheduler::config::defaultConfiguration();
    so.seed = cluster.options().seed;
    auto scheduler = std::make_unique<SchedulerComponent>(cluster.apiServer(), cluster.clock(), so, &cluster.journeys());
    SchedulerComponent* sched = scheduler.get();
    PH_RETURN_IF_ERROR(cluster.add(std::move(scheduler)));
    // kube-controller-manager's controllers. Their informers resync every ResyncPeriod: the
    // --min-resync-period (12 h) times 1 + a random fraction, drawn once (the shared informer
    // factory's default), from the cluster's seed.
    auto& server = cluster.apiServer();
    const auto& clock = cluster.clock();
    sim::Random resyncRandom = sim::Random(cluster.options().seed).fork("kube-controller-manager");
    const auto minResync = std::chrono::hours(12);
    const sim::Duration resync = std::chrono::duration_cast<sim::Duration>(minResync * (1.0 + resyncRandom.uniformDouble()));
    // kube-controller-manager's shared informer factory: one informer per resource for all its
    // controllers; their watches count under the controller manager's name.
    auto informers = std::make_shared<client::SharedInformerFactory>(server, "", "kube-controller-manager");
    controller::replicaset::ReplicaSetControllerOptions rs;
    rs.informers = informers;
    rs.seed = cluster.options().seed;
    rs.resyncPeriod = resync;
    controller::deployment::DeploymentControllerOptions dep;
    dep.resyncPeriod = resync;
    dep.informers = informers;
    PH_RETURN_IF_ERROR(cluster.add(std::make_unique<controller::deployment::DeploymentController>(server, clock, dep)));
    PH_RETURN_IF_ERROR(cluster.add(std::make_unique<controller::replicaset::ReplicaSetController>(server, clock, rs)));
    controller::daemon::DaemonSetsControllerOptions dso;
    dso.seed = cluster.options().seed;
    dso.resyncPeriod = resync;
    dso.informers = informers;
    PH_RETURN_IF_ERROR(cluster.add(std::make_unique<controller::daemon::DaemonSetsController>(server, clock, dso)));
    // The garbage collector's monitors never resync (upstream's ResourceResyncTime is 0).
    controller::garbagecollector::GarbageCollectorOptions gco;
    gco.informers = informers;
    PH_RETURN_IF_ERROR(cluster.add(std::make_unique<controller::garbagecollector::GarbageCollector>(server, clock, gco)));
    controller::nodelifecycle::NodeLifecycleControllerOptions nlo;
    nlo.resyncPeriod = resync;
    nlo.informers = informers;
    PH_RETURN_IF_ERROR(cluster.add(std::make_unique<controller::nodelifecycle::NodeLifecycleController>(server, clock, nlo)));
    controller::endpoint::EndpointsControllerOptions epo;
    epo.resyncPeriod = resync;
    epo.informers = informers;
    PH_RETURN_IF_ERROR(cluster.add(std::make_unique<controller::endpoint::EndpointsController>(server, clock, epo)));
    controller::job::JobControllerOptions jo;
    jo.seed = cluster.options().seed;
    jo.resyncPeriod = resync;
    jo.informers = informers;
    PH_RETURN_IF_ERROR(cluster.add(std::make_unique<controller::job::JobController>(server, clock, jo)));
    controller::ttlafterfinished::TTLAfterFinishedControllerOptions tto;
    tto.resyncPeriod = resync;
    tto.informers = informers;
    PH_RETURN_IF_ERROR(cluster.add(std::make_unique<controller::ttlafterfinished::TTLAfterFinishedController>(server, clock, tto)));
    controller::namespace_::NamespaceControllerOptions nso;
    nso.resyncPeriod = resync;
    nso.informers = informers;
    PH_RETURN_IF_ERROR(cluster.add(std::make_unique<controller::namespace_::NamespaceController>(server, clock, nso)));
    controller::serviceaccount::ServiceAccountsControllerOptions sao;
    sao.resyncPeriod = resync;
    sao.informers = informers;
    PH_RETURN_IF_ERROR(cluster.add(std::make_unique<controller::serviceaccount::ServiceAccountsController>(server, clock, sao)));
    controller::ttl::TTLControllerOptions ttlo;
    ttlo.resyncPeriod = resync;
    ttlo.informers = informers;
    PH_RETURN_IF_ERROR(cluster.add(std::make_unique<controller::ttl::TTLController>(server, clock, ttlo)));
    controller::disruption::DisruptionControllerOptions dco;
    dco.resyncPeriod = resync;
    dco.informers = informers;
    PH_RETURN_IF_ERROR(cluster.add(std::make_unique<controller::disruption::DisruptionController>(server, clock, dco)));
    controller::endpointslice::EndpointSliceControllerOptions eps;
    eps.resyncPeriod = resync;
    eps.informers = informers;
    eps.journeys = &cluster.journeys();
    PH_RETURN_IF_ERROR(cluster.add(std::make_unique<controller::endpointslice::EndpointSliceController>(server, clock, eps)));
    // The nodes' kubelets.
    kubelet::KubeletOptions ko;
    kubelet::config::applyTo(cluster.options().kubelet, &ko);
    ko.seed = cluster.options().seed;
    if (cluster.options().imagePullBytesPerSecond > 0) ko.pullBandwidthBytesPerSecond = cluster.options().imagePullBytesPerSecond;
    ko.features = cluster.options().features;
    for (const auto& f : kubelet::timingFields())
        if (auto t = cluster.options().kubeletTimings.find(f.name); t != cluster.options().kubeletTimings.end()) ko.*(f.field) = t->second;
    auto agents = std::make_unique<NodeAgents>(server, clock, &cluster.journeys(), ko);
    NodeAgents* nodes = agents.get();
    PH_RETURN_IF_ERROR(cluster.add(std::move(agents)));
    PH_RETURN_IF_ERROR(cluster.add(std::make_unique<MetricsSampler>(server, clock, sched, &cluster.journeys())));
    return ScenarioRunner::NodeActionHandler([nodes, sched](const ScenarioAction& action) -> Status {
        if (action.action != "configureScheduler") return nodes->perform(action);
        auto config = scheduler::config::loadConfiguration(codec::toYaml(action.configuration), action.where + ".configuration");
        if (!config) return config.status();
        return sched->reconfigure(std::move(*config));
    });
}

}  // namespace pilothouse::cluster
