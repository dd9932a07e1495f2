#include "clusterview/node_pod_summary.h"

#include <QCoreApplication>

#include <string>
#include <unordered_map>

#include "scheduler/framework/pod_resources.h"
#include "util/rfc3339.h"

namespace pilothouse::ui::clusterview {

namespace core = k8s::io::api::core::v1;

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(ClusterView)
};

QString qs(const std::string& s) { return QString::fromStdString(s); }

bool startsWith(const std::string& s, std::string_view prefix) { return s.rfind(prefix, 0) == 0; }

// Label keys in the Kubernetes namespaces (kubernetes.io, k8s.io and their subdomains) are set by
// the system; the others are the cluster owner's, the ones nodeSelector and affinity talk about.
bool systemLabel(const std::string& key) {
    const auto slash = key.find('/');
    if (slash == std::string::npos) return false;
    const std::string_view prefix(key.data(), slash);
    auto endsWith = [&](std::string_view suffix) {
        return prefix.size() >= suffix.size() && prefix.substr(prefix.size() - suffix.size()) == suffix;
    };
    return prefix == "kubernetes.io" || prefix == "k8s.io" || endsWith(".kubernetes.io") || endsWith(".k8s.io");
}

QString labelValue(const core::Node& node, std::initializer_list<const char*> keys) {
    const auto& labels = node.metadata().labels();
    for (const char* k : keys) {
        auto it = labels.find(k);
        if (it != labels.end() && !it->second.empty()) return qs(it->second);
    }
    return {};
}

qint64 quantity(const google::protobuf::Map<std::string, std::string>& list, const char* name, bool milli) {
    auto it = list.find(name);
    if (it == list.end()) return 0;
    auto q = resource::Quantity::parse(it->second);
    if (!q) return 0;
    return milli ? q->milliValue() : q->value();
}

struct Requests {
    qint64 cpuMilli = 0;
    qint64 memoryBytes = 0;
};

// What the requests of a pod are made of, as text: every container's, every init container's and
// the overhead's quantities. Pods of one workload share it.
std::string requestsSignature(const core::Pod& pod) {
    std::string key;
    auto add = [&](char kind, const google::protobuf::Map<std::string, std::string>& list) {
        key += kind;
        for (const auto& [name, value] : list) {
            key += name;
            key += '\x1f';
            key += value;
            key += '\x1e';
        }
    };
    for (const auto& c : pod.spec().containers()) add('c', c.resources().requests());
    for (const auto& c : pod.spec().init_containers()) add('i', c.resources().requests());
    add('o', pod.spec().overhead());
    return key;
}

// scheduler::framework::podRequests (the scheduler's PodRequests), remembered per signature: a
// running cluster sends the same few pod templates over and over, mostly for status changes.
Requests requestsOf(const core::Pod& pod) {
    thread_local std::unordered_map<std::string, Requests> known;
    std::string key = requestsSignature(pod);
    if (auto it = known.find(key); it != known.end()) return it->second;
    Requests r;
    const auto requests = scheduler::framework::podRequests(pod);
    if (auto it = requests.find("cpu"); it != requests.end()) r.cpuMilli = it->second.milliValue();
    if (auto it = requests.find("memory"); it != requests.end()) r.memoryBytes = it->second.value();
    if (known.size() >= 4096) known.clear();  // many distinct pods: keep the memory bounded
    known.emplace(std::move(key), r);
    return r;
}

}  // namespace

QString phaseName(PodPhase phase) {
    switch (phase) {
        case PodPhase::Pending: return QStringLiteral("Pending");
        case PodPhase::Running: return QStringLiteral("Running");
        case PodPhase::Succeeded: return QStringLiteral("Succeeded");
        case PodPhase::Failed: return QStringLiteral("Failed");
        case PodPhase::Terminating: return QStringLiteral("Terminating");
        case PodPhase::Unknown: break;
    }
    return QStringLiteral("Unknown");
}

QString readinessName(NodeReadiness readiness) {
    switch (readiness) {
        case NodeReadiness::Ready: return QStringLiteral("Ready");
        case NodeReadiness::NotReady: return QStringLiteral("NotReady");
        case NodeReadiness::Unknown: break;
    }
    return QStringLiteral("Unknown");
}

