// scheduler::suggestFixes, one row per kind of fix. Each row's cluster runs in a simulated cluster
// (control plane, scheduler, controllers, kubelets) until the pod has been tried; the suggestions
// are asked for on the objects read back through the API server, as the GUI reads them. Then, for
// each suggestion, a fresh run of the same cluster carries its operations out through the API
// server (an eviction as a delete of the pod: pods/eviction is not served yet), runs on, and the
// pod — or, for a pod-side change of a Deployment's pod, its replacement — must be bound to the
// node asked about. A suggestion that does not really make the pod schedulable fails the test.
#include "scheduler_what_if/what_if_test.h"

#include <QStringList>
#include <QTest>

#include <algorithm>
#include <chrono>
#include <string>
#include <vector>

#include "api/codec/json.h"
#include "api/object.h"
#include "api/scheme.h"
#include "cluster/cluster.h"
#include "cluster/components.h"
#include "core_v1.pb.h"
#include "scheduler/apis/config/load.h"
#include "scheduler/what_if.h"
#include "testing/create_manifests.h"

using namespace pilothouse;
using namespace std::chrono_literals;
namespace core = k8s::io::api::core::v1;

namespace {

using Objects = std::vector<std::shared_ptr<const google::protobuf::Message>>;

// A node with 4 cpu, 8Gi and 110 pods; `labels` and `spec` are added to its flow mappings.
std::string node(const std::string& name, const std::string& labels = "",
                 const std::string& spec = "") {
    return "apiVersion: v1\nkind: Node\nmetadata: {name: " + name +
           ", labels: {kubernetes.io/hostname: " + name + (labels.empty() ? "" : ", " + labels) +
           "}}\nspec: {podCIDR: 10.244." + name.substr(name.size() - 1) + ".0/24" +
           (spec.empty() ? "" : ", " + spec) +
           "}\nstatus:\n  capacity: {cpu: \"4\", memory: 8Gi, pods: \"110\"}\n  allocatable: {cpu: "
           "\"4\", memory: 8Gi, pods: \"110\"}\n---\n";
}

// A pod in `default` asking for `cpu`; `labels` and `spec` are added to its flow mappings.
std::string pod(const std::string& name, const std::string& cpu, const std::string& spec = "",
                const std::string& labels = "") {
    return "apiVersion: v1\nkind: Pod\nmetadata: {name: " + name + ", namespace: default" +
           (labels.empty() ? "" : ", labels: {" + labels + "}") + "}\nspec: {" +
           (spec.empty() ? "" : spec + ", ") +
           "containers: [{name: c, image: nginx, resources: {requests: {cpu: " + cpu +
           "}}}]}\n---\n";
}

std::string affinityPod(const std::string& expressions) {
    return pod("big", "100m",
               "affinity: {nodeAffinity: {requiredDuringSchedulingIgnoredDuringExecution: "
               "{nodeSelectorTerms: [{matchExpressions: [" +
                   expressions + "]}]}}}");
}

const char kPriorityClasses[] = R"(apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: low}
value: 10
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: high-no-preempt}
value: 1000
preemptionPolicy: Never
---
)";

const char kTaint[] = "taints: [{key: dedicated, value: gpu, effect: NoSchedule}]";

const char kReplicaSet[] = R"(apiVersion: apps/v1
kind: ReplicaSet
metadata: {name: web-rs, namespace: default}
spec:
  replicas: 1
  selector: {matchLabels: {app: rs}}
  template:
    metadata: {labels: {app: rs}}
    spec:
      nodeSelector: {disktype: ssd}
      containers: [{name: c, image: nginx, resources: {requests: {cpu: 100m}}}]
)";

const char kDeployment[] = R"(apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: default}
spec:
  replicas: 1
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      nodeSelector: {disktype: ssd}
      containers: [{name: c, image: nginx, resources: {requests: {cpu: 100m}}}]
)";

// A simulated cluster running a row's objects.
struct Run {
    std::unique_ptr<cluster::Cluster> cluster;

    static Run start(const std::string& yaml) {
        Run r;
        auto c = cluster::Cluster::create({});
        if (!c)
            qFatal("%s", c.status().message().c_str());
        auto h = cluster::addStandardComponents(**c);
        if (!h)
            qFatal("%s", h.status().message().c_str());
        testing::createManifests((*c)->apiServer(), yaml);
        r.cluster = std::move(*c);
        if (!r.cluster->runFor(30s).isOk())
            qFatal("the cluster did not run");
        return r;
    }

    std::vector<core::Pod> pods(const std::string& labelSelector = "") {
        apiserver::Request req;
        req.verb = "list";
        req.type = api::Scheme::instance().byName("pods");
        req.labelSelector = labelSelector;
        auto resp = cluster->apiServer().handle(req);
        std::vector<core::Pod> out;
        for (const auto& item : resp.items) out.push_back(static_cast<const core::Pod&>(*item));
        return out;
    }

