#include "kubelet/nodestatus/setters.h"

#include <google/protobuf/util/message_differencer.h>

#include <cstdio>
#include <string_view>

#include "sim/random.h"

namespace pilothouse::kubelet::nodestatus {

namespace core = k8s::io::api::core::v1;

namespace {

core::NodeCondition* findCondition(core::Node* node, const std::string& type) {
    for (auto& c : *node->mutable_status()->mutable_conditions())
        if (c.type() == type) return &c;
    return nullptr;
}

struct ConditionText {
    const char* type;
    const char* trueReason;
    const char* trueMessage;
    const char* trueEvent;
    const char* falseReason;
    const char* falseMessage;
    const char* falseEvent;
};

constexpr ConditionText kMemory{"MemoryPressure", "KubeletHasInsufficientMemory",
                                "kubelet has insufficient memory available", "NodeHasInsufficientMemory",
                                "KubeletHasSufficientMemory", "kubelet has sufficient memory available",
                                "NodeHasSufficientMemory"};
constexpr ConditionText kDisk{"DiskPressure", "KubeletHasDiskPressure", "kubelet has disk pressure",
                              "NodeHasDiskPressure", "KubeletHasNoDiskPressure", "kubelet has no disk pressure",
                              "NodeHasNoDiskPressure"};
constexpr ConditionText kPid{"PIDPressure", "KubeletHasInsufficientPID", "kubelet has insufficient PID available",
                             "NodeHasInsufficientPID", "KubeletHasSufficientPID",
                             "kubelet has sufficient PID available", "NodeHasSufficientPID"};

// The pressure setters: a new condition starts Unknown, so its first value is a transition.
void setPressure(core::Node* node, const ConditionText& t, bool pressure, const std::string& now,
                 std::vector<std::string>* events) {
    core::NodeCondition* c = findCondition(node, t.type);
    if (!c) {
        c = node->mutable_status()->add_conditions();
        c->set_type(t.type);
        c->set_status("Unknown");
    }
    const char* want = pressure ? "True" : "False";
    if (c->status() != want) {
        c->set_status(want);
        c->set_reason(pressure ? t.trueReason : t.falseReason);
        c->set_message(pressure ? t.trueMessage : t.falseMessage);
        c->set_last_transition_time(now);
        events->push_back(pressure ? t.trueEvent : t.falseEvent);
    }
    c->set_last_heartbeat_time(now);
}

std::string hex32(uint64_t seed, const std::string& text) {
    uint64_t state = sim::Random::deriveSeed(seed, text);
    char buf[33];
    std::snprintf(buf, sizeof buf, "%016llx%016llx", static_cast<unsigned long long>(sim::splitmix64Next(&state)),
                  static_cast<unsigned long long>(sim::splitmix64Next(&state)));
    return buf;
}

std::string uuid(uint64_t seed, const std::string& text) {
    const std::string h = hex32(seed, text);
    return h.substr(0, 8) + "-" + h.substr(8, 4) + "-" + h.substr(12, 4) + "-" + h.substr(16, 4) + "-" + h.substr(20);
}

}  // namespace

void setNodeStatus(core::Node* node, const Inputs& in, sim::Time now, std::vector<std::string>* events) {
    const std::string t = sim::formatRfc3339(now);
    auto* status = node->mutable_status();
    const std::string& name = node->metadata().name();

    // Capacity and allocatable: the Node's own when the scenario gave them.
    if (status->capacity().empty())
        for (const auto& [k, v] : in.capacity) (*status->mutable_capacity())[k] = v;
    if (status->allocatable().empty())
        for (const auto& [k, v] : status->capacity()) (*status->mutable_allocatable())[k] = v;
    // The machine's huge page sizes as cadvisor finds them, none reserved: 0 of each, in capacity
    // and allocatable (x86-64: 2Mi and 1Gi; arm64 with 4K pages also 64Ki and 32Mi).
    const auto& labels = node->metadata().labels();
    const auto arch = labels.find("kubernetes.io/arch");
    const bool arm64 = arch != labels.end() && arch->second == "arm64";
    for (const char* size : {"1Gi", "2Mi", "32Mi", "64Ki"}) {
        if (!arm64 && (std::string_view(size) == "32Mi" || std::string_view(size) == "64Ki")) continue;
        const std::string key = std::string("hugepages-") + size;
        if (!status->capacity().contains(key)) (*status->mutable_capacity())[key] = "0";
        if (!status->allocatable().contains(key)) (*status->mutable_allocatable())[key] = "0";
    }

    status->clear_addresses();
    auto* ip = status->add_addresses();
    ip->set_type("InternalIP");
    ip->set_address(in.internalIP);
    auto* host = status->add_addresses();
    host->set_type("Hostname");
    host->set_address(in.hostname);

    status->mutable_daemon_endpoints()->mutable_kubelet_endpoint()->set_port(10250);
    // The machine's facts (machine and boot IDs, kernel, OS image, runtime, OS and architecture):
    // the Node's own where it has them (a scenario's or a snapshot's machine), else those of the
    // simulated machine, whose OS and architecture are the Node's kubernetes.io/os and /arch
    // labels. The kubelet and kube-proxy versions are this kubelet's.
    auto* info = status->mutable_node_info();
    const auto labelOr = [&](const char* key, const char* fallback) {
        const auto it = labels.find(key);
        return it != labels.end() && !it->second.empty() ? it->second : std::string(fallback);
    };
    const auto fill = [](std::string* field, const std::string& value) {
        if (field->empty()) *field = value;
    };
    fill(info->mutable_operating_system(), labelOr("kubernetes.io/os", "linux"));
    fill(info->mutable_architecture(), labelOr("kubernetes.io/arch", "amd64"));
    fill(info->mutable_machine_id(), hex32(in.seed, "machine:" + name));
    fill(info->mutable_system_uuid(), uuid(in.seed, "system:" + name));
    fill(info->mutable_boot_id(), uuid(in.seed, "boot:" + name));
    fill(info->mutable_kernel_version(), "6.1.0-18-" + std::string(info->architecture() == "arm64" ? "arm64" : "amd64"));
    fill(info->mutable_os_image(), "Debian GNU/Linux 12 (bookworm)");
    fill(info->mutable_container_runtime_version(), "containerd://1.7.13");
    info->set_kubelet_version("v1.28.7");
    info->set_kube_proxy_version("v1.28.7");

    status->clear_images();
    for (const auto& image : in.images) *status->add_images() = image;

    // Conditions in upstream's setter order: MemoryPressure, DiskPressure, PIDPressure, Ready.
    setPressure(node, kMemory, in.memoryPressure, t, events);
    setPressure(node, kDisk, in.diskPressure, t, events);
    setPressure(node, kPid, in.pidPressure, t, events);

    core::NodeCondition* ready = findCondition(node, "Ready");
    const char* want = in.ready ? "True" : "False";
    if (!ready) {
        ready = status->add_conditions();
        ready->set_type("Ready");
        ready->set_status(want);
        ready->set_last_transition_time(t);
    } else if (ready->status() != want) {
        ready->set_status(want);
        ready->set_last_transition_time(t);
        events->push_back(in.ready ? "NodeReady" : "NodeNotReady");
    }
    ready->set_reason(in.ready ? "KubeletReady" : "KubeletNotReady");
    ready->set_message(in.ready ? "kubelet is posting ready status" : in.notReadyMessage);
    ready->set_last_heartbeat_time(t);
}

bool statusChanged(const core::NodeStatus& a, const core::NodeStatus& b) {
    core::NodeStatus x = a, y = b;
    for (auto* s : {&x, &y})
        for (auto& c : *s->mutable_conditions()) c.clear_last_heartbeat_time();
    return !google::protobuf::util::MessageDifferencer::Equals(x, y);
}

}  // namespace pilothouse::kubelet::nodestatus
