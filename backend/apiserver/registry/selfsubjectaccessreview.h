// selfsubjectaccessreviews.authorization.k8s.io (kube-apiserver v1.28,
// pkg/registry/authorization/selfsubjectaccessreview/rest.go): "may I do this?" — what
// `kubectl auth can-i` and the GUI ask before offering an action.
//
//   1. The review is validated (validation/authorization.h); errors are 422 with the kind as
//      upstream prints it for a decoded internal object: `.authorization.k8s.io "" is invalid: ...`.
//   2. The attributes asked about are the spec's, for the caller's own user and groups
//      (accessReviewAttributes): a resource request from resourceAttributes (no version means
//      "*"), or a non-resource request (path and verb) from nonResourceAttributes.
//   3. The API server's own authorizer answers (system:masters, then RBAC), and the review comes
//      back with its status (accessReviewStatus): allowed when the decision is Allow, denied when
//      it is Deny, reason as the authorizer gave it, e.g.
//        RBAC: allowed by ClusterRoleBinding "readers" of ClusterRole "view" to Group "students"
//        RBAC: allowed by RoleBinding "dev/team-a" of Role "dev" to User "bob"
//        ""  (allowed as system:masters; or not allowed: RBAC has no opinion and no reason)
//        RBAC: clusterrole.rbac.authorization.k8s.io "gone" not found  (not allowed: a binding
//          refers to a role that does not exist)
// Nothing is stored and no resourceVersion is assigned. Only create is served: other verbs get
// the router's 404/405 (see APIServer). Anyone authenticated may ask, through the bootstrap
// ClusterRole system:basic-user bound to system:authenticated.
#pragma once

#include "apiserver/authorization/authorizer.h"
#include "apiserver/request.h"
#include "authorization_v1.pb.h"

namespace pilothouse::apiserver::registry {

// authorizationutil.ResourceAttributesFrom / NonResourceAttributesFrom. Exactly one of the spec's
// attribute sets is expected to be set (validation checks it); resourceAttributes wins otherwise.
Attributes accessReviewAttributes(const UserInfo& user,
                                  const k8s::io::api::authorization::v1::SelfSubjectAccessReviewSpec& spec);

// The review's status from the authorizer's answer.
k8s::io::api::authorization::v1::SubjectAccessReviewStatus accessReviewStatus(
    const authorization::AuthorizationResult& result);

}  // namespace pilothouse::apiserver::registry
