#include "scheduler/plugins/defaultpreemption/pod_order.h"

#include "util/rfc3339.h"

namespace pilothouse::scheduler::plugins::defaultpreemption {

int32_t podPriority(const framework::Pod& pod) { return pod.spec().has_priority() ? pod.spec().priority() : 0; }

int64_t podStartTime(const framework::Pod& pod, int64_t nowNanos) {
    if (!pod.status().has_start_time()) return nowNanos;
    auto t = rfc3339::parse(pod.status().start_time());
    return t ? *t : nowNanos;
}

bool moreImportantPod(const framework::Pod& a, const framework::Pod& b, int64_t nowNanos) {
    const int32_t pa = podPriority(a), pb = podPriority(b);
    if (pa != pb) return pa > pb;
    return podStartTime(a, nowNanos) < podStartTime(b, nowNanos);
}

int64_t earliestStartTimeOfHighestPriority(const std::vector<std::shared_ptr<const framework::Pod>>& victims,
                                           int64_t nowNanos) {
    int32_t maxPriority = podPriority(*victims.front());
    int64_t earliest = podStartTime(*victims.front(), nowNanos);
    for (const auto& p : victims) {
        const int32_t priority = podPriority(*p);
        if (priority == maxPriority) {
            const int64_t start = podStartTime(*p, nowNanos);
            if (start < earliest) earliest = start;
        } else if (priority > maxPriority) {
            maxPriority = priority;
            earliest = podStartTime(*p, nowNanos);
        }
    }
    return earliest;
}

}  // namespace pilothouse::scheduler::plugins::defaultpreemption
