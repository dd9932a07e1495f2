#include "client/clientcmd/client_config.h"

#include "client/clientcmd/file_access.h"
#include "client/clientcmd/go_text.h"
#include "client/clientcmd/go_url.h"
#include "client/clientcmd/helpers.h"
#include "client/clientcmd/transport_preflight.h"
#include "client/clientcmd/validation.h"

namespace pilothouse::client::clientcmd {

namespace {

// The context, user and cluster a DirectClientConfig works with, overrides applied.
struct Chosen {
    std::string contextName;
    bool contextRequired = false;
    api::Context context;
    bool contextFound = false;
    api::AuthInfo authInfo;
    api::Cluster cluster;
    bool clusterIsEmpty =
        false;  // reflect.DeepEqual(NewCluster(), merged): nothing came from anywhere
};

// getContextName, getContext, getAuthInfo and getCluster.
StatusOr<Chosen> choose(const api::Config& config, const ConfigOverrides& overrides) {
    Chosen c;
    c.contextRequired = !overrides.context.empty();
    c.contextName = c.contextRequired ? overrides.context : config.currentContext;
    if (auto it = config.contexts.find(c.contextName); it != config.contexts.end()) {
        c.context = it->second;
        c.contextFound = true;
    } else if (c.contextRequired) {
        return Status(StatusCode::NotFound,
                      "context " + goQuote(c.contextName) + " does not exist");
    }
    if (!overrides.namespaceName.empty())
        c.context.namespaceName = overrides.namespaceName;

    if (auto it = config.authInfos.find(c.context.authInfo); it != config.authInfos.end())
        c.authInfo = it->second;

    // ClusterDefaults first, then the cluster's own fields where it sets them.
    c.cluster.server = overrides.clusterDefaultServer;
    if (auto it = config.clusters.find(c.context.cluster); it != config.clusters.end()) {
        const api::Cluster& found = it->second;
        api::Cluster merged = found;
        if (merged.server.empty())
            merged.server = c.cluster.server;
        c.cluster = merged;
    }
    c.clusterIsEmpty = c.cluster == api::Cluster{};
    return c;
}

// DirectClientConfig.ConfirmUsable.
Status confirmChosen(const Chosen& c) {
    std::vector<std::string> errs;
    if (!c.contextName.empty() && !c.contextFound)
        errs.push_back(contextNotFoundMessage(c.contextName));
    for (auto& e : validateAuthInfo(c.context.authInfo, c.authInfo)) errs.push_back(std::move(e));
    for (auto& e : validateClusterInfo(c.context.cluster, c.cluster, c.clusterIsEmpty))
        errs.push_back(std::move(e));
    // Nothing but an empty cluster: there is no configuration at all.
    if (errs.size() == 1 && errs.front() == kErrEmptyCluster)
        return configurationInvalid({kErrEmptyConfig});
    Status st = configurationInvalid(errs);
    if (!c.contextName.empty() && !c.contextFound) {
        Status notFound(StatusCode::NotFound, st.message());
        for (const auto& cause : st.causes()) notFound.addCause(cause);
        return notFound;
    }
    return st;
}

}  // namespace

StatusOr<RestConfig> clientConfig(const api::Config& config, const ConfigOverrides& overrides) {
    auto chosen = choose(config, overrides);
    if (!chosen.isOk())
        return chosen.status();
    const Chosen& c = *chosen;
    PH_RETURN_IF_ERROR(confirmChosen(c));

    RestConfig rest;
    rest.host = c.cluster.server;
    if (!c.cluster.proxyURL.empty()) {
        if (auto u = parseProxyURL(c.cluster.proxyURL); !u.isOk())
            return u.status();
        rest.proxyURL = c.cluster.proxyURL;
    }
    rest.disableCompression = c.cluster.disableCompression;

    // A server with a path keeps the path but loses any query.
    if (auto u = parseGoRequestUri(rest.host);
        u.isOk() && u->opaque.empty() && u->path.size() > 1) {
        u->rawQuery.clear();
        u->forceQuery = false;
        rest.host = u->toString();
    }

    const api::AuthInfo& a = c.authInfo;
    if (!a.impersonate.empty())
        rest.impersonate = {a.impersonate, a.impersonateUID, a.impersonateGroups,
                            a.impersonateUserExtra};

    // Who we are, and how the server is checked, only over TLS.
    if (isConfigTransportTLS(rest)) {
        if (!a.token.empty()) {
            rest.bearerToken = a.token;
            rest.bearerTokenFile = a.tokenFile;
        } else if (!a.tokenFile.empty()) {
            auto token = readFile(a.tokenFile);
            if (!token.isOk())
                return token.status();
            rest.bearerToken = *token;
            rest.bearerTokenFile = a.tokenFile;
        }
        if (!a.clientCertificate.empty() || !a.clientCertificateData.empty()) {
            rest.tls.certFile = a.clientCertificate;
            rest.tls.certData = a.clientCertificateData;
            rest.tls.keyFile = a.clientKey;
            rest.tls.keyData = a.clientKeyData;
        }
        if (!a.username.empty() || !a.password.empty()) {
            rest.username = a.username;
            rest.password = a.password;
        }
        if (a.authProvider)
            rest.authProvider = a.authProvider;
        if (a.exec) {
            rest.execProvider = a.exec;
            rest.execProvider->installHint = cleanANSIEscapeCodes(a.exec->installHint);
        }
        rest.tls.caFile = c.cluster.certificateAuthority;
        rest.tls.caData = c.cluster.certificateAuthorityData;
        rest.tls.insecure = c.cluster.insecureSkipTLSVerify;
        rest.tls.serverName = c.cluster.tlsServerName;
    }
    return rest;
}

StatusOr<NamespaceChoice> namespaceFor(const api::Config& config,
                                       const ConfigOverrides& overrides) {
    if (!overrides.namespaceName.empty())
        return NamespaceChoice{overrides.namespaceName, true};
    auto chosen = choose(config, overrides);
    if (!chosen.isOk())
        return chosen.status();
    PH_RETURN_IF_ERROR(confirmChosen(*chosen));
    const std::string& ns = chosen->context.namespaceName;
    return NamespaceChoice{ns.empty() ? "default" : ns, false};
}

StatusOr<ResolvedContext> resolveContext(const api::Config& config,
                                         const ConfigOverrides& overrides) {
    auto rest = clientConfig(config, overrides);
    if (!rest.isOk())
        return rest.status();
    auto ns = namespaceFor(config, overrides);
    if (!ns.isOk())
        return ns.status();
    PH_RETURN_IF_ERROR(prepareTransport(*rest));

    ResolvedContext out;
    out.contextName = overrides.context.empty() ? config.currentContext : overrides.context;
    if (auto it = config.contexts.find(out.contextName); it != config.contexts.end()) {
        out.clusterName = it->second.cluster;
        out.userName = it->second.authInfo;
    }
    out.namespaceName = ns->name;
    out.namespaceOverridden = ns->overridden;
    out.rest = std::move(*rest);
    return out;
}

}  // namespace pilothouse::client::clientcmd
