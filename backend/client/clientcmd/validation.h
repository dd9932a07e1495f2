// The checks client-go makes of a kubeconfig before using it (tools/clientcmd/validation.go), with
// its messages. Several problems are reported together, as an aggregate:
//   invalid configuration: [client-key-data or client-key must be specified for alice to use the
//   clientCert authentication method., unable to read certificate-authority /x/ca.crt for prod due
//   to open /x/ca.crt: no such file or directory]
// Upstream walks Go maps, in no fixed order; we walk names in sorted order.
#pragma once

#include <string>
#include <vector>

#include "client/clientcmd/api/types.h"
#include "util/status.h"

namespace pilothouse::client::clientcmd {

// ErrNoContext, ErrEmptyConfig's and ErrEmptyCluster's texts.
inline constexpr const char* kErrNoContext = "no context chosen";
inline constexpr const char* kErrEmptyConfig =
    "no configuration has been provided, try setting KUBERNETES_MASTER environment variable";
inline constexpr const char* kErrEmptyCluster = "cluster has no server defined";

// errContextNotFound's text.
std::string contextNotFoundMessage(const std::string& contextName);

// One entry's problems, unwrapped. `isEmpty`: the cluster is an empty one (nothing set, not from a
// file), which upstream reports as ErrEmptyCluster alone.
std::vector<std::string> validateClusterInfo(const std::string& clusterName,
                                             const api::Cluster& cluster, bool isEmpty);
std::vector<std::string> validateAuthInfo(const std::string& authInfoName,
                                          const api::AuthInfo& authInfo);
std::vector<std::string> validateContext(const std::string& contextName,
                                         const api::Context& context, const api::Config& config);

// errConfigurationInvalid: "invalid configuration: " + the aggregate; OK when there are none. Each
// problem is also a cause.
Status configurationInvalid(const std::vector<std::string>& problems);

// Validate: every context, user and cluster.
Status validate(const api::Config& config);
// ConfirmUsable: the named context (the current one when `contextName` is empty), its user and its
// cluster. "no context chosen" when there is none to look at.
Status confirmUsable(const api::Config& config, const std::string& contextName);

}  // namespace pilothouse::client::clientcmd
