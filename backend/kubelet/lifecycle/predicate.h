// Node-side admission (pkg/kubelet/lifecycle/predicate.go, v1.28): before running a pod the
// kubelet checks again what the scheduler checked, against the pods it has already admitted —
// the scheduler's view may be stale, or the pod may have been bound by hand. Resources are
// checked as the scheduler's NodeResourcesFit does (pods count first, then cpu, memory,
// ephemeral-storage, then extended resources), the first failure wins, and a rejected pod ends
// Failed with reason OutOf<resource> and message "Pod was rejected: Node didn't have enough
// resource: cpu, requested: 2000, used: 3500, capacity: 4000".
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core_v1.pb.h"

namespace pilothouse::kubelet::lifecycle {

struct PodAdmitResult {
    bool admit = true;
    std::string reason;   // "OutOfcpu", "OutOfmemory", "OutOfpods", "OutOf<resource>", "NodeAffinity", ...
    std::string message;  // without the "Pod was rejected: " prefix (the event's message)
};

// Requests in the units the scheduler compares: cpu in millicores, everything else in units.
// Containers summed, init containers as the largest one (restartable init containers counted
// with the containers), plus spec.overhead.
std::map<std::string, int64_t> podRequests(const k8s::io::api::core::v1::Pod& pod);

// `admitted`: the pods already admitted and still active on the node.
PodAdmitResult admit(const k8s::io::api::core::v1::Pod& pod, const k8s::io::api::core::v1::Node& node,
                     const std::vector<const k8s::io::api::core::v1::Pod*>& admitted);

}  // namespace pilothouse::kubelet::lifecycle
