#include "remote/kubernetes_api_service.h"

#include "api/codec/json.h"
#include "api/object.h"
#include "apiserver/errors.h"
#include "core_v1.pb.h"
#include "policy_v1.pb.h"
#include "remote/bearer_token.h"
#include "remote/object_any.h"
#include "remote/request_options.h"
#include "remote/status_mapping.h"
#include "remote/target.h"

namespace pilothouse::remote {

using pilothouse::apiserver::v1::Target;

namespace {

// Ends a call with `status`, the metav1.Status attached as trailing metadata.
grpc::Status fail(grpc::ServerContextBase* context, const Status& status, const StatusSubject& subject) {
    std::string bytes;
    grpc::Status out = toGrpcStatus(status, subject, &bytes);
    context->AddTrailingMetadata(kStatusTrailerKey, bytes);
    return out;
}

// The API server's answer for a single-object verb.
grpc::Status reply(grpc::ServerContextBase* context, const apiserver::Response& response, const StatusSubject& subject,
                   pilothouse::apiserver::v1::ObjectResponse* out) {
    if (!response.ok()) return fail(context, response.status, subject);
    if (response.object) {
        packObject(*response.object, out->mutable_object());
    } else {
        packObject(apiserver::toStatusObject(Status()), out->mutable_object());
    }
    for (const auto& w : response.warnings) out->add_warnings(w);
    return grpc::Status::OK;
}

apiserver::Request baseRequest(const char* verb, const api::ResourceType* type, const Target& target,
                               const grpc::ServerContextBase& context) {
    apiserver::Request r;
    r.verb = verb;
    r.type = type;
    r.namespace_ = target.namespace_();
    r.name = target.name();
    r.subresource = target.subresource();
    r.token = bearerToken(context);
    return r;
}

}  // namespace

KubernetesApiService::KubernetesApiService(ApiBackend& api, ServiceOptions options)
    : api_(api), options_(std::move(options)), dispatcher_(options_.dispatcher) {}

KubernetesApiService::~KubernetesApiService() { watches_.stopAll(); }

grpc::Status KubernetesApiService::Create(grpc::ServerContext* context, const CreateRequest* request, ObjectResponse* response) {
    const Target& target = request->target();
    auto type = resolveTarget(target, {NameRule::Optional, {"binding", "eviction"}, "create"});
    if (!type) return fail(context, type.status(), subjectOf(target, nullptr, ""));
    const std::string& sub = target.subresource();
    const google::protobuf::Descriptor* expected = (*type)->descriptor;
    if (sub == "binding") expected = k8s::io::api::core::v1::Binding::descriptor();
    if (sub == "eviction") expected = k8s::io::api::policy::v1::Eviction::descriptor();
    auto object = unpackObject(request->object(), *expected, "object");
    if (!object) return fail(context, object.status(), subjectOf(target, *type, ""));
    const auto& meta = api::metadata(**object);
    const StatusSubject subject = subjectOf(target, *type, sub.empty() ? meta.name() : target.name());
    auto dryRun = parseDryRun(request->dry_run(), "CreateOptions");
    if (!dryRun) return fail(context, dryRun.status(), subject);
    apiserver::Request r = baseRequest("create", *type, target, *context);
    if (sub.empty()) {
        if (!target.name().empty() && target.name() != meta.name())
            return fail(context,
                        apiserver::newBadRequest("target.name: must be empty or the object's metadata.name (" + meta.name() + ")"),
                        subject);
        r.name.clear();
        // POST to the collection of the object's own namespace when the target names none.
        if (r.namespace_.empty() && (*type)->namespaced) r.namespace_ = meta.namespace_();
    }
    r.body = std::move(*object);
    r.dryRun = *dryRun;
    return reply(context, api_.handle(r), subject, response);
}

grpc::Status KubernetesApiService::Get(grpc::ServerContext* context, const GetRequest* request, ObjectResponse* response) {
    const Target& target = request->target();
    auto type = resolveTarget(target, {NameRule::Required, {"status"}, "get"});
    if (!type) return fail(context, type.status(), subjectOf(target, nullptr, ""));
    const StatusSubject subject = subjectOf(target, *type, "");
    auto revision = parseResourceVersion(request->resource_version(), "resource_version");
    if (!revision) return fail(context, revision.status(), subject);
    apiserver::Request r = baseRequest("get", *type, target, *context);
    r.resourceVersion = *revision;
    return reply(context, api_.handle(r), subject, response);
}

grpc::Status KubernetesApiService::List(grpc::ServerContext* context, const ListRequest* request, ListResponse* response) {
    const Target& target = request->target();
    auto type = resolveTarget(target, {NameRule::Forbidden, {}, "list"});
    if (!type) return fail(context, type.status(), subjectOf(target, nullptr, ""));
    const StatusSubject subject = subjectOf(target, *type, "");
    auto revision = parseResourceVersion(request->resource_version(), "resource_version");
    if (!revision) return fail(context, revision.status(), subject);
    if (request->limit() < 0)
        return fail(context, apiserver::newBadRequest("limit: must be greater than or equal to 0"), subject);
    apiserver::Request r = baseRequest("list", *type, target, *context);
    r.labelSelector = request->label_selector();
    r.fieldSelector = request->field_selector();
    r.resourceVersion = *revision;
    r.limit = request->limit();
    r.continueToken = request->continue_();
    apiserver::Response result = api_.handle(r);
    if (!result.ok()) return fail(context, result.status, subject);
    auto* meta = response->mutable_metadata();
    meta->set_resource_version(std::to_string(result.listRevision));
    meta->set_continue_(result.continueToken);
    if (result.remainingItemCount) meta->set_remaining_item_count(*result.remainingItemCount);
    for (const auto& item : result.items) packObject(*item, response->add_items());
    return grpc::Status::OK;
}

grpc::Status KubernetesApiService::Update(grpc::ServerContext* context, const UpdateRequest* request, ObjectResponse* response) {
    const Target& target = request->target();
    auto type = resolveTarget(target, {NameRule::Required, {"status"}, "update"});
    if (!type) return fail(context, type.status(), subjectOf(target, nullptr, ""));
    const StatusSubject subject = subjectOf(target, *type, "");
    auto object = unpackObject(request->object(), *(*type)->descriptor, "object");
    if (!object) return fail(context, object.status(), subject);
    auto dryRun = parseDryRun(request->dry_run(), "UpdateOptions");
    if (!dryRun) return fail(context, dryRun.status(), subject);
    apiserver::Request r = baseRequest("update", *type, target, *context);
    r.body = std::move(*object);
    r.dryRun = *dryRun;
    return reply(context, api_.handle(r), subject, response);
}

grpc::Status KubernetesApiService::Patch(grpc::ServerContext* context, const PatchRequest* request, ObjectResponse* response) {
    const Target& target = request->target();
    auto type = resolveTarget(target, {NameRule::Required, {"status"}, "patch"});
    if (!type) return fail(context, type.status(), subjectOf(target, nullptr, ""));
    const StatusSubject subject = subjectOf(target, *type, "");
    apiserver::Request r = baseRequest("patch", *type, target, *context);
    switch (request->patch_type()) {
        case pilothouse::apiserver::v1::MERGE: r.patchType = apiserver::PatchType::Merge; break;
        case pilothouse::apiserver::v1::JSON: r.patchType = apiserver::PatchType::Json; break;
        default:
            return fail(context, apiserver::newBadRequest("patch_type: must be MERGE (application/merge-patch+json) or JSON (application/json-patch+json)"), subject);
    }
    auto patch = codec::parseJson(request->patch());
    if (!patch) return fail(context, apiserver::newBadRequest("patch: invalid JSON: " + patch.status().message()), subject);
    if (r.patchType == apiserver::PatchType::Merge && !patch->isObject())
        return fail(context, apiserver::newBadRequest("patch: a merge patch must be a JSON object"), subject);
    if (r.patchType == apiserver::PatchType::Json && !patch->isArray())
        return fail(context, apiserver::newBadRequest("patch: a JSON patch must be an array of operations"), subject);
    auto dryRun = parseDryRun(request->dry_run(), "PatchOptions");
    if (!dryRun) return fail(context, dryRun.status(), subject);
    r.patch = std::move(*patch);
    r.dryRun = *dryRun;
    return reply(context, api_.handle(r), subject, response);
}

grpc::Status KubernetesApiService::Delete(grpc::ServerContext* context, const DeleteRequest* request, ObjectResponse* response) {
    const Target& target = request->target();
    auto type = resolveTarget(target, {NameRule::Required, {}, "delete"});
    if (!type) return fail(context, type.status(), subjectOf(target, nullptr, ""));
    const StatusSubject subject = subjectOf(target, *type, "");
    const auto& options = request->options();
    auto dryRun = parseDryRun(options.dry_run(), "DeleteOptions");
    if (!dryRun) return fail(context, dryRun.status(), subject);
    apiserver::Request r = baseRequest("delete", *type, target, *context);
    if (options.has_grace_period_seconds()) {
        if (options.grace_period_seconds() < 0)
            return fail(context, apiserver::newBadRequest("options.grace_period_seconds: must be greater than or equal to 0"), subject);
        r.gracePeriodSeconds = options.grace_period_seconds();
    }
    r.propagationPolicy = options.propagation_policy();
    r.preconditionUID = options.preconditions().uid();
    r.preconditionResourceVersion = options.preconditions().resource_version();
    r.dryRun = *dryRun;
    return reply(context, api_.handle(r), subject, response);
}

grpc::ServerWriteReactor<grpc::ByteBuffer>* KubernetesApiService::Watch(grpc::CallbackServerContext* context,
                                                                        const grpc::ByteBuffer* request) {
    return WatchReactor::start(api_, watches_, dispatcher_, options_.watch, context, *request);
}

}  // namespace pilothouse::remote
