// A client of the KubernetesAPI gRPC service (apiserver_service.proto): the other end of
// kubernetes_api_service.h, as the GUI's remote client and the tests use it. A request is the
// API server's own apiserver::Request (verb, type, namespace, name, subresource, body, patch,
// options); the answer is an apiserver::Response whose Status is rebuilt from the call's
// "k8s-status-bin" trailer — reason, HTTP code, message and field causes as the server's API
// error had them — so a remote error reads exactly like an in-process one.
//
// Thread-safety: call() and watch() may be used from any thread concurrently (gRPC channels are).
#pragma once

#include <grpcpp/channel.h>
#include <grpcpp/client_context.h>

#include <chrono>
#include <memory>
#include <string>

#include "apiserver/server.h"
#include "apiserver_service.grpc.pb.h"

namespace pilothouse::remote {

struct ConnectOptions {
    std::string address;       // HOST:PORT
    std::string token;         // bearer token ("" = anonymous)
    bool tls = false;
    std::string caCertFile;    // PEM; "" with tls: the system's roots
};

// A channel to `options.address` (not yet connected: gRPC connects on the first call).
// InvalidArgument for an empty address, NotFound for an unreadable CA file.
StatusOr<std::shared_ptr<grpc::Channel>> dial(const ConnectOptions& options);

// The Status of a finished call: OK, the API error of its k8s-status-bin trailer, or — for a call
// that never reached the service (connection refused, deadline) — the gRPC status as it is.
Status statusOfCall(const grpc::Status& status, const grpc::ClientContext& context);

class ApiClient {
public:
    ApiClient(std::shared_ptr<grpc::Channel> channel, std::string token);

    // create, get, list, update, patch, delete (and their subresources). The request's token is
    // ignored: the client's goes with every call.
    apiserver::Response call(const apiserver::Request& request, std::chrono::milliseconds timeout = std::chrono::seconds(30));

    // One Watch call: next() blocks for the next event (false when the stream ended: finish()
    // then says why). cancel() from another thread ends a blocked next().
    class Watch {
    public:
        struct Event {
            std::string type;  // ADDED MODIFIED DELETED BOOKMARK
            std::shared_ptr<google::protobuf::Message> object;
            int64_t revision = 0;
        };
        bool next(Event* event);
        Status finish();
        void cancel() { context_.TryCancel(); }

    private:
        friend class ApiClient;
        const api::ResourceType* type_ = nullptr;
        grpc::ClientContext context_;
        std::unique_ptr<grpc::ClientReader<pilothouse::apiserver::v1::WatchEvent>> reader_;
        Status decodeError_;
    };
    // Watches `type` (all namespaces when `namespace_` is ""): from `fromRevision` ("0": the
    // current objects as ADDED first), with bookmarks.
    std::unique_ptr<Watch> watch(const api::ResourceType& type, const std::string& namespace_, int64_t fromRevision);

    grpc::Channel& channel() { return *channel_; }

private:
    std::unique_ptr<grpc::ClientContext> context(std::chrono::milliseconds timeout) const;

    std::shared_ptr<grpc::Channel> channel_;
    std::unique_ptr<pilothouse::apiserver::v1::KubernetesAPI::Stub> stub_;
    std::string token_;
};

}  // namespace pilothouse::remote
