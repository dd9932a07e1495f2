#include "client/clientcmd/validation.h"

#include "client/clientcmd/aggregate.h"
#include "client/clientcmd/file_access.h"
#include "client/clientcmd/go_text.h"
#include "client/clientcmd/helpers.h"

namespace pilothouse::client::clientcmd {

namespace {

// %#v of an api.Context, as the empty-name message prints it.
std::string goContext(const api::Context& c) {
    return "api.Context{LocationOfOrigin:" + goQuote(c.locationOfOrigin) +
           ", Cluster:" + goQuote(c.cluster) + ", AuthInfo:" + goQuote(c.authInfo) +
           ", Namespace:" + goQuote(c.namespaceName) + ", Extensions:map[string]runtime.Object{}}";
}

}  // namespace

std::string contextNotFoundMessage(const std::string& contextName) {
    return "context was not found for specified context: " + contextName;
}

std::vector<std::string> validateClusterInfo(const std::string& clusterName,
                                             const api::Cluster& cluster, bool isEmpty) {
    if (isEmpty)
        return {kErrEmptyCluster};
    std::vector<std::string> errs;
    if (cluster.server.empty()) {
        errs.push_back(clusterName.empty() ? "default cluster has no server defined"
                                           : "no server found for cluster " + goQuote(clusterName));
    }
    if (!cluster.proxyURL.empty()) {
        if (auto u = parseProxyURL(cluster.proxyURL); !u.isOk())
            errs.push_back("invalid 'proxy-url' " + goQuote(cluster.proxyURL) + " for cluster " +
                           goQuote(clusterName) + ": " + u.status().message());
    }
    if (!cluster.certificateAuthority.empty() && !cluster.certificateAuthorityData.empty()) {
        errs.push_back(
            "certificate-authority-data and certificate-authority are both specified for " +
            clusterName + ". certificate-authority-data will override.");
    }
    if (!cluster.certificateAuthority.empty()) {
        if (Status st = openFile(cluster.certificateAuthority); !st.isOk())
            errs.push_back("unable to read certificate-authority " + cluster.certificateAuthority +
                           " for " + clusterName + " due to " + st.message());
    }
    return errs;
}

std::vector<std::string> validateAuthInfo(const std::string& name, const api::AuthInfo& a) {
    std::vector<std::string> errs;
    std::vector<std::string> methods;
    if (!a.token.empty())
        methods.push_back("token");
    if (!a.username.empty() || !a.password.empty())
        methods.push_back("basicAuth");

    if (!a.clientCertificate.empty() || !a.clientCertificateData.empty()) {
        if (!a.clientCertificate.empty() && !a.clientCertificateData.empty())
            errs.push_back("client-cert-data and client-cert are both specified for " + name +
                           ". client-cert-data will override.");
        if (!a.clientKey.empty() && !a.clientKeyData.empty())
            errs.push_back("client-key-data and client-key are both specified for " + name +
                           "; client-key-data will override");
        if (a.clientKey.empty() && a.clientKeyData.empty())
            errs.push_back("client-key-data or client-key must be specified for " + name +
                           " to use the clientCert authentication method.");
        if (!a.clientCertificate.empty()) {
            if (Status st = openFile(a.clientCertificate); !st.isOk())
                errs.push_back("unable to read client-cert " + a.clientCertificate + " for " +
                               name + " due to " + st.message());
        }
        if (!a.clientKey.empty()) {
            if (Status st = openFile(a.clientKey); !st.isOk())
                errs.push_back("unable to read client-key " + a.clientKey + " for " + name +
                               " due to " + st.message());
        }
    }

    if (a.exec) {
        const api::ExecConfig& e = *a.exec;
        if (a.authProvider)
            errs.push_back(
                "authProvider cannot be provided in combination with an exec plugin for " + name);
        if (e.command.empty())
            errs.push_back("command must be specified for " + name +
                           " to use exec authentication plugin");
        if (e.apiVersion.empty())
            errs.push_back("apiVersion must be specified for " + name +
                           " to use exec authentication plugin");
        for (const auto& v : e.env)
            if (v.name.empty())
                errs.push_back("env variable name must be specified for " + name +
                               " to use exec authentication plugin");
        if (e.interactiveMode.empty()) {
            errs.push_back("interactiveMode must be specified for " + name +
                           " to use exec authentication plugin");
        } else if (e.interactiveMode != api::kNeverExecInteractiveMode &&
                   e.interactiveMode != api::kIfAvailableExecInteractiveMode &&
                   e.interactiveMode != api::kAlwaysExecInteractiveMode) {
            errs.push_back("invalid interactiveMode for " + name + ": " +
                           goQuote(e.interactiveMode));
        }
    }

    if (methods.size() > 1)
        errs.push_back("more than one authentication method found for " + name + "; found " +
                       goStringSlice(methods) + ", only one is allowed");

    if ((!a.impersonateUID.empty() || !a.impersonateGroups.empty() ||
         !a.impersonateUserExtra.empty()) &&
        a.impersonate.empty())
        errs.push_back("requesting uid, groups or user-extra for " + name +
                       " without impersonating a user");
    return errs;
}

std::vector<std::string> validateContext(const std::string& name, const api::Context& c,
                                         const api::Config& config) {
    std::vector<std::string> errs;
    if (name.empty())
        errs.push_back("empty context name for " + goContext(c) + " is not allowed");

    if (c.authInfo.empty())
        errs.push_back("user was not specified for context " + goQuote(name));
    else if (!config.authInfos.count(c.authInfo))
        errs.push_back("user " + goQuote(c.authInfo) + " was not found for context " +
                       goQuote(name));

    if (c.cluster.empty())
        errs.push_back("cluster was not specified for context " + goQuote(name));
    else if (!config.clusters.count(c.cluster))
        errs.push_back("cluster " + goQuote(c.cluster) + " was not found for context " +
                       goQuote(name));

    if (!c.namespaceName.empty() && !isDNS1123Label(c.namespaceName))
        errs.push_back("namespace " + goQuote(c.namespaceName) + " for context " + goQuote(name) +
                       " does not conform to the kubernetes DNS_LABEL rules");
    return errs;
}

Status configurationInvalid(const std::vector<std::string>& problems) {
    return aggregateStatus(StatusCode::InvalidArgument, "invalid configuration: ", problems);
}

Status validate(const api::Config& config) {
    if (config.empty())
        return configurationInvalid({kErrEmptyConfig});
    std::vector<std::string> errs;
    if (!config.currentContext.empty() && !config.contexts.count(config.currentContext))
        errs.push_back(contextNotFoundMessage(config.currentContext));
    auto add = [&errs](std::vector<std::string> more) {
        errs.insert(errs.end(), more.begin(), more.end());
    };
    for (const auto& [name, context] : config.contexts) add(validateContext(name, context, config));
    for (const auto& [name, authInfo] : config.authInfos) add(validateAuthInfo(name, authInfo));
    for (const auto& [name, cluster] : config.clusters)
        add(validateClusterInfo(name, cluster, false));
    return configurationInvalid(errs);
}

Status confirmUsable(const api::Config& config, const std::string& passedContextName) {
    if (config.empty())
        return configurationInvalid({kErrEmptyConfig});
    const std::string contextName =
        passedContextName.empty() ? config.currentContext : passedContextName;
    if (contextName.empty())
        return Status(StatusCode::FailedPrecondition, kErrNoContext);

    std::vector<std::string> errs;
    auto add = [&errs](std::vector<std::string> more) {
        errs.insert(errs.end(), more.begin(), more.end());
    };
    auto context = config.contexts.find(contextName);
    if (context == config.contexts.end()) {
        errs.push_back(contextNotFoundMessage(contextName));
    } else {
        const api::Context& c = context->second;
        add(validateContext(contextName, c, config));
        // A missing user or cluster is looked at as an empty one (never "empty" in the
        // ErrEmptyCluster sense here: upstream compares a zero Cluster with NewCluster(), which
        // differ).
        auto authInfo = config.authInfos.find(c.authInfo);
        add(validateAuthInfo(
            c.authInfo, authInfo == config.authInfos.end() ? api::AuthInfo{} : authInfo->second));
        auto cluster = config.clusters.find(c.cluster);
        add(validateClusterInfo(
            c.cluster, cluster == config.clusters.end() ? api::Cluster{} : cluster->second, false));
    }
    Status st = configurationInvalid(errs);
    if (context == config.contexts.end() && !st.isOk()) {
        Status notFound(StatusCode::NotFound, st.message());
        for (const auto& c : st.causes()) notFound.addCause(c);
        return notFound;
    }
    return st;
}

}  // namespace pilothouse::client::clientcmd
