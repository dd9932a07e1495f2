// Every context of every kubeconfig file, each with what it resolves to or why it cannot be used —
// for a connect dialog or `config get-contexts`-like listing, where one broken entry must not hide
// the rest. client-go itself refuses the whole set for one bad file (load() in loader.h does too,
// and `loadStatus` says so); here each file is read on its own, entries that read are kept, and
// problems are pinned on the contexts they affect:
//   - a file that is not YAML, not a mapping or not a v1 Config: the file is Broken, its contexts
//     unknown;
//   - a context, user or cluster entry with a wrong type or bad base64: that entry is broken, and
//     every context using it carries its error;
//   - otherwise each context goes through validation.h's confirmUsable (which names a missing user
//     or cluster, a missing CA file, conflicting credentials) and then resolveContext.
// Names merge as in client-go (merge.h): the first file to define a name wins; a later context of
// the same name is listed as shadowed.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "client/clientcmd/client_config.h"
#include "client/clientcmd/loader.h"
#include "util/status.h"

namespace pilothouse::client::clientcmd {

struct ContextSummary {
    std::string name;
    std::string file;      // the file that defines it
    bool current = false;  // it is the merged current-context
    std::string
        shadowedBy;  // not empty: that earlier file defines the name too and wins; not resolved
    std::string cluster;  // as the context names them (empty when the context itself is broken)
    std::string user;
    std::string namespaceName;  // as written; "" means "default"
    std::string server;         // the named cluster's server, when the cluster is there
    Status status;              // OK: `resolved` is set
    std::optional<ResolvedContext> resolved;
};

struct KubeconfigFile {
    enum class State { Loaded, Missing, Broken };
    std::string path;
    State state = State::Loaded;
    // Broken: client-go's error for this file (`error loading config file "...": ...`). A Broken
    // file may still have contributed the entries that read.
    Status status;
};

struct ContextListing {
    std::vector<KubeconfigFile> files;     // in precedence order, empty elements left out
    std::string currentContext;            // the merged current-context
    std::vector<ContextSummary> contexts;  // file by file, by name within a file
    Status loadStatus;                     // load(rules): OK, or why client-go refuses the set
    std::vector<std::string> warnings;     // load(rules)'s
};

// `overrides.context` is ignored (each context is resolved in turn); its namespace and cluster
// default apply to all.
ContextListing listContexts(const LoadingRules& rules, const ConfigOverrides& overrides = {});

}  // namespace pilothouse::client::clientcmd
