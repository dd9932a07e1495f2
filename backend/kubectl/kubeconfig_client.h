// A command's client of a real cluster: the kubeconfig read as kubectl reads it (--kubeconfig, else
// $KUBECONFIG's files merged, else ~/.kube/config; --context; --namespace), its context resolved by
// clientcmd, and a REST client with its server, CA, client certificate and token.
//
// An exec credential plugin's token or client certificate is used (client/auth/exec: run again
// after a 401); a cluster's proxy-url (http or socks5) is gone through. Not yet: auth providers,
// an https proxy-url and impersonation are refused with a message that says so.
#pragma once

#include <memory>
#include <string>

#include "client/clientcmd/client_config.h"
#include "client/clientcmd/loader.h"
#include "client/rest/client.h"
#include "util/status.h"

namespace pilothouse::kubectl {

struct KubeconfigFlags {
    std::string kubeconfig;  // --kubeconfig: this file alone
    std::string context;     // --context
    std::string namespace_;  // -n/--namespace
    std::string userAgent;   // the program's name ("" = pilothousectl)
};

struct KubeconfigClient {
    std::unique_ptr<client::rest::RESTClient> client;
    std::string contextName;
    std::string namespace_;  // the override, the context's, or "default"
    std::string clusterName;
    std::string userName;    // the kubeconfig's user entry
    std::string server;      // the cluster's URL
};

// Errors name the file or context and say what to do, in kubectl's words where kubectl has some.
StatusOr<KubeconfigClient> connectWithKubeconfig(const KubeconfigFlags& flags, const client::clientcmd::Environment& env);
// The same for a context already resolved (a connect dialog's, listed with clientcmd::listContexts,
// where a broken file beside it does not stop it as it stops client-go's loading).
StatusOr<KubeconfigClient> connectResolved(const client::clientcmd::ResolvedContext& context, const std::string& userAgent);

}  // namespace pilothouse::kubectl
