#include "scheduler/cache/image_states.h"

namespace pilothouse::scheduler::cache {

std::map<std::string, framework::ImageStateSummary> ImageStates::addNode(const framework::Node& node) {
    const std::string& nodeName = node.metadata().name();
    std::map<std::string, framework::ImageStateSummary> summary;
    for (const auto& image : node.status().images()) {
        for (const auto& name : image.names()) {
            auto [it, created] = images_.try_emplace(name);
            if (created) it->second.size = image.size_bytes();
            it->second.nodes.insert(nodeName);
            // The first mention of a name on this node makes its summary.
            summary.try_emplace(name, framework::ImageStateSummary{it->second.size, int(it->second.nodes.size())});
        }
    }
    return summary;
}

void ImageStates::removeNode(const framework::Node& node) {
    const std::string& nodeName = node.metadata().name();
    for (const auto& image : node.status().images()) {
        for (const auto& name : image.names()) {
            auto it = images_.find(name);
            if (it == images_.end()) continue;
            it->second.nodes.erase(nodeName);
            if (it->second.nodes.empty()) images_.erase(it);
        }
    }
}

}  // namespace pilothouse::scheduler::cache