    // Everything scheduling and the pod-side changes read, as the GUI's client reads it.
    Objects objects() {
        Objects out;
        for (const char* resource : {"nodes", "pods", "namespaces", "priorityclasses", "services",
                                     "replicationcontrollers", "replicasets", "statefulsets",
                                     "poddisruptionbudgets", "deployments", "jobs", "daemonsets"}) {
            apiserver::Request req;
            req.verb = "list";
            req.type = api::Scheme::instance().byName(resource);
            auto resp = cluster->apiServer().handle(req);
            if (!resp.ok())
                qFatal("list %s: %s", resource, resp.status.message().c_str());
            for (auto& item : resp.items) {
                api::setTypeMeta(item.get(), *req.type);
                out.emplace_back(std::move(item));
            }
        }
        return out;
    }

    // The pod a row asks about: "namespace/name", or the pending pod a label selector picks.
    std::string podKey(const QString& pod) {
        if (!pod.contains(QLatin1Char('=')))
            return pod.toStdString();
        for (const auto& p : pods(pod.toStdString()))
            if (p.spec().node_name().empty())
                return p.metadata().namespace_() + "/" + p.metadata().name();
        return {};
    }

    // Carries one operation out; "evict" as a delete of the pod (pods/eviction is not served yet).
    apiserver::Response apply(const scheduler::WhatIfOperation& op) {
        apiserver::Request req;
        req.verb = op.verb == "evict" ? "delete" : op.verb;
        req.type = op.type;
        req.namespace_ = op.namespace_;
        req.name = op.name;
        req.patch = op.patch;
        req.patchType = apiserver::PatchType::Merge;
        req.body = op.body;
        req.gracePeriodSeconds = op.gracePeriodSeconds;
        return cluster->apiServer().handle(req);
    }

    // Is the pod (or, for a label selector, one of its pods) bound to `node` and not going away?
    bool boundTo(const QString& pod, const std::string& node) {
        const bool selector = pod.contains(QLatin1Char('='));
        for (const auto& p : pods(selector ? pod.toStdString() : "")) {
            if (!selector &&
                p.metadata().namespace_() + "/" + p.metadata().name() != pod.toStdString())
                continue;
            if (p.spec().node_name() == node && !p.metadata().has_deletion_timestamp())
                return true;
        }
        return false;
    }
};

// "side|changes", the changes in English as pilothousectl and the logs write them.
QStringList texts(const std::vector<scheduler::WhatIfSuggestion>& suggestions) {
    QStringList out;
    for (const auto& s : suggestions)
        out << QString::fromLatin1(scheduler::whatIfSideName(s.side)) + QLatin1Char('|') +
                   QString::fromStdString(scheduler::describe(s));
    return out;
}

using Change = scheduler::WhatIfChange;
using ChangeKind = scheduler::WhatIfChange::Kind;
using Note = scheduler::WhatIfNote;
using Reason = scheduler::WhatIfReason;
using Target = scheduler::WhatIfTarget;
using Changes = std::vector<std::vector<Change>>;  // each suggestion's changes
using Notes = std::vector<Note>;

Target podTarget(const std::string& key) {
    return {Target::Kind::Pod, key};
}

}  // namespace

namespace pilothouse::scheduler {
// QCOMPARE's words for a failure.
char* toString(const WhatIfChange& c) {
    return QTest::toString(QString::fromStdString(describe(c)));
}
char* toString(const WhatIfNote& n) {
    return QTest::toString(QString::fromStdString(describe(n)));
}
}  // namespace pilothouse::scheduler

Q_DECLARE_METATYPE(Change)
Q_DECLARE_METATYPE(Changes)
Q_DECLARE_METATYPE(Notes)

