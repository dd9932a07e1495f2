#include "client/auth/exec/cluster_info.h"

#include "client/clientcmd/file_access.h"
#include "client/clientcmd/go_url.h"

namespace pilothouse::client::auth::exec {

StatusOr<ExecCluster> execClusterFor(const clientcmd::RestConfig& config) {
    ExecCluster cluster;
    cluster.server = config.host;
    cluster.tlsServerName = config.tls.serverName;
    cluster.insecureSkipTLSVerify = config.tls.insecure;
    cluster.disableCompression = config.disableCompression;

    cluster.certificateAuthorityData = config.tls.caData;
    if (cluster.certificateAuthorityData.empty() && !config.tls.caFile.empty()) {
        auto ca = clientcmd::readFile(config.tls.caFile);
        if (!ca.isOk())
            return Status(ca.status().code(),
                          "failed to load CA bundle for execProvider: " + ca.status().message());
        cluster.certificateAuthorityData = std::move(*ca);
    }

    // Upstream asks the config's proxy function for the URL it would use for the server; ours is
    // set only from the cluster's proxy-url, so that URL, printed back as net/url prints it.
    if (!config.proxyURL.empty()) {
        auto url = clientcmd::parseGoUrl(config.proxyURL);
        cluster.proxyURL = url.isOk() ? url->toString() : config.proxyURL;
    }
    return cluster;
}

}  // namespace pilothouse::client::auth::exec
