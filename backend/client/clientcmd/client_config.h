// From a loaded kubeconfig to what a client connects with (client-go tools/clientcmd/
// client_config.go, DirectClientConfig): choose the context, its user and cluster, check them, and
// fill a RestConfig.
//
// The context is the override (which must exist: `context "x" does not exist`) or current-context
// (which, when set and missing, is reported as `context was not found for specified context: x`).
// A user or cluster the context names but the kubeconfig lacks is taken as empty, as upstream: a
// missing cluster then reads as "no configuration has been provided, try setting KUBERNETES_MASTER
// environment variable" (confirmUsable() in validation.h names it instead). Credentials and the CA
// are used only when the server is https: a server given without a scheme is plain http
// (rest_config.h) and gets none, as in client-go.
#pragma once

#include <string>

#include "client/clientcmd/api/types.h"
#include "client/clientcmd/rest_config.h"
#include "util/status.h"

namespace pilothouse::client::clientcmd {

// The server kubectl gives a context whose cluster is missing or sets none (ClusterDefaults, from
// $KUBERNETES_MASTER, else this).
inline constexpr const char* kKubectlClusterDefaultServer = "http://localhost:8080";

// ConfigOverrides: what the caller (kubectl's flags, a connect dialog) sets over the kubeconfig.
struct ConfigOverrides {
    std::string context;        // --context; empty: current-context
    std::string namespaceName;  // --namespace; empty: the context's
    // ClusterDefaults.Server; empty (client-go's default): none. kubectl sets
    // kKubectlClusterDefaultServer.
    std::string clusterDefaultServer;
};

// A context resolved: the names involved, the namespace to work in, and the RestConfig.
struct ResolvedContext {
    std::string contextName;  // "" when no context was chosen
    std::string clusterName;
    std::string userName;
    std::string namespaceName;  // the override, else the context's, else "default"
    bool namespaceOverridden = false;
    RestConfig rest;
};

// DirectClientConfig.ClientConfig(): the RestConfig, files named but not read (except tokenFile,
// read into bearerToken as upstream does).
StatusOr<RestConfig> clientConfig(const api::Config& config, const ConfigOverrides& overrides);

// DirectClientConfig.Namespace(): the namespace and whether it was the override.
struct NamespaceChoice {
    std::string name;
    bool overridden = false;
};
StatusOr<NamespaceChoice> namespaceFor(const api::Config& config, const ConfigOverrides& overrides);

// clientConfig(), namespaceFor(), then prepareTransport() (transport_preflight.h): everything
// client-go checks and reads before it opens a connection. The error is the first stage's.
StatusOr<ResolvedContext> resolveContext(const api::Config& config,
                                         const ConfigOverrides& overrides);

}  // namespace pilothouse::client::clientcmd
