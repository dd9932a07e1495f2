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
#include <optional>
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

// The object a pod-side change is made on: the pod itself, or the pod template of its controller
// (see above).
struct WhatIfTarget {
    enum class Kind { Pod, Deployment, ReplicaSet, ReplicationController };
    Kind kind = Kind::Pod;
    std::string name{};  // "namespace/name" of the pod or of the controller

    bool operator==(const WhatIfTarget&) const = default;
};

// One change of a suggestion, as data: the GUI says it in the user's language, describe() in
// English (pilothousectl, tests, logs). Values are in Kubernetes' notation and stay as they are.
struct WhatIfChange {
    enum class Kind {
        AddToleration,                   // target, key, value, effect
        RemoveTaint,                     // node, key, value, effect
        Uncordon,                        // node
        RemoveNodeSelector,              // target, key, value
        RemoveNodeAffinity,              // target: the whole required node affinity
        RemoveNodeAffinityRequirements,  // target, requirements
        SetNodeLabel,                    // node, key, value
        RemoveNodeLabel,                 // node, key
        LowerRequest,                    // target, resource, from, to
        EvictPod,                        // node, pod, priority
        RemovePodAffinityTerm,           // target, term
        RemovePodAntiAffinityTerm,       // target, term
    };
    Kind kind = Kind::AddToleration;
    WhatIfTarget target{};                 // the pod-side kinds
    std::string node{};                    // the node-side kinds and EvictPod
    std::string key{}, value{}, effect{};  // a toleration or taint, a label, a nodeSelector entry
    std::vector<std::string> requirements{};  // "disktype In [ssd, nvme]"
    // A pod (anti-)affinity term: "app=web, topologyKey kubernetes.io/hostname".
    std::string term{};
    std::string resource{};    // LowerRequest: "cpu", "memory", ...
    std::string from{}, to{};  // LowerRequest: the pod's request and the new one, as quantities
    std::string pod{};         // EvictPod: "namespace/name"
    int32_t priority = 0;      // EvictPod: the evicted pod's priority

    bool operator==(const WhatIfChange&) const = default;
};

struct WhatIfSuggestion {
    std::vector<WhatIfChange> changes;
    WhatIfSide side = WhatIfSide::Pod;
    std::vector<WhatIfOperation> operations;  // in order: node patches, evictions, pod-side changes
};

// Why something cannot be suggested, as data. Arguments are names, numbers and Kubernetes' own
// texts (a filter plugin's reason, an error message), which stay as they are.
struct WhatIfReason {
    enum class Kind {
        Message,                    // {text}: an error of the API or of the objects, as it is
        AlreadyFits,                // {node}
        NoProgress,                 // {node}: the changes found leave the node rejecting the pod
        StillRejected,              // {node, rejections}: after a suggestion's operations
        UnknownReason,              // {reason}: a reason a plugin's fix does not know
        NotChangeable,              // {reason}: one no what-if changes
        ConditionTaint,             // {taint key, node}
        SchedulerEnforcedAffinity,  // {node}
        NoAffinityTermByLabels,     // {node}
        TooManyPods,                // {node, pod capacity}
        NoResourceLeft,             // {node, resource, used, capacity}
        OverheadTooLarge,           // {resource, node}
        NoLowerPriorityPod,         // {node, priority}
        EvictionsNotEnough,         // {priority, node, resources ", "-separated}
        HostPorts,                  // {}
        AffinityDoesNotParse,       // {error}
        OtherPodsAntiAffinity,      // {}
        PodAffinityNeedsPods,       // {node}
        TopologyLabelMissing,       // {}
        TopologySkew,               // {}
        Volumes,                    // {}
        NodeNameSet,                // {}
        NoWhatIf,                   // {plugin, reasons "; "-separated}
        OwnerNotFound,              // {kind, "namespace/name"}: the pod's controller
        OwnerManaged,               // {kind, name, manager kind, manager name}
        JobTemplateImmutable,       // {"namespace/name"}
        StatefulSetOrdinals,        // {"namespace/name"}
        DaemonSetPerNode,           // {"namespace/name"}
        OwnerUnsupported,           // {kind, "namespace/name"}
    };
    Kind kind = Kind::Message;
    std::vector<std::string> args{};  // kinds are lower-case ("replicaset"), as kubectl writes them

    bool operator==(const WhatIfReason&) const = default;
};

// A thing that could not be suggested and why: for a filter plugin neither side can fix
// (`plugin`), for one side of a plugin (`plugin` and `side`), for a suggestion dropped because it
// failed verification (`dropped`: its changes), or about the pod and node as a whole (neither).
struct WhatIfNote {
    std::string plugin{};
    std::optional<WhatIfSide> side{};
    std::vector<WhatIfChange> dropped{};
    WhatIfReason why{};

    bool operator==(const WhatIfNote&) const = default;
};

// In English, as pilothousectl and the logs write them:
//   "Remove taint dedicated=gpu:NoSchedule from node node-4"
std::string describe(const WhatIfChange& change);
//   the changes, "; "-separated
std::string describe(const WhatIfSuggestion& suggestion);
//   "node node-1 has no cpu left (4 of 4 requested)"
std::string describe(const WhatIfReason& reason);
//   "<plugin>: <why>", "<plugin> (<side> side): <why>", "dropped \"<changes>\": <why>", "<why>"
std::string describe(const WhatIfNote& note);
// The target in English: "pod default/web", "deployment default/web's pod template".
std::string describe(const WhatIfTarget& target);
// A toleration's or taint's text: "key=value:effect", "key:effect" without a value.
std::string taintText(const WhatIfChange& change);

// For the pod `podKey` ("namespace/name") and the node `nodeName`: the verified suggestions,
// smallest first; empty when the pod already passes every filter on the node, or when nothing a
// what-if changes would make it pass. `notes` (optional) receives what could not be suggested and
// why (WhatIfNote), in the order found, each once.
// Errors: NotFound for an unknown pod or node; FailedPrecondition for a pod the configuration's
// profiles do not schedule or one with scheduling gates (it reaches no filter); explainPod's
// errors.
StatusOr<std::vector<WhatIfSuggestion>> suggestFixes(
    const std::vector<std::shared_ptr<const google::protobuf::Message>>& objects,
    const std::string& podKey, const std::string& nodeName,
    const config::KubeSchedulerConfiguration& config, const framework::FeatureGates& gates = {},
    std::vector<WhatIfNote>* notes = nullptr);

}  // namespace pilothouse::scheduler
