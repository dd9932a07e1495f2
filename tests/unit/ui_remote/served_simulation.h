// A pilothouse-server assembled in the test's process, as its binary assembles it: a built-in
// scenario's SimulationHost served over loopback gRPC on a picked port. With tokens, the API
// server authenticates them (alice: system:masters; bob: group students, whom RBAC grants
// nothing) and unknown ones are refused with 401. With a certificate and key, over TLS.
#pragma once

#include <QTemporaryDir>

#include <chrono>
#include <fstream>
#include <memory>
#include <string>
#include <utility>

#include "cluster/builtin_scenarios.h"
#include "cluster/scenario.h"
#include "cluster/session.h"
#include "remote/server.h"
#include "remote/simulation_host.h"

namespace ui_remote_test {

inline constexpr const char* kAdminToken = "admin-token";
inline constexpr const char* kStudentToken = "student-token";

struct Served {
    enum class Auth { None, Tokens };
    // Served over TLS when both files are given (PEM).
    struct Tls {
        std::string certFile;
        std::string keyFile;
    };

    std::unique_ptr<pilothouse::remote::SimulationHost> host;
    std::unique_ptr<pilothouse::remote::Server> server;
    std::string error;
    QTemporaryDir dir;

    explicit Served(const char* scenario, Auth auth = Auth::None, const std::string& address = "127.0.0.1:0",
                    Tls tls = {})
        : tls_(std::move(tls)) {
        std::vector<std::string> warnings;
        auto s = pilothouse::cluster::loadScenario(*pilothouse::cluster::builtinScenario(scenario),
                                                   std::string(scenario) + ".yaml", &warnings);
        if (!s) {
            error = s.status().message();
            return;
        }
        pilothouse::cluster::SessionOptions options;
        if (auth == Auth::Tokens) {
            options.tokenFile = dir.filePath(QStringLiteral("tokens.csv")).toStdString();
            std::ofstream(options.tokenFile) << kAdminToken << ",alice,1,system:masters\n"
                                             << kStudentToken << ",bob,2,\"students\"\n";
        }
        auto h = pilothouse::remote::SimulationHost::start(options, std::move(*s));
        if (!h) {
            error = h.status().message();
            return;
        }
        host = std::move(*h);
        authenticates_ = auth == Auth::Tokens;
        serve(address);
    }
    void serve(const std::string& address) {
        pilothouse::remote::ServerOptions o;
        o.listenAddress = address;
        o.authenticates = authenticates_;
        o.tlsCertFile = tls_.certFile;
        o.tlsKeyFile = tls_.keyFile;
        auto sv = pilothouse::remote::Server::start(*host, o);
        if (!sv) error = sv.status().message();
        else server = std::move(*sv);
    }
    pilothouse::Status runFor(std::chrono::seconds d) {
        return host->withSession([&](pilothouse::cluster::Session& s) { return s.runFor(d); });
    }
    // The session's state, read between the driver's ticks.
    template <typename F>
    auto read(F&& f) {
        return host->readSession([&](pilothouse::cluster::Session& s) { return f(s); });
    }

private:
    bool authenticates_ = false;
    Tls tls_;
};

}  // namespace ui_remote_test
