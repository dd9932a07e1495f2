#include "controllers/nodelifecycle/scheduler/taint_manager.h"

#include <limits>

namespace pilothouse::controller::nodelifecycle::scheduler {

std::vector<std::string> podNodeNameIndex(const google::protobuf::Message& pod) {
    const std::string& node = static_cast<const core::Pod&>(pod).spec().node_name();
    if (node.empty()) return {};
    return {node};
}

bool toleratesTaint(const core::Toleration& t, const core::Taint& taint) {
    if (!t.effect().empty() && t.effect() != taint.effect()) return false;
    if (!t.key().empty() && t.key() != taint.key()) return false;
    if (t.operator_().empty() || t.operator_() == "Equal") return t.value() == taint.value();
    return t.operator_() == "Exists";
}

NoExecuteTaintManager::NoExecuteTaintManager(ApiClient& client, const sim::Clock& clock, const client::Informer& nodes,
                                             const client::Informer& pods, std::string token)
    : client_(client),
      clock_(clock),
      nodes_(nodes),
      pods_(pods),
      recorder_(client.server(), clock, "taint-controller", "", std::move(token)) {}

std::vector<core::Taint> NoExecuteTaintManager::noExecuteTaints(const std::string& nodeName) const {
    std::vector<core::Taint> out;
    auto node = nodes_.getAs<core::Node>(nodeName);
    if (!node) return out;
    for (const auto& t : node->spec().taints())
        if (t.effect() == "NoExecute") out.push_back(t);
    return out;
}

void NoExecuteTaintManager::cancelWorkWithEvent(const std::string& podKey) {
    auto it = work_.find(podKey);
    if (it == work_.end()) return;
    const bool pending = !it->second.done;
    work_.erase(it);
    if (!pending) return;
    auto pod = pods_.getAs<core::Pod>(podKey);
    if (pod)
        (void)recorder_.event(*pod, "Normal", "TaintManagerEviction", "Cancelling deletion of Pod " + podKey);
}

void NoExecuteTaintManager::processPodOnNode(const std::string& podKey,
                                             const google::protobuf::RepeatedPtrField<core::Toleration>& tolerations,
                                             const std::vector<core::Taint>& taints) {
    if (taints.empty()) {
        cancelWorkWithEvent(podKey);
        return;
    }
    // getMatchingTolerations: one toleration per taint, or not all tolerated.
    std::vector<const core::Toleration*> used;
    bool allTolerated = true;
    for (const auto& taint : taints) {
        const core::Toleration* match = nullptr;
        for (const auto& t : tolerations)
            if (toleratesTaint(t, taint)) {
                match = &t;
                break;
            }
        if (!match) {
            allTolerated = false;
            break;
        }
        used.push_back(match);
    }
    const sim::Time now = clock_.now();
    if (!allTolerated) {
        cancelWorkWithEvent(podKey);
        work_.emplace(podKey, Work{now, now});
        return;
    }
    // getMinTolerationTime: the smallest tolerationSeconds; none at all = forever.
    int64_t minSeconds = std::numeric_limits<int64_t>::max();
    if (used.empty()) minSeconds = 0;
    for (const auto* t : used) {
        if (!t->has_toleration_seconds()) continue;
        if (t->toleration_seconds() <= 0) {
            minSeconds = 0;
            break;
        }
        minSeconds = std::min(minSeconds, t->toleration_seconds());
    }
    if (minSeconds == std::numeric_limits<int64_t>::max()) {
        cancelWorkWithEvent(podKey);
        return;
    }
    sim::Time start = now;
    const sim::Time trigger = start + std::chrono::seconds(minSeconds);
    auto it = work_.find(podKey);
    if (it != work_.end()) {
        if (it->second.done) return;  // already evicted
        start = it->second.createdAt;
        if (start < trigger) return;
        cancelWorkWithEvent(podKey);
    }
    work_.emplace(podKey, Work{start, trigger});
}

void NoExecuteTaintManager::nodeUpdated(const core::Node* oldNode, const core::Node* node) {
    const std::string name = node ? node->metadata().name() : oldNode->metadata().name();
    const std::vector<core::Taint> taints = node ? noExecuteTaints(name) : std::vector<core::Taint>{};
    if (oldNode && node) {
        // Only a change of NoExecute taints matters.
        std::vector<std::string> a, b;
        for (const auto& t : oldNode->spec().taints())
            if (t.effect() == "NoExecute") a.push_back(t.SerializeAsString());
        for (const auto& t : taints) b.push_back(t.SerializeAsString());
        if (a == b) return;
    }
    // The node's pods from the informer's spec.nodeName index (getPodsAssignedToNode).
    for (const auto& obj : pods_.byIndex(kNodeNameIndex, name)) {
        const auto& pod = static_cast<const core::Pod&>(*obj);
        processPodOnNode(client::keyOf(pod), pod.spec().tolerations(), taints);
    }
}

void NoExecuteTaintManager::podUpdated(const core::Pod* oldPod, const core::Pod* pod) {
    if (!pod) {
        auto it = work_.find(client::keyOf(*oldPod));
        if (it != work_.end()) work_.erase(it);  // gone: nothing to cancel loudly
        return;
    }
    if (oldPod && oldPod->spec().node_name() == pod->spec().node_name() &&
        oldPod->spec().tolerations_size() == pod->spec().tolerations_size())
        return;
    if (pod->spec().node_name().empty()) return;
    processPodOnNode(client::keyOf(*pod), pod->spec().tolerations(), noExecuteTaints(pod->spec().node_name()));
}

StatusOr<bool> NoExecuteTaintManager::run() {
    const sim::Time now = clock_.now();
    bool did = false;
    for (auto& [key, w] : work_) {
        if (w.done || w.fireAt > now) continue;
        w.done = true;
        did = true;
        auto pod = pods_.getAs<core::Pod>(key);
        if (pod) (void)recorder_.event(*pod, "Normal", "TaintManagerEviction", "Marking for deletion Pod " + key);
        const size_t slash = key.find('/');
        Status st = client_.remove("pods", key.substr(0, slash), key.substr(slash + 1));
        if (!st.isOk() && !isNotFound(st)) return st;
    }
    return did;
}

std::optional<sim::Time> NoExecuteTaintManager::nextFireTime() const {
    std::optional<sim::Time> next;
    for (const auto& [key, w] : work_)
        if (!w.done && (!next || w.fireAt < *next)) next = w.fireAt;
    return next;
}

}  // namespace pilothouse::controller::nodelifecycle::scheduler
