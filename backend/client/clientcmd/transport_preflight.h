// What client-go checks and reads when it turns a rest.Config into an HTTP transport, before any
// connection is made — the errors kubectl prints for a kubeconfig that validates but cannot be
// used. In client-go's order:
//   1. the host must make a server URL (rest.RESTClientFor, rest/url_utils.go);
//   2. "execProvider and authProvider cannot be used in combination" (rest/transport.go);
//   3. an exec plugin with provideClusterInfo needs the CA bundle ("failed to load CA bundle for
//      execProvider: ...", rest/exec.go), and an apiVersion client-go v1.28 speaks:
//      client.authentication.k8s.io/v1 or /v1beta1 ("exec plugin: invalid apiVersion \"...\"",
//      plugin/pkg/client/auth/exec/exec.go; v1alpha1 went in v1.24);
//   4. an auth-provider needs a provider compiled in; we have none: `no Auth Provider found for
//      name "oidc"` (rest/plugin.go);
//   5. TLS: a CA together with insecure-skip-tls-verify is refused ("specifying a root certificates
//      file with the insecure flag is not allowed"); then the CA, client certificate and key files
//      are read into their data fields, data already set winning (transport/transport.go);
//   6. "username/password or bearer token may be set, but not both"; a token file with no token yet
//      is read now ("failed to read token file \"/x\": ...", "read empty token from file \"/x\"")
//      (transport/round_trippers.go, token_source.go).
// Certificates are not parsed here: the TLS client does that when it connects.
#pragma once

#include <string>

#include "client/clientcmd/rest_config.h"
#include "util/status.h"

namespace pilothouse::client::clientcmd {

// The exec credential API versions client-go v1.28 accepts.
inline constexpr const char* kExecApiVersionV1 = "client.authentication.k8s.io/v1";
inline constexpr const char* kExecApiVersionV1beta1 = "client.authentication.k8s.io/v1beta1";

// The checks above; on success the TLS data fields hold the PEM bytes of the files.
Status prepareTransport(RestConfig& config);

// The bearer token the transport sends now: the token file's content, trimmed, when it names one
// that reads non-empty, else bearerToken.
std::string effectiveBearerToken(const RestConfig& config);

}  // namespace pilothouse::client::clientcmd
