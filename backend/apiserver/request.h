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

// authorizer.Attributes for a resource request.
struct Attributes {
    UserInfo user;
    std::string verb;         // get list watch create update patch delete deletecollection
    std::string apiGroup;     // "" for core, "apps", ...
    std::string apiVersion;   // "v1"
    std::string resource;     // "pods"
    std::string subresource;  // "", "binding", "status"
    std::string namespace_;   // "" for cluster-scoped resources or all-namespace lists
    std::string name;         // "" for list/watch/create without a name
};

}  // namespace pilothouse::apiserver
