#include "api/pod_conditions.h"

#include <google/protobuf/util/message_differencer.h>

#include "util/rfc3339.h"

namespace pilothouse::api {

namespace core = k8s::io::api::core::v1;

const core::PodCondition* podCondition(const core::PodStatus& status, const std::string& type) {
    for (const auto& c : status.conditions())
        if (c.type() == type) return &c;
    return nullptr;
}

bool isPodReady(const core::Pod& pod) {
    const core::PodCondition* ready = podCondition(pod.status(), "Ready");
    return ready && ready->status() == "True";
}

bool updatePodCondition(core::PodStatus* status, core::PodCondition condition, int64_t nowNanos) {
    condition.set_last_transition_time(rfc3339::format(nowNanos));
    for (auto& existing : *status->mutable_conditions()) {
        if (existing.type() != condition.type()) continue;
        if (existing.status() == condition.status()) condition.set_last_transition_time(existing.last_transition_time());
        const bool same = google::protobuf::util::MessageDifferencer::Equals(existing, condition);
        existing = std::move(condition);
        return !same;
    }
    *status->add_conditions() = std::move(condition);
    return true;
}

}  // namespace pilothouse::api
