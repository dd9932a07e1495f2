// Every in-tree plugin's name (pkg/scheduler/framework/plugins/names/names.go).
#pragma once

namespace pilothouse::scheduler::names {

inline constexpr const char* PrioritySort = "PrioritySort";
inline constexpr const char* DefaultBinder = "DefaultBinder";
inline constexpr const char* DefaultPreemption = "DefaultPreemption";
inline constexpr const char* DynamicResources = "DynamicResources";
inline constexpr const char* ImageLocality = "ImageLocality";
inline constexpr const char* InterPodAffinity = "InterPodAffinity";
inline constexpr const char* NodeAffinity = "NodeAffinity";
inline constexpr const char* NodeName = "NodeName";
inline constexpr const char* NodePorts = "NodePorts";
inline constexpr const char* NodeResourcesBalancedAllocation = "NodeResourcesBalancedAllocation";
inline constexpr const char* NodeResourcesFit = "NodeResourcesFit";
inline constexpr const char* NodeUnschedulable = "NodeUnschedulable";
inline constexpr const char* NodeVolumeLimits = "NodeVolumeLimits";
inline constexpr const char* AzureDiskLimits = "AzureDiskLimits";
inline constexpr const char* EBSLimits = "EBSLimits";
inline constexpr const char* GCEPDLimits = "GCEPDLimits";
inline constexpr const char* PodTopologySpread = "PodTopologySpread";
inline constexpr const char* SchedulingGates = "SchedulingGates";
inline constexpr const char* TaintToleration = "TaintToleration";
inline constexpr const char* VolumeBinding = "VolumeBinding";
inline constexpr const char* VolumeRestrictions = "VolumeRestrictions";
inline constexpr const char* VolumeZone = "VolumeZone";

}  // namespace pilothouse::scheduler::names
