// Lists every object of one kind, page by page (client-go's tools/pager): `limit` objects a request,
// then the answer's metadata.continue token, until the server gives none. A token that expired
// (410 Gone: the store compacted past the page's revision) makes the kind listed again whole, in
// one request, as client-go's pager falls back to a full list.
//
// The answers are decoded as manifest files are (api/codec/manifest.h: the items carry no apiVersion
// or kind, so the kind's are given), managedFields left out, so that what is listed live is what
// `pilothousectl schedule -f` reads from a file.
#pragma once

#include <string>
#include <vector>

#include "api/codec/manifest.h"
#include "api/scheme.h"
#include "client/rest/client.h"
#include "util/status.h"

namespace pilothouse::client::pager {

struct ListOptions {
    std::string namespace_;  // "" for all namespaces (and for cluster-scoped kinds)
    int pageSize = 500;      // 0: one request
};

struct ListResult {
    std::vector<codec::Manifest> items;
    // The list's metadata.resourceVersion: where a watch of the kind starts.
    std::string resourceVersion;
};

// "/api/v1/namespaces/NS/pods", "/apis/apps/v1/deployments".
std::string collectionPath(const api::ResourceType& type, const std::string& namespace_);

// Errors: the transport's (could not connect, TLS), the server's answer when it was not 200 (its
// message, the code from rest::codeOfHttpStatus), or an answer that is not a list of the kind (naming the
// request).
StatusOr<ListResult> listAll(rest::RESTClient& client, const api::ResourceType& type, const ListOptions& options,
                             std::vector<std::string>* warnings);

}  // namespace pilothouse::client::pager
