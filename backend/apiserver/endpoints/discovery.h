// API discovery (k8s.io/apiserver/pkg/endpoints/discovery): what a client asks before anything
// else, generated from the scheme — the groups, versions and resources served, with their kinds,
// short names, categories, verbs and subresources.
//
//   /api        APIVersions (legacy), or the core group's APIGroupDiscoveryList (aggregated)
//   /apis       APIGroupList (legacy), or every other group's APIGroupDiscoveryList (aggregated)
//   /api/v1, /apis/{group}/{version}   APIResourceList
//   /apis/{group}                      APIGroup
//
// Aggregated discovery is apidiscovery.k8s.io/v2beta1, what kube-apiserver v1.28 serves: a client
// asks for it in its Accept header and falls back to the legacy documents otherwise.
#pragma once

#include <optional>
#include <string>

#include "api/codec/value.h"

namespace pilothouse::apiserver::endpoints {

// `serverAddress`: what APIVersions lists in serverAddressByClientCIDRs ("127.0.0.1:6443").
codec::Value apiVersions(const std::string& serverAddress);
codec::Value apiGroupList();
// Empty when the group or version is not served.
std::optional<codec::Value> apiGroup(const std::string& group);
std::optional<codec::Value> apiResourceList(const std::string& group, const std::string& version);
// `legacy`: the core group (/api) rather than the named groups (/apis).
codec::Value aggregatedDiscovery(bool legacy);

// The categories a resource belongs to ("all" for what `kubectl get all` lists).
bool inCategoryAll(const std::string& group, const std::string& resource);

}  // namespace pilothouse::apiserver::endpoints
