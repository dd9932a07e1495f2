// What every API server stage sees of a request: who makes it (after authentication) and what it
// asks for (kube-apiserver's user.Info and authorizer.Attributes).
#pragma once

#include <string>
#include <vector>

namespace pilothouse::apiserver {

// user.Info: the authenticated identity.
struct UserInfo {
    std::string name;                 // "alice", "system:anonymous", "system:kube-scheduler"
    std::string uid;
    std::vector<std::string> groups;  // "system:masters", "system:authenticated", ...
};

// authorizer.Attributes: a resource request (the API server's own, or one a
// SelfSubjectAccessReview asks about) or a non-resource request (a path such as "/healthz").
struct Attributes {
    UserInfo user;
    std::string verb;         // get list watch create update patch delete deletecollection;
                              // for a non-resource request the HTTP verb (get, post, ...)
    std::string apiGroup;     // "" for core, "apps", ...
    std::string apiVersion;   // "v1"; "*" when a review names no version
    std::string resource;     // "pods"
    std::string subresource;  // "", "binding", "status"
    std::string namespace_;   // "" for cluster-scoped resources or all-namespace lists
    std::string name;         // "" for list/watch/create without a name
    bool resourceRequest = true;  // false: `path` is what is asked for, the fields above are unused
    std::string path;             // non-resource requests: "/healthz", "/version"
};

}  // namespace pilothouse::apiserver
