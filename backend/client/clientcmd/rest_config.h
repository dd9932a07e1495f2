// What a client needs to reach one API server: the fields of client-go's rest.Config that a
// kubeconfig sets (rest/config.go), and rest's rules for the server URL (rest/url_utils.go). Built
// by client_config.h; checked and completed by transport_preflight.h. Value type.
// (This is client/rest's type-to-be; it lives here until that folder exists.)
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "client/clientcmd/api/types.h"
#include "util/status.h"

namespace pilothouse::client::clientcmd {

// rest.ImpersonationConfig (a user's as, as-uid, as-groups, as-user-extra).
struct ImpersonationConfig {
    std::string userName;
    std::string uid;
    std::vector<std::string> groups;
    std::map<std::string, std::vector<std::string>> extra;
    bool operator==(const ImpersonationConfig&) const = default;
};

// rest.TLSClientConfig. A file and its data may both be set: the data wins.
struct TLSClientConfig {
    bool insecure = false;   // skip verifying the server's certificate
    std::string serverName;  // the name to verify instead of the host's
    std::string certFile, keyFile, caFile;
    std::string certData, keyData, caData;  // PEM bytes
    bool operator==(const TLSClientConfig&) const = default;
};

struct RestConfig {
    // The server as the kubeconfig gives it, with any query dropped when it has a path; may lack a
    // scheme ("10.0.0.1:6443"): defaultServerUrlFor says what it means.
    std::string host;
    std::string username, password;  // basic authentication
    // The bearer token. With bearerTokenFile set, client-go's transport re-reads that file (at most
    // once a minute, trimmed) and sends its token instead whenever it can read one
    // (transport/round_trippers.go, token_source.go): effectiveBearerToken() in
    // transport_preflight.h.
    std::string bearerToken;
    std::string bearerTokenFile;
    ImpersonationConfig impersonate;
    std::optional<api::AuthProviderConfig> authProvider;  // not run by us: preflight refuses it
    std::optional<api::ExecConfig> execProvider;          // run by client/auth/exec
    TLSClientConfig tls;
    std::string
        proxyURL;  // http, https or socks5; empty: none set (upstream then uses $https_proxy)
    bool disableCompression = false;

    bool operator==(const RestConfig&) const = default;
};

// DefaultServerURL's defaulting of a host: "" is "localhost"; a host without a scheme (or that does
// not parse as a URL) gets "https://" when the config has TLS settings (a CA, a client
// certificate, or insecure), else "http://"; such a host must not carry a path ("host must be a URL
// or a host:port pair: \"10.0.0.1/x\"").
StatusOr<std::string> defaultServerUrlFor(const RestConfig& config);
// IsConfigTransportTLS: the server URL, as above, is https.
bool isConfigTransportTLS(const RestConfig& config);

}  // namespace pilothouse::client::clientcmd
