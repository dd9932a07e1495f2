// Plays a scenario on a cluster: creates its objects at the start (as `kubectl apply -f` would,
// through the API server), then performs each action at its time as an event on the cluster's
// loop, labelled "scenario". API actions (apply, delete, scale, patch, cordon, uncordon, evict)
// are requests like any client's — rejected ones are recorded with the API server's message, as
// kubectl would print it. A drain (drain.h) goes on over virtual time, each line kubectl prints
// recorded as a result of its own. Node actions (failNode, recoverNode, imageMissing, breakProbe) are
// handed to the simulated kubelets through a handler.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "cluster/cluster.h"
#include "cluster/drain.h"
#include "cluster/scenario.h"

namespace pilothouse::cluster {

struct ActionResult {
    sim::Time time;
    std::string action;
    std::string target;  // "Deployment/default/web", "node-2"
    bool ok = true;
    std::string message;  // "deployment.apps/web scaled", or the error
};

class ScenarioRunner {
public:
    using NodeActionHandler = std::function<Status(const ScenarioAction& action)>;

    ScenarioRunner(Cluster& cluster, const Scenario& scenario);
    void setNodeActionHandler(NodeActionHandler handler) { nodeActions_ = std::move(handler); }

    // Creates (or updates) every object of the scenario, in file order. Returns the first error
    // with the manifest's place; objects before it stay created.
    // `progress` (optional): told the count created every few thousand objects, and at the end;
    // false stops the creation (Cancelled).
    Status applyObjects(const std::function<bool(size_t created, size_t total)>& progress = {});
    // Puts every action on the loop at epoch + at.
    void scheduleActions();

    const std::vector<ActionResult>& results() const { return results_; }

private:
    ActionResult perform(const ScenarioAction& action);
    // drain: kubectl's lines become results as the drain prints them, over virtual time.
    void startDrain(const ScenarioAction& action);
    Status applyObject(const api::ResourceType& type, std::shared_ptr<const google::protobuf::Message> object, std::string* message);

    Cluster& cluster_;
    const Scenario& scenario_;
    NodeActionHandler nodeActions_;
    std::vector<ActionResult> results_;
    std::vector<std::unique_ptr<Drain>> drains_;
};

}  // namespace pilothouse::cluster
