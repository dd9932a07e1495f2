#include "scheduler/queue/nominator.h"

namespace pilothouse::scheduler::queue {

std::string nominatorKey(const framework::Pod& pod) {
    if (!pod.metadata().uid().empty()) return pod.metadata().uid();
    return framework::podKey(pod);
}

void Nominator::remove(const framework::Pod& pod) {
    const std::string id = nominatorKey(pod);
    auto it = podToNode_.find(id);
    if (it == podToNode_.end()) return;
    auto nodeIt = nominatedPods_.find(it->second);
    if (nodeIt != nominatedPods_.end()) {
        auto& pods = nodeIt->second;
        for (auto p = pods.begin(); p != pods.end(); ++p) {
            if (nominatorKey(*(*p)->pod) == id) {
                pods.erase(p);
                break;
            }
        }
        if (pods.empty()) nominatedPods_.erase(nodeIt);
    }
    podToNode_.erase(it);
}

void Nominator::addNominatedPod(std::shared_ptr<const framework::PodInfo> podInfo, const NominatingInfo& info) {
    if (!podInfo || !podInfo->pod) return;
    const framework::Pod& pod = *podInfo->pod;
    // A pod is recorded at most once.
    remove(pod);

    std::string nodeName;
    if (info.mode == NominatingMode::Override) {
        nodeName = info.nominatedNodeName;
    } else {
        if (pod.status().nominated_node_name().empty()) return;
        nodeName = pod.status().nominated_node_name();
    }

    if (podLister_) {
        auto current = podLister_(pod.metadata().namespace_(), pod.metadata().name());
        if (!current) return;                          // deleted meanwhile
        if (!current->spec().node_name().empty()) return;  // already bound
    }

    const std::string id = nominatorKey(pod);
    podToNode_[id] = nodeName;
    auto& pods = nominatedPods_[nodeName];
    for (const auto& p : pods)
        if (nominatorKey(*p->pod) == id) return;
    pods.push_back(std::move(podInfo));
}

void Nominator::deleteNominatedPodIfExists(const framework::Pod& pod) { remove(pod); }

void Nominator::updateNominatedPod(const framework::Pod& oldPod, std::shared_ptr<const framework::PodInfo> newPodInfo) {
    if (!newPodInfo || !newPodInfo->pod) return;
    NominatingInfo info;  // Noop: follow the new pod's status
    if (oldPod.status().nominated_node_name().empty() && newPodInfo->pod->status().nominated_node_name().empty()) {
        auto it = podToNode_.find(nominatorKey(oldPod));
        if (it != podToNode_.end()) info = NominatingInfo{NominatingMode::Override, it->second};
    }
    remove(oldPod);
    addNominatedPod(std::move(newPodInfo), info);
}

std::vector<std::shared_ptr<const framework::PodInfo>> Nominator::nominatedPodsForNode(const std::string& nodeName) const {
    auto it = nominatedPods_.find(nodeName);
    if (it == nominatedPods_.end()) return {};
    return it->second;
}

std::string Nominator::nominatedNodeFor(const framework::Pod& pod) const {
    auto it = podToNode_.find(nominatorKey(pod));
    return it == podToNode_.end() ? std::string() : it->second;
}

bool Nominator::isNominated(const framework::Pod& pod) const { return podToNode_.count(nominatorKey(pod)) != 0; }

std::map<std::string, std::vector<std::string>> Nominator::nominatedPodKeysByNode() const {
    std::map<std::string, std::vector<std::string>> out;
    for (const auto& [node, pods] : nominatedPods_)
        for (const auto& p : pods) out[node].push_back(framework::podKey(*p->pod));
    return out;
}

}  // namespace pilothouse::scheduler::queue
