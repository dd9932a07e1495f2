// clientcmd: the kubeconfig, read as client-go v1.28's tools/clientcmd reads it, for the GUI's
// connect dialog and for command-line tools alike.
//
// The rules, in our words (each header names the upstream file it follows):
//
// Which files (loader.h). An explicit file (--kubeconfig) is used alone and must exist. Otherwise
// the files of $KUBECONFIG, split at ':' (a path given twice counts once, an empty element is
// ignored), or $HOME/.kube/config when KUBECONFIG is empty. The environment is passed in
// (Environment), never read deep inside. Files of the list that do not exist are skipped; if none
// exists the result is an empty configuration and the warning "Config not found: ...".
//
// Reading a file (decode.h). YAML, of which only the first document counts; a v1 Config (apiVersion
// and kind may be left out); unknown fields are ignored, field names are case-sensitive, null is
// as absent, *-data fields are base64. A syntax error names the file and line (`error loading
// config file "/x": yaml: line 3: ...`, go-yaml's numbering: a parser error's line counts from 0,
// and line 0 is not named), a wrong type the file, line and field path
// (`users[0].user.token`). Within one file a name may appear once per list. An exec plugin of
// apiVersion v1beta1 (or v1alpha1) without interactiveMode gets "IfAvailable". A file that exists
// but fails to read or decode fails the whole load.
//
// Merging (merge.h). The first file to define a cluster, user or context name wins, whole; the
// first file to set current-context wins. Then relative paths in clusters and users
// (certificate-authority, client-certificate, client-key, tokenFile, and exec's command when it
// contains '/') are made absolute against the directory of the file the entry came from.
//
// Checking (validation.h). Upstream's messages, several joined as "invalid configuration: [a, b]":
// context/user/cluster missing, no server, unreadable certificate-authority/client-cert/client-key
// files, both a file and its data, a client certificate without a key, token and basic auth
// together, exec without command/apiVersion/interactiveMode or with an unknown interactiveMode,
// exec together with auth-provider, impersonation extras without a user, a namespace that is not a
// DNS label.
//
// Resolving a context (client_config.h, transport_preflight.h). The chosen context (or
// current-context), its user and cluster give a RestConfig: the server as host (a server without a
// scheme means http, and then no credentials and no CA are used, as in client-go), the CA, client
// certificate and key as PEM bytes (data fields win over files), the token (or tokenFile's content,
// with its path kept: the transport re-reads it), basic auth, insecure, tls-server-name, proxy-url,
// impersonation, the exec plugin; and the namespace (the override, the context's, or "default").
// Before connecting, client-go refuses a CA together with insecure-skip-tls-verify, an exec
// apiVersion other than client.authentication.k8s.io/v1 or v1beta1, any auth-provider we do not
// have (all of them), and token with basic auth.
//
// Listing (context_list.h). Every context of every file, each resolved or with its own error, so
// that one broken file or entry does not hide the others — while load() keeps client-go's verdict.
//
// Threads: value types and free functions without shared state; any thread may call them (a GUI
// calls them off its GUI thread: they read files).
//
// Not done here: running exec plugins (client/auth/exec), parsing certificates, kubectl's
// in-cluster fallback, the ~/.kubeconfig migration, writing kubeconfigs, preferences and
// extensions.
#pragma once

#include "client/clientcmd/api/types.h"
#include "client/clientcmd/client_config.h"
#include "client/clientcmd/context_list.h"
#include "client/clientcmd/loader.h"
#include "client/clientcmd/rest_config.h"
#include "client/clientcmd/transport_preflight.h"
#include "client/clientcmd/validation.h"
#include "util/status.h"

namespace pilothouse::client::clientcmd {

// What kubectl does to connect: load(rules), then resolveContext. (DeferredLoadingClientConfig.)
StatusOr<ResolvedContext> resolve(const LoadingRules& rules, const ConfigOverrides& overrides);

}  // namespace pilothouse::client::clientcmd
