// The node lifecycle controller (upstream pkg/controller/nodelifecycle/
// node_lifecycle_controller.go, v1.28, taint-based eviction): watches Nodes, their Leases in
// kube-node-lease, and pods.
//
//  - Health (monitorNodeHealth, every nodeMonitorPeriod): a node whose Ready condition and Lease
//    have not moved for nodeMonitorGracePeriod (nodeStartupGracePeriod before its first Ready
//    condition) gets Ready, MemoryPressure, DiskPressure and PIDPressure set to Unknown, reason
//    NodeStatusUnknown, "Kubelet stopped posting node status." (NodeStatusNeverUpdated, "Kubelet
//    never posted node status." when missing). When Ready leaves True: event NodeNotReady
//    "Node <n> status is now: NodeNotReady" on the node, and each of its pods gets Ready=False and
//    a Warning NodeNotReady "Node is not ready" event.
//  - NoSchedule taints by condition (doNoScheduleTaintingPass, on every node change):
//    node.kubernetes.io/not-ready (Ready=False), unreachable (Ready=Unknown), memory-pressure,
//    disk-pressure, pid-pressure, network-unavailable, unschedulable (spec.unschedulable).
//  - NoExecute taints (processTaintBaseEviction from the observed Ready condition, then
//    doNoExecuteTaintingPass every 100 ms through a per-zone token bucket, evictionLimiterQPS
//    0.1, burst 1): not-ready or unreachable, swapped when the condition moves between False and
//    Unknown, removed when Ready is True again. Zone states as upstream: when every zone is fully
//    disrupted (no Ready node at all) no NoExecute taint is applied and existing ones are
//    removed; a partially disrupted zone (> 2 and >= 55 % not ready) taints at
//    secondaryEvictionLimiterQPS when larger than largeClusterSizeThreshold, else not at all.
//  - The NoExecuteTaintManager (scheduler/taint_manager.h) evicts pods from NoExecute-tainted
//    nodes.
// Taints this controller adds carry timeAdded. Events on nodes come from source "node-controller":
// RegisteredNode "Node <n> event: Registered Node <n> in Controller", RemovingNode, NodeNotReady.
#pragma once

#include <map>
#include <memory>
#include <set>
#include <string>

#include "client/informer.h"
#include "client/shared_informer_factory.h"
#include "client/record/event_recorder.h"
#include "cluster/component.h"
#include "controllers/controller_utils.h"
#include "controllers/nodelifecycle/scheduler/taint_manager.h"
#include "coordination_v1.pb.h"

namespace pilothouse::controller::nodelifecycle {

struct NodeLifecycleControllerOptions {
    std::string token;                                                      // bearer token
    // kube-controller-manager's shared informers; null: the controller makes its own.
    std::shared_ptr<client::SharedInformerFactory> informers;
    sim::Duration resyncPeriod{};  // informers' resync (kube-controller-manager: 12-24 h; 0 = never)
    sim::Duration nodeMonitorPeriod = std::chrono::seconds(5);              // --node-monitor-period
    sim::Duration nodeMonitorGracePeriod = std::chrono::seconds(40);        // --node-monitor-grace-period
    sim::Duration nodeStartupGracePeriod = std::chrono::seconds(60);        // --node-startup-grace-period
    double evictionLimiterQPS = 0.1;                                        // --node-eviction-rate
    double secondaryEvictionLimiterQPS = 0.01;                              // --secondary-node-eviction-rate
    int largeClusterSizeThreshold = 50;                                     // --large-cluster-size-threshold
    double unhealthyZoneThreshold = 0.55;                                   // --unhealthy-zone-threshold
};

class NodeLifecycleController final : public cluster::Component {
public:
    // Neither reference is owned; both must outlive the controller.
    NodeLifecycleController(apiserver::APIServer& server, const sim::Clock& clock,
                            NodeLifecycleControllerOptions options = {});

    std::string name() const override { return "node-lifecycle-controller"; }
    Status start() override;
    StatusOr<bool> reconcile() override;
    std::optional<sim::Time> nextWakeup() const override;

private:
    struct NodeHealth {
        sim::Time probeTimestamp, readyTransitionTimestamp;
        std::optional<core::NodeCondition> ready;  // the Ready condition last seen
        std::string leaseRenewTime;                 // the Lease's renewTime last seen
        bool hasLease = false;
    };
    struct Zone {
        std::string state = "Initial";
        double qps = 0;
        double tokens = 1;  // token bucket, burst 1
        sim::Time last;
        std::vector<std::string> queue;  // nodes waiting for their NoExecute taint, in order
    };

    Status monitorNodeHealth();
    // Returns (observed Ready condition, current Ready condition or null after the update).
    StatusOr<std::pair<core::NodeCondition, std::optional<core::NodeCondition>>> tryUpdateNodeHealth(core::Node& node);
    Status processTaintBaseEviction(const core::Node& node, const core::NodeCondition& observed);
    Status markPodsNotReady(const std::string& nodeName);
    Status doNoScheduleTaintingPass(const std::string& nodeName);
    StatusOr<bool> doNoExecuteTaintingPass();
    void handleDisruption(const std::map<std::string, std::vector<std::string>>& zoneToReadyStatus);
    // SwapNodeControllerTaint: adds (with timeAdded = now) and removes taints.
    Status swapTaints(const std::string& nodeName, const std::vector<core::Taint>& add,
                      const std::vector<core::Taint>& remove);
    bool markNodeAsReachable(const core::Node& node, Status* error);
    static std::string zoneOf(const core::Node& node);

    apiserver::APIServer& server_;
    const sim::Clock& clock_;
    NodeLifecycleControllerOptions options_;
    ApiClient client_;
    std::shared_ptr<client::SharedInformerFactory> informers_;
    client::Informer &nodeInformer_, &leaseInformer_, &podInformer_;
    client::record::EventRecorder recorder_;
    scheduler::NoExecuteTaintManager taintManager_;
    std::map<std::string, NodeHealth> health_;
    std::set<std::string> knownNodes_;
    std::set<std::string> noScheduleDirty_;  // nodes whose NoSchedule taints need a look
    std::map<std::string, Zone> zones_;
    bool allFullyDisrupted_ = false;
    std::optional<sim::Time> lastMonitor_, lastTaintPass_;
};

}  // namespace pilothouse::controller::nodelifecycle
