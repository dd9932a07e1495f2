// The machines of the simulated cluster: one kubelet per Node, started when the Node appears in
// the API server (a scenario may add nodes at any time), reconciled in node-name order. It also
// carries out the scenario's node actions: failNode / recoverNode (the kubelet stops and resumes
// its heartbeats), imageMissing (on one node, or every node when none is named) and breakProbe
// (on the kubelet of the node the pod runs on).
#pragma once

#include <map>
#include <set>
#include <memory>
#include <string>

#include "client/informer.h"
#include "cluster/component.h"
#include "cluster/scenario.h"
#include "kubelet/kubelet.h"

namespace pilothouse::cluster {

class NodeAgents final : public Component {
public:
    // `defaults`: the options every kubelet starts from (nodeName is filled in per node).
    NodeAgents(apiserver::APIServer& server, const sim::Clock& clock, sim::JourneyLog* journeys,
               kubelet::KubeletOptions defaults = {});

    std::string name() const override { return "kubelets"; }
    Status start() override;
    StatusOr<bool> reconcile() override;
    std::optional<sim::Time> nextWakeup() const override;

    kubelet::Kubelet* kubelet(const std::string& node) const;
    const std::map<std::string, std::unique_ptr<kubelet::Kubelet>>& kubelets() const { return kubelets_; }

    // failNode, recoverNode, imageMissing, breakProbe.
    Status perform(const ScenarioAction& action);

private:
    Status ensureKubelets();

    apiserver::APIServer& server_;
    const sim::Clock& clock_;
    sim::JourneyLog* journeys_;
    kubelet::KubeletOptions defaults_;
    client::Informer nodes_;
    std::map<std::string, std::unique_ptr<kubelet::Kubelet>> kubelets_;  // node name -> its kubelet
    std::map<std::string, std::unique_ptr<std::string>> clients_;       // node name -> "kubelet/<node>"
    // Only kubelets with something to do are reconciled (a thousand nodes, most idle at any
    // instant): new events on their watches, a wake-up that is due, work done in the last round,
    // or a failure just injected. Wake-ups are remembered from each kubelet's last reconcile.
    std::map<std::string, std::optional<sim::Time>> wakeups_;
    std::set<std::string> dirty_;
};

}  // namespace pilothouse::cluster
