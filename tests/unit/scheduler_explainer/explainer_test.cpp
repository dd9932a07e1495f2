// scheduler::explainPod against the real kube-scheduler v1.28.7's answers for the same cluster
// (tests/unit/pilothousectl_schedule/data/explain-*: see the README there), and its rules for what
// takes part.
#include "scheduler_explainer/explainer_test.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include "api/codec/manifest.h"
#include "scheduler/apis/config/load.h"
#include "scheduler/explainer.h"

using namespace pilothouse;

namespace {

const QString kData = QStringLiteral(PH_SOURCE_DIR "/tests/unit/pilothousectl_schedule/data/");

std::string readFile(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) qFatal("cannot read %s", qPrintable(path));
    return f.readAll().toStdString();
}

std::vector<std::shared_ptr<const google::protobuf::Message>> objectsOf(const std::string& yaml) {
    std::vector<std::string> warnings;
    auto manifests = codec::loadManifests(yaml, "test.yaml", &warnings);
    if (!manifests) qFatal("%s", manifests.status().message().c_str());
    std::vector<std::shared_ptr<const google::protobuf::Message>> out;
    for (auto& m : *manifests) out.emplace_back(std::move(m.object));
    return out;
}

scheduler::PodExplanation explain(const std::string& yaml, const std::string& pod) {
    auto e = scheduler::explainPod(objectsOf(yaml), pod, scheduler::config::defaultConfiguration());
    if (!e) qFatal("%s", e.status().message().c_str());
    return std::move(*e);
}

QJsonObject expectedPod(const QString& name) {
    const auto doc = QJsonDocument::fromJson(QByteArray::fromStdString(readFile(kData + QStringLiteral("explain-expected.json"))));
    for (const auto& p : doc.object().value(QStringLiteral("pods")).toArray())
        if (p.toObject().value(QStringLiteral("name")).toString() == name) return p.toObject();
    qFatal("no %s in explain-expected.json", qPrintable(name));
}

const scheduler::NodeExplanation* nodeOf(const scheduler::Explanation& e, const std::string& name) {
    for (const auto& n : e.nodes)
        if (n.node == name) return &n;
    return nullptr;
}

const char* kTwoNodes = R"(
apiVersion: v1
kind: Node
metadata: {name: node-a, labels: {kubernetes.io/hostname: node-a}}
status: {allocatable: {cpu: "2", memory: 4Gi, pods: "110"}}
---
apiVersion: v1
kind: Node
metadata: {name: node-b, labels: {kubernetes.io/hostname: node-b}}
status: {allocatable: {cpu: "2", memory: 4Gi, pods: "110"}}
)";

}  // namespace

// big-1 fits nowhere: the message is the real kube-scheduler's, and every node says why.
void ExplainerTest::pendingPodGetsKubeSchedulersMessage() {
    const auto e = explain(readFile(kData + QStringLiteral("explain-cluster.yaml")), "default/big-1");
    QVERIFY(e.boundNode.empty());
    QVERIFY(!e.outcome.node);
    QCOMPARE(QString::fromStdString(e.outcome.message), expectedPod(QStringLiteral("big-1")).value(QStringLiteral("message")).toString());
    const auto& x = *e.outcome.explanation;
    QCOMPARE(x.nodes.size(), size_t(4));
    QCOMPARE(x.feasibleNodes, 0);
    const auto* a = nodeOf(x, "node-a");
    QVERIFY(a);
    QCOMPARE(a->rejectedBy, std::string("TaintToleration"));
    QCOMPARE(a->filter.at("TaintToleration"), std::vector<std::string>{"node(s) had untolerated taint {dedicated: gpu}"});
    QCOMPARE(a->filter.size(), size_t(1));  // 8 cpu: room enough, only the taint stands in the way
    for (const char* name : {"node-b", "node-c", "node-d"}) {
        const auto* n = nodeOf(x, name);
        QVERIFY(n);
        QCOMPARE(n->rejectedBy, std::string("NodeResourcesFit"));
        QCOMPARE(n->filter, (std::map<std::string, std::vector<std::string>>{{"NodeResourcesFit", {"Insufficient cpu"}}}));
    }
}

// web-1 fits on three nodes; each score plugin's normalized score on each is the real
// kube-scheduler's, and the node chosen is the one it chose.
void ExplainerTest::feasibleNodesGetKubeSchedulersScores() {
    const auto e = explain(readFile(kData + QStringLiteral("explain-cluster.yaml")), "default/web-1");
    const QJsonObject expected = expectedPod(QStringLiteral("web-1"));
    QVERIFY(e.outcome.node);
    QCOMPARE(QString::fromStdString(*e.outcome.node), expected.value(QStringLiteral("node")).toString());
    const auto& x = *e.outcome.explanation;
    const QJsonObject nodes = expected.value(QStringLiteral("nodes")).toObject();
    int feasible = 0;
    for (auto it = nodes.begin(); it != nodes.end(); ++it) {
        const auto* n = nodeOf(x, it.key().toStdString());
        QVERIFY2(n, qPrintable(it.key()));
        const QJsonObject want = it.value().toObject();
        if (!want.contains(QStringLiteral("scores"))) {
            QVERIFY2(!n->feasible, qPrintable(it.key()));
            continue;
        }
        ++feasible;
        QVERIFY2(n->feasible, qPrintable(it.key()));
        QJsonObject got;
        for (const auto& s : x.scoresOf(*n)) got.insert(QString::fromUtf8(s.plugin.data(), qsizetype(s.plugin.size())), qint64(s.normalized));
        QCOMPARE(got, want.value(QStringLiteral("scores")).toObject());
        QCOMPARE(qint64(n->total), want.value(QStringLiteral("total")).toInteger());
    }
    QCOMPARE(x.feasibleNodes, feasible);
}

