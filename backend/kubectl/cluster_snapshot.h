// A live cluster's objects, read as kube-scheduler's informers first read them: every kind
// scheduling reads (scheduler::readForScheduling) listed through the Kubernetes API, 500 at a time
// with `continue` tokens (client-go's pager; a token that expired mid-way — 410 — makes that
// kind listed again whole). The answers are decoded as manifest files are, so what
// `pilothousectl schedule --kubeconfig` and `snapshot` read is what `schedule -f` reads.
//
// A kind the user may not list cluster-wide (403) is read from the namespace given instead, when
// it is namespaced; else it is left out. Either way a warning says which kind is partial and why
// (RBAC's message), and the snapshot says it is partial.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "api/codec/manifest.h"
#include "client/rest/client.h"
#include "util/status.h"

namespace pilothouse::kubectl {

struct ClusterSnapshotOptions {
    // Pods (and the other namespaced kinds) of this namespace only; "" for all namespaces.
    std::string namespace_;
    // Where forbidden cluster-wide lists fall back to (the context's namespace).
    std::string fallbackNamespace = "default";
    int pageSize = 500;
};

struct ClusterSnapshot {
    std::vector<codec::Manifest> manifests;
    std::string serverVersion;  // /version's gitVersion ("v1.28.7")
    bool partial = false;       // some kind could not be read whole (see the warnings)
};

// Errors: the server could not be reached or refused us (401), or answered something that is not a
// list (naming the request).
StatusOr<ClusterSnapshot> readClusterSnapshot(client::rest::RESTClient& client, const ClusterSnapshotOptions& options,
                                              std::vector<std::string>* warnings);

// The snapshot as `kubectl get -o yaml|json` writes a List (apiVersion v1, kind List, each item
// with its apiVersion and kind): what `pilothousectl schedule -f` and `pilothouse --open` read.
// `format` is "yaml" or "json".
void writeSnapshot(const std::vector<codec::Manifest>& manifests, const std::string& format, std::ostream& out);

}  // namespace pilothouse::kubectl
