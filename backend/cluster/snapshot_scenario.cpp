#include "cluster/snapshot_scenario.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "api/object.h"
#include "api/scheme.h"
#include "core_v1.pb.h"

namespace pilothouse::cluster {

namespace {

// Made by the control plane itself: a snapshot's copies would only be stale.
const std::set<std::string> kSkippedKinds = {"Event", "Endpoints", "EndpointSlice", "Lease"};

// The place objects are created in: what others refer to first.
int creationRank(const std::string& kind) {
    if (kind == "Namespace") return 0;
    if (kind == "PriorityClass") return 1;
    if (kind == "Node") return 2;
    if (kind == "Pod") return 4;
    return 3;
}

// What the API server set, taken out so the object can be created again.
void stripServerFields(codec::Value& object, const std::string& kind) {
    if (codec::Value* md = object.find("metadata"); md && md->isObject()) {
        for (const char* key : {"uid", "resourceVersion", "generation", "creationTimestamp", "managedFields", "selfLink",
                                "deletionTimestamp", "deletionGracePeriodSeconds", "ownerReferences"})
            md->erase(key);
    }
    if (kind == "Pod") {
        object.erase("status");
    } else if (kind == "Node") {
        if (codec::Value* status = object.find("status"); status && status->isObject()) {
            codec::Value kept = codec::Value::object();
            for (const char* key : {"capacity", "allocatable", "addresses", "images"})
                if (const codec::Value* v = status->find(key)) kept.set(key, *v);
            *status = std::move(kept);
        }
    } else if (kind != "Namespace" && kind != "PriorityClass") {
        // A workload's status is its controller's to write.
        object.erase("status");
    }
}

std::string stem(const std::string& path) { return std::filesystem::path(path).stem().string(); }

}  // namespace

StatusOr<Scenario> scenarioFromSnapshot(const std::vector<SnapshotFile>& files, std::vector<std::string>* warnings) {
    Scenario s;
    std::vector<codec::Manifest> objects;
    std::set<std::string> namespaces, declaredNamespaces;
    int nodes = 0, pods = 0;
    bool ownersDropped = false;
    codec::LoadOptions options;
    options.unknownKinds = codec::UnknownKinds::Keep;
    for (const auto& file : files) {
        auto manifests = codec::loadManifests(file.text, file.path, warnings, options);
        if (!manifests) return manifests.status();
        if (manifests->empty()) return Status(StatusCode::InvalidArgument, file.path + ": no objects in the file");
        for (auto& m : *manifests) {
            if (!m.type) {
                if (warnings) warnings->push_back(m.location() + ": kind \"" + m.kind + "\" (" + m.apiVersion + ") is not served; skipped");
                continue;
            }
            if (kSkippedKinds.contains(m.kind)) continue;
            codec::Value object = m.raw;
            if (const codec::Value* md = object.find("metadata"); md && md->find("ownerReferences")) ownersDropped = true;
            stripServerFields(object, m.kind);
            auto decoded = codec::decodeObject(object, *m.type, warnings);
            if (!decoded) return decoded.status().withContext(m.location() + ": ");
            m.object = std::move(*decoded);
            m.raw = std::move(object);
            const auto& meta = api::metadata(*m.object);
            if (m.type->namespaced) namespaces.insert(meta.namespace_().empty() ? "default" : meta.namespace_());
            if (m.kind == "Namespace") declaredNamespaces.insert(meta.name());
            if (m.kind == "Node") ++nodes;
            if (m.kind == "Pod") ++pods;
            objects.push_back(std::move(m));
        }
    }
    if (ownersDropped && warnings)
        warnings->push_back("ownerReferences were dropped: the owners get new UIDs when they are created again");
    // The namespaces the objects live in, unless the snapshot has them.
    const api::ResourceType* namespaceType = api::Scheme::instance().byKind("v1", "Namespace");
    for (const auto& ns : namespaces) {
        if (declaredNamespaces.contains(ns) || !namespaceType) continue;
        codec::Manifest m;
        m.source = files.front().path;
        m.apiVersion = "v1";
        m.kind = "Namespace";
        m.type = namespaceType;
        m.raw = codec::Value::object();
        m.raw.set("apiVersion", codec::Value("v1"));
        m.raw.set("kind", codec::Value("Namespace"));
        m.raw["metadata"].set("name", codec::Value(ns));
        auto decoded = codec::decodeObject(m.raw, *namespaceType, warnings);
        if (!decoded) return decoded.status();
        m.object = std::move(*decoded);
        objects.push_back(std::move(m));
    }
    std::stable_sort(objects.begin(), objects.end(),
                     [](const codec::Manifest& a, const codec::Manifest& b) { return creationRank(a.kind) < creationRank(b.kind); });
    s.objects = std::move(objects);
    const size_t pending = unboundPods(s).size();
    std::string names;
    for (const auto& f : files) names += (names.empty() ? "" : ", ") + std::filesystem::path(f.path).filename().string();
    s.name = stem(files.front().path);
    s.description = "A snapshot of a real cluster, read from " + names + ": " + std::to_string(nodes) + " node(s), " +
                    std::to_string(pods) + " pod(s), " + std::to_string(pending) +
                    " of them not bound to a node. The bound pods are started by the simulated kubelets; the others "
                    "go through kube-scheduler.";
    s.learningGoal =
        "Why is a pod pending? Select it: the explainer shows kube-scheduler's FailedScheduling message, every node "
        "against every filter plugin, and the smallest change that would make it fit.";
    return s;
}

std::vector<std::string> unboundPods(const Scenario& scenario) {
    std::vector<std::string> out;
    for (const auto& m : scenario.objects) {
        if (m.kind != "Pod" || !m.object) continue;
        const auto& pod = static_cast<const k8s::io::api::core::v1::Pod&>(*m.object);
        if (!pod.spec().node_name().empty()) continue;
        const std::string& ns = pod.metadata().namespace_();
        out.push_back((ns.empty() ? std::string("default") : ns) + "/" + pod.metadata().name());
    }
    return out;
}

StatusOr<Scenario> scenarioFromSnapshotFiles(const std::vector<std::string>& paths, std::vector<std::string>* warnings) {
    if (paths.empty()) return Status(StatusCode::InvalidArgument, "no snapshot file given");
    std::vector<SnapshotFile> files;
    for (const auto& path : paths) {
        std::ifstream in(path, std::ios::binary);
        if (!in) return Status(StatusCode::NotFound, path + ": cannot open the file");
        std::stringstream buf;
        buf << in.rdbuf();
        files.push_back({path, buf.str()});
    }
    return scenarioFromSnapshot(files, warnings);
}

}  // namespace pilothouse::cluster
