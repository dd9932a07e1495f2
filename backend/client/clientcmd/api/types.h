// A kubeconfig as client-go holds it once read (tools/clientcmd/api/types.go, the internal
// version): clusters, users ("authInfos") and contexts by name, and the current context. The file
// format (api/v1: lists of {name, cluster|user|context}) is read by decode.h into these maps.
// Preferences and extensions are read for their types only and not kept. Value types.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace pilothouse::client::clientcmd::api {

// How to reach one API server.
struct Cluster {
    // The file this entry was read from (set by the loader, empty for bytes read directly);
    // relative paths in the entry are resolved against its directory.
    std::string locationOfOrigin;
    std::string server;                    // server: https://host:port
    std::string tlsServerName;             // tls-server-name
    bool insecureSkipTLSVerify = false;    // insecure-skip-tls-verify
    std::string certificateAuthority;      // certificate-authority: a file
    std::string certificateAuthorityData;  // certificate-authority-data, base64-decoded: PEM bytes
    std::string proxyURL;                  // proxy-url: http, https or socks5
    bool disableCompression = false;       // disable-compression

    bool operator==(const Cluster&) const = default;
};

// exec.env[]: one variable for the credential plugin.
struct ExecEnvVar {
    std::string name;
    std::string value;
    bool operator==(const ExecEnvVar&) const = default;
};

// The exec interactiveMode values (api.ExecInteractiveMode); other text is kept so that
// validation can name it.
inline constexpr const char* kNeverExecInteractiveMode = "Never";
inline constexpr const char* kIfAvailableExecInteractiveMode = "IfAvailable";
inline constexpr const char* kAlwaysExecInteractiveMode = "Always";

// users[].user.exec: a command that prints an ExecCredential (client.authentication.k8s.io).
struct ExecConfig {
    std::string command;  // resolved against the file's directory only when it contains a '/'
    std::vector<std::string> args;
    std::vector<ExecEnvVar> env;
    std::string apiVersion;  // client.authentication.k8s.io/v1beta1 or /v1
    std::string installHint;
    bool provideClusterInfo = false;
    // Defaulted to "IfAvailable" when empty and apiVersion is v1beta1 or v1alpha1
    // (api/v1/defaults.go).
    std::string interactiveMode;

    bool operator==(const ExecConfig&) const = default;
};

// users[].user.auth-provider: a built-in plugin of client-go's (oidc, gcp, azure). We run none:
// the name is kept so that resolution can say so.
struct AuthProviderConfig {
    std::string name;
    std::map<std::string, std::string> config;
    bool operator==(const AuthProviderConfig&) const = default;
};

// Who to be: one user's credentials.
struct AuthInfo {
    std::string locationOfOrigin;                // as Cluster's
    std::string clientCertificate;               // client-certificate: a file
    std::string clientCertificateData;           // client-certificate-data, decoded: PEM bytes
    std::string clientKey;                       // client-key: a file
    std::string clientKeyData;                   // client-key-data, decoded: PEM bytes
    std::string token;                           // token
    std::string tokenFile;                       // tokenFile
    std::string impersonate;                     // as
    std::string impersonateUID;                  // as-uid
    std::vector<std::string> impersonateGroups;  // as-groups
    std::map<std::string, std::vector<std::string>> impersonateUserExtra;  // as-user-extra
    std::string username;                            // username (basic authentication)
    std::string password;                            // password
    std::optional<AuthProviderConfig> authProvider;  // auth-provider
    std::optional<ExecConfig> exec;                  // exec

    bool operator==(const AuthInfo&) const = default;
};

// A cluster, a user and a namespace, under one name.
struct Context {
    std::string locationOfOrigin;
    std::string cluster;
    std::string authInfo;       // "user" in the file
    std::string namespaceName;  // "namespace" in the file
    bool operator==(const Context&) const = default;
};

struct Config {
    std::map<std::string, Cluster> clusters;
    std::map<std::string, AuthInfo> authInfos;  // "users" in the file
    std::map<std::string, Context> contexts;
    std::string currentContext;  // current-context

    // api.IsConfigEmpty (preferences and extensions are not kept, so they count as empty).
    bool empty() const {
        return clusters.empty() && authInfos.empty() && contexts.empty() && currentContext.empty();
    }
    bool operator==(const Config&) const = default;
};

}  // namespace pilothouse::client::clientcmd::api
