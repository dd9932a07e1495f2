#include "cluster/snapshot_scenario.h"

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <set>

#include "api/codec/manifest.h"
#include "api/object.h"
#include "api/scheme.h"
#include "core_v1.pb.h"
#include "util/on_every_core.h"

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

// What the API server set, taken out of the decoded object so it can be created again. Returns
// whether it had ownerReferences.
bool stripServerFields(google::protobuf::Message* object, const std::string& kind) {
    auto* meta = api::mutableMetadata(object);
    const bool owned = meta->owner_references_size() > 0;
    meta->clear_uid();
    meta->clear_resource_version();
    meta->clear_generation();
    meta->clear_creation_timestamp();
    meta->clear_managed_fields();
    meta->clear_self_link();
    meta->clear_deletion_timestamp();
    meta->clear_deletion_grace_period_seconds();
    meta->clear_owner_references();
    const google::protobuf::FieldDescriptor* status = object->GetDescriptor()->FindFieldByName("status");
    if (!status || status->type() != google::protobuf::FieldDescriptor::TYPE_MESSAGE) return owned;
    const google::protobuf::Reflection* reflection = object->GetReflection();
    if (kind == "Node") {
        // Its simulated kubelet reports the rest (conditions, node info, ...).
        google::protobuf::Message* nodeStatus = reflection->MutableMessage(object, status);
        const google::protobuf::Descriptor* d = nodeStatus->GetDescriptor();
        for (int i = 0; i < d->field_count(); ++i) {
            const std::string& name = d->field(i)->name();
            if (name != "capacity" && name != "allocatable" && name != "addresses" && name != "images")
                nodeStatus->GetReflection()->ClearField(nodeStatus, d->field(i));
        }
    } else if (kind != "Namespace" && kind != "PriorityClass") {
        // A pod's status is its kubelet's to write; a workload's its controller's.
        reflection->ClearField(object, status);
    }
    return owned;
}

std::string stem(const std::string& path) { return std::filesystem::path(path).stem().string(); }

}  // namespace

namespace {

// A file's objects as read: decoded, without their documents and managedFields (the scenario keeps
// the typed objects only; a snapshot of 150,000 pods then exists once in memory).
struct ReadFile {
    std::string path;
    StatusOr<std::vector<codec::Manifest>> objects;
};

codec::LoadOptions snapshotLoadOptions() {
    codec::LoadOptions options;
    options.unknownKinds = codec::UnknownKinds::Keep;
    options.keepRaw = false;
    options.dropManagedFields = true;
    return options;
}

StatusOr<Scenario> scenarioFromFiles(std::vector<ReadFile> files, std::vector<std::string>* warnings) {
    Scenario s;
    size_t total = 0;
    for (auto& manifests : files) {
        if (!manifests.objects) return manifests.objects.status();
        if (manifests.objects->empty()) return Status(StatusCode::InvalidArgument, manifests.path + ": no objects in the file");
        total += manifests.objects->size();
    }
    // What the API server set is taken out on every core (150,000 pods' statuses to free), then the
    // objects are put in creation order: one list per rank, joined.
    std::atomic<bool> ownersDropped = false;
    for (auto& manifests : files) {
        auto& ms = *manifests.objects;
        util::onEveryCore(ms.size(), ms.size(), 1000, [&](size_t begin, size_t end) {
            bool dropped = false;
            for (size_t i = begin; i < end; ++i)
                if (ms[i].type && !kSkippedKinds.contains(ms[i].kind) && stripServerFields(ms[i].object.get(), ms[i].kind)) dropped = true;
            if (dropped) ownersDropped = true;
        });
    }
    constexpr int kRanks = 5;
    std::vector<codec::Manifest> byRank[kRanks];
    byRank[creationRank("Pod")].reserve(total);
    std::set<std::string> namespaces, declaredNamespaces;
    const std::string kDefault = "default";
    std::string lastNamespace;
    int nodes = 0, pods = 0;
    for (auto& manifests : files) {
        for (auto& m : *manifests.objects) {
            if (!m.type) {
                if (warnings) warnings->push_back(m.location() + ": kind \"" + m.kind + "\" (" + m.apiVersion + ") is not served; skipped");
                continue;
            }
            if (kSkippedKinds.contains(m.kind)) continue;
            const auto& meta = api::metadata(*m.object);
            if (m.type->namespaced) {
                const std::string& ns = meta.namespace_().empty() ? kDefault : meta.namespace_();
                if (ns != lastNamespace) namespaces.insert(lastNamespace = ns);  // runs of one namespace: one lookup
            }
            if (m.kind == "Namespace") declaredNamespaces.insert(meta.name());
            if (m.kind == "Node") ++nodes;
            if (m.kind == "Pod") ++pods;
            byRank[creationRank(m.kind)].push_back(std::move(m));
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
        m.raw = codec::Value();
        byRank[creationRank("Namespace")].push_back(std::move(m));
    }
    s.objects.reserve(total + namespaces.size());
    for (auto& rank : byRank)
        for (auto& m : rank) s.objects.push_back(std::move(m));
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

}  // namespace

StatusOr<Scenario> scenarioFromSnapshot(const std::vector<SnapshotFile>& files, std::vector<std::string>* warnings) {
    std::vector<ReadFile> read;
    for (const auto& file : files) read.push_back({file.path, codec::loadManifests(file.text, file.path, warnings, snapshotLoadOptions())});
    return scenarioFromFiles(std::move(read), warnings);
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
    // Each file mapped and read in parts on every core (codec::loadManifestFile), not copied.
    std::vector<ReadFile> read;
    for (const auto& path : paths) {
        read.push_back({path, codec::loadManifestFile(path, warnings, snapshotLoadOptions())});
        if (!read.back().objects) return read.back().objects.status();
    }
    return scenarioFromFiles(std::move(read), warnings);
}

}  // namespace pilothouse::cluster
