// A scenario started on a new cluster for the backend's tests, as the GUI's session and
// `pilothousectl simulate` start one: the cluster with the scenario's options (seed, image pull
// bandwidth), its objects, the standard components with its kube-scheduler configuration, its
// actions on the loop. Nothing has run yet. A failure stops the test binary with the message.
#pragma once

#include <QtGlobal>

#include <memory>

#include "cluster/cluster.h"
#include "cluster/components.h"
#include "cluster/scenario.h"
#include "cluster/scenario_runner.h"

namespace pilothouse::testing {

struct ScenarioRun {
    cluster::Scenario scenario;
    std::unique_ptr<cluster::Cluster> cluster;
    std::unique_ptr<cluster::ScenarioRunner> runner;  // refers to the cluster and the scenario

    static void must(const Status& s) {
        if (!s.isOk()) qFatal("%s", s.toString().c_str());
    }

    explicit ScenarioRun(cluster::Scenario s) : scenario(std::move(s)) {
        auto options = cluster::clusterOptionsOf(scenario);
        must(options.status());
        auto created = cluster::Cluster::create(*options);
        must(created.status());
        cluster = std::move(*created);
        runner = std::make_unique<cluster::ScenarioRunner>(*cluster, scenario);
        must(runner->applyObjects());
        auto config = cluster::schedulerConfigurationOf(scenario);
        must(config.status());
        auto nodeActions = cluster::addStandardComponents(*cluster, &*config);
        must(nodeActions.status());
        runner->setNodeActionHandler(*nodeActions);
        runner->scheduleActions();
    }
    ~ScenarioRun() { runner.reset(); }  // before the cluster it refers to

    void runUntil(sim::Duration sinceStart) { must(cluster->runUntil(cluster->loop().epoch() + sinceStart)); }
};

}  // namespace pilothouse::testing
