// pilothouse-server: the headless control plane over gRPC. It runs a simulation session — the
// control plane, scheduler, controllers and simulated kubelets on the virtual clock, started from
// a scenario — on a thread of its own (backend/remote/simulation_host.h) and serves the Kubernetes
// API and the Simulation service (backend/remote: reflection and health too) until SIGTERM or
// SIGINT. Then it ends the streams, lets calls in flight finish, and saves the session into its
// store file as a workspace, so a restart on the same file continues where it stopped.
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <thread>

#include "apiserver/endpoints/handler.h"
#include "apiserver/server/admin_kubeconfig.h"
#include "apiserver/server/secure_serving.h"
#include "apiserver/server/self_signed_cert.h"
#include "cluster/builtin_scenarios.h"
#include "cluster/scenario.h"
#include "cluster/session.h"
#include "cluster/snapshot_scenario.h"
#include "remote/server.h"
#include "sim/runner.h"
#include "util/listen_address.h"
#include "util/rfc3339.h"
#include "version/version.h"

namespace {
volatile std::sig_atomic_t stopRequested = 0;
void onSignal(int) { stopRequested = 1; }

const char* kUsage =
    "Usage: pilothouse-server [--listen HOST:PORT] [--store FILE|:memory:]\n"
    "                         [--scenario NAME|FILE | --open SNAPSHOT [--open SNAPSHOT ...]]\n"
    "                         [--tokens FILE] [--anonymous-auth] [--tls-cert FILE --tls-key FILE]\n"
    "                         [--kube-api-listen HOST:PORT [--write-kubeconfig FILE] [--cert-dir DIR]\n"
    "                          [--client-ca-file FILE]]\n"
    "                         [--epoch now|RFC3339] [--realtime | --speed X | --paused] [--version]\n"
    "Runs a Pilothouse control plane headless — API server, scheduler, controllers and simulated\n"
    "kubelets on a virtual clock — and serves it over gRPC (pilothouse.apiserver.v1.KubernetesAPI,\n"
    "pilothouse.simulation.v1.Simulation) and, when asked, as the Kubernetes API over HTTPS (for\n"
    "kubectl), until SIGTERM or SIGINT.\n"
    "  --listen HOST:PORT  where to listen (default 127.0.0.1:7443; port 0 picks one). A\n"
    "                      non-loopback address needs --tokens.\n"
    "  --store FILE        the store file (default :memory:). On shutdown the simulation is saved\n"
    "                      into it; started again on the same file it continues from there (the\n"
    "                      file as it was is kept as FILE.previous).\n"
    "  --scenario NAME|FILE  start from a built-in scenario or a scenario file (default: an empty\n"
    "                      cluster). Built in: %s.\n"
    "  --open SNAPSHOT     start from a real cluster's snapshot (`kubectl get nodes,pods -A -o yaml`,\n"
    "                      `pilothousectl snapshot`; repeat for several files), as pilothouse --open.\n"
    "  --tokens FILE       kube-apiserver's static token file (token,user,uid,\"group1,group2\");\n"
    "                      without it every request acts as system:admin.\n"
    "  --anonymous-auth    requests without a token act as system:anonymous (RBAC decides).\n"
    "  --tls-cert, --tls-key  serve TLS with this PEM certificate and key (gRPC and HTTPS).\n"
    "  --kube-api-listen HOST:PORT  also serve the Kubernetes API over HTTPS there, for kubectl\n"
    "                      (e.g. 127.0.0.1:6443). A non-loopback address needs --tokens.\n"
    "  --write-kubeconfig FILE  write a kubeconfig for that API: its address, the CA of its\n"
    "                      certificate, context \"pilothouse\" (namespace default) and user\n"
    "                      pilothouse-admin (with --tokens: a token in system:masters, added to\n"
    "                      the token file).\n"
    "  --client-ca-file FILE  client certificates this CA signed authenticate Kubernetes API\n"
    "                      requests as their CN, in their O groups (kube-apiserver's flag; with\n"
    "                      --tokens, requests without one are authenticated by token).\n"
    "  --cert-dir DIR      where the HTTPS API's self-made CA and certificate are kept when no\n"
    "                      --tls-cert is given (default: FILE.pki beside a --store FILE, else\n"
    "                      ~/.local/state/pilothouse/pki); reused on restart.\n"
    "  --epoch now|TIME    where the virtual clock starts for a scenario that names no spec.epoch:\n"
    "                      \"now\" (the wall clock at start; the default with --kube-api-listen,\n"
    "                      so the ages kubectl works out from timestamps read as on a real\n"
    "                      cluster) or an RFC 3339 time; otherwise 2024-01-01T00:00:00Z.\n"
    "  --realtime          virtual time follows wall time (the default).\n"
    "  --speed X           virtual time runs X times as fast as wall time (0.1 to 1000).\n"
    "  --paused            start paused (a client plays it: Simulation.SetPlaying).\n"
    "  --version           print the version and the Kubernetes version it mirrors.\n";

std::string usage() {
    std::string text = kUsage;
    text.replace(text.find("%s"), 2, pilothouse::cluster::builtinScenarioNameList());
    return text;
}

std::string speedText(double speed) {
    std::ostringstream out;
    out << speed << "x";
    return out.str();
}

int fail(const std::string& message) {
    std::cerr << "error: " << message << "\n";
    return 1;
}
}  // namespace