NodeSummary summarizeNode(const core::Node& node) {
    NodeSummary s;
    s.name = qs(node.metadata().name());
    for (const auto& c : node.status().conditions())
        if (c.type() == "Ready") s.readiness = c.status() == "True" ? NodeReadiness::Ready : NodeReadiness::NotReady;
    s.unschedulable = node.spec().unschedulable();
    for (const auto& t : node.spec().taints()) {
        // kubectl describe node: key=value:Effect, or key:Effect without a value.
        QString text = qs(t.key());
        if (!t.value().empty()) text += QLatin1Char('=') + qs(t.value());
        s.taints.push_back(text + QLatin1Char(':') + qs(t.effect()));
    }

    // Key labels: kubectl's ROLES, the topology and the machine, then the owner's own labels.
    QStringList roles;
    for (const auto& [k, v] : node.metadata().labels()) {
        if (startsWith(k, "node-role.kubernetes.io/") && k.size() > 24) roles.push_back(qs(k.substr(24)));
        else if (k == "kubernetes.io/role" && !v.empty()) roles.push_back(qs(v));
    }
    roles.sort();
    for (const QString& r : roles) s.keyLabels.push_back(Text::tr("role: %1").arg(r));
    if (QString v = labelValue(node, {"topology.kubernetes.io/region", "failure-domain.beta.kubernetes.io/region"}); !v.isEmpty())
        s.keyLabels.push_back(Text::tr("region: %1").arg(v));
    if (QString v = labelValue(node, {"topology.kubernetes.io/zone", "failure-domain.beta.kubernetes.io/zone"}); !v.isEmpty())
        s.keyLabels.push_back(Text::tr("zone: %1").arg(v));
    if (QString v = labelValue(node, {"node.kubernetes.io/instance-type", "beta.kubernetes.io/instance-type"}); !v.isEmpty())
        s.keyLabels.push_back(Text::tr("instance: %1").arg(v));
    if (QString v = labelValue(node, {"kubernetes.io/hostname"}); !v.isEmpty() && v != s.name)
        s.keyLabels.push_back(Text::tr("hostname: %1").arg(v));
    QStringList own;
    for (const auto& [k, v] : node.metadata().labels())
        if (!systemLabel(k)) own.push_back(v.empty() ? qs(k) : qs(k) + QLatin1Char('=') + qs(v));
    own.sort();  // protobuf maps have no order
    s.keyLabels += own;

    s.cpuAllocatableMilli = quantity(node.status().allocatable(), "cpu", true);
    s.memoryAllocatableBytes = quantity(node.status().allocatable(), "memory", false);
    s.podsAllocatable = quantity(node.status().allocatable(), "pods", false);
    return s;
}

PodSummary summarizePod(const core::Pod& pod) {
    return summarizePod(pod, qs(pod.metadata().namespace_()) + QLatin1Char('/') + qs(pod.metadata().name()));
}

PodSummary summarizePod(const core::Pod& pod, const QString& key) {
    PodSummary s;
    s.key = key;
    s.nodeName = qs(pod.spec().node_name());
    const std::string& phase = pod.status().phase();
    if (pod.metadata().has_deletion_timestamp()) s.phase = PodPhase::Terminating;
    else if (phase == "Running") s.phase = PodPhase::Running;
    else if (phase == "Succeeded") s.phase = PodPhase::Succeeded;
    else if (phase == "Failed") s.phase = PodPhase::Failed;
    else if (phase == "Pending" || phase.empty()) s.phase = PodPhase::Pending;
    else s.phase = PodPhase::Unknown;

    const Requests r = requestsOf(pod);
    s.cpuRequestMilli = r.cpuMilli;
    s.memoryRequestBytes = r.memoryBytes;

    if (auto created = rfc3339::parse(pod.metadata().creation_timestamp()); created.isOk())
        s.createdSeconds = *created / 1'000'000'000;
    if (s.nodeName.isEmpty()) {
        for (const auto& c : pod.status().conditions()) {
            if (c.type() != "PodScheduled" || c.status() != "False") continue;
            s.schedulingReason = qs(c.reason());
            s.schedulingMessage = qs(c.message());
        }
    }
    return s;
}

}  // namespace pilothouse::ui::clusterview
