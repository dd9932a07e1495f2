// The default profile's volume plugins (Kubernetes v1.28): VolumeRestrictions, VolumeBinding,
// VolumeZone, NodeVolumeLimits (CSI) and the in-tree EBSLimits, GCEPDLimits, AzureDiskLimits.
//
// WHAT IS MODELLED. Pilothouse has no PersistentVolumes, PersistentVolumeClaims, StorageClasses,
// CSINodes or CSIDrivers, and its pods carry only hostPath, emptyDir, secret, configMap,
// downwardAPI, projected and persistentVolumeClaim volumes. For a pod without a
// persistentVolumeClaim volume these plugins do exactly what v1.28 does:
//  - VolumeRestrictions, VolumeZone, NodeVolumeLimits, EBSLimits, GCEPDLimits, AzureDiskLimits:
//    PreFilter returns Skip (the pod has no GCE PD / EBS / RBD / ISCSI volume, no ReadWriteOncePod
//    claim, no PV topology and no attachable volume), so their Filter does not run; called anyway,
//    Filter passes (VolumeRestrictions' Filter then reports its missing PreFilter state as an
//    Error, as upstream does);
//  - VolumeBinding: PreFilter records that the pod has no claims and returns Skip (Filter does not
//    run; called anyway it passes); Score is 0 on every node and it has no PreScore, so it takes
//    part in scoring with 0 (v1.28 without the alpha VolumeCapacityPriority gate has no volume
//    scorer); Reserve and PreBind succeed (all volumes "bound").
//
// WHAT IS NOT. A pod with a persistentVolumeClaim volume refers to a claim that cannot exist
// here, and is treated as v1.28 treats a pod whose claim is not found:
//  - VolumeRestrictions PreFilter (first in the default profile's PreFilter order among these):
//    UnschedulableAndUnresolvable `persistentvolumeclaim "<claimName>" not found`;
//  - VolumeBinding PreFilter: the same status and text;
//  - VolumeZone PreFilter: the same, or "PersistentVolumeClaim had no name" for an empty claimName;
//  - NodeVolumeLimits / EBSLimits / GCEPDLimits / AzureDiskLimits: PreFilter succeeds and Filter
//    rejects every node with UnschedulableAndUnresolvable
//    `looking up PVC <namespace>/<claimName>: persistentvolumeclaim "<claimName>" not found`
//    (an empty claimName is an Error "PersistentVolumeClaim had no name").
// Volume binding, zones of PVs, attach limits and ReadWriteOncePod conflicts are therefore never
// evaluated. Generic ephemeral volumes and in-tree cloud disks are not in Pilothouse's API.
//
// VolumeBinding takes VolumeBindingArgs: {bindTimeoutSeconds: 600 by default, must not be
// negative: "bindTimeoutSeconds: Invalid value: -1: invalid BindTimeoutSeconds, should not be a
// negative value"; shape: rejected while VolumeCapacityPriority is off, as it is by default in
// v1.28: "shape: Invalid value: []config.UtilizationShapePoint{...}: unexpected field `shape`,
// remove it or turn on the feature gate VolumeCapacityPriority"}. The others take no args.
#pragma once

#include <memory>

#include "api/codec/value.h"
#include "scheduler/framework/feature_gates.h"
#include "scheduler/framework/interface.h"
#include "util/status.h"

namespace pilothouse::scheduler::plugins::volumes {

StatusOr<std::shared_ptr<framework::Plugin>> newVolumeRestrictions(const codec::Value& args, framework::Handle& handle,
                                                                   const framework::FeatureGates& gates);
StatusOr<std::shared_ptr<framework::Plugin>> newVolumeBinding(const codec::Value& args, framework::Handle& handle,
                                                              const framework::FeatureGates& gates);
StatusOr<std::shared_ptr<framework::Plugin>> newVolumeZone(const codec::Value& args, framework::Handle& handle,
                                                           const framework::FeatureGates& gates);
StatusOr<std::shared_ptr<framework::Plugin>> newNodeVolumeLimits(const codec::Value& args, framework::Handle& handle,
                                                                 const framework::FeatureGates& gates);
StatusOr<std::shared_ptr<framework::Plugin>> newEBSLimits(const codec::Value& args, framework::Handle& handle,
                                                          const framework::FeatureGates& gates);
StatusOr<std::shared_ptr<framework::Plugin>> newGCEPDLimits(const codec::Value& args, framework::Handle& handle,
                                                            const framework::FeatureGates& gates);
StatusOr<std::shared_ptr<framework::Plugin>> newAzureDiskLimits(const codec::Value& args, framework::Handle& handle,
                                                                const framework::FeatureGates& gates);

}  // namespace pilothouse::scheduler::plugins::volumes
