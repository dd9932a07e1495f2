#include "kubectl/cluster_snapshot.h"

#include "api/codec/json.h"
#include "api/codec/proto_json.h"
#include "api/codec/yaml.h"
#include "api/scheme.h"
#include "client/tools/pager/list_pager.h"
#include "scheduler/snapshot_scheduler.h"

namespace pilothouse::kubectl {

namespace {

namespace rest = client::rest;
using codec::Value;

// One kind's objects, page by page. NotFound when the server does not serve the kind.
StatusOr<std::vector<codec::Manifest>> listAll(rest::RESTClient& client, const api::ResourceType& type, const std::string& ns,
                                               int pageSize, std::vector<std::string>* warnings) {
    auto listed = client::pager::listAll(client, type, {ns, pageSize}, warnings);
    if (!listed) return listed.status();
    return std::move(listed->items);
}

}  // namespace

StatusOr<ClusterSnapshot> readClusterSnapshot(rest::RESTClient& client, const ClusterSnapshotOptions& options,
                                              std::vector<std::string>* warnings) {
    ClusterSnapshot snapshot;
    rest::Request version;
    version.path = "/version";
    auto v = client.send(version);
    if (!v) return v.status();
    if (v->status == 401) return Status(StatusCode::Unauthenticated, "error: You must be logged in to the server (" + rest::errorMessage(*v) + ")");
    if (v->status == 200) {
        if (auto doc = codec::parseJson(v->body); doc && doc->find("gitVersion") && doc->find("gitVersion")->isString())
            snapshot.serverVersion = doc->find("gitVersion")->asString();
    }
    for (const auto& type : api::Scheme::instance().types()) {
        if (!scheduler::readForScheduling(type.kind)) continue;
        const std::string ns = type.namespaced ? options.namespace_ : "";
        auto objects = listAll(client, type, ns, options.pageSize, warnings);
        if (!objects && objects.status().code() == StatusCode::PermissionDenied && type.namespaced && ns.empty() &&
            !options.fallbackNamespace.empty()) {
            warnings->push_back(type.resource + ": " + objects.status().message() + "; reading namespace \"" +
                                options.fallbackNamespace + "\" only");
            snapshot.partial = true;
            objects = listAll(client, type, options.fallbackNamespace, options.pageSize, warnings);
        }
        if (!objects) {
            if (objects.status().code() == StatusCode::Unauthenticated || objects.status().code() == StatusCode::Unavailable ||
                objects.status().code() == StatusCode::DeadlineExceeded || objects.status().code() == StatusCode::InvalidArgument)
                return objects.status();
            warnings->push_back(type.resource + ": " + objects.status().message() + "; left out");
            snapshot.partial = true;
            continue;
        }
        for (auto& m : *objects) snapshot.manifests.push_back(std::move(m));
    }
    return snapshot;
}

void writeSnapshot(const std::vector<codec::Manifest>& manifests, const std::string& format, std::ostream& out) {
    // The List is written an item at a time (each item's text indented into place), never held
    // whole: 150,000 pods as one value tree and one text took 2.7 GiB.
    const bool json = format == "json";
    auto indented = [&out](const std::string& text, const char* first, const char* rest) {
        size_t start = 0;
        for (bool firstLine = true; start < text.size(); firstLine = false) {
            size_t end = text.find('\n', start);
            if (end == std::string::npos) end = text.size();
            if (!firstLine) out << '\n';
            out << (firstLine ? first : rest);
            out.write(text.data() + start, std::streamsize(end - start));
            start = end + 1;
        }
    };
    out << (json ? "{\n    \"apiVersion\": \"v1\",\n    \"items\": [" : "apiVersion: v1\nitems:");
    bool any = false;
    for (const auto& m : manifests) {
        if (!m.object || !m.type) continue;
        // apiVersion and kind first, as kubectl prints an object.
        Value item = Value::object();
        item.set("apiVersion", m.type->apiVersion());
        item.set("kind", m.type->kind);
        Value encoded = codec::encodeMessage(*m.object);
        if (encoded.isObject())
            for (auto& [key, value] : encoded.asObject())
                if (key != "apiVersion" && key != "kind") item.set(key, std::move(value));
        std::string text = json ? codec::toJson(item) : codec::toYaml(item);
        while (!text.empty() && text.back() == '\n') text.pop_back();
        out << (json && any ? ",\n" : "\n");
        if (json) indented(text, "        ", "        ");
        else indented(text, "- ", "  ");
        any = true;
    }
    if (json)
        out << (any ? "\n    ],\n" : "],\n") << "    \"kind\": \"List\",\n    \"metadata\": {\n        \"resourceVersion\": \"\"\n    }\n}\n";
    else
        out << (any ? "\n" : " []\n") << "kind: List\nmetadata:\n  resourceVersion: \"\"\n";
}

}  // namespace pilothouse::kubectl
