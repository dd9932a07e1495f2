// client/auth/exec — credentials from a kubeconfig's exec plugin, as client-go v1.28 gets them
// (plugin/pkg/client/auth/exec/exec.go).
//
// Some kubeconfigs hold no token or certificate at all. Instead their user says "run this program
// and it will tell you who I am" (users[].user.exec: command, args, env, apiVersion, installHint,
// provideClusterInfo, interactiveMode). Cloud CLIs work this way (aws eks get-token,
// gke-gcloud-auth-plugin, kubelogin). The program gets a small JSON request in the environment
// variable KUBERNETES_EXEC_INFO and prints an ExecCredential whose status holds a bearer token or a
// client certificate and key, perhaps with an expiry.
//
// The pieces, in the order a credential is made:
//   interactive.h           may the plugin talk to the user? (interactiveMode vs isatty(0))
//   exec_info.h             the request written into $KUBERNETES_EXEC_INFO (cluster_info.h: what
//                           it says about the cluster when provideClusterInfo is set)
//   process_runner.h        running the program (posix_process_runner.h, look_path.h: for real)
//   decode.h                reading what it printed, with client-go's checks and messages
//   key_pair.h              a returned certificate and key must belong together
//   exec.h (this file)      the Authenticator: caching, refreshing, errors as client-go words them
//   authenticator_cache.h   one Authenticator per distinct exec config and cluster
//
// How a client uses it: ask credentials() before each request and send what it returns (a token as
// "Authorization: Bearer", a certificate and key in the TLS handshake). When the server answers
// 401, call refreshAfterUnauthorized() with the credentials that were rejected, and retry with what
// it returns. Several requests may be rejected at once; the plugin still runs only once, because a
// caller whose rejected credentials have already been replaced just gets the replacement.
//
// The plugin runs with the Authenticator's lock held, as upstream does: an interactive plugin (a
// password prompt, a browser login) must not be started twice at the same time, so other callers
// wait for it. Errors keep client-go's texts; where we say more (the PATH a missing plugin was
// looked for in, a timeout), that is ours and marked as such in the code.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "client/auth/exec/process_runner.h"
#include "client/auth/exec/sometimes.h"
#include "client/auth/exec/types.h"
#include "client/clientcmd/api/types.h"
#include "sim/clock.h"
#include "util/status.h"

namespace pilothouse::client::auth::exec {

// What a plugin run produced. Value type.
struct Credentials {
    std::string token;                 // bearer token; may be empty when a certificate is given
    std::string clientCertificatePem;  // client certificate (and intermediates), PEM
    std::string clientKeyPem;          // its private key, PEM
    // When the plugin said they expire; none means "until the server rejects them".
    std::optional<sim::Time> expiry;
    // Which run of the plugin produced them (1, 2, ...): refreshAfterUnauthorized compares it, so
    // that two runs that happen to return the same token still count as different credentials.
    uint64_t generation = 0;

    bool hasClientCertificate() const { return !clientCertificatePem.empty(); }
    bool operator==(const Credentials&) const = default;
};

// Everything an Authenticator takes from its surroundings; each default is the real thing.
struct AuthenticatorOptions {
    std::shared_ptr<const sim::Clock> clock;  // default: wall-clock time
    std::shared_ptr<ProcessRunner> runner;    // default: PosixProcessRunner
    // Whether our standard input is a terminal; default isatty(0).
    std::function<bool()> stdinIsTerminal;
    // The environment the plugin inherits ("NAME=value"); default this process's. Its PATH is also
    // where a bare command is looked up.
    std::function<std::vector<std::string>()> environment;
    // Ours: how long a plugin may run before it is killed; zero for no limit (upstream has none).
    // Generous by default, since an interactive login may wait for a person.
    std::chrono::nanoseconds timeout = std::chrono::minutes(5);
};

// Runs one exec plugin and caches what it returns. Thread-safe; shared by every client of the same
// exec config and cluster (see AuthenticatorCache).
class Authenticator {
public:
    // `cluster` is what the plugin is told when config.provideClusterInfo is set (cluster_info.h
    // makes it from a RestConfig); it is ignored otherwise. Fails only for an apiVersion client-go
    // v1.28 does not speak: `exec plugin: invalid apiVersion
    // "client.authentication.k8s.io/v1alpha1"`.
    static StatusOr<std::shared_ptr<Authenticator>> create(clientcmd::api::ExecConfig config,
                                                           std::optional<ExecCluster> cluster,
                                                           AuthenticatorOptions options = {});

    // The cached credentials while they are valid (no expiry, or now is not after it); otherwise
    // the plugin is run and its credentials cached and returned. Errors (the plugin's output
    // refused, the plugin missing or failing) leave the cache as it was.
    StatusOr<Credentials> credentials();

    // After the server rejected `rejected` with 401: runs the plugin again, unless the cached
    // credentials are no longer `rejected` (another caller refreshed them meanwhile), in which case
    // they are returned as credentials() would.
    StatusOr<Credentials> refreshAfterUnauthorized(const Credentials& rejected);

    const clientcmd::api::ExecConfig& config() const { return config_; }
    const std::optional<ExecCluster>& cluster() const { return cluster_; }

private:
    Authenticator(clientcmd::api::ExecConfig config, std::optional<ExecCluster> cluster,
                  AuthenticatorOptions options);

    // With mutex_ held.
    bool cachedValidLocked() const;
    StatusOr<Credentials> refreshLocked();
    Status runErrorLocked(const ProcessResult& result, const std::string& searchPath);

    const clientcmd::api::ExecConfig config_;
    const std::optional<ExecCluster> cluster_;
    const AuthenticatorOptions options_;

    std::mutex mutex_;
    std::optional<Credentials> cached_;  // guarded by mutex_
    // When cached_ stops being valid; guarded by mutex_. Kept apart from cached_->expiry because
    // upstream updates it before it checks a returned certificate, so a refresh that fails on a bad
    // key pair still moves the expiry of the credentials it leaves in place.
    std::optional<sim::Time> expiry_;
    uint64_t generation_ = 0;  // guarded by mutex_
    // The long "plugin not installed" help: at most 10 times an hour. Guarded by mutex_.
    Sometimes installHelp_{10, std::chrono::hours(1)};
};

}  // namespace pilothouse::client::auth::exec
