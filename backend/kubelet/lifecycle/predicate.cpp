#include "kubelet/lifecycle/predicate.h"

#include <algorithm>

#include "api/resource/quantity.h"

namespace pilothouse::kubelet::lifecycle {

namespace core = k8s::io::api::core::v1;

namespace {

int64_t amount(const std::string& name, const std::string& text) {
    auto q = resource::Quantity::parse(text);
    if (!q) return 0;
    return name == "cpu" ? q->milliValue() : q->value();
}

void addTo(std::map<std::string, int64_t>& sum, const google::protobuf::Map<std::string, std::string>& list) {
    for (const auto& [name, text] : list) sum[name] += amount(name, text);
}

bool isRestartable(const core::Container& c) { return c.has_restart_policy() && c.restart_policy() == "Always"; }

// The order NodeResourcesFit reports insufficient resources in.
int rank(const std::string& name) {
    if (name == "cpu") return 0;
    if (name == "memory") return 1;
    if (name == "ephemeral-storage") return 2;
    return 3;
}

}  // namespace

std::map<std::string, int64_t> podRequests(const core::Pod& pod) {
    std::map<std::string, int64_t> reqs;
    for (const auto& c : pod.spec().containers()) addTo(reqs, c.resources().requests());
    std::map<std::string, int64_t> sidecars;  // restartable init containers started so far
    for (const auto& c : pod.spec().init_containers()) {
        std::map<std::string, int64_t> need = sidecars;
        addTo(need, c.resources().requests());
        if (isRestartable(c)) {
            addTo(sidecars, c.resources().requests());
            for (const auto& [name, v] : c.resources().requests()) reqs[name] += amount(name, v);
        }
        for (const auto& [name, v] : need) reqs[name] = std::max(reqs[name], v);
    }
    addTo(reqs, pod.spec().overhead());
    return reqs;
}

PodAdmitResult admit(const core::Pod& pod, const core::Node& node, const std::vector<const core::Pod*>& admitted) {
    const auto& list = node.status().allocatable().empty() ? node.status().capacity() : node.status().allocatable();
    std::map<std::string, int64_t> allocatable;
    for (const auto& [name, text] : list) allocatable[name] = amount(name, text);
    std::map<std::string, int64_t> used;
    for (const core::Pod* p : admitted)
        for (const auto& [name, v] : podRequests(*p)) used[name] += v;

    auto insufficient = [](const std::string& name, int64_t requested, int64_t usedAmount, int64_t capacity) {
        PodAdmitResult r;
        r.admit = false;
        r.reason = "OutOf" + name;
        r.message = "Node didn't have enough resource: " + name + ", requested: " + std::to_string(requested) +
                    ", used: " + std::to_string(usedAmount) + ", capacity: " + std::to_string(capacity);
        return r;
    };
    const int64_t allowedPods = allocatable.count("pods") ? allocatable["pods"] : 110;
    if (int64_t(admitted.size()) + 1 > allowedPods)
        return insufficient("pods", 1, int64_t(admitted.size()), allowedPods);

    std::vector<std::pair<std::string, int64_t>> requests;
    for (const auto& [name, v] : podRequests(pod))
        if (name != "pods") requests.emplace_back(name, v);
    std::stable_sort(requests.begin(), requests.end(),
                     [](const auto& a, const auto& b) { return rank(a.first) < rank(b.first); });
    for (const auto& [name, requested] : requests) {
        if (requested <= 0) continue;
        const bool known = allocatable.count(name) > 0;
        // Extended resources the node does not know are left out (removeMissingExtendedResources).
        if (!known && rank(name) == 3 && name.find('/') != std::string::npos) continue;
        const int64_t capacity = known ? allocatable[name] : 0;
        if (requested > capacity - used[name]) return insufficient(name, requested, used[name], capacity);
    }

    if (!pod.spec().node_name().empty() && pod.spec().node_name() != node.metadata().name()) {
        PodAdmitResult r;
        r.admit = false;
        r.reason = "NodeName";
        r.message = "Predicate NodeName failed";
        return r;
    }
    for (const auto& [key, value] : pod.spec().node_selector()) {
        auto it = node.metadata().labels().find(key);
        if (it == node.metadata().labels().end() || it->second != value) {
            PodAdmitResult r;
            r.admit = false;
            r.reason = "NodeAffinity";
            r.message = "Predicate NodeAffinity failed";
            return r;
        }
    }
    return {};
}

}  // namespace pilothouse::kubelet::lifecycle
