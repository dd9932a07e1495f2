#include "cluster/scenario_recorder.h"

#include "api/codec/proto_json.h"
#include "api/object.h"

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

}  // namespace pilothouse::cluster
