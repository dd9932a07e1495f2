// The gRPC server of pilothouse-server: the KubernetesAPI service over an API server and, when
// given a SimulationHost, the Simulation service over it (simulation_service.h), with server
// reflection and the standard health service (grpc.health.v1.Health), so generic gRPC tools can
// list and call them. TLS when given a certificate and key; plaintext otherwise.
//
// The rule: it refuses to listen on a non-loopback address unless the API server authenticates
// requests (a token file), so an unauthenticated control plane is never exposed to a network.
//
// Thread-safety: start() and shutdown() from one thread; the service runs on gRPC's threads.
#pragma once

#include <grpcpp/server.h>

#include <chrono>
#include <memory>
#include <string>

#include "apiserver/server.h"
#include "remote/kubernetes_api_service.h"
#include "remote/simulation_host.h"
#include "remote/simulation_service.h"
#include "util/status.h"

namespace pilothouse::remote {

struct ServerOptions {
    // HOST:PORT; port 0 picks a free one (see Server::port()).
    std::string listenAddress = "127.0.0.1:7443";
    // PEM files; both or neither. Both: TLS (no client certificates asked for).
    std::string tlsCertFile;
    std::string tlsKeyFile;
    // The API server authenticates bearer tokens (it was given a token file). Required for a
    // non-loopback listen address.
    bool authenticates = false;
    // Added to the nice value of gRPC's threads (they start from a thread given it), so that
    // serving clients takes the CPU time the simulation leaves: a simulation running flat out on
    // a busy machine keeps its pace, and the clients catch up once it pauses or idles (a client
    // left more than WatchOptions::bufferLimit events behind is cut off and lists again). On an
    // idle core delivery runs at full speed whatever its nice value. 0: as the caller's.
    int niceness = 19;
    ServiceOptions service;
};

class Server {
public:
    // Errors: InvalidArgument for a bad address or only one of the TLS files, FailedPrecondition
    // for a non-loopback address without authentication, NotFound for unreadable TLS files,
    // Unavailable when the address cannot be bound. `api` must outlive the server.
    static StatusOr<std::unique_ptr<Server>> start(apiserver::APIServer& api, const ServerOptions& options);
    // The same over a simulation: the KubernetesAPI reaches its current API server, and the
    // Simulation service is served too. `simulation` must outlive the server.
    static StatusOr<std::unique_ptr<Server>> start(SimulationHost& simulation, const ServerOptions& options);
    ~Server();  // shutdown() if not done

    int port() const { return port_; }
    // The address clients dial: the listen host with the bound port ("127.0.0.1:41234").
    const std::string& address() const { return address_; }
    const KubernetesApiService& service() const { return *service_; }

    // Ends every watch (UNAVAILABLE), stops accepting calls, lets unary calls in flight finish
    // within `deadline` (then cancels them) and returns when every call is done.
    void shutdown(std::chrono::milliseconds deadline = std::chrono::seconds(5));

private:
    Server() = default;
    static StatusOr<std::unique_ptr<Server>> start(ApiBackend& api, SimulationHost* simulation, const ServerOptions& options);

    std::unique_ptr<ApiBackend> ownBackend_;  // the DirectApiBackend over a plain API server
    std::unique_ptr<KubernetesApiService> service_;
    std::unique_ptr<SimulationService> simulationService_;
    SimulationHost* simulation_ = nullptr;
    std::unique_ptr<grpc::Server> server_;
    int port_ = 0;
    std::string address_;
    bool shutDown_ = false;
};

}  // namespace pilothouse::remote
