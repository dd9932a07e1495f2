#include "client/clientcmd/transport_preflight.h"

#include "client/clientcmd/file_access.h"
#include "client/clientcmd/go_text.h"

namespace pilothouse::client::clientcmd {

namespace {

// dataFromSliceOrFile: the data when set, else the file's content.
StatusOr<std::string> dataOrFile(const std::string& data, const std::string& file) {
    if (!data.empty())
        return data;
    if (!file.empty())
        return readFile(file);
    return std::string();
}

std::string trimSpace(std::string s) {
    const char* ws = " \t\n\r\v\f";
    const size_t b = s.find_first_not_of(ws);
    if (b == std::string::npos)
        return {};
    return s.substr(b, s.find_last_not_of(ws) - b + 1);
}

// fileTokenSource.Token.
StatusOr<std::string> tokenFromFile(const std::string& path) {
    auto data = readFile(path);
    if (!data.isOk())
        return Status(data.status().code(), "failed to read token file " + goQuote(path) + ": " +
                                                data.status().message());
    std::string token = trimSpace(*data);
    if (token.empty())
        return Status(StatusCode::InvalidArgument, "read empty token from file " + goQuote(path));
    return token;
}

}  // namespace

Status prepareTransport(RestConfig& config) {
    if (auto url = defaultServerUrlFor(config); !url.isOk())
        return url.status();

    if (config.execProvider && config.authProvider)
        return Status(StatusCode::InvalidArgument,
                      "execProvider and authProvider cannot be used in combination");
    if (config.execProvider) {
        if (config.execProvider->provideClusterInfo) {
            if (auto ca = dataOrFile(config.tls.caData, config.tls.caFile); !ca.isOk())
                return Status(ca.status().code(), "failed to load CA bundle for execProvider: " +
                                                      ca.status().message());
        }
        const std::string& v = config.execProvider->apiVersion;
        if (v != kExecApiVersionV1 && v != kExecApiVersionV1beta1)
            return Status(StatusCode::InvalidArgument,
                          "exec plugin: invalid apiVersion " + goQuote(v));
    }
    if (config.authProvider)
        return Status(StatusCode::Unimplemented,
                      "no Auth Provider found for name " + goQuote(config.authProvider->name));

    TLSClientConfig& tls = config.tls;
    const bool hasCA = !tls.caData.empty() || !tls.caFile.empty();
    const bool hasCert = (!tls.certData.empty() || !tls.certFile.empty()) &&
                         (!tls.keyData.empty() || !tls.keyFile.empty());
    if (hasCA || hasCert || tls.insecure || !tls.serverName.empty()) {
        if (hasCA && tls.insecure)
            return Status(
                StatusCode::InvalidArgument,
                "specifying a root certificates file with the insecure flag is not allowed");
        auto ca = dataOrFile(tls.caData, tls.caFile);
        if (!ca.isOk())
            return ca.status();
        auto cert = dataOrFile(tls.certData, tls.certFile);
        if (!cert.isOk())
            return cert.status();
        auto key = dataOrFile(tls.keyData, tls.keyFile);
        if (!key.isOk())
            return key.status();
        tls.caData = std::move(*ca);
        tls.certData = std::move(*cert);
        tls.keyData = std::move(*key);
    }

    const bool hasToken = !config.bearerToken.empty() || !config.bearerTokenFile.empty();
    if (!config.username.empty() && hasToken)
        return Status(StatusCode::InvalidArgument,
                      "username/password or bearer token may be set, but not both");
    if (!config.bearerTokenFile.empty() && config.bearerToken.empty()) {
        auto token = tokenFromFile(config.bearerTokenFile);
        if (!token.isOk())
            return token.status();
    }
    return {};
}

std::string effectiveBearerToken(const RestConfig& config) {
    if (!config.bearerTokenFile.empty()) {
        if (auto token = tokenFromFile(config.bearerTokenFile); token.isOk())
            return *token;
    }
    return config.bearerToken;
}

}  // namespace pilothouse::client::clientcmd
