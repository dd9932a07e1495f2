// Nodes and pods built directly as objects (what the informers would deliver), for the cluster
// view's tests, benchmark and screenshots.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core_v1.pb.h"
#include "util/rfc3339.h"

namespace pilothouse::testing {

namespace core = k8s::io::api::core::v1;

struct NodeSpec {
    std::string name{};
    std::string cpu = "4";
    std::string memory = "16Gi";
    std::string pods = "110";
    std::string ready = "True";  // the Ready condition's status; empty: no condition
    bool unschedulable = false;
    std::vector<std::pair<std::string, std::string>> taints{};  // "key=value" or "key", effect
    std::vector<std::pair<std::string, std::string>> labels{};
};

inline std::shared_ptr<core::Node> makeNode(const NodeSpec& s) {
    auto n = std::make_shared<core::Node>();
    n->set_api_version("v1");
    n->set_kind("Node");
    n->mutable_metadata()->set_name(s.name);
    for (const auto& [k, v] : s.labels) (*n->mutable_metadata()->mutable_labels())[k] = v;
    n->mutable_spec()->set_unschedulable(s.unschedulable);
    for (const auto& [kv, effect] : s.taints) {
        auto* t = n->mutable_spec()->add_taints();
        const auto eq = kv.find('=');
        t->set_key(kv.substr(0, eq));
        if (eq != std::string::npos) t->set_value(kv.substr(eq + 1));
        t->set_effect(effect);
    }
    auto& alloc = *n->mutable_status()->mutable_allocatable();
    alloc["cpu"] = s.cpu;
    alloc["memory"] = s.memory;
    alloc["pods"] = s.pods;
    *n->mutable_status()->mutable_capacity() = alloc;
    if (!s.ready.empty()) {
        auto* c = n->mutable_status()->add_conditions();
        c->set_type("Ready");
        c->set_status(s.ready);
        c->set_reason(s.ready == "True" ? "KubeletReady" : "NodeStatusUnknown");
    }
    return n;
}

struct Container {
    std::string cpu{};  // request; empty: none
    std::string memory{};
};

struct PodSpec {
    std::string namespace_ = "default";
    std::string name{};
    std::string node{};             // spec.nodeName
    std::string phase = "Pending";  // status.phase
    std::vector<Container> containers = {{"100m", "128Mi"}};
    std::vector<Container> initContainers{};
    Container overhead{};
    bool terminating = false;       // deletionTimestamp set
    int64_t createdSeconds = 1'700'000'000;
    std::string scheduledReason{};  // PodScheduled=False with this reason
    std::string scheduledMessage{};
};

inline void setRequests(core::Container* c, const Container& r) {
    if (!r.cpu.empty()) (*c->mutable_resources()->mutable_requests())["cpu"] = r.cpu;
    if (!r.memory.empty()) (*c->mutable_resources()->mutable_requests())["memory"] = r.memory;
}

inline std::shared_ptr<core::Pod> makePod(const PodSpec& s) {
    auto p = std::make_shared<core::Pod>();
    p->set_api_version("v1");
    p->set_kind("Pod");
    p->mutable_metadata()->set_namespace_(s.namespace_);
    p->mutable_metadata()->set_name(s.name);
    p->mutable_metadata()->set_creation_timestamp(rfc3339::format(s.createdSeconds * 1'000'000'000));
    if (s.terminating) p->mutable_metadata()->set_deletion_timestamp(rfc3339::format((s.createdSeconds + 60) * 1'000'000'000));
    p->mutable_spec()->set_node_name(s.node);
    int i = 0;
    for (const auto& c : s.containers) {
        auto* container = p->mutable_spec()->add_containers();
        container->set_name("c" + std::to_string(i++));
        container->set_image("nginx:1.25");
        setRequests(container, c);
    }
    for (const auto& c : s.initContainers) {
        auto* container = p->mutable_spec()->add_init_containers();
        container->set_name("init" + std::to_string(i++));
        container->set_image("busybox");
        setRequests(container, c);
    }
    if (!s.overhead.cpu.empty()) (*p->mutable_spec()->mutable_overhead())["cpu"] = s.overhead.cpu;
    if (!s.overhead.memory.empty()) (*p->mutable_spec()->mutable_overhead())["memory"] = s.overhead.memory;
    p->mutable_status()->set_phase(s.phase);
    if (!s.scheduledReason.empty()) {
        auto* c = p->mutable_status()->add_conditions();
        c->set_type("PodScheduled");
        c->set_status("False");
        c->set_reason(s.scheduledReason);
        c->set_message(s.scheduledMessage);
    }
    return p;
}

}  // namespace pilothouse::testing
