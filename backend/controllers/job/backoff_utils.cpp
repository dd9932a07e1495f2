#include "controllers/job/backoff_utils.h"

#include <algorithm>

#include "controllers/controller_utils.h"

namespace pilothouse::controller::job {

namespace core = k8s::io::api::core::v1;

sim::Duration BackoffRecord::remainingTime(sim::Time now, sim::Duration base, sim::Duration max) const {
    if (failuresAfterLastSuccess == 0 || !lastFailureTime) return sim::Duration::zero();
    sim::Duration d = base;
    for (int i = 1; i < failuresAfterLastSuccess; ++i) {
        d *= 2;
        if (d >= max) {
            d = max;
            break;
        }
    }
    const sim::Duration elapsed = now - *lastFailureTime;
    if (d < elapsed) return sim::Duration::zero();
    return d - elapsed;
}

sim::Time podFinishedTime(const core::Pod& pod) {
    int64_t latest = 0;
    for (const auto* list : {&pod.status().container_statuses(), &pod.status().init_container_statuses()})
        for (const auto& cs : *list)
            if (cs.state().has_terminated()) latest = std::max(latest, parseTime(cs.state().terminated().finished_at()));
    if (latest == 0)
        if (const core::PodCondition* ready = podCondition(pod.status(), "Ready"); ready && ready->status() == "False")
            latest = parseTime(ready->last_transition_time());
    // A deleted pod stopped when its deletion began: the deletion timestamp less the grace period.
    if (latest == 0 && pod.metadata().has_deletion_timestamp())
        latest = parseTime(pod.metadata().deletion_timestamp()) -
                 pod.metadata().deletion_grace_period_seconds() * 1'000'000'000LL;
    if (latest == 0) latest = parseTime(pod.metadata().creation_timestamp());
    return sim::fromUnixNanos(latest);
}

BackoffRecord BackoffStore::newBackoffRecord(const std::string& key, std::vector<const core::Pod*> newSucceeded,
                                             std::vector<const core::Pod*> newFailed) const {
    BackoffRecord r;
    r.key = key;
    if (auto it = records_.find(key); it != records_.end()) r = it->second;
    auto byFinish = [](const core::Pod* a, const core::Pod* b) { return podFinishedTime(*a) < podFinishedTime(*b); };
    std::stable_sort(newSucceeded.begin(), newSucceeded.end(), byFinish);
    std::stable_sort(newFailed.begin(), newFailed.end(), byFinish);
    if (newSucceeded.empty()) {
        if (newFailed.empty()) return r;
        r.failuresAfterLastSuccess += static_cast<int>(newFailed.size());
        r.lastFailureTime = podFinishedTime(*newFailed.back());
        return r;
    }
    // A success resets the count; only failures after the newest success count.
    r.failuresAfterLastSuccess = 0;
    r.lastFailureTime.reset();
    const sim::Time lastSuccess = podFinishedTime(*newSucceeded.back());
    for (auto it = newFailed.rbegin(); it != newFailed.rend(); ++it) {
        const sim::Time failed = podFinishedTime(**it);
        if (failed <= lastSuccess) break;
        if (!r.lastFailureTime) r.lastFailureTime = failed;
        ++r.failuresAfterLastSuccess;
    }
    return r;
}

}  // namespace pilothouse::controller::job
