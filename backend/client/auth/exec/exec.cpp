#include "client/auth/exec/exec.h"

#include <unistd.h>

#include "client/auth/exec/decode.h"
#include "client/auth/exec/exec_info.h"
#include "client/auth/exec/interactive.h"
#include "client/auth/exec/key_pair.h"
#include "client/auth/exec/posix_process_runner.h"
#include "client/clientcmd/go_text.h"

extern char** environ;

namespace pilothouse::client::auth::exec {

namespace {

// Upstream's help after "exec: executable X not found", word for word.
constexpr const char* kInstallHelp =
    "\n\nIt looks like you are trying to use a client-go credential plugin that is not "
    "installed.\n\n"
    "To learn more about this feature, consult the documentation available at:\n"
    "      https://kubernetes.io/docs/reference/access-authn-authz/authentication/"
    "#client-go-credential-plugins";

std::vector<std::string> processEnvironment() {
    std::vector<std::string> out;
    for (char** e = environ; e && *e; ++e) out.emplace_back(*e);
    return out;
}

// The value of the first PATH entry, as getenv would find it.
std::string pathOf(const std::vector<std::string>& env) {
    for (const std::string& kv : env)
        if (kv.rfind("PATH=", 0) == 0)
            return kv.substr(5);
    return {};
}

AuthenticatorOptions withDefaults(AuthenticatorOptions o) {
    if (!o.clock)
        o.clock = std::make_shared<sim::RealClock>();
    if (!o.runner)
        o.runner = std::make_shared<PosixProcessRunner>();
    if (!o.stdinIsTerminal)
        o.stdinIsTerminal = [] { return ::isatty(0) == 1; };
    if (!o.environment)
        o.environment = processEnvironment;
    return o;
}

}  // namespace

StatusOr<std::shared_ptr<Authenticator>> Authenticator::create(clientcmd::api::ExecConfig config,
                                                               std::optional<ExecCluster> cluster,
                                                               AuthenticatorOptions options) {
    if (config.apiVersion != kApiVersionV1 && config.apiVersion != kApiVersionV1beta1)
        return Status(StatusCode::InvalidArgument,
                      "exec plugin: invalid apiVersion " + clientcmd::goQuote(config.apiVersion));
    return std::shared_ptr<Authenticator>(
        new Authenticator(std::move(config), std::move(cluster), withDefaults(std::move(options))));
}

Authenticator::Authenticator(clientcmd::api::ExecConfig config, std::optional<ExecCluster> cluster,
                             AuthenticatorOptions options)
    : config_(std::move(config)), cluster_(std::move(cluster)), options_(std::move(options)) {}

StatusOr<Credentials> Authenticator::credentials() {
    std::lock_guard lock(mutex_);
    if (cachedValidLocked())
        return *cached_;
    return refreshLocked();
}

StatusOr<Credentials> Authenticator::refreshAfterUnauthorized(const Credentials& rejected) {
    std::lock_guard lock(mutex_);
    if (cached_ && cached_->generation == rejected.generation)
        return refreshLocked();
    // Already replaced by another caller (or never ours): hand out what is there now.
    if (cachedValidLocked())
        return *cached_;
    return refreshLocked();
}

bool Authenticator::cachedValidLocked() const {
    // Valid up to and including the expiry instant (Go: now.After(exp) means expired).
    return cached_ && (!expiry_ || !(options_.clock->now() > *expiry_));
}

StatusOr<Credentials> Authenticator::refreshLocked() {
    auto interactive = isInteractive(config_.interactiveMode, options_.stdinIsTerminal());
    if (!interactive.isOk())
        return Status(interactive.status().code(), "exec plugin cannot support interactive mode: " +
                                                       interactive.status().message());

    ProcessRequest request;
    request.command = config_.command;
    request.args = config_.args;
    request.env = options_.environment();
    request.searchPath = pathOf(request.env);
    for (const auto& e : config_.env) request.env.push_back(e.name + "=" + e.value);
    const ExecCluster* cluster = config_.provideClusterInfo && cluster_ ? &*cluster_ : nullptr;
    request.env.push_back(std::string(kExecInfoEnv) + "=" +
                          encodeExecInfo(config_.apiVersion, *interactive, cluster));
    request.connectStdin = *interactive;
    request.timeout = options_.timeout;

    const ProcessResult result = options_.runner->run(request);
    if (result.outcome != ProcessResult::Outcome::Exited || result.exitCode != 0)
        return runErrorLocked(result, request.searchPath);

    auto status = decodeExecCredential(result.stdoutData, config_.apiVersion);
    if (!status.isOk())
        return status.status();

    expiry_ = status->expirationTimestamp;
    if (!status->clientCertificateData.empty()) {
        if (Status pair = checkX509KeyPair(status->clientCertificateData, status->clientKeyData);
            !pair.isOk())
            return Status(pair.code(), "failed parsing client key/certificate: " + pair.message());
    }

    Credentials fresh;
    fresh.token = std::move(status->token);
    fresh.clientCertificatePem = std::move(status->clientCertificateData);
    fresh.clientKeyPem = std::move(status->clientKeyData);
    fresh.expiry = status->expirationTimestamp;
    fresh.generation = ++generation_;
    cached_ = fresh;
    return fresh;
}

Status Authenticator::runErrorLocked(const ProcessResult& result, const std::string& searchPath) {
    using Outcome = ProcessResult::Outcome;
    switch (result.outcome) {
        case Outcome::NotFound: {
            std::string text = "exec: executable " + config_.command + " not found";
            if (installHelp_.allow(options_.clock->now())) {
                text += kInstallHelp;
                if (!config_.installHint.empty())
                    text += "\n\n" + config_.installHint;
            }
            // Ours: where we looked. A program started from a desktop menu often has a shorter PATH
            // than a terminal, which is the usual reason a plugin that works in a shell is missing.
            text += "\n\n(Pilothouse looked for " + config_.command +
                    " in the directories of its PATH: " +
                    (searchPath.empty() ? std::string("(empty)") : searchPath) +
                    ". Started from a desktop menu it may see a shorter PATH than a terminal does; "
                    "give the command's full path in the kubeconfig, or start Pilothouse from a "
                    "shell.)";
            return Status(StatusCode::NotFound, text);
        }
        case Outcome::Exited:
            return Status(StatusCode::Unavailable, "exec: executable " + config_.command +
                                                       " failed with exit code " +
                                                       std::to_string(result.exitCode));
        case Outcome::Failed:
            return Status(StatusCode::Unavailable, "exec: " + result.error);
        case Outcome::TimedOut:
            // Ours: upstream waits for as long as the plugin takes.
            return Status(StatusCode::DeadlineExceeded,
                          "exec: executable " + config_.command + " did not finish within " +
                              sim::formatDuration(options_.timeout) + " and was stopped");
    }
    return Status(StatusCode::Internal, "exec: unknown outcome");
}

}  // namespace pilothouse::client::auth::exec
