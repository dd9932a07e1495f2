// The OpenAPI documents kube-apiserver serves (k8s.io/apiserver/pkg/server/routes/openapi.go,
// kube-openapi's builders), generated from the scheme and the schemas (schemas.h):
//
//   /openapi/v2               Swagger 2.0, every path and definition; as JSON, or as gnostic's
//                             protobuf (openapi_v2.proto) for
//                             Accept: application/com.github.proto-openapi.spec.v2@v1.0+protobuf
//   /openapi/v3               the index: each group-version's document with a hash of it
//   /openapi/v3/api/v1, /openapi/v3/apis/{group}/{version}   OpenAPI 3.0 of one group-version
//
// Each path's operations carry upstream's x-kubernetes-action and x-kubernetes-group-version-kind
// and list the query parameters this server takes (dryRun, fieldManager, fieldValidation, ...):
// kubectl decides from the PATCH operations whether the server validates fields itself.
//
// Built once, on first use; safe from any thread.
#pragma once

#include <optional>
#include <string>

namespace pilothouse::apiserver::openapi {

// The v2 document as JSON, and as gnostic protobuf bytes.
const std::string& v2Json();
const std::string& v2Protobuf();

// The /openapi/v3 index (JSON).
const std::string& v3Index();

struct V3Document {
    std::string json;
    std::string hash;  // upper-case hex SHA-512 of json, as in the index's serverRelativeURL
};
// `path`: "api/v1" or "apis/apps/v1". Empty when not served.
std::optional<V3Document> v3Document(const std::string& path);

}  // namespace pilothouse::apiserver::openapi
