#include "remote/server.h"

#include <grpcpp/ext/proto_server_reflection_plugin.h>
#include <grpcpp/health_check_service_interface.h>
#include <grpcpp/security/server_credentials.h>
#include <grpcpp/server_builder.h>

#include <fstream>
#include <sstream>
#include <thread>

#include "util/listen_address.h"
#include "util/thread_priority.h"

namespace pilothouse::remote {
namespace {

StatusOr<std::string> readFile(const std::string& path, const char* what) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return Status(StatusCode::NotFound, std::string("cannot read the TLS ") + what + " file " + path);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

}  // namespace

StatusOr<std::unique_ptr<Server>> Server::start(apiserver::APIServer& api, const ServerOptions& options) {
    auto backend = std::make_unique<DirectApiBackend>(api);
    auto server = start(*backend, nullptr, options);
    if (server) (*server)->ownBackend_ = std::move(backend);
    return server;
}

StatusOr<std::unique_ptr<Server>> Server::start(SimulationHost& simulation, const ServerOptions& options) {
    return start(simulation, &simulation, options);
}

StatusOr<std::unique_ptr<Server>> Server::start(ApiBackend& api, SimulationHost* simulation, const ServerOptions& options) {
    const bool unixSocket = options.listenAddress.rfind("unix:", 0) == 0;
    std::string host;
    if (!unixSocket) {
        auto address = util::parseListenAddress(options.listenAddress);
        if (!address) return address.status();
        host = options.listenAddress.substr(0, options.listenAddress.rfind(':'));
    }
    if (!options.authenticates && !util::isLoopback(options.listenAddress))
        return Status(StatusCode::FailedPrecondition,
                      "refusing to listen on " + options.listenAddress +
                          " without authentication: anyone who can reach that address could change the cluster. "
                          "Give a token file (--tokens FILE) or listen on a loopback address (127.0.0.1:PORT)");
    if (options.tlsCertFile.empty() != options.tlsKeyFile.empty())
        return Status(StatusCode::InvalidArgument, "TLS needs both a certificate and a key (--tls-cert F --tls-key F)");
    std::shared_ptr<grpc::ServerCredentials> credentials = grpc::InsecureServerCredentials();
    if (!options.tlsCertFile.empty()) {
        auto cert = readFile(options.tlsCertFile, "certificate");
        if (!cert) return cert.status();
        auto key = readFile(options.tlsKeyFile, "key");
        if (!key) return key.status();
        grpc::SslServerCredentialsOptions ssl;
        ssl.pem_key_cert_pairs.push_back({*key, *cert});
        credentials = grpc::SslServerCredentials(ssl);
    }
    // Both register process-wide plugins that the builder picks up.
    grpc::EnableDefaultHealthCheckService(true);
    grpc::reflection::InitProtoReflectionServerBuilderPlugin();

    std::unique_ptr<Server> server(new Server());
    server->service_ = std::make_unique<KubernetesApiService>(api, options.service);
    grpc::ServerBuilder builder;
    int port = 0;
    builder.AddListeningPort(options.listenAddress, credentials, unixSocket ? nullptr : &port);
    builder.RegisterService(server->service_.get());
    if (simulation) {
        server->simulation_ = simulation;
        server->simulationService_ = std::make_unique<SimulationService>(*simulation);
        builder.RegisterService(server->simulationService_.get());
        simulation->setWatchRegistry(&server->service_->watches());
    }
    // gRPC starts its threads (pollers, executors, the synchronous server's) from the thread that
    // builds the server or from its own threads: a thread of lower priority builds it.
    std::thread([&] {
        util::lowerThreadPriority(options.niceness);
        server->server_ = builder.BuildAndStart();
    }).join();
    if (!server->server_ || (!unixSocket && port == 0))
        return Status(StatusCode::Unavailable, "cannot listen on " + options.listenAddress +
                                                   " (address in use, or not an address of this machine?)");
    server->port_ = port;
    server->address_ = unixSocket ? options.listenAddress : host + ":" + std::to_string(port);
    return server;
}

Server::~Server() { shutdown(); }

void Server::shutdown(std::chrono::milliseconds deadline) {
    if (shutDown_ || !server_) return;
    shutDown_ = true;
    if (auto* health = server_->GetHealthCheckService()) health->Shutdown();
    service_->stopWatches();
    if (simulationService_) simulationService_->stopStreams();
    server_->Shutdown(std::chrono::system_clock::now() + deadline);
    server_->Wait();
    if (simulation_) simulation_->setWatchRegistry(nullptr);
}

}  // namespace pilothouse::remote
