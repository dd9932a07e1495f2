#include "scheduler/cache/node_tree.h"

#include <algorithm>

namespace pilothouse::scheduler::cache {

std::string zoneKey(const k8s::io::api::core::v1::Node& node) {
    const auto& labels = node.metadata().labels();
    auto get = [&](const char* a, const char* b) -> std::string {
        if (auto it = labels.find(a); it != labels.end()) return it->second;
        if (auto it = labels.find(b); it != labels.end()) return it->second;
        return "";
    };
    const std::string region = get("topology.kubernetes.io/region", "failure-domain.beta.kubernetes.io/region");
    const std::string zone = get("topology.kubernetes.io/zone", "failure-domain.beta.kubernetes.io/zone");
    if (region.empty() && zone.empty()) return "";
    return region + ":" + std::string(1, '\0') + ":" + zone;
}

void NodeTree::addNode(const k8s::io::api::core::v1::Node& node) {
    const std::string zone = zoneKey(node);
    if (!members_.insert(node.metadata().name()).second) return;
    auto& names = tree_[zone];
    if (names.empty()) zones_.push_back(zone);
    names.push_back(node.metadata().name());
    ++numNodes_;
}

void NodeTree::removeNode(const k8s::io::api::core::v1::Node& node) {
    const std::string zone = zoneKey(node);
    auto it = tree_.find(zone);
    if (it == tree_.end()) return;
    auto& names = it->second;
    auto pos = std::find(names.begin(), names.end(), node.metadata().name());
    if (pos == names.end()) return;
    names.erase(pos);
    members_.erase(node.metadata().name());
    --numNodes_;
    if (names.empty()) {
        tree_.erase(it);
        zones_.erase(std::remove(zones_.begin(), zones_.end(), zone), zones_.end());
    }
}

std::vector<std::string> NodeTree::list() const {
    std::vector<std::string> out;
    out.reserve(numNodes_);
    for (size_t i = 0; out.size() < numNodes_; ++i)
        for (const auto& zone : zones_) {
            const auto& names = tree_.at(zone);
            if (i < names.size()) out.push_back(names[i]);
        }
    return out;
}

}  // namespace pilothouse::scheduler::cache
