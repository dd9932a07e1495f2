// pilothouse-server: the headless control plane serving the Kubernetes API over gRPC. It runs the
// control plane (store, API server with authentication, RBAC and admission, the bootstrap
// objects) on a store file in real time and serves it (backend/remote: the KubernetesAPI service,
// reflection, health) until SIGTERM/SIGINT; then it ends the watches, lets calls in flight finish
// and closes the store cleanly.
#include <csignal>
#include <cstring>
#include <iostream>
#include <string>
#include <thread>

#include "controlplane/control_plane.h"
#include "remote/server.h"
#include "sim/clock.h"

namespace {
volatile std::sig_atomic_t stopRequested = 0;
void onSignal(int) { stopRequested = 1; }

const char* kUsage =
    "Usage: pilothouse-server --store FILE|:memory: [--listen HOST:PORT] [--tokens FILE]\n"
    "                         [--anonymous-auth] [--tls-cert FILE --tls-key FILE]\n"
    "Runs the Pilothouse control plane headless and serves its Kubernetes API over gRPC\n"
    "(service pilothouse.apiserver.v1.KubernetesAPI) until SIGTERM or SIGINT.\n"
    "  --listen HOST:PORT  where to listen (default 127.0.0.1:7443; port 0 picks one). A\n"
    "                      non-loopback address needs --tokens.\n"
    "  --tokens FILE       kube-apiserver's static token file (token,user,uid,\"group1,group2\");\n"
    "                      without it every request acts as system:admin.\n"
    "  --anonymous-auth    requests without a token act as system:anonymous (RBAC decides).\n"
    "  --tls-cert, --tls-key  serve TLS with this PEM certificate and key.\n";
}  // namespace

int main(int argc, char** argv) {
    pilothouse::controlplane::Options options;
    pilothouse::remote::ServerOptions serverOptions;
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
        else if (a == "-h" || a == "--help") {
            std::cout << kUsage;
            return 0;
        } else {
            std::cerr << "error: unknown flag: " << a << "\n" << kUsage;
            return 2;
        }
    }
    serverOptions.authenticates = !options.tokenFile.empty();
    pilothouse::sim::RealClock clock;
    auto cp = pilothouse::controlplane::ControlPlane::start(options, clock);
    if (!cp) {
        std::cerr << "error: " << cp.status().message() << "\n";
        return 1;
    }
    std::signal(SIGTERM, onSignal);
    std::signal(SIGINT, onSignal);
    auto server = pilothouse::remote::Server::start((*cp)->apiServer(), serverOptions);
    if (!server) {
        std::cerr << "error: " << server.status().message() << "\n";
        return 1;
    }
    // One line a script can wait for and read the address from.
    std::cout << "pilothouse-server: serving on " << (*server)->address()
              << (serverOptions.tlsCertFile.empty() ? " (plaintext)" : " (TLS)") << ", store "
              << options.storePath << " at revision " << (*cp)->store().currentRevision() << std::endl;
    while (!stopRequested) std::this_thread::sleep_for(std::chrono::milliseconds(100));
    std::cout << "pilothouse-server: shutting down at revision " << (*cp)->store().currentRevision()
              << std::endl;
    (*server)->shutdown(std::chrono::seconds(5));
    server->reset();
    cp->reset();
    std::cout << "pilothouse-server: store closed" << std::endl;
    return 0;
}
