// What-ifs: "what would make this pod fit on node X?" — the smallest changes to the pod, or to the
// node and what runs on it, after which the pod passes every filter plugin on X.
//
// How suggestions are found: explainPod (explainer.h) tries the pod against every node; the
// filter plugins that rejected X and their reasons decide what to change, plugin by plugin:
//
//   TaintToleration    pod: tolerate the taint (key=value:effect with Equal, key:effect with
//                      Exists when the taint has no value); node: remove the taint (not the
//                      condition taints the node lifecycle controller would put back).
//   NodeUnschedulable  pod: tolerate node.kubernetes.io/unschedulable:NoSchedule; node: uncordon
//                      (which also takes the controller's unschedulable taint away).
//   NodeAffinity       pod: drop the nodeSelector entries X fails, and the failing requirements of
//                      the required node-affinity term that fails least (the whole required
//                      affinity when nothing of that term would be left); node: set or remove the
//                      labels that satisfy the nodeSelector and the required term needing the
//                      fewest label changes (In: its first value; NotIn, DoesNotExist: remove;
//                      Exists: "true"; Gt n: n+1; Lt n: n-1).
//   NodeResourcesFit   pod: lower the request of each short resource to what X has free (only if
//                      more than 0 is free); node: evict the fewest pods of lower priority than
//                      the pod (preemption's rule), lowest priority first, that free enough.
//   NodePorts          node: evict the pods holding the host ports the pod asks for.
//   InterPodAffinity   existing pods' anti-affinity: evict them; the pod's own anti-affinity: drop
//                      the term (pod) or evict the pods it repels (node); the pod's own required
//                      affinity: drop the unmet terms (pod), nothing on the node side.
//   anything else      (PodTopologySpread, volumes, scheduler-enforced affinity, ...) no
//                      suggestion; the reason is among the notes.
//
// Each fix is applied to a copy of the objects and the pod is explained again, round by round,
// until it passes on X: once preferring pod-side fixes (a plugin only the node side can fix gets
// the node-side one, and the other way round), once preferring node-side fixes. Every resulting
// suggestion is then verified: its API operations are carried out on a fresh copy of the objects
// (merge patches applied, pods deleted, evicted, created or replaced by their controller) and the
// pod must pass every filter on X in a new explanation; a suggestion that does not is dropped and
// named in the notes. Suggestions are ordered by size (fewest changes first), then pod side, node
// side, both.
//
// Pod-side changes and the objects they are made on: most of a pod's spec cannot be updated
// (pod update validation), so
//   - a pod without a controller: a patch of spec.tolerations when tolerations are only added to
//     a pending pod (pod update allows that); otherwise delete it (gracePeriodSeconds 0) and create
//     the edited copy (kubectl replace --force), pending;
//   - a pod of a ReplicaSet of a Deployment: a merge patch of the Deployment's
//     spec.template.spec (the rollout's new pod carries the change);
//   - a pod of a ReplicaSet without a Deployment, or of a ReplicationController: a merge patch of
//     its spec.template.spec, then delete the pod (its replacement carries the change);
//   - a pod of a Job, StatefulSet, DaemonSet or another controller: no pod-side change (the
//     reason is among the notes). The owners must be among `objects` to be found.
//
// Evictions are operations with verb "evict": the pods/eviction subresource (which honours
// PodDisruptionBudgets and the pod's grace period). Until the API server serves it, carry one out
// as a delete of the pod (the tests do). An evicted pod of a controller is replaced, and its
// replacement may take the room back.
//
// Thread-safety: suggestFixes reads only its arguments; it may run on any thread.
#pragma once

#include <google/protobuf/message.h>

#include <memory>
#include <string>
#include <vector>

#include "api/codec/value.h"
#include "api/scheme.h"
#include "scheduler/apis/config/types.h"
#include "scheduler/framework/feature_gates.h"
#include "util/status.h"

namespace pilothouse::scheduler {

// Where a suggestion's changes are made: on the pod (or its controller's template), on the node
// and the pods running on it, or both.
enum class WhatIfSide { Pod, Node, Both };

const char* whatIfSideName(WhatIfSide side);  // "pod", "node", "both"

// One API request that carries out (part of) a suggestion, as the GUI sends it through its client.
struct WhatIfOperation {
    std::string verb;                         // "patch", "delete", "create" or "evict"
    const api::ResourceType* type = nullptr;  // the scheme's type (pods, nodes, deployments, ...)
    std::string namespace_;                   // "" for nodes
    std::string name;                         // "" for create (the body names the object)
    codec::Value patch;                       // patch: a JSON merge patch (RFC 7386)
    std::shared_ptr<const google::protobuf::Message> body;  // create: the object to create
    int64_t gracePeriodSeconds = -1;  // delete: 0 when a pod is replaced; -1 the default
};

struct WhatIfSuggestion {
    std::string summary;  // one line: the changes, "; "-separated
    // One line per change ("Remove taint dedicated=gpu:NoSchedule from node node-4").
    std::vector<std::string> changes;
    WhatIfSide side = WhatIfSide::Pod;
    std::vector<WhatIfOperation> operations;  // in order: node patches, evictions, pod-side changes
};

// For the pod `podKey` ("namespace/name") and the node `nodeName`: the verified suggestions,
// smallest first; empty when the pod already passes every filter on the node, or when nothing a
// what-if changes would make it pass. `notes` (optional) receives one line per thing that could
// not be suggested and why: "<plugin>: <why>" when neither side can fix a plugin,
// "<plugin> (pod side): <why>" when one side cannot, "dropped \"<summary>\": <why>" for a
// suggestion that failed verification.
// Errors: NotFound for an unknown pod or node; FailedPrecondition for a pod the configuration's
// profiles do not schedule or one with scheduling gates (it reaches no filter); explainPod's
// errors.
StatusOr<std::vector<WhatIfSuggestion>> suggestFixes(
    const std::vector<std::shared_ptr<const google::protobuf::Message>>& objects,
    const std::string& podKey, const std::string& nodeName,
    const config::KubeSchedulerConfiguration& config, const framework::FeatureGates& gates = {},
    std::vector<std::string>* notes = nullptr);

}  // namespace pilothouse::scheduler
