// The pod failure back-off of Jobs (upstream pkg/controller/job/backoff_utils.go, v1.28): after
// N consecutive pod failures (failures since the last success) the controller waits
// 10 s * 2^(N-1), at most 6 minutes, counted from the last failure, before it creates the next
// pod. A success resets the count; failures that finished after the newest success still count.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core_v1.pb.h"
#include "sim/clock.h"

namespace pilothouse::controller::job {

inline constexpr sim::Duration kDefaultJobPodFailureBackOff = std::chrono::seconds(10);
inline constexpr sim::Duration kMaxJobPodFailureBackOff = std::chrono::minutes(6);

struct BackoffRecord {
    std::string key;
    int failuresAfterLastSuccess = 0;
    std::optional<sim::Time> lastFailureTime;

    // How long to wait before the next pod creation at `now` (0: none).
    sim::Duration remainingTime(sim::Time now, sim::Duration base = kDefaultJobPodFailureBackOff,
                                sim::Duration max = kMaxJobPodFailureBackOff) const;
};

// getFinishedTime: the latest container finishedAt, else the Ready=False transition, else the
// deletion timestamp less the grace period, else the creation time.
sim::Time podFinishedTime(const k8s::io::api::core::v1::Pod& pod);

// The records of every Job, keyed by "ns/name".
class BackoffStore {
public:
    // The record after the newly finished pods (not counted before) of this sync.
    BackoffRecord newBackoffRecord(const std::string& key,
                                   std::vector<const k8s::io::api::core::v1::Pod*> newSucceeded,
                                   std::vector<const k8s::io::api::core::v1::Pod*> newFailed) const;
    void update(const BackoffRecord& r) { records_[r.key] = r; }
    void remove(const std::string& key) { records_.erase(key); }

private:
    std::map<std::string, BackoffRecord> records_;
};

}  // namespace pilothouse::controller::job
