// pilothouse-server: the headless control plane. This stage runs the control plane (store, API
// server with authentication, RBAC and admission, the bootstrap objects) on a store file in real
// time until SIGTERM/SIGINT, then closes the store cleanly. The gRPC API that lets clients attach
// is not part of this build yet (see the README's status section).
#include <csignal>
#include <cstring>
#include <iostream>
#include <string>
#include <thread>

#include "controlplane/control_plane.h"
#include "sim/clock.h"

namespace {
volatile std::sig_atomic_t stopRequested = 0;
void onSignal(int) { stopRequested = 1; }

const char* kUsage =
    "Usage: pilothouse-server --store FILE|:memory: [--tokens FILE] [--anonymous-auth]\n"
    "Runs the Pilothouse control plane headless until SIGTERM or SIGINT.\n";
}  // namespace

int main(int argc, char** argv) {
    pilothouse::controlplane::Options options;
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
        else if (a == "-h" || a == "--help") {
            std::cout << kUsage;
            return 0;
        } else {
            std::cerr << "error: unknown flag: " << a << "\n" << kUsage;
            return 2;
        }
    }
    pilothouse::sim::RealClock clock;
    auto cp = pilothouse::controlplane::ControlPlane::start(options, clock);
    if (!cp) {
        std::cerr << "error: " << cp.status().message() << "\n";
        return 1;
    }
    std::signal(SIGTERM, onSignal);
    std::signal(SIGINT, onSignal);
    std::cout << "pilothouse-server: control plane running on store " << options.storePath
              << " at revision " << (*cp)->store().currentRevision() << std::endl;
    while (!stopRequested) std::this_thread::sleep_for(std::chrono::milliseconds(100));
    std::cout << "pilothouse-server: shutting down at revision " << (*cp)->store().currentRevision()
              << std::endl;
    return 0;
}