// db-0 is bound to node-c: it is tried as if pending, no longer counting on node-c.
void ExplainerTest::boundPodIsTriedAsIfPending() {
    const std::string yaml = std::string(kTwoNodes) + R"(
---
apiVersion: v1
kind: Pod
metadata: {name: db-0, namespace: default}
spec:
  nodeName: node-a
  containers: [{name: db, image: postgres:16, resources: {requests: {cpu: 1500m}}}]
---
apiVersion: v1
kind: Pod
metadata: {name: other, namespace: default}
spec:
  nodeName: node-b
  containers: [{name: c, image: nginx, resources: {requests: {cpu: 1500m}}}]
)";
    const auto e = explain(yaml, "default/db-0");
    QCOMPARE(e.boundNode, std::string("node-a"));
    // node-a has room once db-0 is out of it; node-b holds `other`.
    QVERIFY(e.outcome.node);
    QCOMPARE(*e.outcome.node, std::string("node-a"));
    const auto* b = nodeOf(*e.outcome.explanation, "node-b");
    QVERIFY(b);
    QVERIFY(b->filter.contains("NodeResourcesFit"));
    QCOMPARE(b->filter.at("NodeResourcesFit"), std::vector<std::string>{"Insufficient cpu"});
}

// Pods that finished and other pending pods hold no resources; a pod of another phase does.
void ExplainerTest::whatHoldsNothingIsLeftOut_data() {
    QTest::addColumn<QString>("other");
    QTest::addColumn<bool>("fits");
    QTest::newRow("a Succeeded pod") << QStringLiteral("nodeName: node-a}\nstatus: {phase: Succeeded") << true;
    QTest::newRow("a Failed pod") << QStringLiteral("nodeName: node-a}\nstatus: {phase: Failed") << true;
    QTest::newRow("another pending pod") << QStringLiteral("schedulerName: default-scheduler") << true;
    QTest::newRow("a Running pod") << QStringLiteral("nodeName: node-a}\nstatus: {phase: Running") << false;
}

void ExplainerTest::whatHoldsNothingIsLeftOut() {
    QFETCH(QString, other);
    QFETCH(bool, fits);
    const std::string yaml = R"(
apiVersion: v1
kind: Node
metadata: {name: node-a, labels: {kubernetes.io/hostname: node-a}}
status: {allocatable: {cpu: "2", memory: 4Gi, pods: "110"}}
---
apiVersion: v1
kind: Pod
metadata: {name: other, namespace: default}
spec: {containers: [{name: c, image: nginx, resources: {requests: {cpu: 1500m}}}], )" +
                             other.toStdString() + R"(}
---
apiVersion: v1
kind: Pod
metadata: {name: web, namespace: default}
spec: {containers: [{name: c, image: nginx, resources: {requests: {cpu: "1"}}}]}
)";
    const auto e = explain(yaml, "default/web");
    QCOMPARE(bool(e.outcome.node), fits);
    if (!fits) QVERIFY2(e.outcome.message.starts_with("0/1 nodes are available: 1 Insufficient cpu."), e.outcome.message.c_str());
}

// A high-priority pod that fits only by preempting: the victims and nominated node are reported,
// and the cluster given is not touched.
void ExplainerTest::preemptionIsComputedNotCarriedOut() {
    const std::string yaml = std::string(kTwoNodes) + R"(
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: high}
value: 1000
---
apiVersion: v1
kind: Pod
metadata: {name: low-a, namespace: default}
spec:
  nodeName: node-a
  priority: 0
  containers: [{name: c, image: nginx, resources: {requests: {cpu: 1500m}}}]
---
apiVersion: v1
kind: Pod
metadata: {name: low-b, namespace: default}
spec:
  nodeName: node-b
  priority: 0
  containers: [{name: c, image: nginx, resources: {requests: {cpu: 1500m}}}]
---
apiVersion: v1
kind: Pod
metadata: {name: urgent, namespace: default}
spec:
  priorityClassName: high
  containers: [{name: c, image: nginx, resources: {requests: {cpu: "1"}}}]
)";
    const auto objects = objectsOf(yaml);
    auto e = scheduler::explainPod(objects, "default/urgent", scheduler::config::defaultConfiguration());
    QVERIFY(e);
    QVERIFY(!e->outcome.node);
    // v1.28 prints no preemption part when preemption succeeds.
    QCOMPARE(e->outcome.message, std::string("0/2 nodes are available: 2 Insufficient cpu."));
    QVERIFY(e->outcome.nominatedNode == "node-a" || e->outcome.nominatedNode == "node-b");
    QCOMPARE(e->outcome.victims, std::vector<std::string>{e->outcome.nominatedNode == "node-a" ? "default/low-a" : "default/low-b"});
    QCOMPARE(e->outcome.explanation->nominatedNode, e->outcome.nominatedNode);
    // Nothing was evicted: the victim is still bound where it was.
    auto victim = scheduler::explainPod(objects, e->outcome.victims.front(), scheduler::config::defaultConfiguration());
    QVERIFY(victim);
    QCOMPARE(victim->boundNode, e->outcome.nominatedNode);
}

void ExplainerTest::unknownPod() {
    auto e = scheduler::explainPod(objectsOf(kTwoNodes), "default/nope", scheduler::config::defaultConfiguration());
    QVERIFY(!e);
    QCOMPARE(e.status().code(), StatusCode::NotFound);
    QCOMPARE(e.status().message(), std::string("pods \"default/nope\" not found"));
}

QTEST_APPLESS_MAIN(ExplainerTest)
