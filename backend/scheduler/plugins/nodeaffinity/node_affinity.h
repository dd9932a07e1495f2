// NodeAffinity (pkg/scheduler/framework/plugins/nodeaffinity, Kubernetes v1.28).
//
// Args (NodeAffinityArgs): {addedAffinity: <v1.NodeAffinity>} — node affinity the scheduler
// enforces on every pod of the profile, on top of the pod's own. No defaults. Validation
// (ValidateNodeAffinityArgs): addedAffinity.requiredDuringSchedulingIgnoredDuringExecution must
// parse as a node selector and addedAffinity.preferredDuringSchedulingIgnoredDuringExecution as
// preferred terms; every error is reported with its path inside args, several as "[e1, e2]", e.g.
//   addedAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].matchFields[0].values:
//   Invalid value: []string{"node-1", "node-2"}: must have one element
//
// PreFilter: Skip when the pod has no nodeSelector, no required node affinity and the profile no
// addedAffinity (so Filter does not run). When every required term names nodes through
// matchFields metadata.name In [...], the result narrows the candidate nodes to the union of the
// terms' names (within a term the name requirements intersect); if that union is empty the pod
// is UnschedulableAndUnresolvable "pod affinity terms conflict". A term without such a field
// requirement means all nodes are candidates.
//
// Filter: a node failing addedAffinity's required terms is UnschedulableAndUnresolvable
// "node(s) didn't match scheduler-enforced node affinity"; a node failing the pod's nodeSelector
// or required terms (operators In, NotIn, Exists, DoesNotExist, Gt, Lt; matchFields In/NotIn;
// terms ORed; an empty term or a term that does not parse matches nothing) is
// UnschedulableAndUnresolvable "node(s) didn't match Pod's node affinity/selector".
//
// PreScore: Skip when the pod has no preferred terms and addedAffinity none; an error (Error
// status with the parse errors) when the pod's preferred terms do not parse. Score: the sum of
// the weights of the matching preferred terms, the pod's plus addedAffinity's; NormalizeScore
// scales by the highest score to 0..100. Requeued on Node add/update.
#pragma once

#include <memory>

#include "api/codec/value.h"
#include "scheduler/framework/feature_gates.h"
#include "scheduler/framework/interface.h"
#include "util/status.h"

namespace pilothouse::scheduler::plugins::nodeaffinity {

StatusOr<std::shared_ptr<framework::Plugin>> New(const codec::Value& args, framework::Handle& handle,
                                                 const framework::FeatureGates& gates);

}  // namespace pilothouse::scheduler::plugins::nodeaffinity
