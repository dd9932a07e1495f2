#include "cluster/scenario_recorder.h"

#include "api/codec/proto_json.h"
#include "api/object.h"
#include "apiserver/patch.h"
#include "core_v1.pb.h"

namespace pilothouse::cluster {

namespace {

std::string cascadeOf(const std::string& propagationPolicy) {
    if (propagationPolicy == "Foreground") return "foreground";
    if (propagationPolicy == "Orphan") return "orphan";
    return "";  // background, kubectl's default
}

}  // namespace

std::optional<ScenarioAction> toScenarioAction(const apiserver::Request& request, sim::Duration at) {
    if (request.dryRun || !request.type) return std::nullopt;
    ScenarioAction a;
    a.at = at;
    a.kind = request.type->kind;
    a.name = request.name;
    a.namespace_ = request.namespace_;
    if ((request.verb == "create" || request.verb == "update") && request.subresource.empty() && request.body) {
        a.action = "apply";
        a.kind.clear();
        a.name.clear();
        a.namespace_.clear();
        a.manifest = codec::encodeMessage(*request.body);
        a.manifest.set("apiVersion", codec::Value(request.type->apiVersion()));
        a.manifest.set("kind", codec::Value(request.type->kind));
        if (codec::Value* meta = a.manifest.find("metadata")) {
            meta->erase("resourceVersion");
            if (request.type->namespaced && !request.namespace_.empty()) meta->set("namespace", codec::Value(request.namespace_));
        }
        a.manifest.erase("status");
        return a;
    }
    if (request.verb == "create" && request.subresource == "binding") {
        const auto* binding = dynamic_cast<const k8s::io::api::core::v1::Binding*>(request.body.get());
        if (!binding || binding->target().name().empty()) return std::nullopt;
        a.action = "bind";
        a.kind.clear();
        if (a.name.empty()) a.name = binding->metadata().name();
        a.node = binding->target().name();
        return a;
    }
    if (request.verb == "create" && request.subresource == "eviction") {
        a.action = "evict";
        a.kind.clear();
        return a;
    }
    if (request.verb == "patch" && request.patchType == apiserver::PatchType::Merge &&
        (request.subresource.empty() || request.subresource == "status")) {
        a.action = "patch";
        a.subresource = request.subresource;
        a.patch = request.patch;
        // The precondition held when the request was made; a replay reaches the same object.
        if (codec::Value* meta = a.patch.find("metadata")) {
            meta->erase("resourceVersion");
            if (meta->isObject() && meta->asObject().empty()) a.patch.erase("metadata");
        }
        return a;
    }
    if (request.verb == "delete" && request.subresource.empty()) {
        a.action = "delete";
        a.cascade = cascadeOf(request.propagationPolicy);
        if (request.gracePeriodSeconds >= 0) a.gracePeriodSeconds = request.gracePeriodSeconds;
        return a;
    }
    return std::nullopt;
}

namespace {

// An object as JSON without what the API server sets itself (a replay's server sets its own).
codec::Value userFields(const google::protobuf::Message& object) {
    codec::Value v = codec::encodeMessage(object);
    if (codec::Value* meta = v.find("metadata")) {
        for (const char* key : {"resourceVersion", "generation", "managedFields", "uid", "creationTimestamp",
                                "deletionTimestamp", "deletionGracePeriodSeconds", "selfLink"})
            meta->erase(key);
    }
    return v;
}

}  // namespace

std::vector<ScenarioAction> observedChange(const api::ResourceType& type, const std::string& namespace_,
                                           const std::string& name, const google::protobuf::Message* before,
                                           const google::protobuf::Message* after, sim::Duration at) {
    std::vector<ScenarioAction> out;
    if (!after) return out;  // deleted: delete requests are recorded as such
    codec::Value now = userFields(*after);
    if (!before) {
        ScenarioAction a;
        a.at = at;
        a.action = "apply";
        a.manifest = now;
        a.manifest.set("apiVersion", codec::Value(type.apiVersion()));
        a.manifest.set("kind", codec::Value(type.kind));
        a.manifest.erase("status");
        out.push_back(std::move(a));
        return out;
    }
    codec::Value was = userFields(*before);
    const codec::Value* statusWas = was.find("status");
    const codec::Value* statusNow = now.find("status");
    codec::Value statusPatch = apiserver::createMergePatch(
        statusWas ? *statusWas : codec::Value::object(), statusNow ? *statusNow : codec::Value::object());
    was.erase("status");
    now.erase("status");
    codec::Value objectPatch = apiserver::createMergePatch(was, now);
    auto patchAction = [&](codec::Value patch, const std::string& subresource) {
        ScenarioAction a;
        a.at = at;
        a.action = "patch";
        a.kind = type.kind;
        a.name = name;
        a.namespace_ = namespace_;
        a.subresource = subresource;
        a.patch = std::move(patch);
        out.push_back(std::move(a));
    };
    if (objectPatch.isObject() && !objectPatch.asObject().empty()) patchAction(std::move(objectPatch), "");
    if (statusPatch.isObject() && !statusPatch.asObject().empty()) {
        codec::Value patch = codec::Value::object();
        patch.set("status", std::move(statusPatch));
        patchAction(std::move(patch), "status");
    }
    return out;
}

}  // namespace pilothouse::cluster
