// The node status the kubelet posts (pkg/kubelet/nodestatus/setters.go, v1.28): the
// MemoryPressure, DiskPressure, PIDPressure and Ready conditions with upstream's reasons and
// messages, addresses, nodeInfo (the machine facts the Node has are kept: a scenario's or a
// snapshot's machine), the image list, daemon endpoints, and capacity/allocatable when
// the Node has none, with 0 of each huge page size the machine has (hugepages-2Mi and -1Gi; on
// arm64 also -64Ki and -32Mi), as cadvisor reports them. Each condition keeps its lastTransitionTime while its status holds; every
// post moves lastHeartbeatTime. A condition that changes status yields the node event upstream
// records ("NodeHasSufficientMemory", "NodeReady", ...).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core_v1.pb.h"
#include "sim/clock.h"

namespace pilothouse::kubelet::nodestatus {

struct Inputs {
    bool memoryPressure = false;
    bool diskPressure = false;
    bool pidPressure = false;
    bool ready = true;
    std::string notReadyMessage;  // Ready=False's message
    std::string internalIP;
    std::string hostname;
    std::map<std::string, std::string> capacity;  // used when the Node has none
    std::vector<k8s::io::api::core::v1::ContainerImage> images;
    uint64_t seed = 1;  // machine and boot IDs
};

// Sets `node`'s status from `in` at `now`; appends the node events to record (their reasons).
void setNodeStatus(k8s::io::api::core::v1::Node* node, const Inputs& in, sim::Time now,
                   std::vector<std::string>* events);

// Whether two statuses differ other than in heartbeat times (what makes a post necessary before
// nodeStatusReportFrequency).
bool statusChanged(const k8s::io::api::core::v1::NodeStatus& a, const k8s::io::api::core::v1::NodeStatus& b);

}  // namespace pilothouse::kubelet::nodestatus
