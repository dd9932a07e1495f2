#include "client/clientcmd/rest_config.h"

#include "client/clientcmd/go_text.h"
#include "client/clientcmd/go_url.h"

namespace pilothouse::client::clientcmd {

namespace {

StatusOr<GoUrl> defaultServerUrl(const std::string& host, bool defaultTLS) {
    if (host.empty())
        return Status(StatusCode::InvalidArgument, "host must be a URL or a host:port pair");
    auto u = parseGoUrl(host);
    if (!u.isOk() || u->scheme.empty() || u->host.empty()) {
        u = parseGoUrl((defaultTLS ? "https://" : "http://") + host);
        if (!u.isOk())
            return u.status();
        if (!u->path.empty() && u->path != "/")
            return Status(StatusCode::InvalidArgument,
                          "host must be a URL or a host:port pair: " + goQuote(host));
    }
    return u;
}

}  // namespace

StatusOr<std::string> defaultServerUrlFor(const RestConfig& config) {
    const bool hasCA = !config.tls.caFile.empty() || !config.tls.caData.empty();
    const bool hasCert = !config.tls.certFile.empty() || !config.tls.certData.empty();
    auto u = defaultServerUrl(config.host.empty() ? "localhost" : config.host,
                              hasCA || hasCert || config.tls.insecure);
    if (!u.isOk())
        return u.status();
    return u->toString();
}

bool isConfigTransportTLS(const RestConfig& config) {
    const bool hasCA = !config.tls.caFile.empty() || !config.tls.caData.empty();
    const bool hasCert = !config.tls.certFile.empty() || !config.tls.certData.empty();
    auto u = defaultServerUrl(config.host.empty() ? "localhost" : config.host,
                              hasCA || hasCert || config.tls.insecure);
    return u.isOk() && u->scheme == "https";
}

}  // namespace pilothouse::client::clientcmd
