#include "scheduler/cache/cache.h"

namespace pilothouse::scheduler::cache {

const NodeInfo* Cache::nodeInfo(const std::string& name) const {
    auto it = nodes_.find(name);
    return it == nodes_.end() ? nullptr : it->second.get();
}

NodeInfo& Cache::nodeInfoFor(const std::string& nodeName) {
    auto& slot = nodes_[nodeName];
    if (!slot) slot = std::make_unique<NodeInfo>();  // pods may arrive before their node
    nodeGenerations_[nodeName] = ++generation_;
    dirty_.insert(nodeName);
    return *slot;
}

void Cache::setNode(std::shared_ptr<const Node> node) {
    NodeInfo& info = nodeInfoFor(node->metadata().name());
    // The node's image summary is taken now and kept until its next add or update (image_states.h).
    if (info.node()) images_.removeNode(*info.node());
    info.setImageStates(images_.addNode(*node));
    info.setNode(std::move(node));
}

void Cache::addNode(std::shared_ptr<const Node> node) {
    tree_.addNode(*node);
    ++treeVersion_;
    setNode(std::move(node));
}

void Cache::updateNode(std::shared_ptr<const Node> node) {
    auto it = nodes_.find(node->metadata().name());
    if (it != nodes_.end() && it->second->node()) {
        // A zone change moves the node in the tree.
        tree_.removeNode(*it->second->node());
    }
    tree_.addNode(*node);
    ++treeVersion_;
    setNode(std::move(node));
}

void Cache::removeNode(const Node& node) {
    const std::string& name = node.metadata().name();
    tree_.removeNode(node);
    ++treeVersion_;
    auto it = nodes_.find(name);
    if (it == nodes_.end()) return;
    // Pods still bound to the node keep a node-less NodeInfo until they are removed.
    if (it->second->pods().empty()) {
        nodes_.erase(it);
        nodeGenerations_.erase(name);
        ++generation_;
    } else {
        it->second->setNode(nullptr);
        nodeGenerations_[name] = ++generation_;
    }
    dirty_.insert(name);
    images_.removeNode(node);
}

void Cache::addPodToNode(const std::shared_ptr<const Pod>& pod) {
    nodeInfoFor(pod->spec().node_name()).addPod(PodInfo::make(pod));
}

void Cache::removePodFromNode(const Pod& pod) {
    auto it = nodes_.find(pod.spec().node_name());
    if (it == nodes_.end()) return;
    it->second->removePod(pod);
    nodeGenerations_[pod.spec().node_name()] = ++generation_;
    dirty_.insert(pod.spec().node_name());
    if (!it->second->node() && it->second->pods().empty()) {
        nodes_.erase(it);
        nodeGenerations_.erase(pod.spec().node_name());
    }
}

void Cache::assumePod(std::shared_ptr<const Pod> pod) {
    const std::string uid = pod->metadata().uid();
    addPodToNode(pod);
    podStates_[uid] = {std::move(pod), true, false};
}

void Cache::finishBinding(const Pod& pod) {
    auto it = podStates_.find(pod.metadata().uid());
    if (it != podStates_.end()) it->second.bindingFinished = true;
}

void Cache::forgetPod(const Pod& pod) {
    auto it = podStates_.find(pod.metadata().uid());
    if (it == podStates_.end() || !it->second.assumed) return;
    removePodFromNode(*it->second.pod);
    podStates_.erase(it);
}

bool Cache::isAssumed(const Pod& pod) const {
    auto it = podStates_.find(pod.metadata().uid());
    return it != podStates_.end() && it->second.assumed;
}

void Cache::addPod(std::shared_ptr<const Pod> pod) {
    const std::string uid = pod->metadata().uid();
    auto it = podStates_.find(uid);
    if (it != podStates_.end()) {
        // Assumed -> Added: replace the assumed copy with what the API server says.
        removePodFromNode(*it->second.pod);
    }
    addPodToNode(pod);
    podStates_[uid] = {std::move(pod), false, true};
}

void Cache::updatePod(std::shared_ptr<const Pod> oldPod, std::shared_ptr<const Pod> newPod) {
    auto it = podStates_.find(newPod->metadata().uid());
    if (it != podStates_.end()) removePodFromNode(*it->second.pod);
    else if (oldPod) removePodFromNode(*oldPod);
    addPodToNode(newPod);
    const std::string uid = newPod->metadata().uid();  // before the move below
    podStates_[uid] = {std::move(newPod), false, true};
}

void Cache::removePod(const Pod& pod) {
    auto it = podStates_.find(pod.metadata().uid());
    if (it == podStates_.end()) return;
    removePodFromNode(*it->second.pod);
    podStates_.erase(it);
}

void Cache::updateSnapshot(Snapshot& snapshot) {
    if (snapshot.generation_ == generation_ && snapshot.treeVersion_ == treeVersion_) return;
    // NodeInfos that changed since the snapshot's copy are copied into place (their addresses stay
    // the same, so the ordered lists only need rebuilding when membership or order changes).
    bool listsDirty = snapshot.treeVersion_ != treeVersion_;
    // The snapshot we synced last only needs the nodes changed since; any other gets a full pass.
    std::vector<std::string> candidates;
    if (&snapshot == synced_ && snapshot.generation_ >= 0) {  // a fresh snapshot gets a full pass
        candidates.assign(dirty_.begin(), dirty_.end());
    } else {
        for (const auto& [name, _] : nodes_) candidates.push_back(name);
        for (const auto& [name, _] : snapshot.nodes_) candidates.push_back(name);
    }
    for (const auto& name : candidates) {
        auto live = nodes_.find(name);
        if (live == nodes_.end() || !live->second->node()) {
            if (snapshot.nodes_.erase(name)) listsDirty = true;
            snapshot.generations_.erase(name);
            continue;
        }
        const NodeInfo& info = *live->second;
        const int64_t gen = nodeGenerations_[name];
        auto it = snapshot.generations_.find(name);
        if (it != snapshot.generations_.end() && it->second == gen) continue;
        auto& slot = snapshot.nodes_[name];
        if (!slot) {
            slot = info.clone();
            listsDirty = true;
        } else {
            const bool hadAffinity = !slot->podsWithAffinity().empty();
            const bool hadAnti = !slot->podsWithRequiredAntiAffinity().empty();
            *slot = info;
            if (hadAffinity != !slot->podsWithAffinity().empty() || hadAnti != !slot->podsWithRequiredAntiAffinity().empty())
                listsDirty = true;
        }
        snapshot.generations_[name] = gen;
    }
    dirty_.clear();
    synced_ = &snapshot;
    if (listsDirty) {
        if (treeOrderVersion_ != treeVersion_) {
            treeOrder_ = tree_.list();
            treeOrderVersion_ = treeVersion_;
        }
        snapshot.list_.clear();
        snapshot.withAffinity_.clear();
        snapshot.withAntiAffinity_.clear();
        for (const auto& name : treeOrder_) {
            auto it = snapshot.nodes_.find(name);
            if (it == snapshot.nodes_.end()) continue;
            snapshot.list_.push_back(it->second.get());
            if (!it->second->podsWithAffinity().empty()) snapshot.withAffinity_.push_back(it->second.get());
            if (!it->second->podsWithRequiredAntiAffinity().empty()) snapshot.withAntiAffinity_.push_back(it->second.get());
        }
    }
    snapshot.generation_ = generation_;
    snapshot.treeVersion_ = treeVersion_;
}

}  // namespace pilothouse::scheduler::cache
