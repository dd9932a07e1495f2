// A control plane served over a real loopback gRPC connection for the remote tests: the control
// plane with a tokens file (alice: system:masters, bob: group students), the gRPC server on
// 127.0.0.1 with a picked port, and a client stub with helpers to call it as a user and to read
// a failed call's trailing metav1.Status.
#pragma once

#include <QTemporaryDir>

#include <grpcpp/create_channel.h>
#include <grpcpp/security/credentials.h>

#include <fstream>
#include <memory>
#include <string>

#include "api/codec/manifest.h"
#include "api/object.h"
#include "apiserver_service.grpc.pb.h"
#include "controlplane/control_plane.h"
#include "meta_v1.pb.h"
#include "remote/server.h"
#include "remote/status_mapping.h"
#include "sim/clock.h"

namespace remote_test {

namespace v1 = pilothouse::apiserver::v1;
namespace meta = k8s::io::apimachinery::pkg::apis::meta::v1;

inline constexpr const char* kAdminToken = "admin-token";
inline constexpr const char* kStudentToken = "student-token";

inline v1::Target target(const std::string& resource, const std::string& ns = {}, const std::string& name = {},
                         const std::string& group = {}, const std::string& subresource = {}) {
    v1::Target t;
    t.set_group(group);
    t.set_version("v1");
    t.set_resource(resource);
    t.set_namespace_(ns);
    t.set_name(name);
    t.set_subresource(subresource);
    return t;
}

// The first object of a YAML manifest.
inline std::unique_ptr<google::protobuf::Message> object(const std::string& yaml) {
    std::vector<std::string> warnings;
    auto ms = pilothouse::codec::loadManifests(yaml, "test.yaml", &warnings);
    if (!ms || ms->empty()) qFatal("bad test manifest: %s", ms.status().message().c_str());
    return std::move((*ms)[0].object);
}

inline std::string podYaml(const std::string& ns, const std::string& name, const std::string& extra = {}) {
    return "apiVersion: v1\nkind: Pod\nmetadata: {name: " + name + ", namespace: " + ns + extra +
           "}\nspec:\n  containers:\n  - {name: c, image: nginx}\n";
}

// A client context carrying `token` as "authorization: Bearer TOKEN".
inline std::unique_ptr<grpc::ClientContext> as(const std::string& token, int timeoutSeconds = 30) {
    auto context = std::make_unique<grpc::ClientContext>();
    if (!token.empty()) context->AddMetadata("authorization", "Bearer " + token);
    context->set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(timeoutSeconds));
    return context;
}

// The metav1.Status of a failed call's "k8s-status-bin" trailer (kind empty when absent).
inline meta::Status trailingStatus(const grpc::ClientContext& context) {
    meta::Status status;
    const auto& trailers = context.GetServerTrailingMetadata();
    auto it = trailers.find(pilothouse::remote::kStatusTrailerKey);
    if (it != trailers.end()) status.ParseFromArray(it->second.data(), int(it->second.size()));
    return status;
}

// Checks a failed call (a struct with a grpc::Status `status` and the trailing meta.v1.Status `k8s`): its gRPC code, and the trailing Status with reason, HTTP code and the
// same message as the gRPC status.
#define EXPECT_API_ERROR(result, grpcCode, reasonText, http)                                                   \
    do {                                                                                                       \
        QCOMPARE(int((result).status.error_code()), int(grpcCode));                                            \
        QCOMPARE((result).k8s.kind(), std::string("Status"));                                                  \
        QCOMPARE((result).k8s.status(), std::string("Failure"));                                               \
        QCOMPARE((result).k8s.reason(), std::string(reasonText));                                              \
        QCOMPARE((result).k8s.code(), http);                                                                   \
        QCOMPARE((result).k8s.message(), (result).status.error_message());                                     \
    } while (0)

class Cluster {
public:
    // Starts the control plane and the server; check ok() (and error()) before use.
    explicit Cluster(pilothouse::remote::ServerOptions options = {}) {
        tokens_ = dir_.filePath(QStringLiteral("tokens.csv")).toStdString();
        std::ofstream(tokens_) << "admin-token,alice,1,system:masters\n"
                                  "student-token,bob,2,\"students\"\n";
        pilothouse::controlplane::Options o;
        o.tokenFile = tokens_;
        auto cp = pilothouse::controlplane::ControlPlane::start(o, clock_);
        if (!cp) {
            error_ = cp.status().message();
            return;
        }
        cp_ = std::move(*cp);
        if (options.listenAddress == "127.0.0.1:7443") options.listenAddress = "127.0.0.1:0";
        options.authenticates = true;
        auto server = pilothouse::remote::Server::start(cp_->apiServer(), options);
        if (!server) {
            error_ = server.status().message();
            return;
        }
        server_ = std::move(*server);
        if (options.tlsCertFile.empty()) connect();
    }

    bool ok() const { return server_ != nullptr; }
    const std::string& error() const { return error_; }
    pilothouse::controlplane::ControlPlane& controlPlane() { return *cp_; }
    pilothouse::remote::Server& server() { return *server_; }
    v1::KubernetesAPI::Stub& api() { return *stub_; }
    const std::string& address() const { return server_->address(); }
    QTemporaryDir& dir() { return dir_; }

    // A fresh connection (a client that dropped and came back).
    void connect(std::shared_ptr<grpc::ChannelCredentials> credentials = grpc::InsecureChannelCredentials(),
                 const grpc::ChannelArguments& args = {}) {
        channel_ = grpc::CreateCustomChannel(server_->address(), credentials, args);
        stub_ = v1::KubernetesAPI::NewStub(channel_);
    }
    std::shared_ptr<grpc::Channel> channel() { return channel_; }

    // Creates `yaml`'s object as alice; returns its resourceVersion ("" and a qWarning on failure).
    std::string create(const std::string& resource, const std::string& yaml, const std::string& group = {}) {
        auto obj = object(yaml);
        v1::CreateRequest request;
        *request.mutable_target() = target(resource, pilothouse::api::metadata(*obj).namespace_(), {}, group);
        request.mutable_object()->PackFrom(*obj);
        v1::ObjectResponse response;
        auto context = as(kAdminToken);
        grpc::Status st = stub_->Create(context.get(), request, &response);
        if (!st.ok()) {
            qWarning("create failed: %s", st.error_message().c_str());
            return {};
        }
        auto created = pilothouse::api::Scheme::instance().byName(resource)->newObject();
        response.object().UnpackTo(created.get());
        return pilothouse::api::metadata(*created).resource_version();
    }

private:
    QTemporaryDir dir_;
    std::string tokens_;
    pilothouse::sim::VirtualClock clock_;
    std::unique_ptr<pilothouse::controlplane::ControlPlane> cp_;
    std::unique_ptr<pilothouse::remote::Server> server_;
    std::shared_ptr<grpc::Channel> channel_;
    std::unique_ptr<v1::KubernetesAPI::Stub> stub_;
    std::string error_;
};

}  // namespace remote_test
