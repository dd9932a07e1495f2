// What the DaemonSet controller needs to know about daemon pods (upstream
// pkg/controller/daemon/util/daemonset_util.go, v1.28):
//  - the template generation a DaemonSet carries in its deprecated.daemonset.template.generation
//    annotation, and the pod labels that say which template a pod came from
//    (pod-template-generation, controller-revision-hash);
//  - the tolerations every daemon pod gets so that node problems neither evict it nor keep it
//    off its node (not-ready / unreachable NoExecute, the pressure and unschedulable NoSchedule
//    taints, network-unavailable for host-network pods);
//  - the node affinity that pins a daemon pod to its node for the default scheduler
//    (matchFields metadata.name In [node]) and how to read that node back;
//  - maxSurge / maxUnavailable resolved against the number of nodes that should run the pod.
#pragma once

#include <optional>
#include <string>

#include "apps_v1.pb.h"
#include "core_v1.pb.h"
#include "util/status.h"

namespace pilothouse::controller::daemon::util {

namespace apps = k8s::io::api::apps::v1;
namespace core = k8s::io::api::core::v1;

// apps/v1 DeprecatedTemplateGeneration, extensions DaemonSetTemplateGenerationKey and
// DefaultDaemonSetUniqueLabelKey.
inline constexpr char kDeprecatedTemplateGeneration[] = "deprecated.daemonset.template.generation";
inline constexpr char kTemplateGenerationLabel[] = "pod-template-generation";
inline constexpr char kUniqueLabelKey[] = "controller-revision-hash";

// The DaemonSet's template generation; nullopt when it has no annotation or it does not parse.
std::optional<int64_t> templateGeneration(const apps::DaemonSet& ds);

// v1helper.AddOrUpdateTolerationInPodSpec: replaces a toleration with the same key, operator,
// value and effect, or appends it. Returns false when an identical one was already there.
bool addOrUpdateToleration(core::PodSpec* spec, const core::Toleration& toleration);
// AddOrUpdateDaemonPodTolerations.
void addOrUpdateDaemonPodTolerations(core::PodSpec* spec);

// CreatePodTemplate: the template with the daemon tolerations and the generation / hash labels.
core::PodTemplateSpec createPodTemplate(const core::PodTemplateSpec& tmpl, std::optional<int64_t> generation,
                                        const std::string& hash);

// SurgeCount / UnavailableCount against `numberToSchedule` nodes (percentages rounded up); 0
// unless the strategy is RollingUpdate.
int surgeCount(const apps::DaemonSet& ds, int numberToSchedule);
int unavailableCount(const apps::DaemonSet& ds, int numberToSchedule);
// AllowsSurge: more than one pod may run on a node during an update.
bool allowsSurge(const apps::DaemonSet& ds);

// IsPodUpdated: the pod carries the current revision's hash. (Upstream also compares the
// pod-template-generation label, but formats the generation pointer rather than its value, so
// that comparison never succeeds; only the hash decides, here as there.)
bool isPodUpdated(const core::Pod& pod, const std::string& hash);

// ReplaceDaemonSetPodNodeNameNodeAffinity: the required node affinity becomes the single term
// matchFields metadata.name In [nodeName]; other affinities are kept.
void replaceDaemonSetPodNodeNameNodeAffinity(core::PodSpec* spec, const std::string& nodeName);

// GetTargetNodeName: spec.nodeName, or the node named by that affinity; an error (upstream's
// text) when there is neither.
StatusOr<std::string> targetNodeName(const core::Pod& pod);

}  // namespace pilothouse::controller::daemon::util
