// How preemption ranks pods (pkg/scheduler/util/utils.go and component-helpers' PodPriority in
// Kubernetes v1.28):
//  - a pod's priority is spec.priority, 0 when unset;
//  - its start time is status.startTime; a pod without one (assumed, or bound but not started)
//    counts as starting now — upstream asks the clock on every comparison, Pilothouse uses the
//    scheduler's clock once per cycle (handle.nowNanos()), so such pods compare as equal;
//  - MoreImportantPod: higher priority first, then the earlier start time;
//  - the earliest start time among the highest-priority pods of a victim list, which breaks ties
//    between candidate nodes (the node whose most important victims started last is preferred).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "scheduler/framework/types.h"

namespace pilothouse::scheduler::plugins::defaultpreemption {

int32_t podPriority(const framework::Pod& pod);

// Nanoseconds since the epoch; `nowNanos` for a pod without a (parsable) status.startTime.
int64_t podStartTime(const framework::Pod& pod, int64_t nowNanos);

// True when `a` is more important than `b` (and so is spared before it).
bool moreImportantPod(const framework::Pod& a, const framework::Pod& b, int64_t nowNanos);

// The earliest start time of the highest-priority pods among `victims` (not empty).
int64_t earliestStartTimeOfHighestPriority(const std::vector<std::shared_ptr<const framework::Pod>>& victims,
                                           int64_t nowNanos);

}  // namespace pilothouse::scheduler::plugins::defaultpreemption
