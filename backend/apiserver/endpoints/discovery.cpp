#include "apiserver/endpoints/discovery.h"

#include <map>
#include <set>
#include <vector>

#include "api/scheme.h"
#include "apiserver/endpoints/scale.h"
#include "apiserver/registry/strategy.h"

namespace pilothouse::apiserver::endpoints {

using codec::Value;

namespace {

struct Subresource {
    std::string name;
    std::string group, version, kind;  // what it answers with ("" group and version: the resource's own)
    std::vector<std::string> verbs;
};

// The subresources this API server serves on `type`.
std::vector<Subresource> subresourcesOf(const api::ResourceType& type) {
    std::vector<Subresource> out;
    if (type.group.empty() && type.resource == "pods") {
        // In kube-apiserver's (alphabetical) order; log, exec, attach and portforward answer that the
        // containers are simulated (pod_streams.h).
        out.push_back({"attach", "", "", "PodAttachOptions", {"create", "get"}});
        out.push_back({"binding", "", "", "Binding", {"create"}});
        out.push_back({"eviction", "policy", "v1", "Eviction", {"create"}});
        out.push_back({"exec", "", "", "PodExecOptions", {"create", "get"}});
        out.push_back({"log", "", "", "Pod", {"get"}});
        out.push_back({"portforward", "", "", "PodPortForwardOptions", {"create", "get"}});
    }
    if (type.group.empty() && type.resource == "namespaces")
        out.push_back({"finalize", "", "", "Namespace", {"update"}});
    if (hasScaleSubresource(type)) out.push_back({"scale", "autoscaling", "v1", "Scale", {"get", "patch", "update"}});
    if (type.supports("get") && registry::hasStatusSubresource(type))
        out.push_back({"status", "", "", type.kind, {"get", "patch", "update"}});
    return out;
}

Value strings(const std::vector<std::string>& items) {
    Value out = Value::array();
    for (const auto& s : items) out.push(s);
    return out;
}

// The groups in the order kube-apiserver lists them (its priority order), each with its versions.
std::vector<std::pair<std::string, std::vector<std::string>>> groups() {
    static const std::vector<std::string> order = {
        "", "apiregistration.k8s.io", "apps", "events.k8s.io", "authentication.k8s.io", "authorization.k8s.io",
        "autoscaling", "batch", "certificates.k8s.io", "networking.k8s.io", "policy", "rbac.authorization.k8s.io",
        "storage.k8s.io", "admissionregistration.k8s.io", "apiextensions.k8s.io", "scheduling.k8s.io",
        "coordination.k8s.io", "node.k8s.io", "discovery.k8s.io"};
    std::map<std::string, std::vector<std::string>> served;
    for (const auto& t : api::Scheme::instance().types()) {
        auto& versions = served[t.group];
        if (std::find(versions.begin(), versions.end(), t.version) == versions.end()) versions.push_back(t.version);
    }
    std::vector<std::pair<std::string, std::vector<std::string>>> out;
    for (const auto& g : order)
        if (auto it = served.find(g); it != served.end()) out.emplace_back(g, it->second);
    for (const auto& [g, versions] : served)
        if (std::find(order.begin(), order.end(), g) == order.end()) out.emplace_back(g, versions);
    return out;
}

std::vector<const api::ResourceType*> typesOf(const std::string& group, const std::string& version) {
    std::vector<const api::ResourceType*> out;
    for (const auto& t : api::Scheme::instance().types())
        if (t.group == group && t.version == version) out.push_back(&t);
    std::sort(out.begin(), out.end(), [](auto* a, auto* b) { return a->resource < b->resource; });
    return out;
}

Value groupVersionForDiscovery(const std::string& group, const std::string& version) {
    Value v = Value::object();
    v.set("groupVersion", group.empty() ? version : group + "/" + version);
    v.set("version", version);
    return v;
}

}  // namespace

bool inCategoryAll(const std::string& group, const std::string& resource) {
    static const std::set<std::pair<std::string, std::string>> all = {
        {"", "pods"},           {"", "replicationcontrollers"}, {"", "services"},
        {"apps", "daemonsets"}, {"apps", "deployments"},        {"apps", "replicasets"},
        {"apps", "statefulsets"}, {"batch", "jobs"},            {"batch", "cronjobs"},
        {"autoscaling", "horizontalpodautoscalers"}};
    return all.count({group, resource}) > 0;
}

Value apiVersions(const std::string& serverAddress) {
    Value out = Value::object();
    out.set("kind", "APIVersions");
    out.set("versions", strings({"v1"}));
    Value cidr = Value::object();
    cidr.set("clientCIDR", "0.0.0.0/0");
    cidr.set("serverAddress", serverAddress);
    Value cidrs = Value::array();
    cidrs.push(std::move(cidr));
    out.set("serverAddressByClientCIDRs", std::move(cidrs));
    return out;
}

std::optional<Value> apiGroup(const std::string& group) {
    for (const auto& [g, versions] : groups()) {
        if (g != group || g.empty()) continue;
        Value out = Value::object();
        out.set("kind", "APIGroup");
        out.set("apiVersion", "v1");
        out.set("name", g);
        Value list = Value::array();
        for (const auto& v : versions) list.push(groupVersionForDiscovery(g, v));
        out.set("versions", std::move(list));
        out.set("preferredVersion", groupVersionForDiscovery(g, versions.front()));
        return out;
    }
    return std::nullopt;
}

Value apiGroupList() {
    Value out = Value::object();
    out.set("kind", "APIGroupList");
    out.set("apiVersion", "v1");
    Value items = Value::array();
    for (const auto& [g, versions] : groups())
        if (!g.empty()) items.push(*apiGroup(g));
    out.set("groups", std::move(items));
    return out;
}

std::optional<Value> apiResourceList(const std::string& group, const std::string& version) {
    const auto types = typesOf(group, version);
    if (types.empty()) return std::nullopt;
    Value out = Value::object();
    out.set("kind", "APIResourceList");
    out.set("apiVersion", "v1");
    out.set("groupVersion", group.empty() ? version : group + "/" + version);
    Value resources = Value::array();
    for (const auto* t : types) {
        Value r = Value::object();
        r.set("name", t->resource);
        r.set("singularName", t->singular);
        r.set("namespaced", t->namespaced);
        r.set("kind", t->kind);
        r.set("verbs", strings(t->verbs));
        if (!t->shortNames.empty()) r.set("shortNames", strings(t->shortNames));
        if (inCategoryAll(t->group, t->resource)) r.set("categories", strings({"all"}));
        resources.push(std::move(r));
        for (const auto& sub : subresourcesOf(*t)) {
            Value s = Value::object();
            s.set("name", t->resource + "/" + sub.name);
            s.set("singularName", "");
            s.set("namespaced", t->namespaced);
            if (!sub.group.empty()) s.set("group", sub.group);
            if (!sub.version.empty()) s.set("version", sub.version);
            s.set("kind", sub.kind);
            s.set("verbs", strings(sub.verbs));
            resources.push(std::move(s));
        }
    }
    out.set("resources", std::move(resources));
    return out;
}

Value aggregatedDiscovery(bool legacy) {
    auto responseKind = [](const std::string& group, const std::string& version, const std::string& kind) {
        Value k = Value::object();
        k.set("group", group);
        k.set("version", version);
        k.set("kind", kind);
        return k;
    };
    Value items = Value::array();
    for (const auto& [g, versions] : groups()) {
        if (g.empty() != legacy) continue;
        Value item = Value::object();
        Value meta = Value::object();
        if (!g.empty()) meta.set("name", g);
        meta.set("creationTimestamp", nullptr);
        item.set("metadata", std::move(meta));
        Value versionList = Value::array();
        for (const auto& v : versions) {
            Value resources = Value::array();
            for (const auto* t : typesOf(g, v)) {
                Value r = Value::object();
                r.set("resource", t->resource);
                r.set("responseKind", responseKind("", "", t->kind));
                r.set("scope", t->namespaced ? "Namespaced" : "Cluster");
                r.set("singularResource", t->singular);
                r.set("verbs", strings(t->verbs));
                if (!t->shortNames.empty()) r.set("shortNames", strings(t->shortNames));
                if (inCategoryAll(t->group, t->resource)) r.set("categories", strings({"all"}));
                Value subs = Value::array();
                for (const auto& sub : subresourcesOf(*t)) {
                    Value s = Value::object();
                    s.set("subresource", sub.name);
                    s.set("responseKind", responseKind(sub.group, sub.version, sub.kind));
                    s.set("verbs", strings(sub.verbs));
                    subs.push(std::move(s));
                }
                if (subs.size() > 0) r.set("subresources", std::move(subs));
                resources.push(std::move(r));
            }
            Value version = Value::object();
            version.set("version", v);
            version.set("resources", std::move(resources));
            version.set("freshness", "Current");
            versionList.push(std::move(version));
        }
        item.set("versions", std::move(versionList));
        items.push(std::move(item));
    }
    Value out = Value::object();
    out.set("kind", "APIGroupDiscoveryList");
    out.set("apiVersion", "apidiscovery.k8s.io/v2beta1");
    out.set("metadata", Value::object());
    out.set("items", std::move(items));
    return out;
}

}  // namespace pilothouse::apiserver::endpoints