void WhatIfTest::suggestionsBindThePod_data() {
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<QString>(
        "pod");  // "namespace/name", or a label selector for a controller's pod
    QTest::addColumn<QString>("node");
    QTest::addColumn<QStringList>("expected");  // "side|summary", smallest first
    QTest::addColumn<QString>("note");          // a text one of the notes contains ("" for none)

    const std::string n1 = node("node-1");

    QTest::newRow("taint")
        << QString::fromStdString(node("node-1", "", kTaint) + pod("big", "1")) << "default/big"
        << "node-1"
        << QStringList{"pod|Add toleration dedicated=gpu:NoSchedule to pod default/big",
                       "node|Remove taint dedicated=gpu:NoSchedule from node node-1"}
        << "";
    QTest::newRow("taint without a value")
        << QString::fromStdString(
               node("node-1", "", "taints: [{key: maintenance, effect: NoExecute}]") +
               pod("big", "1"))
        << "default/big"
        << "node-1"
        << QStringList{"pod|Add toleration maintenance:NoExecute to pod default/big",
                       "node|Remove taint maintenance:NoExecute from node node-1"}
        << "";
    QTest::newRow("two taints") << QString::fromStdString(node("node-1", "", "taints: [{key: a, value: x, effect: NoSchedule}, {key: b, value: y, effect: NoSchedule}]") + pod("big", "1"))
                                << "default/big" << "node-1"
                                << QStringList{"pod|Add toleration a=x:NoSchedule to pod default/big; Add toleration b=y:NoSchedule to pod default/big",
                                               "node|Remove taint a=x:NoSchedule from node node-1; Remove taint b=y:NoSchedule from node node-1"}
                                << "";
    QTest::newRow("taint and nodeSelector of a bare ReplicaSet's pod")
        << QString::fromStdString(node("node-1", "", kTaint) + kReplicaSet)
        << "app=rs" << "node-1"
        << QStringList{"pod|Add toleration dedicated=gpu:NoSchedule to replicaset default/web-rs's pod template; "
                       "Remove nodeSelector disktype=ssd from replicaset default/web-rs's pod template",
                       "node|Remove taint dedicated=gpu:NoSchedule from node node-1; Set label disktype=ssd on node node-1"}
        << "";
    QTest::newRow("cordon") << QString::fromStdString(node("node-1", "", "unschedulable: true") + pod("big", "1"))
                            << "default/big" << "node-1"
                            << QStringList{"pod|Add toleration node.kubernetes.io/unschedulable:NoSchedule to pod default/big",
                                           "node|Uncordon node node-1"}
                            << "";
    QTest::newRow("nodeSelector")
        << QString::fromStdString(n1 + pod("big", "1", "nodeSelector: {disktype: ssd}"))
        << "default/big"
        << "node-1"
        << QStringList{"pod|Remove nodeSelector disktype=ssd from pod default/big",
                       "node|Set label disktype=ssd on node node-1"}
        << "";
    QTest::newRow("nodeSelector of a Deployment's pod")
        << QString::fromStdString(n1 + kDeployment)
        << "app=web" << "node-1"
        << QStringList{"pod|Remove nodeSelector disktype=ssd from deployment default/web's pod template",
                       "node|Set label disktype=ssd on node node-1"}
        << "";
    QTest::newRow("node affinity In")
        << QString::fromStdString(node("node-1", "disktype: hdd, region: eu") +
                                  affinityPod("{key: disktype, operator: In, values: [ssd, nvme]}, {key: region, operator: In, values: [eu]}"))
        << "default/big" << "node-1"
        << QStringList{"pod|Remove node affinity requirement disktype In [ssd, nvme] from pod default/big",
                       "node|Set label disktype=ssd on node node-1"}
        << "";
    QTest::newRow("node affinity NotIn")
        << QString::fromStdString(node("node-1", "zone: zone-a") +
                                  affinityPod("{key: zone, operator: NotIn, values: [zone-a]}"))
        << "default/big"
        << "node-1"
        << QStringList{"pod|Remove required node affinity from pod default/big",
                       "node|Remove label zone from node node-1"}
        << "";
    QTest::newRow("node affinity Exists")
        << QString::fromStdString(n1 + affinityPod("{key: gpu, operator: Exists}")) << "default/big"
        << "node-1"
        << QStringList{"pod|Remove required node affinity from pod default/big",
                       "node|Set label gpu=true on node node-1"}
        << "";
    QTest::newRow("node affinity DoesNotExist")
        << QString::fromStdString(node("node-1", "spot: \"true\"") +
                                  affinityPod("{key: spot, operator: DoesNotExist}"))
        << "default/big"
        << "node-1"
        << QStringList{"pod|Remove required node affinity from pod default/big",
                       "node|Remove label spot from node node-1"}
        << "";
    QTest::newRow("node affinity Gt")
        << QString::fromStdString(node("node-1", "cores: \"4\"") +
                                  affinityPod("{key: cores, operator: Gt, values: [\"8\"]}"))
        << "default/big"
        << "node-1"
        << QStringList{"pod|Remove required node affinity from pod default/big",
                       "node|Set label cores=9 on node node-1"}
        << "";
    QTest::newRow("node affinity Lt")
        << QString::fromStdString(node("node-1", "generation: \"5\"") +
                                  affinityPod("{key: generation, operator: Lt, values: [\"3\"]}"))
        << "default/big"
        << "node-1"
        << QStringList{"pod|Remove required node affinity from pod default/big",
                       "node|Set label generation=2 on node node-1"}
        << "";
    QTest::newRow("insufficient cpu: lower the request")
        << QString::fromStdString(n1 + pod("filler", "2500m", "nodeName: node-1") + pod("big", "3"))
        << "default/big"
        << "node-1" << QStringList{"pod|Lower pod default/big's cpu request from 3 to 1500m"}
        << "runs no pod of lower priority than the pod's (0)";
    QTest::newRow("insufficient cpu: evict lower priority")
        << QString::fromStdString(std::string(kPriorityClasses) + n1 +
                                  pod("low-1", "3", "nodeName: node-1, priorityClassName: low") +
                                  pod("low-2", "500m", "nodeName: node-1") +
                                  pod("big", "3", "priorityClassName: high-no-preempt"))
        << "default/big"
        << "node-1"
        << QStringList{"pod|Lower pod default/big's cpu request from 3 to 500m",
                       "node|Evict pod default/low-1 (priority 10) from node node-1"}
        << "";
    QTest::newRow("insufficient cpu: nothing free, evict")
        << QString::fromStdString(std::string(kPriorityClasses) + n1 +
                                  pod("low-1", "4", "nodeName: node-1") +
                                  pod("big", "1", "priorityClassName: high-no-preempt"))
        << "default/big"
        << "node-1" << QStringList{"node|Evict pod default/low-1 (priority 0) from node node-1"}
        << "node node-1 has no cpu left (4 of 4 requested)";
    QTest::newRow("taint and insufficient cpu")
        << QString::fromStdString(node("node-1", "", kTaint) + pod("filler", "2500m", "nodeName: node-1") + pod("big", "3"))
        << "default/big" << "node-1"
        << QStringList{"pod|Add toleration dedicated=gpu:NoSchedule to pod default/big; Lower pod default/big's cpu request from 3 to 1500m",
                       "both|Remove taint dedicated=gpu:NoSchedule from node node-1; Lower pod default/big's cpu request from 3 to 1500m"}
        << "";
    const std::string hostPort =
        "containers: [{name: c, image: nginx, ports: [{containerPort: 80, hostPort: 8080}]}]";
    QTest::newRow("host port")
        << QString::fromStdString(n1 +
                                  "apiVersion: v1\nkind: Pod\nmetadata: {name: old, namespace: "
                                  "default}\nspec: {nodeName: node-1, " +
                                  hostPort +
                                  "}\n---\napiVersion: v1\nkind: Pod\nmetadata: {name: big, "
                                  "namespace: default}\nspec: {" +
                                  hostPort + "}\n")
        << "default/big"
        << "node-1" << QStringList{"node|Evict pod default/old (priority 0) from node node-1"}
        << "NodePorts (pod side): the pod's host ports are how it is reached";
    QTest::newRow("existing pod's anti-affinity")
        << QString::fromStdString(
               n1 +
               pod("db", "100m",
                   "nodeName: node-1, affinity: {podAntiAffinity: "
                   "{requiredDuringSchedulingIgnoredDuringExecution: [{labelSelector: "
                   "{matchLabels: {app: web}}, topologyKey: kubernetes.io/hostname}]}}") +
               pod("big", "100m", "", "app: web"))
        << "default/big"
        << "node-1" << QStringList{"node|Evict pod default/db (priority 0) from node node-1"}
        << "other pods' rule";
    QTest::newRow("the pod's own anti-affinity")
        << QString::fromStdString(
               n1 + pod("web-0", "100m", "nodeName: node-1", "app: web") +
               pod("big", "100m",
                   "affinity: {podAntiAffinity: {requiredDuringSchedulingIgnoredDuringExecution: [{labelSelector: "
                   "{matchLabels: {app: web}}, topologyKey: kubernetes.io/hostname}]}}",
                   "app: web"))
        << "default/big" << "node-1"
        << QStringList{"pod|Remove required pod anti-affinity term (app=web, topologyKey kubernetes.io/hostname) from pod default/big",
                       "node|Evict pod default/web-0 (priority 0) from node node-1"}
        << "";
    QTest::newRow("topology spread: no suggestion")
        << QString::fromStdString(n1 + node("node-2") +
                                  pod("web-0", "100m", "nodeName: node-1", "app: web") +
                                  pod("web-1", "100m", "nodeName: node-1", "app: web") +
                                  pod("big", "100m",
                                      "topologySpreadConstraints: [{maxSkew: 1, topologyKey: "
                                      "kubernetes.io/hostname, whenUnsatisfiable: DoNotSchedule, "
                                      "labelSelector: {matchLabels: {app: web}}}]",
                                      "app: web"))
        << "default/big"
        << "node-1" << QStringList{} << "PodTopologySpread: the skew depends on where";
    QTest::newRow("a Job's pod: node side only")
        << QString::fromStdString(node("node-1", "", kTaint) + R"(apiVersion: batch/v1
kind: Job
metadata: {name: work, namespace: default}
spec:
  template:
    spec:
      restartPolicy: Never
      containers: [{name: c, image: busybox:1.36, resources: {requests: {cpu: 100m}}}]
)") << "batch.kubernetes.io/job-name=work"
        << "node-1" << QStringList{"node|Remove taint dedicated=gpu:NoSchedule from node node-1"}
        << "the pod belongs to job default/work, whose pod template cannot be changed";
}

