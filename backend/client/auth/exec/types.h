// The client.authentication.k8s.io types that pass between client-go and an exec credential plugin
// (client-go pkg/apis/clientauthentication: the internal types and their v1 and v1beta1 versions,
// whose fields are the same in v1.28). Only what crosses the process boundary is kept: the cluster
// the plugin may be told about, and the status it answers with. Value types.
#pragma once

#include <optional>
#include <string>

#include "sim/clock.h"

namespace pilothouse::client::auth::exec {

// The API group of ExecCredential, and the two versions client-go v1.28 speaks (v1alpha1 was
// removed in v1.24). The kubeconfig's exec.apiVersion names one of them.
inline constexpr const char* kGroup = "client.authentication.k8s.io";
inline constexpr const char* kApiVersionV1 = "client.authentication.k8s.io/v1";
inline constexpr const char* kApiVersionV1beta1 = "client.authentication.k8s.io/v1beta1";
inline constexpr const char* kKind = "ExecCredential";

// The environment variable through which the plugin receives its ExecCredential request.
inline constexpr const char* kExecInfoEnv = "KUBERNETES_EXEC_INFO";

// clientauthentication.Cluster: the cluster being authenticated to, sent to the plugin only when
// the exec config sets provideClusterInfo. Upstream also carries `config`, the cluster's
// "client.authentication.k8s.io/exec" extension; our kubeconfig reader keeps no extensions, so it
// is always absent (and written as null, which is what upstream writes for an absent one).
struct ExecCluster {
    std::string server;                  // JSON "server" (always written)
    std::string tlsServerName;           // "tls-server-name"
    bool insecureSkipTLSVerify = false;  // "insecure-skip-tls-verify"
    std::string
        certificateAuthorityData;     // "certificate-authority-data": PEM bytes, base64 in JSON
    std::string proxyURL;             // "proxy-url"
    bool disableCompression = false;  // "disable-compression"

    bool operator==(const ExecCluster&) const = default;
};

// clientauthentication.ExecCredentialStatus: what the plugin printed, read and checked.
struct ExecCredentialStatus {
    // When the credential stops being valid; none means "until it is rejected" (also Go's zero
    // time, 0001-01-01T00:00:00Z, which upstream treats as unset).
    std::optional<sim::Time> expirationTimestamp;
    std::string token;                  // a bearer token
    std::string clientCertificateData;  // PEM: the client certificate (and intermediates)
    std::string clientKeyData;          // PEM: its private key

    bool operator==(const ExecCredentialStatus&) const = default;
};

}  // namespace pilothouse::client::auth::exec
