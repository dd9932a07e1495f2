#include "kubectl/kubeconfig_client.h"

#include <mutex>
#include <optional>

#include "client/auth/exec/cluster_info.h"
#include "client/auth/exec/exec.h"
#include "client/clientcmd/clientcmd.h"
#include "version/version.h"

namespace pilothouse::kubectl {

namespace clientcmd = client::clientcmd;

StatusOr<KubeconfigClient> connectWithKubeconfig(const KubeconfigFlags& flags, const clientcmd::Environment& env) {
    clientcmd::LoadingRules rules = clientcmd::LoadingRules::defaults(env);
    rules.explicitPath = flags.kubeconfig;
    clientcmd::ConfigOverrides overrides;
    overrides.context = flags.context;
    overrides.namespaceName = flags.namespace_;
    overrides.clusterDefaultServer = clientcmd::kKubectlClusterDefaultServer;
    auto resolved = clientcmd::resolve(rules, overrides);
    if (!resolved) return resolved.status();
    return connectResolved(*resolved, flags.userAgent);
}

StatusOr<KubeconfigClient> connectResolved(const clientcmd::ResolvedContext& context, const std::string& userAgent) {
    const clientcmd::ResolvedContext* resolved = &context;
    const clientcmd::RestConfig& rc = resolved->rest;
    const std::string where = resolved->contextName.empty() ? std::string("the kubeconfig")
                                                            : "context \"" + resolved->contextName + "\"";
    if (!rc.impersonate.userName.empty() || !rc.impersonate.groups.empty())
        return Status(StatusCode::Unimplemented, where + ": user \"" + resolved->userName +
                                                     "\" impersonates another (as): Pilothouse does not impersonate yet");
    auto host = clientcmd::defaultServerUrlFor(rc);
    if (!host) return host.status();
    client::rest::Config config;
    config.host = *host;
    config.caData = rc.tls.caData;
    config.insecure = rc.tls.insecure;
    config.serverName = rc.tls.serverName;
    config.proxyUrl = rc.proxyURL;
    config.certData = rc.tls.certData;
    config.keyData = rc.tls.keyData;
    config.bearerToken = rc.bearerToken;
    config.bearerTokenFile = rc.bearerTokenFile;
    config.username = rc.username;
    config.password = rc.password;
    config.userAgent = (userAgent.empty() ? std::string("pilothousectl") : userAgent) + "/" + version::pilothouseVersion();
    // kubectl's limits for discovery (50 a second, bursts of 300): a paged list of 150,000 pods
    // is 300 requests, which client-go's defaults (5, 10) would spread over a minute.
    config.qps = 50;
    config.burst = 300;
    if (rc.execProvider) {
        // The user's credentials come from an exec plugin: its token or client certificate, the
        // plugin run again after a 401.
        std::optional<client::auth::exec::ExecCluster> cluster;
        if (rc.execProvider->provideClusterInfo) {
            auto info = client::auth::exec::execClusterFor(rc);
            if (!info) return info.status().withContext(where + ": ");
            cluster = std::move(*info);
        }
        auto authenticator = client::auth::exec::Authenticator::create(*rc.execProvider, cluster);
        if (!authenticator) return authenticator.status().withContext(where + ": ");
        struct Last {
            std::mutex mutex;
            std::optional<client::auth::exec::Credentials> credentials;
        };
        auto last = std::make_shared<Last>();
        config.tokenSource = [auth = *authenticator, last](const std::string* rejected) -> StatusOr<std::string> {
            std::optional<client::auth::exec::Credentials> previous;
            {
                std::lock_guard lock(last->mutex);
                previous = last->credentials;
            }
            auto credentials = rejected && previous && previous->token == *rejected ? auth->refreshAfterUnauthorized(*previous)
                                                                                     : auth->credentials();
            if (!credentials) return credentials.status();
            std::lock_guard lock(last->mutex);
            last->credentials = *credentials;
            return credentials->token;  // "" when the plugin gave a client certificate alone
        };
        // Its client certificate, if it gave one: presented by each new connection (after a 401,
        // the refreshed one).
        config.certificateSource = [auth = *authenticator, last]() -> StatusOr<std::pair<std::string, std::string>> {
            auto credentials = auth->credentials();
            if (!credentials) return credentials.status();
            std::lock_guard lock(last->mutex);
            last->credentials = *credentials;
            return std::make_pair(credentials->clientCertificatePem, credentials->clientKeyPem);
        };
    }
    auto made = client::rest::RESTClient::create(std::move(config));
    if (!made) return made.status().withContext(where + ": ");
    KubeconfigClient out;
    out.client = std::move(*made);
    out.contextName = resolved->contextName;
    out.namespace_ = resolved->namespaceName;
    out.clusterName = resolved->clusterName;
    out.userName = resolved->userName;
    out.server = out.client->config().host;
    return out;
}

}  // namespace pilothouse::kubectl
