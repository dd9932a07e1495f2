// The KubernetesAPI gRPC service (apiserver_service.proto) over an apiserver::APIServer: each call
// becomes one apiserver::Request carrying the caller's bearer token, so authentication, RBAC,
// admission and validation are the API server's own. The unary verbs run on gRPC's synchronous
// thread pool; Watch streams through the callback API (watch_reactor.h), its messages as bytes
// serialized once for every client: a slow client holds none of gRPC's threads, its backlog stays
// bounded, and all watches are served by the same few threads (watch_dispatcher.h).
//
// Independent of how the control plane is driven: it needs only an ApiBackend (api_backend.h), which
// must outlive the service. Thread-safe: gRPC calls the methods concurrently.
#pragma once

#include "apiserver/server.h"
#include "remote/api_backend.h"
#include "apiserver_service.grpc.pb.h"
#include "remote/watch_reactor.h"

namespace pilothouse::remote {

struct ServiceOptions {
    WatchOptions watch;
    WatchDispatcher::Options dispatcher;
};

class KubernetesApiService final
    : public pilothouse::apiserver::v1::KubernetesAPI::WithRawCallbackMethod_Watch<pilothouse::apiserver::v1::KubernetesAPI::Service> {
public:
    using CreateRequest = pilothouse::apiserver::v1::CreateRequest;
    using GetRequest = pilothouse::apiserver::v1::GetRequest;
    using ListRequest = pilothouse::apiserver::v1::ListRequest;
    using ListResponse = pilothouse::apiserver::v1::ListResponse;
    using UpdateRequest = pilothouse::apiserver::v1::UpdateRequest;
    using PatchRequest = pilothouse::apiserver::v1::PatchRequest;
    using DeleteRequest = pilothouse::apiserver::v1::DeleteRequest;
    using ObjectResponse = pilothouse::apiserver::v1::ObjectResponse;
    using WatchRequest = pilothouse::apiserver::v1::WatchRequest;
    using WatchEvent = pilothouse::apiserver::v1::WatchEvent;

    explicit KubernetesApiService(ApiBackend& api, ServiceOptions options = {});
    ~KubernetesApiService() override;

    grpc::Status Create(grpc::ServerContext* context, const CreateRequest* request, ObjectResponse* response) override;
    grpc::Status Get(grpc::ServerContext* context, const GetRequest* request, ObjectResponse* response) override;
    grpc::Status List(grpc::ServerContext* context, const ListRequest* request, ListResponse* response) override;
    grpc::Status Update(grpc::ServerContext* context, const UpdateRequest* request, ObjectResponse* response) override;
    grpc::Status Patch(grpc::ServerContext* context, const PatchRequest* request, ObjectResponse* response) override;
    grpc::Status Delete(grpc::ServerContext* context, const DeleteRequest* request, ObjectResponse* response) override;
    // A serialized WatchRequest; the stream carries serialized WatchEvents.
    grpc::ServerWriteReactor<grpc::ByteBuffer>* Watch(grpc::CallbackServerContext* context,
                                                      const grpc::ByteBuffer* request) override;

    // Ends every open watch with UNAVAILABLE and refuses new ones: the first step of a clean
    // shutdown, so the server's Shutdown need not wait for streams that never end.
    void stopWatches() { watches_.stopAll(); }
    WatchRegistry& watches() { return watches_; }
    const WatchRegistry& watches() const { return watches_; }

private:
    ApiBackend& api_;
    ServiceOptions options_;
    WatchRegistry watches_;
    // Declared after the registry: its threads are joined before the registry goes.
    WatchDispatcher dispatcher_;
};

}  // namespace pilothouse::remote
