// The names the scheduling queue gives to what moves pods (pkg/scheduler/internal/queue/events.go,
// Kubernetes v1.28):
//  - cluster events, which the event handlers pass to moveAllToActiveOrBackoffQueue() and which
//    are matched against the events each plugin registered (EnqueueExtensions);
//  - plain labels for the queue's own moves (a pod added, a scheduling attempt that failed, a
//    backoff that completed, a forced activation, a pod update).
// The resource names are the framework's (framework/types.go GVK constants).
#pragma once

#include <vector>

#include "scheduler/framework/interface.h"

namespace pilothouse::scheduler::queue {

// ---- resources (framework.GVK) ----
inline constexpr const char* kResourcePod = "Pod";
inline constexpr const char* kResourceNode = "Node";
inline constexpr const char* kResourcePersistentVolume = "PersistentVolume";
inline constexpr const char* kResourcePersistentVolumeClaim = "PersistentVolumeClaim";
inline constexpr const char* kResourcePodSchedulingContext = "PodSchedulingContext";
inline constexpr const char* kResourceResourceClaim = "ResourceClaim";
inline constexpr const char* kResourceResourceClass = "ResourceClass";
inline constexpr const char* kResourceStorageClass = "storage.k8s.io/StorageClass";
inline constexpr const char* kResourceCSINode = "storage.k8s.io/CSINode";
inline constexpr const char* kResourceCSIDriver = "storage.k8s.io/CSIDriver";
inline constexpr const char* kResourceCSIStorageCapacity = "storage.k8s.io/CSIStorageCapacity";
inline constexpr const char* kResourceWildCard = "*";

// ---- the queue's own move reasons (string labels, not cluster events) ----
inline constexpr const char* PodAdd = "PodAdd";
inline constexpr const char* ScheduleAttemptFailure = "ScheduleAttemptFailure";
inline constexpr const char* BackoffComplete = "BackoffComplete";
inline constexpr const char* ForceActivate = "ForceActivate";
inline constexpr const char* PodUpdate = "PodUpdate";
// Pilothouse's labels for a pod leaving the queue (upstream only logs these); they appear in the
// transition log.
inline constexpr const char* PodPopped = "Pop";
inline constexpr const char* PodDelete = "PodDelete";

// ---- cluster events ----
inline const framework::ClusterEvent AssignedPodAdd{kResourcePod, framework::kAdd, "AssignedPodAdd"};
inline const framework::ClusterEvent NodeAdd{kResourceNode, framework::kAdd, "NodeAdd"};
inline const framework::ClusterEvent AssignedPodUpdate{kResourcePod, framework::kUpdate, "AssignedPodUpdate"};
inline const framework::ClusterEvent AssignedPodDelete{kResourcePod, framework::kDelete, "AssignedPodDelete"};
inline const framework::ClusterEvent NodeSpecUnschedulableChange{kResourceNode, framework::kUpdateNodeTaint,
                                                                 "NodeSpecUnschedulableChange"};
inline const framework::ClusterEvent NodeAllocatableChange{kResourceNode, framework::kUpdateNodeAllocatable,
                                                           "NodeAllocatableChange"};
inline const framework::ClusterEvent NodeLabelChange{kResourceNode, framework::kUpdateNodeLabel, "NodeLabelChange"};
inline const framework::ClusterEvent NodeTaintChange{kResourceNode, framework::kUpdateNodeTaint, "NodeTaintChange"};
inline const framework::ClusterEvent NodeConditionChange{kResourceNode, framework::kUpdateNodeCondition,
                                                         "NodeConditionChange"};
inline const framework::ClusterEvent PvAdd{kResourcePersistentVolume, framework::kAdd, "PvAdd"};
inline const framework::ClusterEvent PvUpdate{kResourcePersistentVolume, framework::kUpdate, "PvUpdate"};
inline const framework::ClusterEvent PvcAdd{kResourcePersistentVolumeClaim, framework::kAdd, "PvcAdd"};
inline const framework::ClusterEvent PvcUpdate{kResourcePersistentVolumeClaim, framework::kUpdate, "PvcUpdate"};
inline const framework::ClusterEvent StorageClassAdd{kResourceStorageClass, framework::kAdd, "StorageClassAdd"};
inline const framework::ClusterEvent StorageClassUpdate{kResourceStorageClass, framework::kUpdate,
                                                        "StorageClassUpdate"};
inline const framework::ClusterEvent CSINodeAdd{kResourceCSINode, framework::kAdd, "CSINodeAdd"};
inline const framework::ClusterEvent CSINodeUpdate{kResourceCSINode, framework::kUpdate, "CSINodeUpdate"};
inline const framework::ClusterEvent CSIDriverAdd{kResourceCSIDriver, framework::kAdd, "CSIDriverAdd"};
inline const framework::ClusterEvent CSIDriverUpdate{kResourceCSIDriver, framework::kUpdate, "CSIDriverUpdate"};
inline const framework::ClusterEvent CSIStorageCapacityAdd{kResourceCSIStorageCapacity, framework::kAdd,
                                                           "CSIStorageCapacityAdd"};
inline const framework::ClusterEvent CSIStorageCapacityUpdate{kResourceCSIStorageCapacity, framework::kUpdate,
                                                              "CSIStorageCapacityUpdate"};
// Matches every resource and every action: moves every unschedulable pod.
inline const framework::ClusterEvent WildCardEvent{kResourceWildCard, framework::kAll, "WildCardEvent"};
// A pod stayed in unschedulablePods longer than podMaxInUnschedulablePodsDuration.
inline const framework::ClusterEvent UnschedulableTimeout{kResourceWildCard, framework::kAll, "UnschedulableTimeout"};

// framework.ClusterEvent.IsWildCard: resource "*" and every action.
inline bool isWildCard(const framework::ClusterEvent& event) {
    return event.resource == kResourceWildCard && event.actionType == framework::kAll;
}

// The events the framework registers for a plugin that does not implement EnqueueExtensions
// (runtime/framework.go allClusterEvents): every action on pods, nodes, CSI nodes, persistent
// volumes and claims, and storage classes.
inline std::vector<framework::ClusterEvent> defaultClusterEvents() {
    return {
        {kResourcePod, framework::kAll, ""},
        {kResourceNode, framework::kAll, ""},
        {kResourceCSINode, framework::kAll, ""},
        {kResourcePersistentVolume, framework::kAll, ""},
        {kResourcePersistentVolumeClaim, framework::kAll, ""},
        {kResourceStorageClass, framework::kAll, ""},
    };
}

}  // namespace pilothouse::scheduler::queue
