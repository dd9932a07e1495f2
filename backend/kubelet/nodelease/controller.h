// The node lease (pkg/kubelet/nodelease, component-helpers' lease controller, v1.28): the
// kubelet's heartbeat is a coordination.k8s.io/v1 Lease "kube-node-lease/<node>" with
// holderIdentity <node> and leaseDurationSeconds 40, whose renewTime it moves every 10 s
// (a quarter of the duration). The node lifecycle controller reads it to tell a live node from a
// lost one. The Lease is created on first renewal, owned by the Node.
#pragma once

#include <optional>
#include <string>

#include "apiserver/server.h"
#include "sim/clock.h"

namespace pilothouse::kubelet::nodelease {

class Controller {
public:
    Controller(apiserver::APIServer& server, const sim::Clock& clock, std::string nodeName, std::string token,
               int32_t leaseDurationSeconds, sim::Duration renewInterval);

    // Creates or renews the Lease now.
    Status renew();
    // When the next renewal is due (nullopt before the first).
    std::optional<sim::Time> nextRenewal() const;
    std::optional<sim::Time> lastRenewal() const { return lastRenewal_; }

private:
    apiserver::APIServer& server_;
    const sim::Clock& clock_;
    std::string nodeName_;
    std::string token_;
    int32_t leaseDurationSeconds_;
    sim::Duration renewInterval_;
    std::optional<sim::Time> lastRenewal_;
};

}  // namespace pilothouse::kubelet::nodelease
