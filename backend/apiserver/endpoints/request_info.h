// What an HTTP request to the Kubernetes API asks for (k8s.io/apiserver's RequestInfo): from its
// method, path and query, the verb, API group and version, namespace, resource, name and
// subresource, or, for any other path (/version, /healthz, /api), that it is a non-resource
// request. Paths are kube-apiserver's:
//
//   /api/v1/namespaces/{namespace}/{resource}[/{name}[/{subresource}]]
//   /apis/{group}/{version}/namespaces/{namespace}/{resource}[/{name}[/{subresource}]]
//   /api/v1/{resource}[/{name}[/{subresource}]]          (cluster-scoped, or across namespaces)
//   /api/v1/namespaces[/{name}[/{subresource}]]          (namespaces themselves)
//
// Verbs: GET get (with a name) / list (without) / watch (?watch=true), POST create, PUT update,
// PATCH patch, DELETE delete / deletecollection.
#pragma once

#include <map>
#include <string>
#include <string_view>

#include "util/status.h"

namespace pilothouse::apiserver::endpoints {

struct RequestInfo {
    bool isResourceRequest = false;
    std::string path;     // without the query
    std::string verb;     // resource requests: get list watch create update patch delete deletecollection;
                          // others: the lower-case HTTP method
    std::string apiPrefix;   // "api" or "apis"
    std::string apiGroup;    // "" for the core group
    std::string apiVersion;  // "v1"
    std::string namespace_;
    std::string resource;
    std::string subresource;
    std::string name;
    std::multimap<std::string, std::string> query;  // decoded parameters

    // The last value of a query parameter, or "" when absent.
    std::string param(const std::string& key) const;
    bool hasParam(const std::string& key) const { return query.count(key) > 0; }
};

// BadRequest for a target that is not a path with an optional query.
StatusOr<RequestInfo> parseRequestInfo(std::string_view method, std::string_view target);

}  // namespace pilothouse::apiserver::endpoints
