// What the cluster view shows of one Node and one Pod, read off the objects once per change so
// that painting never touches a protobuf: a node's readiness (kubectl's STATUS: the Ready
// condition), cordon (spec.unschedulable), taints as kubectl describe prints them, a few key labels
// and its allocatable cpu / memory / pods; a pod's node, phase (Terminating once deletionTimestamp
// is set, as kubectl prints it), its requests as the scheduler counts them (PodRequests: the sum of
// the containers, at least the largest init container, plus overhead) and, while unbound, why the
// scheduler left it there (PodScheduled=False: Unschedulable, SchedulingGated).
#pragma once

#include <QString>
#include <QStringList>

#include "core_v1.pb.h"

namespace pilothouse::ui::clusterview {

// kubectl get nodes' STATUS without SchedulingDisabled: Ready when the Ready condition is True,
// NotReady when it is False or Unknown, Unknown when the node has no Ready condition.
enum class NodeReadiness { Ready, NotReady, Unknown };

// A pod's phase as the view colours it; Terminating replaces the phase of a pod being deleted.
enum class PodPhase { Pending, Running, Succeeded, Failed, Unknown, Terminating };
inline constexpr int kPodPhaseCount = 6;

// "Running", "Terminating", ...: the names theme::phaseColor() takes.
QString phaseName(PodPhase phase);
QString readinessName(NodeReadiness readiness);

struct NodeSummary {
    QString name;
    NodeReadiness readiness = NodeReadiness::Unknown;
    bool unschedulable = false;   // cordoned: kubectl's SchedulingDisabled
    QStringList taints;           // "dedicated=gpu:NoSchedule", "node.kubernetes.io/not-ready:NoExecute"
    QStringList keyLabels;        // "role worker", "zone zone-1", "accelerator=nvidia", ...
    qint64 cpuAllocatableMilli = 0;
    qint64 memoryAllocatableBytes = 0;
    qint64 podsAllocatable = 0;

    bool operator==(const NodeSummary&) const = default;
};

struct PodSummary {
    QString key;        // "namespace/name"
    QString nodeName;   // spec.nodeName; empty while the pod waits for a scheduler
    PodPhase phase = PodPhase::Pending;
    qint64 cpuRequestMilli = 0;
    qint64 memoryRequestBytes = 0;
    qint64 createdSeconds = 0;  // metadata.creationTimestamp, Unix seconds: the order pods are shown in
    // PodScheduled=False: its reason (Unschedulable, SchedulingGated) and message (the scheduler's
    // "0/3 nodes are available: ..."); empty otherwise.
    QString schedulingReason;
    QString schedulingMessage;

    // A bound pod that is not Succeeded or Failed holds its requests on its node (the scheduler's
    // NodeInfo and kubectl describe node count exactly these).
    bool holdsResources() const {
        return !nodeName.isEmpty() && phase != PodPhase::Succeeded && phase != PodPhase::Failed;
    }
    QString name() const { return key.mid(key.indexOf(QLatin1Char('/')) + 1); }

    bool operator==(const PodSummary&) const = default;
};

NodeSummary summarizeNode(const k8s::io::api::core::v1::Node& node);
PodSummary summarizePod(const k8s::io::api::core::v1::Pod& pod);
// With its key ("namespace/name") known already.
PodSummary summarizePod(const k8s::io::api::core::v1::Pod& pod, const QString& key);

}  // namespace pilothouse::ui::clusterview
