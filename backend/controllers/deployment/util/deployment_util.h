// Deployment helpers (upstream pkg/controller/deployment/util/deployment_util.go and
// pkg/util/hash, v1.28): revisions and the replica-count annotations on ReplicaSets, the
// pod-template hash, maxSurge / maxUnavailable resolution, replica counting over ReplicaSets,
// conditions, and the completeness / progress / timeout tests.
//
// The pod-template hash is computed as upstream computes it — FNV-32a over the template's
// serialized form, then the collisionCount's 4 bytes (little-endian, in an 8-byte buffer) when
// set, and the decimal text of the 32-bit sum mapped through rand.SafeEncodeString — but over
// our serialization (deterministic protobuf of the PodTemplateSpec) instead of Go's spew dump, so
// the names differ from a real cluster's while behaving the same (stable for one template,
// different for another, changed by collisionCount).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "apps_v1.pb.h"
#include "core_v1.pb.h"
#include "sim/clock.h"

namespace pilothouse::controller::deployment::util {

namespace apps = k8s::io::api::apps::v1;
namespace core = k8s::io::api::core::v1;
namespace intstr = k8s::io::apimachinery::pkg::util::intstr;

inline constexpr char kRevisionAnnotation[] = "deployment.kubernetes.io/revision";
inline constexpr char kRevisionHistoryAnnotation[] = "deployment.kubernetes.io/revision-history";
inline constexpr char kDesiredReplicasAnnotation[] = "deployment.kubernetes.io/desired-replicas";
inline constexpr char kMaxReplicasAnnotation[] = "deployment.kubernetes.io/max-replicas";
inline constexpr char kDefaultDeploymentUniqueLabelKey[] = "pod-template-hash";

// Condition types and reasons.
inline constexpr char kAvailable[] = "Available";
inline constexpr char kProgressing[] = "Progressing";
inline constexpr char kReplicaFailure[] = "ReplicaFailure";
inline constexpr char kMinimumReplicasAvailable[] = "MinimumReplicasAvailable";
inline constexpr char kMinimumReplicasUnavailable[] = "MinimumReplicasUnavailable";
inline constexpr char kNewReplicaSetReason[] = "NewReplicaSetCreated";
inline constexpr char kFoundNewRSReason[] = "FoundNewReplicaSet";
inline constexpr char kReplicaSetUpdatedReason[] = "ReplicaSetUpdated";
inline constexpr char kNewRSAvailableReason[] = "NewReplicaSetAvailable";
inline constexpr char kTimedOutReason[] = "ProgressDeadlineExceeded";
inline constexpr char kFailedRSCreateReason[] = "ReplicaSetCreateError";
inline constexpr char kPausedDeployReason[] = "DeploymentPaused";
inline constexpr char kResumedDeployReason[] = "DeploymentResumed";

int32_t replicasOf(const apps::Deployment& d);
int32_t replicasOf(const apps::ReplicaSet& rs);

// ComputeHash(template, collisionCount): see the header comment.
std::string computeHash(const core::PodTemplateSpec& tmpl, std::optional<int32_t> collisionCount);
// The templates equal once the pod-template-hash label is ignored.
bool equalIgnoreHash(const core::PodTemplateSpec& a, const core::PodTemplateSpec& b);

// The revision annotation as a number (0 when missing or invalid).
int64_t revision(const apps::ReplicaSet& rs);
int64_t maxRevision(const std::vector<const apps::ReplicaSet*>& rss);

// GetScaledValueFromIntOrPercent: an int, or "N%" of total rounded up or down.
int32_t scaledValue(const intstr::IntOrString& v, int32_t total, bool roundUp);
bool isRollingUpdate(const apps::Deployment& d);
// ResolveFenceposts: (maxSurge rounded up, maxUnavailable rounded down); both 0 -> (0, 1).
std::pair<int32_t, int32_t> resolveFenceposts(const apps::Deployment& d);
int32_t maxSurge(const apps::Deployment& d);
int32_t maxUnavailable(const apps::Deployment& d);

// Sums over ReplicaSets (null entries skipped).
int32_t replicaCount(const std::vector<const apps::ReplicaSet*>& rss);        // spec.replicas
int32_t actualReplicaCount(const std::vector<const apps::ReplicaSet*>& rss);  // status.replicas
int32_t readyReplicaCount(const std::vector<const apps::ReplicaSet*>& rss);
int32_t availableReplicaCount(const std::vector<const apps::ReplicaSet*>& rss);
// ReplicaSets with spec.replicas > 0.
std::vector<const apps::ReplicaSet*> filterActive(const std::vector<const apps::ReplicaSet*>& rss);

// Orders.
bool olderFirst(const apps::ReplicaSet* a, const apps::ReplicaSet* b);  // ReplicaSetsByCreationTimestamp
bool bySizeOlder(const apps::ReplicaSet* a, const apps::ReplicaSet* b);
bool bySizeNewer(const apps::ReplicaSet* a, const apps::ReplicaSet* b);
bool byRevision(const apps::ReplicaSet* a, const apps::ReplicaSet* b);

// Annotations.
// SetNewReplicaSetAnnotations: copies the deployment's annotations, advances the revision (keeping
// the history), and on creation sets desired-/max-replicas. Returns whether anything changed.
bool setNewReplicaSetAnnotations(const apps::Deployment& d, apps::ReplicaSet* rs, const std::string& newRevision,
                                 bool exists);
bool replicasAnnotationsNeedUpdate(const apps::ReplicaSet& rs, int32_t desired, int32_t max);
bool setReplicasAnnotations(apps::ReplicaSet* rs, int32_t desired, int32_t max);
std::optional<int32_t> intAnnotation(const apps::ReplicaSet& rs, const char* key);
bool isSaturated(const apps::Deployment& d, const apps::ReplicaSet* rs);

// Conditions.
const apps::DeploymentCondition* condition(const apps::DeploymentStatus& s, const std::string& type);
apps::DeploymentCondition newCondition(const std::string& type, const std::string& status, const std::string& reason,
                                       const std::string& message, sim::Time now);
// SetDeploymentCondition: no change when status and reason are the same; keeps the transition
// time when only the reason changes.
void setCondition(apps::DeploymentStatus* s, apps::DeploymentCondition c);
void removeCondition(apps::DeploymentStatus* s, const std::string& type);

bool hasProgressDeadline(const apps::Deployment& d);
bool deploymentComplete(const apps::Deployment& d, const apps::DeploymentStatus& s);
bool deploymentProgressing(const apps::Deployment& d, const apps::DeploymentStatus& s);
bool deploymentTimedOut(const apps::Deployment& d, const apps::DeploymentStatus& s, sim::Time now);

// NewRSNewReplicas: how big the new ReplicaSet may be now.
int32_t newRSNewReplicas(const apps::Deployment& d, const std::vector<const apps::ReplicaSet*>& all,
                         const apps::ReplicaSet& newRS);
// GetProportion for proportional scaling.
int32_t proportion(const apps::ReplicaSet& rs, const apps::Deployment& d, int32_t toAdd, int32_t added);

}  // namespace pilothouse::controller::deployment::util