void WhatIfTest::suggestionsBindThePod() {
    QFETCH(QString, yaml);
    QFETCH(QString, pod);
    QFETCH(QString, node);
    QFETCH(QStringList, expected);
    QFETCH(QString, note);
    const std::string nodeName = node.toStdString();

    Run first = Run::start(yaml.toStdString());
    const std::string key = first.podKey(pod);
    QVERIFY2(!key.empty(), "no pending pod");
    QVERIFY2(!first.boundTo(pod, nodeName), "the pod is already on the node");
    std::vector<scheduler::WhatIfNote> notes;
    auto suggestions = scheduler::suggestFixes(
        first.objects(), key, nodeName, scheduler::config::defaultConfiguration(), {}, &notes);
    QVERIFY2(suggestions, suggestions.status().message().c_str());
    QString allNotes;
    for (const auto& n : notes)
        allNotes += QString::fromStdString(scheduler::describe(n)) + QLatin1Char('\n');
    QCOMPARE(texts(*suggestions), expected);
    if (!note.isEmpty())
        QVERIFY2(allNotes.contains(note), qPrintable(allNotes));
    QVERIFY2(!allNotes.contains(QStringLiteral("dropped")), qPrintable(allNotes));

    for (size_t i = 0; i < suggestions->size(); ++i) {
        const QString summary = QString::fromStdString(scheduler::describe((*suggestions)[i]));
        // The same cluster again (same seed, same names), the suggestion asked for anew.
        Run run = Run::start(yaml.toStdString());
        const std::string again = run.podKey(pod);
        QCOMPARE(again, key);
        auto fresh = scheduler::suggestFixes(run.objects(), key, nodeName,
                                             scheduler::config::defaultConfiguration());
        QVERIFY2(fresh && fresh->size() == suggestions->size(), qPrintable(summary));
        const auto& s = (*fresh)[i];
        QCOMPARE(QString::fromStdString(scheduler::describe(s)), summary);
        QVERIFY(!s.operations.empty());
        for (const auto& op : s.operations) {
            auto resp = run.apply(op);
            QVERIFY2(resp.ok(), qPrintable(summary + QStringLiteral(": ") +
                                           QString::fromStdString(op.verb + " " + op.name + ": " +
                                                                  resp.status.message())));
        }
        bool bound = false;
        for (int step = 0; step < 72 && !bound; ++step) {  // up to 6 minutes
            QVERIFY(run.cluster->runFor(5s).isOk());
            bound = run.boundTo(pod, nodeName);
        }
        QVERIFY2(bound, qPrintable(summary + QStringLiteral(": the pod is not bound to ") + node));
    }
}

