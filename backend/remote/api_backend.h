// What the KubernetesAPI service (kubernetes_api_service.h) serves: an API server's requests and
// watches. DirectApiBackend passes them to an API server that lives as long as the service (the
// control plane of a plain pilothouse-server); SimulationHost (simulation_host.h) routes writes
// through its simulation session and replaces the API server on a reset.
//
// Thread-safety: both methods are called concurrently from gRPC's threads and the watch pumps.
#pragma once

#include <memory>

#include "apiserver/server.h"

namespace pilothouse::remote {

class ApiBackend {
public:
    virtual ~ApiBackend() = default;
    virtual apiserver::Response handle(apiserver::Request request) = 0;
    virtual StatusOr<std::unique_ptr<apiserver::WatchStream>> watch(const apiserver::Request& request) = 0;
    // Authenticates `token` and authorizes a request the API server does not store (a path such
    // as /version, /apis): APIServer::authorizeRequest.
    virtual Status authorize(const std::string& token, apiserver::Attributes attributes) = 0;
    // The control plane's clock, in Unix nanoseconds (what tables measure ages to).
    virtual int64_t nowUnixNanos() = 0;
};

class DirectApiBackend final : public ApiBackend {
public:
    explicit DirectApiBackend(apiserver::APIServer& server) : server_(server) {}
    apiserver::Response handle(apiserver::Request request) override { return server_.handle(request); }
    StatusOr<std::unique_ptr<apiserver::WatchStream>> watch(const apiserver::Request& request) override {
        return server_.watch(request);
    }
    Status authorize(const std::string& token, apiserver::Attributes attributes) override {
        return server_.authorizeRequest(token, std::move(attributes));
    }
    int64_t nowUnixNanos() override { return server_.clock().nowUnixNanos(); }

private:
    apiserver::APIServer& server_;
};

}  // namespace pilothouse::remote
