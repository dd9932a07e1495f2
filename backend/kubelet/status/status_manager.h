// The kubelet's status manager (pkg/kubelet/status/status_manager.go, v1.28): writes the pod
// statuses the kubelet generates through pods/status, only when they differ from the last one it
// wrote. It merges with what is stored: conditions the kubelet does not own (DisruptionTarget,
// readiness gates set by others) are kept, PodScheduled keeps the scheduler's, and each
// condition keeps its lastTransitionTime while its status holds. Updates carry the
// resourceVersion they were based on; a Conflict re-reads the pod and tries again. Once a
// terminating pod's containers have stopped, it deletes the pod with gracePeriodSeconds 0.
#pragma once

#include <map>
#include <memory>
#include <string>

#include "apiserver/server.h"
#include "core_v1.pb.h"
#include "sim/clock.h"

namespace pilothouse::kubelet::status {

class StatusManager {
public:
    StatusManager(apiserver::APIServer& server, const sim::Clock& clock, std::string token);

    // Writes `status` for the pod (`cached`: the kubelet's latest copy of it) unless it is what
    // was written last. Returns whether a write happened. NotFound when the pod is gone.
    StatusOr<bool> setPodStatus(const k8s::io::api::core::v1::Pod& cached,
                                const k8s::io::api::core::v1::PodStatus& status);
    // The final step of termination: DELETE with gracePeriodSeconds 0.
    Status deletePod(const std::string& namespace_, const std::string& name);
    void forget(const std::string& key) { lastWritten_.erase(key); }

private:
    k8s::io::api::core::v1::PodStatus merge(const k8s::io::api::core::v1::PodStatus& stored,
                                            const k8s::io::api::core::v1::PodStatus& want) const;

    apiserver::APIServer& server_;
    const sim::Clock& clock_;
    std::string token_;
    std::map<std::string, k8s::io::api::core::v1::PodStatus> lastWritten_;  // key -> generated status
};

}  // namespace pilothouse::kubelet::status