// The operations of the first (pod-side) and second (node-side) suggestion, by the pod's owner:
// "verb resource namespace/name patch" per operation.
void WhatIfTest::operationsFollowTheOwner_data() {
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<QString>("pod");
    QTest::addColumn<QStringList>("podSide");
    QTest::addColumn<QStringList>("nodeSide");
    const QString labelNode =
        QStringLiteral("patch nodes /node-1 {\"metadata\":{\"labels\":{\"disktype\":\"ssd\"}}}");
    QTest::newRow("a pending pod gains a toleration: a patch")
        << QString::fromStdString(node("node-1", "", kTaint) + pod("big", "1")) << "default/big"
        << QStringList{QStringLiteral("patch pods default/big {\"spec\":{\"tolerations\":[") +
                       QStringLiteral(
                           "{\"effect\":\"NoExecute\",\"key\":\"node.kubernetes.io/"
                           "not-ready\",\"operator\":\"Exists\",\"tolerationSeconds\":300},") +
                       QStringLiteral(
                           "{\"effect\":\"NoExecute\",\"key\":\"node.kubernetes.io/"
                           "unreachable\",\"operator\":\"Exists\",\"tolerationSeconds\":300},") +
                       QStringLiteral("{\"effect\":\"NoSchedule\",\"key\":\"dedicated\","
                                      "\"operator\":\"Equal\",\"value\":\"gpu\"}]}}")}
        << QStringList{QStringLiteral("patch nodes /node-1 {\"spec\":{\"taints\":null}}")};
    QTest::newRow("a bare pod's nodeSelector: replaced")
        << QString::fromStdString(node("node-1") + pod("big", "1", "nodeSelector: {disktype: ssd}"))
        << "default/big"
        << QStringList{QStringLiteral("delete pods default/big grace 0"),
                       QStringLiteral("create pods default/big")}
        << QStringList{labelNode};
    QTest::newRow("a Deployment's pod: its template")
        << QString::fromStdString(node("node-1") + kDeployment) << "app=web"
        << QStringList{QStringLiteral(
               "patch deployments default/web "
               "{\"spec\":{\"template\":{\"spec\":{\"nodeSelector\":null}}}}")}
        << QStringList{labelNode};
    QTest::newRow("a bare ReplicaSet's pod: its template, then the pod")
        << QString::fromStdString(node("node-1") + kReplicaSet) << "app=rs"
        << QStringList{QStringLiteral(
                           "patch replicasets default/web-rs "
                           "{\"spec\":{\"template\":{\"spec\":{\"nodeSelector\":null}}}}"),
                       QStringLiteral("delete pods default/{pod}")}
        << QStringList{labelNode};
    QTest::newRow("evictions") << QString::fromStdString(
                                      node("node-1") + pod("low-1", "4", "nodeName: node-1") +
                                      std::string(kPriorityClasses) +
                                      pod("big", "1", "priorityClassName: high-no-preempt"))
                               << "default/big"
                               << QStringList{QStringLiteral("evict pods default/low-1")}
                               << QStringList{};
}

