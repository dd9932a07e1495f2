#include "apiserver/endpoints/scale.h"

#include "api/codec/json.h"
#include "api/codec/proto_json.h"
#include "api/labels.h"
#include "api/object.h"
#include "apiserver/endpoints/responses.h"
#include "apiserver/patch.h"

namespace pilothouse::apiserver::endpoints {

using codec::Value;

namespace {

// The Scale of an object, as the API server's conversion makes it.
Value scaleOf(const google::protobuf::Message& object) {
    const Value doc = codec::encodeMessage(object);
    const auto& meta = api::metadata(object);
    Value m = Value::object();
    m.set("name", meta.name());
    m.set("namespace", meta.namespace_());
    m.set("uid", meta.uid());
    m.set("resourceVersion", meta.resource_version());
    m.set("creationTimestamp", meta.creation_timestamp());
    int64_t wanted = 1, current = 0;
    std::string selector;
    if (const Value* spec = doc.find("spec")) {
        if (const Value* r = spec->find("replicas"); r && r->isInt()) wanted = r->asInt();
        if (const Value* s = spec->find("selector"); s && s->isObject()) {
            k8s::io::apimachinery::pkg::apis::meta::v1::LabelSelector parsed;
            std::vector<std::string> ignored;
            if (codec::decodeMessage(*s, &parsed, &ignored).isOk())
                if (auto sel = api::Selector::fromLabelSelector(parsed)) selector = sel->toString();
        }
    }
    if (const Value* status = doc.find("status"))
        if (const Value* r = status->find("replicas"); r && r->isInt()) current = r->asInt();
    Value spec = Value::object();
    spec.set("replicas", wanted);
    Value status = Value::object();
    status.set("replicas", current);
    if (!selector.empty()) status.set("selector", selector);
    Value scale = Value::object();
    scale.set("kind", "Scale");
    scale.set("apiVersion", "autoscaling/v1");
    scale.set("metadata", std::move(m));
    scale.set("spec", std::move(spec));
    scale.set("status", std::move(status));
    return scale;
}

}  // namespace

bool hasScaleSubresource(const api::ResourceType& type) {
    return (type.group == "apps" && (type.resource == "deployments" || type.resource == "replicasets" ||
                                     type.resource == "statefulsets")) ||
           (type.group.empty() && type.resource == "replicationcontrollers");
}

HttpResponse serveScale(remote::ApiBackend& backend, const Request& request, const std::string& method,
                        const std::string& contentType, const std::string& body) {
    const StatusSubject subject{request.type->group, request.type->resource + "/scale", "Scale", request.name};
    Attributes attributes;
    attributes.verb = method == "GET" ? "get" : method == "PUT" ? "update" : "patch";
    attributes.apiGroup = request.type->group;
    attributes.apiVersion = request.type->version;
    attributes.resource = request.type->resource;
    attributes.subresource = "scale";
    attributes.namespace_ = request.namespace_;
    attributes.name = request.name;
    if (Status st = backend.authorize(request.token, attributes); !st.isOk()) return errorResponse(st, subject);

    Request get = request;
    get.verb = "get";
    get.subresource.clear();
    Response current = backend.handle(get);
    if (!current.ok()) return errorResponse(current.status, subject);
    Value scale = scaleOf(*current.object);
    if (method == "GET") return jsonResponse(200, scale);

    Value changed;
    if (method == "PUT") {
        auto parsed = codec::parseJson(body);
        if (!parsed || !parsed->isObject()) return errorResponse(newBadRequest(parsed ? "the body must be a Scale" : parsed.status().message()), subject);
        changed = std::move(*parsed);
    } else if (method == "PATCH") {
        auto patch = codec::parseJson(body);
        if (!patch) return errorResponse(newBadRequest(patch.status().message()), subject);
        if (contentType == "application/json-patch+json") {
            auto r = applyJsonPatch(scale, *patch);
            if (!r) return errorResponse(newBadRequest(r.status().message()), subject);
            changed = std::move(*r);
        } else if (contentType == "application/merge-patch+json" || contentType == "application/strategic-merge-patch+json") {
            // A Scale has no lists: a strategic merge patch is a merge patch.
            changed = applyMergePatch(scale, *patch);
        } else {
            return errorResponse(newUnsupportedMediaType("application/json-patch+json, application/merge-patch+json, "
                                                         "application/strategic-merge-patch+json"),
                                 subject);
        }
    } else {
        return errorResponse(newMethodNotAllowed(), subject);
    }
    const Value* spec = changed.find("spec");
    const Value* replicas = spec ? spec->find("replicas") : nullptr;
    if (!replicas || !replicas->isInt() || replicas->asInt() < 0)
        return errorResponse(newInvalid("Scale", request.name,
                                        {validation::invalid("spec.replicas", replicas ? replicas->numberText() : "null",
                                                             "must be greater than or equal to 0")}),
                             subject);
    // spec.replicas of the object, guarded by the resourceVersion the Scale was read at.
    Request update = request;
    update.verb = "patch";
    update.subresource.clear();
    update.patchType = PatchType::Merge;
    Value patch = Value::object();
    Value patchSpec = Value::object();
    patchSpec.set("replicas", replicas->asInt());
    patch.set("spec", std::move(patchSpec));
    Value patchMeta = Value::object();
    patchMeta.set("resourceVersion", api::metadata(*current.object).resource_version());
    patch.set("metadata", std::move(patchMeta));
    update.patch = std::move(patch);
    Response result = backend.handle(update);
    if (!result.ok()) return errorResponse(result.status, subject);
    return jsonResponse(200, scaleOf(*result.object));
}

}  // namespace pilothouse::apiserver::endpoints
