// "Why is my pod pending?" — for one pod of a cluster as it is (or as it was at some revision),
// the scheduler's own answer. The pod is taken out of the cluster (were it bound, it no longer
// counts on its node) and tried once as a pending pod against the nodes and the bound pods, every
// node and every filter plugin evaluated (SnapshotScheduler with `explain`): the FailedScheduling
// message, each node's rejecting plugins and their reasons, the scores of the feasible nodes and
// any preemption are what kube-scheduler v1.28 computes for that cluster.
//
// What takes part, as in the scheduler's informers: the kinds readForScheduling() names, except
// pods that hold nothing — those that finished (phase Succeeded or Failed) and the other pending
// pods. Preemption is computed, not carried out: the victims stay in the cluster.
#pragma once

#include <google/protobuf/message.h>

#include <memory>
#include <string>
#include <vector>

#include "api/codec/manifest.h"
#include "scheduler/apis/config/types.h"
#include "scheduler/framework/feature_gates.h"
#include "scheduler/snapshot_scheduler.h"
#include "util/status.h"

namespace pilothouse::scheduler {

struct PodExplanation {
    PodOutcome outcome;           // outcome.explanation is always set
    std::string boundNode;        // the node the pod is bound to in the cluster, "" when pending
    // What the attempt could not use (kinds not read for scheduling, pods bound to unknown nodes).
    // The objects are a control plane's, judged by its validation: they are not validated again.
    std::vector<std::string> warnings;
};

// The cluster as explainPod tries the pod in: the objects that take part (see above), copied, with
// the pod unbound and not nominated. `found` (optional) says whether the pod was among them;
// `boundNode` (optional) receives the node it was bound to.
std::vector<codec::Manifest> manifestsForExplaining(
    const std::vector<std::shared_ptr<const google::protobuf::Message>>& objects, const std::string& podKey,
    bool* found = nullptr, std::string* boundNode = nullptr);

// `podKey`: "namespace/name". NotFound when no such pod is among `objects`; InvalidArgument when
// the configuration's profiles cannot be built.
StatusOr<PodExplanation> explainPod(const std::vector<std::shared_ptr<const google::protobuf::Message>>& objects,
                                    const std::string& podKey, const config::KubeSchedulerConfiguration& config,
                                    const framework::FeatureGates& gates = {});
// The same, what the attempt built (its copy of the cluster: most of a second to free for 150,000
// pods) handed to `leftovers` rather than freed before the answer is returned: a caller with
// someone waiting frees it after passing the answer on.
StatusOr<PodExplanation> explainPod(const std::vector<std::shared_ptr<const google::protobuf::Message>>& objects,
                                    const std::string& podKey, const config::KubeSchedulerConfiguration& config,
                                    const framework::FeatureGates& gates, std::shared_ptr<void>& leftovers);

}  // namespace pilothouse::scheduler
