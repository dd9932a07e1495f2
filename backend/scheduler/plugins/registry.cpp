#include "scheduler/plugins/registry.h"

#include "scheduler/plugins/defaultbinder/default_binder.h"
#include "scheduler/plugins/defaultpreemption/default_preemption.h"
#include "scheduler/plugins/imagelocality/image_locality.h"
#include "scheduler/plugins/interpodaffinity/plugin.h"
#include "scheduler/plugins/names.h"
#include "scheduler/plugins/nodeaffinity/node_affinity.h"
#include "scheduler/plugins/nodename/node_name.h"
#include "scheduler/plugins/nodeports/node_ports.h"
#include "scheduler/plugins/noderesources/balanced_allocation.h"
#include "scheduler/plugins/noderesources/fit.h"
#include "scheduler/plugins/nodeunschedulable/node_unschedulable.h"
#include "scheduler/plugins/podtopologyspread/plugin.h"
#include "scheduler/plugins/queuesort/priority_sort.h"
#include "scheduler/plugins/schedulinggates/scheduling_gates.h"
#include "scheduler/plugins/tainttoleration/taint_toleration.h"
#include "scheduler/plugins/volumes/volumes.h"

namespace pilothouse::scheduler::plugins {

framework::Registry inTreeRegistry() {
    framework::Registry r;
    (void)r.add(names::PrioritySort, queuesort::New);
    (void)r.add(names::SchedulingGates, schedulinggates::New);
    (void)r.add(names::NodeUnschedulable, nodeunschedulable::New);
    (void)r.add(names::NodeName, nodename::New);
    (void)r.add(names::TaintToleration, tainttoleration::New);
    (void)r.add(names::NodeAffinity, nodeaffinity::New);
    (void)r.add(names::NodePorts, nodeports::New);
    (void)r.add(names::NodeResourcesFit, noderesources::newFit);
    (void)r.add(names::NodeResourcesBalancedAllocation, noderesources::newBalancedAllocation);
    (void)r.add(names::ImageLocality, imagelocality::New);
    (void)r.add(names::InterPodAffinity, interpodaffinity::New);
    (void)r.add(names::PodTopologySpread, podtopologyspread::New);
    (void)r.add(names::DefaultPreemption, defaultpreemption::New);
    (void)r.add(names::DefaultBinder, defaultbinder::New);
    (void)r.add(names::VolumeRestrictions, volumes::newVolumeRestrictions);
    (void)r.add(names::VolumeBinding, volumes::newVolumeBinding);
    (void)r.add(names::VolumeZone, volumes::newVolumeZone);
    (void)r.add(names::NodeVolumeLimits, volumes::newNodeVolumeLimits);
    (void)r.add(names::EBSLimits, volumes::newEBSLimits);
    (void)r.add(names::GCEPDLimits, volumes::newGCEPDLimits);
    (void)r.add(names::AzureDiskLimits, volumes::newAzureDiskLimits);
    return r;
}

}  // namespace pilothouse::scheduler::plugins