void WhatIfTest::operationsFollowTheOwner() {
    QFETCH(QString, yaml);
    QFETCH(QString, pod);
    QFETCH(QStringList, podSide);
    QFETCH(QStringList, nodeSide);
    Run run = Run::start(yaml.toStdString());
    const std::string key = run.podKey(pod);
    QVERIFY(!key.empty());
    auto s = scheduler::suggestFixes(run.objects(), key, "node-1",
                                     scheduler::config::defaultConfiguration());
    QVERIFY2(s, s.status().message().c_str());
    auto describe = [&](const scheduler::WhatIfSuggestion& suggestion) {
        QStringList out;
        for (const auto& op : suggestion.operations) {
            QString line = QString::fromStdString(op.verb + " " + op.type->resource + " " +
                                                  op.namespace_ + "/" + op.name);
            if (op.verb == "patch")
                line += QLatin1Char(' ') +
                        QString::fromStdString(codec::toJson(op.patch, codec::JsonStyle::Compact));
            if (op.verb == "delete" && op.gracePeriodSeconds >= 0)
                line += QStringLiteral(" grace %1").arg(op.gracePeriodSeconds);
            if (op.verb == "create" && op.body)
                line += QString::fromStdString(api::metadata(*op.body).name());
            out << line;
        }
        return out;
    };
    const QString podName = QString::fromStdString(key.substr(key.find('/') + 1));
    for (auto& line : podSide) line.replace(QStringLiteral("{pod}"), podName);
    QVERIFY(!s->empty());
    QCOMPARE(describe(s->front()), podSide);
    if (!nodeSide.isEmpty()) {
        QCOMPARE(s->size(), size_t(2));
        QCOMPARE(describe((*s)[1]), nodeSide);
    }
}

// The suggestions and notes as data (what the GUI says in the user's language), for a few rows
// of suggestionsBindThePod: each suggestion's changes, and notes the notes include.
void WhatIfTest::suggestionsAsData_data() {
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<QString>("pod");
    QTest::addColumn<Changes>("changes");
    QTest::addColumn<Notes>("notes");
    const Target big = podTarget("default/big");
    QTest::newRow("taint") << QString::fromStdString(node("node-1", "", kTaint) + pod("big", "1"))
                           << "default/big"
                           << Changes{{{.kind = ChangeKind::AddToleration,
                                        .target = big,
                                        .key = "dedicated",
                                        .value = "gpu",
                                        .effect = "NoSchedule"}},
                                      {{.kind = ChangeKind::RemoveTaint,
                                        .node = "node-1",
                                        .key = "dedicated",
                                        .value = "gpu",
                                        .effect = "NoSchedule"}}}
                           << Notes{};
    QTest::newRow("nodeSelector of a Deployment's pod")
        << QString::fromStdString(node("node-1") + kDeployment) << "app=web"
        << Changes{{{.kind = ChangeKind::RemoveNodeSelector,
                     .target = {Target::Kind::Deployment, "default/web"},
                     .key = "disktype",
                     .value = "ssd"}},
                   {{.kind = ChangeKind::SetNodeLabel,
                     .node = "node-1",
                     .key = "disktype",
                     .value = "ssd"}}}
        << Notes{};
    QTest::newRow("node affinity In")
        << QString::fromStdString(
               node("node-1", "disktype: hdd, region: eu") +
               affinityPod("{key: disktype, operator: In, values: [ssd, nvme]}, {key: region, "
                           "operator: In, values: [eu]}"))
        << "default/big"
        << Changes{{{.kind = ChangeKind::RemoveNodeAffinityRequirements,
                     .target = big,
                     .requirements = {"disktype In [ssd, nvme]"}}},
                   {{.kind = ChangeKind::SetNodeLabel,
                     .node = "node-1",
                     .key = "disktype",
                     .value = "ssd"}}}
        << Notes{};
    QTest::newRow("insufficient cpu: evict lower priority")
        << QString::fromStdString(std::string(kPriorityClasses) + node("node-1") +
                                  pod("low-1", "3", "nodeName: node-1, priorityClassName: low") +
                                  pod("low-2", "500m", "nodeName: node-1") +
                                  pod("big", "3", "priorityClassName: high-no-preempt"))
        << "default/big"
        << Changes{{{.kind = ChangeKind::LowerRequest,
                     .target = big,
                     .resource = "cpu",
                     .from = "3",
                     .to = "500m"}},
                   {{.kind = ChangeKind::EvictPod,
                     .node = "node-1",
                     .pod = "default/low-1",
                     .priority = 10}}}
        << Notes{};
    QTest::newRow("a Job's pod: node side only")
        << QString::fromStdString(node("node-1", "", kTaint) + R"(apiVersion: batch/v1
kind: Job
metadata: {name: work, namespace: default}
spec:
  template:
    spec:
      restartPolicy: Never
      containers: [{name: c, image: busybox:1.36, resources: {requests: {cpu: 100m}}}]
)") << "batch.kubernetes.io/job-name=work"
        << Changes{{{.kind = ChangeKind::RemoveTaint,
                     .node = "node-1",
                     .key = "dedicated",
                     .value = "gpu",
                     .effect = "NoSchedule"}}}
        << Notes{{.plugin = "TaintToleration",
                  .side = scheduler::WhatIfSide::Pod,
                  .why = {Reason::Kind::JobTemplateImmutable, {"default/work"}}}};
}

