// Workload validation (pkg/apis/apps/validation and the ReplicationController part of
// pkg/apis/core/validation, plus the apps/v1 strategies' selector immutability):
//   spec.selector: Required value
//   spec.template.metadata.labels: Invalid value: map[string]string{"app":"web"}: `selector` does not match template `labels`
//   spec.replicas: Invalid value: -1: must be greater than or equal to 0
//   spec.strategy.rollingUpdate.maxUnavailable: Invalid value: intstr.IntOrString{Type:0, IntVal:0, StrVal:""}: may not be 0 when `maxSurge` is 0
// An unset spec.replicas counts as 1 (the v1 default).
#pragma once

#include "apiserver/validation/common.h"
#include "apps_v1.pb.h"
#include "core_v1.pb.h"

namespace pilothouse::apiserver::validation {

ErrorList validateDeployment(const k8s::io::api::apps::v1::Deployment& d);
ErrorList validateDeploymentUpdate(const k8s::io::api::apps::v1::Deployment& d,
                                   const k8s::io::api::apps::v1::Deployment& old);
ErrorList validateDeploymentStatusUpdate(const k8s::io::api::apps::v1::Deployment& d,
                                         const k8s::io::api::apps::v1::Deployment& old);

ErrorList validateReplicaSet(const k8s::io::api::apps::v1::ReplicaSet& rs);
ErrorList validateReplicaSetUpdate(const k8s::io::api::apps::v1::ReplicaSet& rs,
                                   const k8s::io::api::apps::v1::ReplicaSet& old);
ErrorList validateReplicaSetStatusUpdate(const k8s::io::api::apps::v1::ReplicaSet& rs,
                                         const k8s::io::api::apps::v1::ReplicaSet& old);

ErrorList validateStatefulSet(const k8s::io::api::apps::v1::StatefulSet& ss);
ErrorList validateStatefulSetUpdate(const k8s::io::api::apps::v1::StatefulSet& ss,
                                    const k8s::io::api::apps::v1::StatefulSet& old);
ErrorList validateStatefulSetStatusUpdate(const k8s::io::api::apps::v1::StatefulSet& ss,
                                          const k8s::io::api::apps::v1::StatefulSet& old);

ErrorList validateDaemonSet(const k8s::io::api::apps::v1::DaemonSet& ds);
ErrorList validateDaemonSetUpdate(const k8s::io::api::apps::v1::DaemonSet& ds,
                                  const k8s::io::api::apps::v1::DaemonSet& old);
ErrorList validateDaemonSetStatusUpdate(const k8s::io::api::apps::v1::DaemonSet& ds,
                                        const k8s::io::api::apps::v1::DaemonSet& old);

ErrorList validateControllerRevision(const k8s::io::api::apps::v1::ControllerRevision& revision);
ErrorList validateControllerRevisionUpdate(const k8s::io::api::apps::v1::ControllerRevision& revision,
                                           const k8s::io::api::apps::v1::ControllerRevision& old);

ErrorList validateReplicationController(const k8s::io::api::core::v1::ReplicationController& rc);
ErrorList validateReplicationControllerUpdate(const k8s::io::api::core::v1::ReplicationController& rc,
                                              const k8s::io::api::core::v1::ReplicationController& old);
ErrorList validateReplicationControllerStatusUpdate(const k8s::io::api::core::v1::ReplicationController& rc,
                                                    const k8s::io::api::core::v1::ReplicationController& old);

// ValidatePositiveIntOrPercent and IsNotMoreThan100Percent (also used by PodDisruptionBudget).
ErrorList validatePositiveIntOrPercent(const IntOrString& v, const std::string& path);
ErrorList isNotMoreThan100Percent(const IntOrString& v, const std::string& path);

}  // namespace pilothouse::apiserver::validation
