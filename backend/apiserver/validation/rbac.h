// RBAC validation (pkg/apis/rbac/validation): role and binding names are path segments (not
// "." or "..", no "/" or "%"); policy rules need verbs, and resource rules need apiGroups and
// resources; nonResourceURLs only in ClusterRoles; roleRef must name a Role/ClusterRole of
// rbac.authorization.k8s.io and cannot change; subjects are ServiceAccount, User or Group.
// Empty apiGroups of User/Group subjects and of roleRef count as rbac.authorization.k8s.io (the v1
// defaults).
#pragma once

#include "apiserver/validation/common.h"
#include "rbac_v1.pb.h"

namespace pilothouse::apiserver::validation {

ErrorList validateRole(const k8s::io::api::rbac::v1::Role& role);
ErrorList validateRoleUpdate(const k8s::io::api::rbac::v1::Role& role, const k8s::io::api::rbac::v1::Role& old);
ErrorList validateClusterRole(const k8s::io::api::rbac::v1::ClusterRole& role);
ErrorList validateClusterRoleUpdate(const k8s::io::api::rbac::v1::ClusterRole& role,
                                    const k8s::io::api::rbac::v1::ClusterRole& old);
ErrorList validateRoleBinding(const k8s::io::api::rbac::v1::RoleBinding& rb);
ErrorList validateRoleBindingUpdate(const k8s::io::api::rbac::v1::RoleBinding& rb,
                                    const k8s::io::api::rbac::v1::RoleBinding& old);
ErrorList validateClusterRoleBinding(const k8s::io::api::rbac::v1::ClusterRoleBinding& rb);
ErrorList validateClusterRoleBindingUpdate(const k8s::io::api::rbac::v1::ClusterRoleBinding& rb,
                                           const k8s::io::api::rbac::v1::ClusterRoleBinding& old);

}  // namespace pilothouse::apiserver::validation
