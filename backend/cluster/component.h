// A part of the simulated cluster driven by the cluster's event loop: the scheduler, a
// controller, a kubelet. Components talk only through the API server (watches and requests), as
// the real ones do; the cluster calls them one at a time, in a fixed order, so that a run depends
// only on its inputs and seed.
#pragma once

#include <optional>
#include <string>

#include "sim/clock.h"
#include "util/status.h"

namespace pilothouse::cluster {

class Component {
public:
    virtual ~Component() = default;
    // "kube-scheduler", "replicaset-controller", "kubelet/node-1": the event log's label.
    virtual std::string name() const = 0;
    // Lists and starts watching what it needs.
    virtual Status start() = 0;
    // Takes in what its watches delivered and does the work due at the current virtual time.
    // Returns whether it did anything (wrote through the API server, changed its queues): the
    // cluster calls every component again until none does.
    virtual StatusOr<bool> reconcile() = 0;
    // When it next has timed work (a backoff ending, an image pull finishing, a lease to renew);
    // nullopt when it has none. The cluster wakes it then.
    virtual std::optional<sim::Time> nextWakeup() const = 0;
};

}  // namespace pilothouse::cluster
