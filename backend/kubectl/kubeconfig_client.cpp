#include "kubectl/kubeconfig_client.h"

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
    const clientcmd::RestConfig& rc = resolved->rest;
    const std::string where = resolved->contextName.empty() ? std::string("the kubeconfig")
                                                            : "context \"" + resolved->contextName + "\"";
    if (rc.execProvider)
        return Status(StatusCode::Unimplemented, where + ": user \"" + resolved->userName + "\" gets its credentials from exec plugin \"" +
                                                     rc.execProvider->command +
                                                     "\": Pilothouse does not run exec credential plugins yet; use a token or a "
                                                     "client certificate");
    if (!rc.proxyURL.empty())
        return Status(StatusCode::Unimplemented, where + ": cluster \"" + resolved->clusterName + "\" is reached through proxy-url " +
                                                     rc.proxyURL + ": Pilothouse does not use proxies yet");
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
    config.certData = rc.tls.certData;
    config.keyData = rc.tls.keyData;
    config.bearerToken = rc.bearerToken;
    config.bearerTokenFile = rc.bearerTokenFile;
    config.username = rc.username;
    config.password = rc.password;
    config.userAgent = "pilothousectl/" + version::pilothouseVersion();
    auto made = client::rest::RESTClient::create(std::move(config));
    if (!made) return made.status().withContext(where + ": ");
    KubeconfigClient out;
    out.client = std::move(*made);
    out.contextName = resolved->contextName;
    out.namespace_ = resolved->namespaceName;
    return out;
}

}  // namespace pilothouse::kubectl
