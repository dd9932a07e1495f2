// The text preemption reports when no node can be made to fit (framework.FitError.Error() as the
// v1.28 evaluator builds it from its own node statuses):
//
//   "0/<nodes> nodes are available: <count> <reason>, <count> <reason>."
//
// <nodes> is the number of nodes with a status (every node of the snapshot once preemption got
// this far); the histogram counts every reason of every status, "<count> <reason>" entries sorted
// as strings. The statuses are "Preemption is not helpful for scheduling" for nodes the filters
// rejected as UnschedulableAndUnresolvable, "No preemption victims found for incoming pod" for
// nodes without lower-priority pods, and otherwise the filter's own reasons ("Insufficient cpu")
// when the pod does not fit even with every lower-priority pod gone. The plugin prefixes this
// with "preemption: "; the scheduler appends " <that>." to its own FailedScheduling text.
#pragma once

#include <string>

#include "scheduler/framework/interface.h"

namespace pilothouse::scheduler::plugins::defaultpreemption {

std::string noCandidateMessage(const framework::NodeToStatusMap& statuses);

}  // namespace pilothouse::scheduler::plugins::defaultpreemption