int main(int argc, char** argv) {
    using namespace pilothouse;
    cluster::SessionOptions options;
    remote::ServerOptions serverOptions;
    std::string scenarioArg;
    std::vector<std::string> openFiles;  // --open: snapshot files
    std::string kubeApiListen, kubeconfigPath, certDir;
    apiserver::server::SecureServingOptions kubeApiOptions;
    std::optional<std::string> epoch;
    double speed = 1;
    bool paused = false;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        auto value = [&](const char* flag) -> std::string {
            if (i + 1 >= argc) {
                std::cerr << "error: flag needs an argument: " << flag << "\n";
                std::exit(2);
            }
            return argv[++i];
        };
        if (a == "--store") options.storePath = value("--store");
        else if (a == "--tokens") options.tokenFile = value("--tokens");
        else if (a == "--anonymous-auth") options.anonymousAuth = true;
        else if (a == "--listen") serverOptions.listenAddress = value("--listen");
        else if (a == "--tls-cert") serverOptions.tlsCertFile = value("--tls-cert");
        else if (a == "--tls-key") serverOptions.tlsKeyFile = value("--tls-key");
        else if (a == "--scenario") scenarioArg = value("--scenario");
        else if (a == "--open") openFiles.push_back(value("--open"));
        else if (a == "--kube-api-listen") kubeApiListen = value("--kube-api-listen");
        else if (a == "--write-kubeconfig") kubeconfigPath = value("--write-kubeconfig");
        else if (a == "--cert-dir") certDir = value("--cert-dir");
        else if (a == "--client-ca-file") kubeApiOptions.clientCAFile = value("--client-ca-file");
        else if (a == "--epoch") epoch = value("--epoch");
        else if (a == "--realtime") speed = 1;
        else if (a == "--paused") paused = true;
        else if (a == "--speed") {
            const std::string text = value("--speed");
            char* end = nullptr;
            speed = std::strtod(text.c_str(), &end);
            if (end == text.c_str() || *end != '\0' || !sim::validateSpeed(speed).isOk()) {
                std::cerr << "error: --speed: \"" << text << "\" is not a speed from 0.1 to 1000\n";
                return 2;
            }
        } else if (a == "-h" || a == "--help") {
            std::cout << usage();
            return 0;
        } else if (a == "--version") {
            std::cout << version::versionLine("pilothouse-server") << "\n";
            return 0;
        } else {
            std::cerr << "error: unknown flag: " << a << "\n" << usage();
            return 2;
        }
    }
    serverOptions.authenticates = !options.tokenFile.empty();
    if (!kubeconfigPath.empty() && kubeApiListen.empty())
        return fail("--write-kubeconfig needs --kube-api-listen HOST:PORT (the address the kubeconfig names)");

    // The Kubernetes API's certificate, and the administrator's token (added to the token file
    // before the API server reads it).
    std::string caPem, adminToken;
    if (!kubeApiOptions.clientCAFile.empty() && kubeApiListen.empty())
        return fail("--client-ca-file needs --kube-api-listen HOST:PORT (it authenticates Kubernetes API clients)");
    if (!kubeApiListen.empty()) {
        auto listen = util::parseListenAddress(kubeApiListen);
        if (!listen) return fail("--kube-api-listen: " + listen.status().message());
        kubeApiOptions.listenAddress = kubeApiListen;
        kubeApiOptions.authenticates = serverOptions.authenticates;
        // Refused before any certificate is made for it.
        if (!kubeApiOptions.authenticates && !util::isLoopback(kubeApiListen))
            return fail("--kube-api-listen: refusing to serve the Kubernetes API on " + kubeApiListen +
                        " without authentication: give a token file (--tokens FILE) or listen on a loopback address");
        if (!serverOptions.tlsCertFile.empty()) {
            kubeApiOptions.certFile = serverOptions.tlsCertFile;
            kubeApiOptions.keyFile = serverOptions.tlsKeyFile;
            auto pem = apiserver::server::readPem(serverOptions.tlsCertFile);
            if (!pem) return fail(pem.status().message());
            caPem = *pem;
        } else {
            if (certDir.empty()) {
                const bool storeFile = options.storePath != ":memory:" && !options.storePath.empty();
                certDir = storeFile ? options.storePath + ".pki" : apiserver::server::defaultStateDir() + "/pki";
            }
            auto cert = apiserver::server::ensureServingCertificate(certDir, apiserver::server::certificateHosts(listen->host));
            if (!cert) return fail(cert.status().message());
            kubeApiOptions.certFile = cert->certFile;
            kubeApiOptions.keyFile = cert->keyFile;
            auto pem = apiserver::server::readPem(cert->caFile);
            if (!pem) return fail(pem.status().message());
            caPem = *pem;
        }
        if (!kubeconfigPath.empty() && !options.tokenFile.empty()) {
            auto token = apiserver::server::ensureAdminToken(options.tokenFile);
            if (!token) return fail(token.status().message());
            adminToken = *token;
        }
    }

    options.epoch = epoch ? *epoch : kubeApiListen.empty() ? "" : "now";
    if (options.epoch != "now" && !options.epoch.empty())
        if (auto at = rfc3339::parse(options.epoch); !at) return fail("--epoch: " + at.status().message());

    // A store file a previous run saved its session into is continued; otherwise the scenario starts.
    const bool fileStore = options.storePath != ":memory:" && !options.storePath.empty();
    const bool resuming = fileStore && std::filesystem::exists(options.storePath);
    std::unique_ptr<cluster::Session> session;
    if (resuming) {
        if (!scenarioArg.empty() || !openFiles.empty())
            return fail(options.storePath + " already holds a simulation; leave out --scenario/--open to continue it, or "
                                            "give another --store");
        cluster::Session::OpenedWorkspace opened;
        auto resumed = cluster::Session::continueStore(options, &opened);
        if (!resumed)
            return fail(resumed.status().message() + " (pilothouse-server continues only a store it saved itself; give "
                                                     "another --store)");
        session = std::move(*resumed);
        if (!opened.warning.empty()) std::cerr << "warning: " << opened.warning << "\n";
    } else {
        cluster::Scenario scenario;
        if (!scenarioArg.empty() && !openFiles.empty()) return fail("--open and --scenario cannot both be given");
        if (!openFiles.empty()) {
            std::vector<std::string> warnings;
            auto loaded = cluster::scenarioFromSnapshotFiles(openFiles, &warnings);
            if (!loaded) return fail(loaded.status().message());
            for (const auto& w : warnings) std::cerr << "warning: " << w << "\n";
            scenario = std::move(*loaded);
        } else if (!scenarioArg.empty()) {
            std::vector<std::string> warnings;
            auto builtin = cluster::builtinScenario(scenarioArg);
            auto loaded = builtin ? cluster::loadScenario(*builtin, scenarioArg + ".yaml", &warnings)
                                  : cluster::loadScenarioFile(scenarioArg, &warnings);
            if (!loaded) return fail(loaded.status().message());
            for (const auto& w : warnings) std::cerr << "warning: " << w << "\n";
            scenario = std::move(*loaded);
        }
        auto started = cluster::Session::start(options, std::move(scenario));
        if (!started) return fail(started.status().message());
        session = std::move(*started);
    }
    if (Status st = session->setSpeed(speed); !st.isOk()) return fail(st.message());
    session->setPlaying(!paused);

    auto host = remote::SimulationHost::adopt(std::move(session));
    std::signal(SIGTERM, onSignal);
    std::signal(SIGINT, onSignal);
    auto server = remote::Server::start(*host, serverOptions);
    if (!server) return fail(server.status().message());
    std::unique_ptr<apiserver::endpoints::Handler> kubeApiHandler;
    std::unique_ptr<apiserver::server::SecureServing> kubeApi;
    std::string kubeApiUrl;
    if (!kubeApiListen.empty()) {
        auto listen = util::parseListenAddress(kubeApiListen);
        const std::string advertised = apiserver::server::advertisedHost(listen->host);
        kubeApiHandler = std::make_unique<apiserver::endpoints::Handler>(*host, apiserver::endpoints::HandlerOptions{});
        auto serving = apiserver::server::SecureServing::start(*kubeApiHandler, kubeApiOptions);
        if (!serving) return fail("--kube-api-listen: " + serving.status().message());
        kubeApi = std::move(*serving);
        const std::string hostPort = (advertised.find(':') != std::string::npos ? "[" + advertised + "]" : advertised) + ":" +
                                     std::to_string(kubeApi->port());
        kubeApiHandler->setServerAddress(hostPort);
        kubeApiUrl = "https://" + hostPort;
        if (!kubeconfigPath.empty()) {
            if (Status st = apiserver::server::writeAdminKubeconfig(kubeconfigPath, kubeApiUrl, caPem, adminToken); !st.isOk())
                return fail(st.message());
        }
    }
    host->run();
    const auto [scenarioName, elapsed, revision] = host->withSession([](cluster::Session& s) {
        return std::tuple(s.scenario().name, s.elapsed(), s.cluster().controlPlane().store().currentRevision());
    });
    // One line a script can wait for and read the address from.
    std::cout << "pilothouse-server: serving on " << (*server)->address()
              << (serverOptions.tlsCertFile.empty() ? " (plaintext)" : " (TLS)")
              << (kubeApiUrl.empty() ? "" : ", Kubernetes API on " + kubeApiUrl) << ", store " << options.storePath
              << " at revision " << revision << ", scenario " << (scenarioName.empty() ? "(none)" : scenarioName) << " at "
              << std::chrono::duration_cast<std::chrono::milliseconds>(elapsed).count() / 1000.0 << "s"
              << (resuming ? " (continued)" : "") << ", " << (paused ? std::string("paused") : "playing at " + speedText(speed))
              << std::endl;
    while (!stopRequested) std::this_thread::sleep_for(std::chrono::milliseconds(100));

    host->stop();
    const auto [finalElapsed, finalRevision] = host->withSession([](cluster::Session& s) {
        return std::pair(s.elapsed(), s.cluster().controlPlane().store().currentRevision());
    });
    std::cout << "pilothouse-server: shutting down at revision " << finalRevision << std::endl;
    if (kubeApi) kubeApi->shutdown();
    (*server)->shutdown(std::chrono::seconds(5));
    server->reset();
    // The session goes into its own store file, to be continued from there.
    session = host->release();
    host.reset();
    if (fileStore) {
        if (Status st = cluster::Session::closeIntoStore(std::move(session)); !st.isOk())
            return fail("saving the simulation: " + st.message());
        std::cout << "pilothouse-server: saved the simulation at "
                  << std::chrono::duration_cast<std::chrono::milliseconds>(finalElapsed).count() / 1000.0 << "s into "
                  << options.storePath << std::endl;
    }
    session.reset();
    std::cout << "pilothouse-server: store closed" << std::endl;
    return 0;
}
