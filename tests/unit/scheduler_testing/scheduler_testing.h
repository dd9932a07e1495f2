// Test support for scheduler plugins: objects from YAML, NodeInfos, and a fake Handle over a
// fixed snapshot. Header-only; include it from a plugin's test.
#pragma once

#include <map>
#include <set>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "api/codec/manifest.h"
#include "api/codec/yaml.h"
#include "scheduler/cache/image_states.h"
#include "scheduler/framework/interface.h"

namespace pilothouse::scheduler::testing {

using framework::Node;
using framework::NodeInfo;
using framework::Pod;

// One object from a YAML document; throws std::runtime_error with the codec's message otherwise.
template <typename T>
std::shared_ptr<T> fromYaml(const std::string& yaml) {
    std::vector<std::string> warnings;
    auto ms = codec::loadManifests(yaml, "test.yaml", &warnings);
    if (!ms) throw std::runtime_error(ms.status().message());
    if (ms->size() != 1) throw std::runtime_error("expected exactly one object");
    auto* typed = dynamic_cast<T*>((*ms)[0].object.get());
    if (!typed) throw std::runtime_error("unexpected kind " + (*ms)[0].kind);
    (*ms)[0].object.release();
    return std::shared_ptr<T>(typed);
}

// "apiVersion: v1\nkind: Pod\n" + body, namespace "default" unless the body sets one.
inline std::shared_ptr<Pod> pod(const std::string& body) {
    auto p = fromYaml<Pod>("apiVersion: v1\nkind: Pod\n" + body);
    if (p->metadata().namespace_().empty()) p->mutable_metadata()->set_namespace_("default");
    if (p->metadata().uid().empty()) p->mutable_metadata()->set_uid("uid-" + p->metadata().name());
    return p;
}

inline std::shared_ptr<Node> node(const std::string& body) {
    auto n = fromYaml<Node>("apiVersion: v1\nkind: Node\n" + body);
    if (n->status().allocatable().empty()) *n->mutable_status()->mutable_allocatable() = n->status().capacity();
    return n;
}

// A node named `name` with the given allocatable (e.g. {"cpu","4"},{"memory","8Gi"},{"pods","110"}).
inline std::shared_ptr<Node> simpleNode(const std::string& name,
                                        const std::map<std::string, std::string>& allocatable = {
                                            {"cpu", "4"}, {"memory", "8Gi"}, {"pods", "110"}},
                                        const std::map<std::string, std::string>& labels = {}) {
    auto n = std::make_shared<Node>();
    n->set_api_version("v1");
    n->set_kind("Node");
    n->mutable_metadata()->set_name(name);
    (*n->mutable_metadata()->mutable_labels())["kubernetes.io/hostname"] = name;
    for (const auto& [k, v] : labels) (*n->mutable_metadata()->mutable_labels())[k] = v;
    for (const auto& [k, v] : allocatable) {
        (*n->mutable_status()->mutable_allocatable())[k] = v;
        (*n->mutable_status()->mutable_capacity())[k] = v;
    }
    return n;
}

inline std::unique_ptr<NodeInfo> nodeInfo(std::shared_ptr<const Node> n,
                                          const std::vector<std::shared_ptr<const Pod>>& pods = {}) {
    auto info = std::make_unique<NodeInfo>(std::move(n));
    for (const auto& p : pods) info->addPod(framework::PodInfo::make(p));
    return info;
}

// A snapshot + Handle over a fixed set of nodes and the pods bound to them.
class FakeHandle : public framework::Handle, public framework::NodeInfoLister {
public:
    // Pods are placed on the node named by spec.nodeName.
    FakeHandle(const std::vector<std::shared_ptr<const Node>>& nodes,
               const std::vector<std::shared_ptr<const Pod>>& pods = {}) {
        for (const auto& n : nodes) owned_.push_back(std::make_unique<NodeInfo>(n));
        for (const auto& p : pods)
            for (auto& ni : owned_)
                if (ni->nodeName() == p->spec().node_name()) ni->addPod(framework::PodInfo::make(p));
        // ImageLocality's image summaries over all the nodes, as upstream's test snapshots
        // (cache.NewSnapshot) count them: every node re-added once all are there.
        cache::ImageStates images;
        for (const auto& n : nodes) images.addNode(*n);
        for (auto& ni : owned_) {
            images.removeNode(*ni->node());
            ni->setImageStates(images.addNode(*ni->node()));
        }
        for (auto& ni : owned_) {
            list_.push_back(ni.get());
            if (!ni->podsWithAffinity().empty()) affinity_.push_back(ni.get());
            if (!ni->podsWithRequiredAntiAffinity().empty()) antiAffinity_.push_back(ni.get());
        }
    }

    // NodeInfoLister
    const std::vector<NodeInfo*>& list() const override { return list_; }
    const std::vector<NodeInfo*>& havePodsWithAffinityList() const override { return affinity_; }
    const std::vector<NodeInfo*>& havePodsWithRequiredAntiAffinityList() const override { return antiAffinity_; }
    NodeInfo* get(const std::string& name) const override {
        for (auto* n : list_)
            if (n->nodeName() == name) return n;
        return nullptr;
    }

    // Handle
    const framework::NodeInfoLister& snapshot() const override { return *this; }
    const framework::ClusterObjects& clusterObjects() const override { return objects; }
    framework::Status runFilterPluginsWithNominatedPods(framework::CycleState&, const Pod&, const NodeInfo&) override {
        return framework::Status::error("not available in this test");
    }
    framework::Status runPreFilterExtensionAddPod(framework::CycleState&, const Pod&,
                                                  const std::shared_ptr<const framework::PodInfo>&, const NodeInfo&) override {
        return framework::Status::error("not available in this test");
    }
    framework::Status runPreFilterExtensionRemovePod(framework::CycleState&, const Pod&,
                                                     const std::shared_ptr<const framework::PodInfo>&, const NodeInfo&) override {
        return framework::Status::error("not available in this test");
    }
    std::vector<std::shared_ptr<const framework::PodInfo>> nominatedPodsForNode(const std::string&) const override { return {}; }
    framework::ClusterClient* client() override { return nullptr; }
    uint64_t randomInt(uint64_t n) override { return n ? (counter_++ % n) : 0; }
    int64_t nowNanos() const override { return now; }

    framework::ClusterObjects objects;
    int64_t now = 1704067200LL * 1000000000LL;

private:
    std::vector<std::unique_ptr<NodeInfo>> owned_;
    std::vector<NodeInfo*> list_, affinity_, antiAffinity_;
    uint64_t counter_ = 0;
};

// Plugin args from YAML text ("" -> null, i.e. the defaults).
inline codec::Value args(const std::string& yaml) {
    if (yaml.empty()) return codec::Value();
    auto docs = codec::parseYamlDocuments(yaml);
    if (!docs || docs->empty()) throw std::runtime_error("bad args yaml");
    return (*docs)[0];
}

}  // namespace pilothouse::scheduler::testing
