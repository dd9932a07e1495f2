// selfsubjectreviews.authentication.k8s.io (kube-apiserver v1.28,
// pkg/registry/authentication/selfsubjectreview/rest.go): "who am I?" — what `kubectl auth
// whoami` and the GUI's title ask.
//
// The body is not read beyond its type (a body of another kind is 400 `not a SelfSubjectReview:
// ...`); the answer is a new review created now (metadata.creationTimestamp, the API server's
// clock) whose status.userInfo is the caller as authentication found them: username, uid and
// groups (system:authenticated included). Nothing is stored and no resourceVersion is assigned.
// Only create is served: other verbs get the router's 404/405 (see APIServer). Anyone
// authenticated may ask, through the bootstrap ClusterRole system:basic-user.
#pragma once

#include "apiserver/request.h"
#include "authentication_v1.pb.h"

namespace pilothouse::apiserver::registry {

// The review's status for `user`.
k8s::io::api::authentication::v1::SelfSubjectReviewStatus selfSubjectReviewStatus(const UserInfo& user);

}  // namespace pilothouse::apiserver::registry