void WhatIfTest::suggestionsAsData() {
    QFETCH(QString, yaml);
    QFETCH(QString, pod);
    QFETCH(Changes, changes);
    QFETCH(Notes, notes);
    Run run = Run::start(yaml.toStdString());
    const std::string key = run.podKey(pod);
    QVERIFY(!key.empty());
    std::vector<scheduler::WhatIfNote> got;
    auto s = scheduler::suggestFixes(run.objects(), key, "node-1",
                                     scheduler::config::defaultConfiguration(), {}, &got);
    QVERIFY2(s, s.status().message().c_str());
    QCOMPARE(s->size(), changes.size());
    for (size_t i = 0; i < changes.size(); ++i) QCOMPARE((*s)[i].changes, changes[i]);
    for (const auto& n : notes)
        QVERIFY2(std::find(got.begin(), got.end(), n) != got.end(),
                 QTest::toString(QString::fromStdString(scheduler::describe(n))));
}

// Each kind of change, reason and note in English, as pilothousectl, the tests' failure messages
// and the logs write them (the GUI's English is the same text through tr()).
void WhatIfTest::describedInEnglish_data() {
    QTest::addColumn<Note>("note");  // a change goes in `dropped` alone, with no reason
    QTest::addColumn<QString>("english");
    const Target web = podTarget("default/web");
    const Target deployment{Target::Kind::Deployment, "default/web"};
    const Target rs{Target::Kind::ReplicaSet, "default/web-rs"};
    const Target rc{Target::Kind::ReplicationController, "default/web-rc"};
    auto change = [](const char* name, Change c, const char* english) {
        QTest::newRow(name) << Note{.dropped = {std::move(c)}} << QString::fromUtf8(english);
    };
    change("AddToleration",
           {.kind = ChangeKind::AddToleration,
            .target = web,
            .key = "a",
            .value = "b",
            .effect = "NoSchedule"},
           "Add toleration a=b:NoSchedule to pod default/web");
    change("AddToleration without a value",
           {.kind = ChangeKind::AddToleration,
            .target = deployment,
            .key = "a",
            .effect = "NoExecute"},
           "Add toleration a:NoExecute to deployment default/web's pod template");
    change("RemoveTaint",
           {.kind = ChangeKind::RemoveTaint,
            .node = "n",
            .key = "a",
            .value = "b",
            .effect = "NoSchedule"},
           "Remove taint a=b:NoSchedule from node n");
    change("Uncordon", {.kind = ChangeKind::Uncordon, .node = "n"}, "Uncordon node n");
    change(
        "RemoveNodeSelector",
        {.kind = ChangeKind::RemoveNodeSelector, .target = rs, .key = "disktype", .value = "ssd"},
        "Remove nodeSelector disktype=ssd from replicaset default/web-rs's pod template");
    change("RemoveNodeAffinity", {.kind = ChangeKind::RemoveNodeAffinity, .target = rc},
           "Remove required node affinity from replicationcontroller default/web-rc's pod "
           "template");
    change("RemoveNodeAffinityRequirements: one",
           {.kind = ChangeKind::RemoveNodeAffinityRequirements,
            .target = web,
            .requirements = {"zone In [a, b]"}},
           "Remove node affinity requirement zone In [a, b] from pod default/web");
    change("RemoveNodeAffinityRequirements: two",
           {.kind = ChangeKind::RemoveNodeAffinityRequirements,
            .target = web,
            .requirements = {"zone In [a]", "gpu Exists"}},
           "Remove node affinity requirements zone In [a], gpu Exists from pod default/web");
    change("SetNodeLabel",
           {.kind = ChangeKind::SetNodeLabel, .node = "n", .key = "gpu", .value = "true"},
           "Set label gpu=true on node n");
    change("RemoveNodeLabel", {.kind = ChangeKind::RemoveNodeLabel, .node = "n", .key = "spot"},
           "Remove label spot from node n");
    change("LowerRequest",
           {.kind = ChangeKind::LowerRequest,
            .target = deployment,
            .resource = "memory",
            .from = "2Gi",
            .to = "1536Mi"},
           "Lower deployment default/web's pod template's memory request from 2Gi to 1536Mi");
    change("EvictPod",
           {.kind = ChangeKind::EvictPod, .node = "n", .pod = "default/low", .priority = -5},
           "Evict pod default/low (priority -5) from node n");
    change("RemovePodAffinityTerm",
           {.kind = ChangeKind::RemovePodAffinityTerm,
            .target = web,
            .term = "app=db, topologyKey zone"},
           "Remove required pod affinity term (app=db, topologyKey zone) from pod default/web");
    change("RemovePodAntiAffinityTerm",
           {.kind = ChangeKind::RemovePodAntiAffinityTerm,
            .target = web,
            .term = "app=web, topologyKey kubernetes.io/hostname"},
           "Remove required pod anti-affinity term (app=web, topologyKey kubernetes.io/hostname) "
           "from pod default/web");

    QTest::newRow("a plugin neither side fixes")
        << Note{.plugin = "PodTopologySpread", .why = {Reason::Kind::TopologySkew, {}}}
        << "PodTopologySpread: the skew depends on where the other pods matching the pod's "
           "topology spread constraints run; no single change to the pod or to this node evens "
           "it out";
    QTest::newRow("one side of a plugin")
        << Note{.plugin = "NodeResourcesFit",
                .side = scheduler::WhatIfSide::Pod,
                .why = {Reason::Kind::NoResourceLeft, {"node-1", "cpu", "4", "4"}}}
        << "NodeResourcesFit (pod side): node node-1 has no cpu left (4 of 4 requested)";
    QTest::newRow("the other side, a controller")
        << Note{.plugin = "TaintToleration",
                .side = scheduler::WhatIfSide::Node,
                .why = {Reason::Kind::OwnerManaged,
                        {"replicaset", "default/rs", "cronjob", "default/cj"}}}
        << "TaintToleration (node side): the pod's replicaset default/rs is managed by cronjob "
           "default/cj, which no what-if changes";
    QTest::newRow("dropped")
        << Note{.dropped = {{.kind = ChangeKind::Uncordon, .node = "n"},
                            {.kind = ChangeKind::RemoveNodeLabel, .node = "n", .key = "x"}},
                .why = {Reason::Kind::StillRejected,
                        {"n", "NodePorts: node(s) didn't have free ports"}}}
        << "dropped \"Uncordon node n; Remove label x from node n\": node n would still reject the "
           "pod (NodePorts: node(s) didn't have free ports)";
    QTest::newRow("a Kubernetes message, as it is")
        << Note{.why = {Reason::Kind::Message, {"pods \"web\" not found"}}}
        << "pods \"web\" not found";
    QTest::newRow("a plugin's reason, quoted")
        << Note{.plugin = "NodeAffinity",
                .why = {Reason::Kind::NotChangeable, {"node(s) had volume node affinity conflict"}}}
        << "NodeAffinity: \"node(s) had volume node affinity conflict\" is not something a "
           "what-if changes";
}

