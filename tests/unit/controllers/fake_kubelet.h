// A stand-in for the kubelet in controller tests (this branch has none): registers its nodes
// (Ready, with allocatable resources) and their Leases, renews each Lease every 10 s until the
// node is stopped, starts the pods bound to its running nodes after startDelay (Running, Ready,
// a pod IP), and finishes the graceful deletion of their pods after stopDelay. A stopped node
// does nothing at all, as a node that lost its network.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "client/informer.h"
#include "cluster/component.h"
#include "controllers/controller_utils.h"

namespace pilothouse::testing {

class FakeKubelet final : public cluster::Component {
public:
    FakeKubelet(apiserver::APIServer& server, const sim::Clock& clock, std::vector<std::string> nodes,
                sim::Duration startDelay = std::chrono::seconds(2), sim::Duration stopDelay = std::chrono::seconds(1));

    std::string name() const override { return "kubelet"; }
    Status start() override;
    StatusOr<bool> reconcile() override;
    std::optional<sim::Time> nextWakeup() const override;

    void stopNode(const std::string& node) { stopped_.insert(node); }

private:
    Status renewLease(const std::string& node);

    controller::ApiClient client_;
    const sim::Clock& clock_;
    std::vector<std::string> nodes_;
    sim::Duration startDelay_, stopDelay_;
    client::Informer pods_;
    std::set<std::string> stopped_;
    std::map<std::string, sim::Time> nextRenew_;
    std::map<std::string, sim::Time> due_;  // pod key -> when to start it / finish its deletion
    int ipCounter_ = 0;
};

}  // namespace pilothouse::testing
