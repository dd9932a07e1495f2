#include "remote/api_client.h"

#include <google/protobuf/descriptor.h>
#include <google/protobuf/dynamic_message.h>
#include <grpcpp/create_channel.h>
#include <grpcpp/security/credentials.h>

#include <fstream>
#include <sstream>

#include "api/codec/json.h"
#include "api/object.h"
#include "apiserver/errors.h"
#include "meta_v1.pb.h"
#include "remote/object_any.h"
#include "remote/status_mapping.h"

namespace pilothouse::remote {

namespace v1 = pilothouse::apiserver::v1;

namespace {

// The message an Any holds, whatever its type (every type of the .proto files is compiled in).
StatusOr<std::shared_ptr<google::protobuf::Message>> unpackAny(const google::protobuf::Any& any) {
    const std::string& url = any.type_url();
    const std::string name = url.substr(url.rfind('/') + 1);
    const auto* descriptor = google::protobuf::DescriptorPool::generated_pool()->FindMessageTypeByName(name);
    if (!descriptor) return Status(StatusCode::Internal, "the server sent an object of an unknown type \"" + url + "\"");
    return unpackObject(any, *descriptor, "object");
}

v1::Target targetOf(const apiserver::Request& r) {
    v1::Target t;
    t.set_group(r.type->group);
    t.set_version(r.type->version);
    t.set_resource(r.type->resource);
    t.set_namespace_(r.namespace_);
    t.set_name(r.name);
    t.set_subresource(r.subresource);
    return t;
}

void addDryRun(bool dryRun, google::protobuf::RepeatedPtrField<std::string>* out) {
    if (dryRun) out->Add("All");
}

}  // namespace

StatusOr<std::shared_ptr<grpc::Channel>> dial(const ConnectOptions& options) {
    if (options.address.empty()) return Status(StatusCode::InvalidArgument, "no address to connect to (HOST:PORT)");
    std::shared_ptr<grpc::ChannelCredentials> credentials = grpc::InsecureChannelCredentials();
    if (options.tls) {
        grpc::SslCredentialsOptions ssl;
        if (!options.caCertFile.empty()) {
            std::ifstream in(options.caCertFile, std::ios::binary);
            if (!in) return Status(StatusCode::NotFound, "cannot read the CA certificate file " + options.caCertFile);
            std::ostringstream text;
            text << in.rdbuf();
            ssl.pem_root_certs = text.str();
        }
        credentials = grpc::SslCredentials(ssl);
    }
    grpc::ChannelArguments args;
    // Large lists (thousands of pods) exceed gRPC's default 4 MB.
    args.SetMaxReceiveMessageSize(-1);
    return grpc::CreateCustomChannel(options.address, credentials, args);
}

Status statusOfCall(const grpc::Status& status, const grpc::ClientContext& context) {
    if (status.ok()) return {};
    const auto& trailers = context.GetServerTrailingMetadata();
    if (auto it = trailers.find(kStatusTrailerKey); it != trailers.end()) {
        k8s::io::apimachinery::pkg::apis::meta::v1::Status object;
        if (object.ParseFromArray(it->second.data(), int(it->second.size()))) {
            Status out(static_cast<StatusCode>(int(status.error_code())), object.message());
            if (!object.reason().empty() || object.code() != 0) out.setReason(object.reason(), object.code());
            for (const auto& c : object.details().causes()) out.addCause({c.reason(), c.message(), c.field()});
            if (object.details().retry_after_seconds() > 0) out.setRetryAfterSeconds(object.details().retry_after_seconds());
            return out;
        }
    }
    return Status(static_cast<StatusCode>(int(status.error_code())), status.error_message());
}

ApiClient::ApiClient(std::shared_ptr<grpc::Channel> channel, std::string token)
    : channel_(std::move(channel)), stub_(v1::KubernetesAPI::NewStub(channel_)), token_(std::move(token)) {}

std::unique_ptr<grpc::ClientContext> ApiClient::context(std::chrono::milliseconds timeout) const {
    auto c = std::make_unique<grpc::ClientContext>();
    if (!token_.empty()) c->AddMetadata("authorization", "Bearer " + token_);
    c->set_deadline(std::chrono::system_clock::now() + timeout);
    return c;
}

apiserver::Response ApiClient::call(const apiserver::Request& r, std::chrono::milliseconds timeout) {
    apiserver::Response out;
    if (!r.type) {
        out.status = apiserver::newBadRequest("the request names no resource type");
        return out;
    }
    auto ctx = context(timeout);
    v1::ObjectResponse single;
    grpc::Status st;
    bool isList = false;
    v1::ListResponse listed;
    if (r.verb == "create") {
        v1::CreateRequest q;
        *q.mutable_target() = targetOf(r);
        if (r.body) packObject(*r.body, q.mutable_object());
        addDryRun(r.dryRun, q.mutable_dry_run());
        st = stub_->Create(ctx.get(), q, &single);
    } else if (r.verb == "get") {
        v1::GetRequest q;
        *q.mutable_target() = targetOf(r);
        if (r.resourceVersion) q.set_resource_version(std::to_string(r.resourceVersion));
        st = stub_->Get(ctx.get(), q, &single);
    } else if (r.verb == "list") {
        v1::ListRequest q;
        *q.mutable_target() = targetOf(r);
        q.set_label_selector(r.labelSelector);
        q.set_field_selector(r.fieldSelector);
        q.set_limit(r.limit);
        q.set_continue_(r.continueToken);
        if (r.resourceVersion) q.set_resource_version(std::to_string(r.resourceVersion));
        st = stub_->List(ctx.get(), q, &listed);
        isList = true;
    } else if (r.verb == "update") {
        v1::UpdateRequest q;
        *q.mutable_target() = targetOf(r);
        if (r.body) packObject(*r.body, q.mutable_object());
        addDryRun(r.dryRun, q.mutable_dry_run());
        st = stub_->Update(ctx.get(), q, &single);
    } else if (r.verb == "patch") {
        v1::PatchRequest q;
        *q.mutable_target() = targetOf(r);
        q.set_patch_type(r.patchType == apiserver::PatchType::Json ? v1::JSON : v1::MERGE);
        q.set_patch(codec::toJson(r.patch, codec::JsonStyle::Compact));
        addDryRun(r.dryRun, q.mutable_dry_run());
        st = stub_->Patch(ctx.get(), q, &single);
    } else if (r.verb == "delete") {
        v1::DeleteRequest q;
        *q.mutable_target() = targetOf(r);
        auto* o = q.mutable_options();
        if (r.gracePeriodSeconds >= 0) o->set_grace_period_seconds(r.gracePeriodSeconds);
        if (!r.propagationPolicy.empty()) o->set_propagation_policy(r.propagationPolicy);
        if (!r.preconditionUID.empty()) o->mutable_preconditions()->set_uid(r.preconditionUID);
        if (!r.preconditionResourceVersion.empty())
            o->mutable_preconditions()->set_resource_version(r.preconditionResourceVersion);
        addDryRun(r.dryRun, o->mutable_dry_run());
        st = stub_->Delete(ctx.get(), q, &single);
    } else {
        out.status = apiserver::newMethodNotSupported(r.type->qualifiedResource(), r.verb);
        return out;
    }
    out.status = statusOfCall(st, *ctx);
    if (!out.ok()) return out;
    if (isList) {
        out.listRevision = std::atoll(listed.metadata().resource_version().c_str());
        out.continueToken = listed.metadata().continue_();
        if (listed.metadata().has_remaining_item_count()) out.remainingItemCount = listed.metadata().remaining_item_count();
        for (const auto& item : listed.items()) {
            auto object = unpackAny(item);
            if (!object) {
                out.status = object.status();
                return out;
            }
            out.items.emplace_back((*object)->New());
            out.items.back()->CopyFrom(**object);
        }
        return out;
    }
    for (const auto& w : single.warnings()) out.warnings.push_back(w);
    if (single.has_object()) {
        auto object = unpackAny(single.object());
        if (!object) {
            out.status = object.status();
            return out;
        }
        out.object.reset((*object)->New());
        out.object->CopyFrom(**object);
    }
    return out;
}

std::unique_ptr<ApiClient::Watch> ApiClient::watch(const api::ResourceType& type, const std::string& namespace_,
                                                   int64_t fromRevision) {
    auto w = std::unique_ptr<Watch>(new Watch());
    w->type_ = &type;
    if (!token_.empty()) w->context_.AddMetadata("authorization", "Bearer " + token_);
    v1::WatchRequest q;
    q.mutable_target()->set_group(type.group);
    q.mutable_target()->set_version(type.version);
    q.mutable_target()->set_resource(type.resource);
    q.mutable_target()->set_namespace_(namespace_);
    q.set_resource_version(std::to_string(fromRevision));
    q.set_allow_watch_bookmarks(true);
    w->reader_ = stub_->Watch(&w->context_, q);
    return w;
}

bool ApiClient::Watch::next(Event* event) {
    v1::WatchEvent e;
    if (!decodeError_.isOk() || !reader_->Read(&e)) return false;
    auto object = unpackObject(e.object(), *type_->descriptor, "object");
    if (!object) {
        decodeError_ = object.status();
        context_.TryCancel();
        return false;
    }
    event->type = e.type();
    event->revision = std::atoll(api::metadata(**object).resource_version().c_str());
    event->object = std::move(*object);
    return true;
}

Status ApiClient::Watch::finish() {
    grpc::Status st = reader_->Finish();
    if (!decodeError_.isOk()) return decodeError_;
    return statusOfCall(st, context_);
}

}  // namespace pilothouse::remote