void WhatIfTest::describedInEnglish() {
    QFETCH(Note, note);
    QFETCH(QString, english);
    // A change alone: its own line; with a reason: the note.
    const bool change = note.dropped.size() == 1 && note.why == Reason{};
    const std::string got =
        change ? scheduler::describe(note.dropped.front()) : scheduler::describe(note);
    QCOMPARE(QString::fromStdString(got), english);
}

void WhatIfTest::podAlreadyFits() {
    Run run = Run::start(node("node-1") + node("node-2", "", kTaint) + pod("web", "1"));
    std::vector<scheduler::WhatIfNote> notes;
    auto s = scheduler::suggestFixes(run.objects(), "default/web", "node-1",
                                     scheduler::config::defaultConfiguration(), {}, &notes);
    QVERIFY(s);
    QVERIFY(s->empty());
    QCOMPARE(notes, (Notes{{.why = {Reason::Kind::AlreadyFits, {"node-1"}}}}));
    QCOMPARE(scheduler::describe(notes.front()),
             std::string("the pod already passes every filter on node node-1"));
    // On node-2 it would need the taint tolerated (a pending pod: a patch adds the toleration).
    auto objects = run.objects();
    s = scheduler::suggestFixes(objects, "default/web", "node-2",
                                scheduler::config::defaultConfiguration());
    QVERIFY(s);
    QCOMPARE(texts(*s),
             (QStringList{"pod|Add toleration dedicated=gpu:NoSchedule to pod default/web",
                          "node|Remove taint dedicated=gpu:NoSchedule from node node-2"}));
    // Bound to node-1: the pod side recreates it (a patch would leave it where it is).
    const auto& ops = s->front().operations;
    QCOMPARE(ops.size(), size_t(2));
    QCOMPARE(ops[0].verb, std::string("delete"));
    QCOMPARE(ops[0].gracePeriodSeconds, int64_t(0));
    QCOMPARE(ops[1].verb, std::string("create"));
}

void WhatIfTest::unknownNode() {
    Run run = Run::start(node("node-1") + pod("web", "1"));
    auto s = scheduler::suggestFixes(run.objects(), "default/web", "node-9",
                                     scheduler::config::defaultConfiguration());
    QVERIFY(!s);
    QCOMPARE(s.status().code(), StatusCode::NotFound);
    s = scheduler::suggestFixes(run.objects(), "default/nope", "node-1",
                                scheduler::config::defaultConfiguration());
    QVERIFY(!s);
    QCOMPARE(s.status().code(), StatusCode::NotFound);
}

QTEST_APPLESS_MAIN(WhatIfTest)
