#include "client/clientcmd/loader.h"

#include <cstdlib>
#include <set>

#include "client/clientcmd/aggregate.h"
#include "client/clientcmd/decode.h"
#include "client/clientcmd/file_access.h"
#include "client/clientcmd/go_path.h"
#include "client/clientcmd/merge.h"

namespace pilothouse::client::clientcmd {

Environment Environment::fromProcess() {
    Environment env;
    if (const char* v = std::getenv(kRecommendedConfigPathEnvVar))
        env.kubeconfig = v;
    if (const char* v = std::getenv("HOME"))
        env.home = v;
    return env;
}

std::string recommendedHomeFile(const Environment& env) {
    return gopath::join({env.home, kRecommendedHomeDir, kRecommendedFileName});
}

LoadingRules LoadingRules::defaults(const Environment& env) {
    LoadingRules rules;
    if (!env.kubeconfig.empty()) {
        std::set<std::string> seen;
        for (auto& f : gopath::splitList(env.kubeconfig))
            if (seen.insert(f).second)
                rules.precedence.push_back(std::move(f));
        rules.warnIfAllMissing = true;
    } else {
        rules.precedence.push_back(recommendedHomeFile(env));
    }
    return rules;
}

std::vector<std::string> LoadingRules::loadingPrecedence() const {
    if (!explicitPath.empty())
        return {explicitPath};
    return precedence;
}

Status fileLoadError(const std::string& file, const Status& cause) {
    return Status(cause.code(), "error loading config file \"" + file + "\": " + cause.message());
}

StatusOr<api::Config> loadFromBytes(std::string_view data) {
    DecodedKubeconfig decoded = decodeKubeconfig(data);
    if (!decoded.status.isOk())
        return decoded.status;
    return std::move(decoded.config);
}

StatusOr<api::Config> loadFromFile(const std::string& path) {
    auto data = readFile(path);
    if (!data.isOk())
        return data.status();
    auto config = loadFromBytes(*data);
    if (!config.isOk())
        return config;
    for (auto& [name, c] : config->clusters) c.locationOfOrigin = path;
    for (auto& [name, a] : config->authInfos) a.locationOfOrigin = path;
    for (auto& [name, c] : config->contexts) c.locationOfOrigin = path;
    return config;
}

StatusOr<LoadedConfig> load(const LoadingRules& rules) {
    if (!rules.explicitPath.empty()) {
        Status st = statFile(rules.explicitPath);
        if (st.code() == StatusCode::NotFound)
            return st;
    }
    LoadedConfig out;
    std::vector<api::Config> configs;
    std::vector<std::string> errors;
    StatusCode code = StatusCode::Ok;
    for (const auto& file : rules.loadingPrecedence()) {
        if (file.empty())
            continue;
        auto config = loadFromFile(file);
        if (config.status().code() == StatusCode::NotFound) {
            out.missingFiles.push_back(file);
            continue;
        }
        if (!config.isOk()) {
            if (code == StatusCode::Ok)
                code = config.status().code();
            errors.push_back(fileLoadError(file, config.status()).message());
            continue;
        }
        out.loadedFiles.push_back(file);
        configs.push_back(std::move(*config));
    }
    if (rules.warnIfAllMissing && !out.missingFiles.empty() && configs.empty()) {
        std::string list;
        for (size_t i = 0; i < out.missingFiles.size(); ++i)
            list += (i ? ", " : "") + out.missingFiles[i];
        out.warnings.push_back("Config not found: " + list);
    }
    if (!errors.empty())
        return aggregateStatus(code, "", errors);
    out.config = mergeConfigs(configs);
    if (!rules.doNotResolvePaths)
        resolveLocalPaths(out.config);
    return out;
}

namespace {

void resolve(std::string& ref, const std::string& base) {
    if (!ref.empty() && !gopath::isAbs(ref))
        ref = gopath::join({base, ref});
}

}  // namespace

void resolveClusterPaths(api::Cluster& cluster, const std::string& base) {
    resolve(cluster.certificateAuthority, base);
}

void resolveAuthInfoPaths(api::AuthInfo& authInfo, const std::string& base) {
    resolve(authInfo.clientCertificate, base);
    resolve(authInfo.clientKey, base);
    resolve(authInfo.tokenFile, base);
    // A command found on PATH stays as written.
    if (authInfo.exec && authInfo.exec->command.find('/') != std::string::npos)
        resolve(authInfo.exec->command, base);
}

void resolveLocalPaths(api::Config& config) {
    for (auto& [name, cluster] : config.clusters)
        if (!cluster.locationOfOrigin.empty())
            resolveClusterPaths(cluster, gopath::abs(gopath::dir(cluster.locationOfOrigin)));
    for (auto& [name, authInfo] : config.authInfos)
        if (!authInfo.locationOfOrigin.empty())
            resolveAuthInfoPaths(authInfo, gopath::abs(gopath::dir(authInfo.locationOfOrigin)));
}

}  // namespace pilothouse::client::clientcmd
