#include "cluster_view_test.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QRandomGenerator>
#include <QScrollBar>
#include <QtTest>

#include <algorithm>
#include <random>

#include "client/in_process_client.h"
#include "cluster_objects.h"
#include "clusterview/cluster_view.h"
#include "clusterview/node_card.h"
#include "clusterview/tooltip_text.h"
#include "fake_control_plane_client.h"
#include "session/embedded_session.h"
#include "theme/theme.h"

using namespace pilothouse;
using namespace pilothouse::ui::clusterview;
using pilothouse::testing::FakeControlPlaneClient;
using pilothouse::testing::makeNode;
using pilothouse::testing::makePod;
using pilothouse::testing::NodeSpec;
using pilothouse::testing::PodSpec;

Q_DECLARE_METATYPE(pilothouse::ui::clusterview::DetailLevel)
Q_DECLARE_METATYPE(pilothouse::ui::clusterview::ChipLayout::Style)

namespace {

const QString kNodes = QStringLiteral("nodes");
const QString kPods = QStringLiteral("pods");

// "100m/128Mi;250m/" -> containers (cpu, memory; empty for none).
std::vector<testing::Container> containers(const QString& text) {
    std::vector<testing::Container> out;
    for (const QString& c : text.split(QLatin1Char(';'), Qt::SkipEmptyParts)) {
        const QStringList parts = c.split(QLatin1Char('/'));
        out.push_back({parts.value(0).toStdString(), parts.value(1).toStdString()});
    }
    return out;
}

constexpr qint64 Mi = 1024 * 1024;

// A live cluster state over a fake client, and its informers' first lists.
struct FakeCluster {
    FakeControlPlaneClient client;
    ui::Timeline timeline;
    ui::ClusterState state{&client, &timeline};

    void list(const std::vector<NodeSpec>& nodes, const std::vector<PodSpec>& pods) {
        QVector<ui::ObjectPtr> n, p;
        for (const auto& s : nodes) n.push_back(makeNode(s));
        for (const auto& s : pods) p.push_back(makePod(s));
        client.list(kNodes, n);
        client.list(kPods, p);
    }
};

// Everything the model holds, as text: two models that print alike hold the same.
QString dump(const ClusterViewModel& m) {
    QString out;
    QTextStream s(&out);
    for (int r = 0; r < m.nodeCount(); ++r) {
        const auto& n = m.nodeAt(r);
        s << n.summary.name << ' ' << int(n.summary.readiness) << ' ' << n.summary.unschedulable << ' '
          << n.summary.taints.join(QLatin1Char(',')) << ' ' << n.summary.keyLabels.join(QLatin1Char(',')) << ' '
          << n.summary.cpuAllocatableMilli << ' ' << n.summary.memoryAllocatableBytes << ' ' << n.summary.podsAllocatable
          << " | " << n.cpuRequestedMilli << ' ' << n.memoryRequestedBytes << ' ' << n.podsHoldingResources << " |";
        for (const auto* p : n.pods) s << ' ' << p->summary.key << ':' << phaseName(p->summary.phase);
        s << '\n';
    }
    s << "lane:";
    for (const auto* p : m.pendingPods())
        s << ' ' << p->summary.key << ':' << phaseName(p->summary.phase) << ':' << p->summary.schedulingReason;
    s << "\nphases:";
    for (int i = 0; i < kPodPhaseCount; ++i) s << ' ' << m.podCount(PodPhase(i));
    s << " total " << m.podCount() << '\n';
    return out;
}

std::vector<NodeSpec> numberedNodes(int count) {
    std::vector<NodeSpec> nodes;
    for (int i = 0; i < count; ++i) {
        NodeSpec n;
        n.name = QStringLiteral("node-%1").arg(i, 4, 10, QLatin1Char('0')).toStdString();
        n.ready = i % 97 == 5 ? "False" : "True";
        n.unschedulable = i % 89 == 7;
        nodes.push_back(n);
    }
    return nodes;
}

}  // namespace

void ClusterViewTest::initTestCase() { ui::theme::apply(*qApp, ui::theme::Mode::Light); }

// --- summaries ----------------------------------------------------------------------------------

void ClusterViewTest::podSummary_data() {
    QTest::addColumn<QString>("containers");
    QTest::addColumn<QString>("initContainers");
    QTest::addColumn<QString>("overhead");
    QTest::addColumn<QString>("node");
    QTest::addColumn<QString>("phase");
    QTest::addColumn<bool>("terminating");
    QTest::addColumn<qint64>("cpuMilli");
    QTest::addColumn<qint64>("memoryBytes");
    QTest::addColumn<QString>("shownPhase");
    QTest::addColumn<bool>("holdsResources");

    QTest::newRow("one container") << "100m/128Mi" << "" << "" << "node-a" << "Running" << false << 100LL << 128 * Mi << "Running" << true;
    QTest::newRow("containers add up") << "100m/128Mi;250m/1Gi" << "" << "" << "node-a" << "Running" << false << 350LL << 1152 * Mi
                                       << "Running" << true;
    QTest::newRow("an init container larger than the sum") << "100m/100Mi;100m/100Mi" << "500m/50Mi" << "" << "node-a" << "Pending"
                                                           << false << 500LL << 200 * Mi << "Pending" << true;
    QTest::newRow("the largest init container") << "100m/" << "300m/;400m/" << "" << "node-a" << "Running" << false << 400LL << 0LL
                                                << "Running" << true;
    QTest::newRow("overhead on top") << "1/1Gi" << "" << "250m/120Mi" << "node-a" << "Running" << false << 1250LL << 1144 * Mi
                                     << "Running" << true;
    QTest::newRow("no requests count zero") << "/" << "" << "" << "node-a" << "Running" << false << 0LL << 0LL << "Running" << true;
    QTest::newRow("terminating still holds") << "1/1Gi" << "" << "" << "node-a" << "Running" << true << 1000LL << 1024 * Mi
                                             << "Terminating" << true;
    QTest::newRow("succeeded releases") << "1/1Gi" << "" << "" << "node-a" << "Succeeded" << false << 1000LL << 1024 * Mi
                                        << "Succeeded" << false;
    QTest::newRow("failed releases") << "1/1Gi" << "" << "" << "node-a" << "Failed" << false << 1000LL << 1024 * Mi << "Failed" << false;
    QTest::newRow("unbound holds nothing") << "1/1Gi" << "" << "" << "" << "Pending" << false << 1000LL << 1024 * Mi << "Pending" << false;
    QTest::newRow("unknown phase") << "1/" << "" << "" << "node-a" << "Unknown" << false << 1000LL << 0LL << "Unknown" << true;
}

void ClusterViewTest::podSummary() {
    QFETCH(QString, containers);
    QFETCH(QString, initContainers);
    QFETCH(QString, overhead);
    QFETCH(QString, node);
    QFETCH(QString, phase);
    QFETCH(bool, terminating);
    PodSpec s;
    s.name = "p";
    s.node = node.toStdString();
    s.phase = phase.toStdString();
    s.containers = ::containers(containers);
    s.initContainers = ::containers(initContainers);
    if (!overhead.isEmpty()) s.overhead = ::containers(overhead).front();
    s.terminating = terminating;
    const PodSummary summary = summarizePod(*makePod(s));
    QCOMPARE(summary.key, QStringLiteral("default/p"));
    QCOMPARE(summary.name(), QStringLiteral("p"));
    QTEST(summary.cpuRequestMilli, "cpuMilli");
    QTEST(summary.memoryRequestBytes, "memoryBytes");
    QTEST(phaseName(summary.phase), "shownPhase");
    QTEST(summary.holdsResources(), "holdsResources");
    QCOMPARE(summary.createdSeconds, qint64(s.createdSeconds));
}

void ClusterViewTest::nodeSummary_data() {
    QTest::addColumn<QString>("ready");
    QTest::addColumn<bool>("unschedulable");
    QTest::addColumn<QString>("taints");  // "key=value:Effect;..."
    QTest::addColumn<QString>("labels");  // "key=value;..."
    QTest::addColumn<int>("readiness");
    QTest::addColumn<QStringList>("keyLabels");

    QTest::newRow("ready") << "True" << false << "" << "" << int(NodeReadiness::Ready) << QStringList();
    QTest::newRow("not ready") << "False" << false << "" << "" << int(NodeReadiness::NotReady) << QStringList();
    QTest::newRow("ready unknown is NotReady") << "Unknown" << false << "" << "" << int(NodeReadiness::NotReady) << QStringList();
    QTest::newRow("no Ready condition") << "" << false << "" << "" << int(NodeReadiness::Unknown) << QStringList();
    QTest::newRow("cordoned and tainted") << "True" << true << "dedicated=gpu:NoSchedule;node.kubernetes.io/not-ready:NoExecute" << ""
                                          << int(NodeReadiness::Ready) << QStringList();
    QTest::newRow("key labels") << "True" << false << ""
                                << "node-role.kubernetes.io/worker=;topology.kubernetes.io/zone=zone-1;kubernetes.io/hostname=other;"
                                   "accelerator=nvidia;kubernetes.io/arch=amd64;node.kubernetes.io/instance-type=m5.large;disk=ssd"
                                << int(NodeReadiness::Ready)
                                << QStringList{QStringLiteral("role: worker"), QStringLiteral("zone: zone-1"),
                                               QStringLiteral("instance: m5.large"), QStringLiteral("hostname: other"),
                                               QStringLiteral("accelerator=nvidia"), QStringLiteral("disk=ssd")};
    QTest::newRow("hostname equal to the name is not repeated") << "True" << false << "" << "kubernetes.io/hostname=n"
                                                                << int(NodeReadiness::Ready) << QStringList();
}

void ClusterViewTest::nodeSummary() {
    QFETCH(QString, ready);
    QFETCH(bool, unschedulable);
    QFETCH(QString, taints);
    QFETCH(QString, labels);
    NodeSpec s;
    s.name = "n";
    s.ready = ready.toStdString();
    s.unschedulable = unschedulable;
    s.cpu = "2500m";
    s.memory = "8Gi";
    s.pods = "58";
    QStringList expectedTaints;
    for (const QString& t : taints.split(QLatin1Char(';'), Qt::SkipEmptyParts)) {
        const qsizetype colon = t.lastIndexOf(QLatin1Char(':'));
        s.taints.push_back({t.left(colon).toStdString(), t.mid(colon + 1).toStdString()});
        expectedTaints.push_back(t);
    }
    for (const QString& l : labels.split(QLatin1Char(';'), Qt::SkipEmptyParts)) {
        const qsizetype eq = l.indexOf(QLatin1Char('='));
        s.labels.push_back({l.left(eq).toStdString(), l.mid(eq + 1).toStdString()});
    }
    const NodeSummary summary = summarizeNode(*makeNode(s));
    QCOMPARE(summary.name, QStringLiteral("n"));
    QTEST(int(summary.readiness), "readiness");
    QCOMPARE(summary.unschedulable, unschedulable);
    QCOMPARE(summary.taints, expectedTaints);
    QTEST(summary.keyLabels, "keyLabels");
    QCOMPARE(summary.cpuAllocatableMilli, 2500);
    QCOMPARE(summary.memoryAllocatableBytes, 8 * 1024 * Mi);
    QCOMPARE(summary.podsAllocatable, 58);
}

void ClusterViewTest::naturalOrder_data() {
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::addColumn<bool>("less");
    QTest::newRow("numbers as numbers") << "node-2" << "node-10" << true;
    QTest::newRow("reverse") << "node-10" << "node-2" << false;
    QTest::newRow("letters") << "node-a" << "node-b" << true;
    QTest::newRow("prefix first") << "node" << "node-1" << true;
    QTest::newRow("equal") << "node-1" << "node-1" << false;
    QTest::newRow("leading zeros tie-break") << "node-1" << "node-01" << true;
    QTest::newRow("zero padded") << "node-0009" << "node-0010" << true;
    QTest::newRow("a run against a longer run") << "a1x" << "a12" << true;
    QTest::newRow("same run, then letters") << "n12b" << "n12a" << false;
    QTest::newRow("a later run decides") << "pod-9-z" << "pod-10-a" << true;
    QTest::newRow("inside a run") << "node-133" << "node-123" << false;
    QTest::newRow("a digit before a letter") << "node-1" << "node-a" << true;
}

void ClusterViewTest::naturalOrder() {
    QFETCH(QString, a);
    QFETCH(QString, b);
    QTEST(naturalLess(a, b), "less");
    if (a != b) QCOMPARE(naturalLess(b, a), !naturalLess(a, b));  // total: one way or the other
    QVERIFY(!naturalLess(a, a));
}

void ClusterViewTest::naturalOrderSortsNumberedNames() {
    // Shuffled names with numbers in two places sort as their numbers do.
    QStringList names, expected;
    for (int rack = 1; rack <= 12; ++rack)
        for (int i = 0; i <= 120; i += 7) expected.push_back(QStringLiteral("rack-%1-node-%2").arg(rack).arg(i));
    names = expected;
    std::shuffle(names.begin(), names.end(), std::mt19937(5));
    std::sort(names.begin(), names.end(), naturalLess);
    QCOMPARE(names, expected);
}

// --- the model ----------------------------------------------------------------------------------

void ClusterViewTest::aggregates_data() {
    // Pods: "node phase cpu memory [terminating]" separated by ';' ("-" for no node).
    QTest::addColumn<QString>("pods");
    QTest::addColumn<qint64>("cpuMilli");
    QTest::addColumn<qint64>("memoryBytes");
    QTest::addColumn<qint64>("holding");
    QTest::addColumn<int>("chips");
    QTest::addColumn<int>("pending");

    QTest::newRow("no pods") << "" << 0LL << 0LL << 0LL << 0 << 0;
    QTest::newRow("running and pending, bound") << "node-a Running 100m 128Mi;node-a Pending 200m 256Mi" << 300LL << 384 * Mi << 2LL << 2 << 0;
    QTest::newRow("finished pods release") << "node-a Running 500m 1Gi;node-a Succeeded 1 1Gi;node-a Failed 1 1Gi" << 500LL << 1024 * Mi
                                           << 1LL << 3 << 0;
    QTest::newRow("terminating still counts") << "node-a Running 1 2Gi terminating" << 1000LL << 2048 * Mi << 1LL << 1 << 0;
    QTest::newRow("another node's pods") << "node-b Running 1 1Gi;node-a Running 250m 64Mi" << 250LL << 64 * Mi << 1LL << 1 << 0;
    QTest::newRow("pending pods wait in the lane") << "- Pending 1 1Gi;- Pending 2 1Gi;node-a Running 100m 1Mi" << 100LL << 1 * Mi << 1LL
                                                   << 1 << 2;
    QTest::newRow("over-committed") << "node-a Running 3 8Gi;node-a Running 2 10Gi" << 5000LL << 18 * 1024 * Mi << 2LL << 2 << 0;
}

void ClusterViewTest::aggregates() {
    QFETCH(QString, pods);
    FakeCluster c;
    std::vector<PodSpec> specs;
    int i = 0;
    for (const QString& p : pods.split(QLatin1Char(';'), Qt::SkipEmptyParts)) {
        const QStringList f = p.split(QLatin1Char(' '));
        PodSpec s;
        s.name = "pod-" + std::to_string(i++);
        s.node = f[0] == QLatin1String("-") ? "" : f[0].toStdString();
        s.phase = f[1].toStdString();
        s.containers = {{f[2].toStdString(), f[3].toStdString()}};
        s.terminating = f.size() > 4;
        specs.push_back(s);
    }
    c.list({{.name = "node-a"}, {.name = "node-b"}}, specs);
    ClusterViewModel model(&c.state);
    QAbstractItemModelTester tester(&model);
    QCOMPARE(model.nodeCount(), 2);
    const int row = model.rowOfNode(QStringLiteral("node-a"));
    QCOMPARE(row, 0);
    const auto& node = model.nodeAt(row);
    QTEST(node.cpuRequestedMilli, "cpuMilli");
    QTEST(node.memoryRequestedBytes, "memoryBytes");
    QTEST(node.podsHoldingResources, "holding");
    QTEST(int(node.pods.size()), "chips");
    QTEST(int(model.pendingPods().size()), "pending");
    QCOMPARE(node.summary.cpuAllocatableMilli, 4000);
    // The item model says the same.
    const QModelIndex index = model.index(row);
    QCOMPARE(index.data().toString(), QStringLiteral("node-a"));
    QCOMPARE(index.data(ClusterViewModel::CpuRequestedMilliRole).toLongLong(), node.cpuRequestedMilli);
    QCOMPARE(index.data(ClusterViewModel::MemoryRequestedBytesRole).toLongLong(), node.memoryRequestedBytes);
    QCOMPARE(index.data(ClusterViewModel::PodKeysRole).toStringList().size(), int(node.pods.size()));
}

void ClusterViewTest::pendingLane() {
    FakeCluster c;
    c.list({{.name = "node-a"}}, {});
    ClusterViewModel model(&c.state);
    QAbstractItemModelTester tester(&model);
    QSignalSpy pendingSpy(&model, &ClusterViewModel::pendingChanged);
    QSignalSpy dataSpy(&model, &QAbstractItemModel::dataChanged);

    // Created out of order: the lane shows them oldest first.
    PodSpec late{.name = "late", .createdSeconds = 1'700'000'100};
    PodSpec early{.name = "early", .createdSeconds = 1'700'000'050};
    c.client.put(kPods, makePod(late), true);
    c.client.put(kPods, makePod(early), true);
    QCOMPARE(pendingSpy.count(), 2);
    QCOMPARE(model.pendingPods().size(), size_t(2));
    QCOMPARE(model.pendingPods()[0]->summary.key, QStringLiteral("default/early"));
    QCOMPARE(model.pendingPods()[1]->summary.key, QStringLiteral("default/late"));

    // The scheduler gives up on one: its reason and message.
    early.scheduledReason = "Unschedulable";
    early.scheduledMessage = "0/1 nodes are available: 1 Insufficient cpu.";
    c.client.put(kPods, makePod(early));
    QCOMPARE(model.pendingPods()[0]->summary.schedulingReason, QStringLiteral("Unschedulable"));
    QCOMPARE(model.pendingPods()[0]->summary.schedulingMessage, QStringLiteral("0/1 nodes are available: 1 Insufficient cpu."));

    // Bound: it leaves the lane for its node, which now holds its requests.
    late.node = "node-a";
    c.client.put(kPods, makePod(late));
    QCOMPARE(model.pendingPods().size(), size_t(1));
    QCOMPARE(model.pendingPods()[0]->summary.key, QStringLiteral("default/early"));
    QCOMPARE(model.nodeAt(0).pods.size(), size_t(1));
    QCOMPARE(model.nodeAt(0).cpuRequestedMilli, 100);
    QVERIFY(dataSpy.count() > 0);
    QCOMPARE(dataSpy.last().at(0).toModelIndex().row(), 0);

    // Deleted while pending: gone.
    c.client.remove(kPods, makePod(early));
    QVERIFY(model.pendingPods().empty());
    QCOMPARE(model.podCount(), 1);
}

void ClusterViewTest::incrementalEqualsRebuild_data() {
    QTest::addColumn<quint32>("seed");
    QTest::addColumn<int>("operations");
    for (quint32 seed : {1u, 2u, 3u, 4u}) QTest::addRow("seed %u", seed) << seed << 600;
}

void ClusterViewTest::incrementalEqualsRebuild() {
    QFETCH(quint32, seed);
    QFETCH(int, operations);
    QRandomGenerator random(seed);
    FakeCluster c;
    std::map<std::string, PodSpec> pods;
    std::map<std::string, NodeSpec> nodes;
    auto nodeName = [&](int i) { return "node-" + std::to_string(i); };
    for (int i = 0; i < 6; ++i) nodes[nodeName(i)] = NodeSpec{.name = nodeName(i)};
    std::vector<NodeSpec> initialNodes;
    for (const auto& [n, s] : nodes) initialNodes.push_back(s);
    std::vector<PodSpec> initialPods;
    int created = 0;
    auto newPod = [&] {
        PodSpec s;
        s.namespace_ = random.bounded(2) ? "default" : "shop";
        s.name = "pod-" + std::to_string(created++);
        s.createdSeconds = 1'700'000'000 + random.bounded(50);  // ties on purpose
        s.node = random.bounded(3) == 0 ? "" : nodeName(int(random.bounded(8)));  // node-6, node-7 do not exist
        const char* phases[] = {"Pending", "Running", "Running", "Succeeded", "Failed"};
        s.phase = s.node.empty() ? "Pending" : phases[random.bounded(5)];
        s.containers = {{std::to_string(50 * (1 + random.bounded(10))) + "m", std::to_string(64 * (1 + random.bounded(8))) + "Mi"}};
        if (random.bounded(4) == 0) s.initContainers = {{"1", "16Mi"}};
        return s;
    };
    for (int i = 0; i < 30; ++i) {
        PodSpec s = newPod();
        pods[s.namespace_ + "/" + s.name] = s;
        initialPods.push_back(s);
    }
    c.list(initialNodes, initialPods);
    ClusterViewModel model(&c.state);
    QAbstractItemModelTester tester(&model);

    auto anyPod = [&]() -> PodSpec* {
        if (pods.empty()) return nullptr;
        auto it = pods.begin();
        std::advance(it, random.bounded(int(pods.size())));
        return &it->second;
    };
    for (int op = 0; op < operations; ++op) {
        switch (random.bounded(10)) {
            case 0:
            case 1: {  // a new pod
                PodSpec s = newPod();
                pods[s.namespace_ + "/" + s.name] = s;
                c.client.put(kPods, makePod(s), true);
                break;
            }
            case 2: {  // bound
                PodSpec* s = anyPod();
                if (!s || !s->node.empty()) break;
                s->node = nodeName(int(random.bounded(8)));
                c.client.put(kPods, makePod(*s));
                break;
            }
            case 3: {  // a phase change
                PodSpec* s = anyPod();
                if (!s) break;
                const char* phases[] = {"Pending", "Running", "Succeeded", "Failed", "Unknown"};
                s->phase = phases[random.bounded(5)];
                c.client.put(kPods, makePod(*s));
                break;
            }
            case 4: {  // deleting, then deleted
                PodSpec* s = anyPod();
                if (!s) break;
                if (!s->terminating) {
                    s->terminating = true;
                    c.client.put(kPods, makePod(*s));
                } else {
                    c.client.remove(kPods, makePod(*s));
                    pods.erase(s->namespace_ + "/" + s->name);
                }
                break;
            }
            case 5: {  // the scheduler reports on a pending pod
                PodSpec* s = anyPod();
                if (!s || !s->node.empty()) break;
                s->scheduledReason = "Unschedulable";
                s->scheduledMessage = "0/6 nodes are available: " + std::to_string(op);
                c.client.put(kPods, makePod(*s));
                break;
            }
            case 6: {  // a node changes: cordon, readiness, allocatable
                auto it = nodes.begin();
                if (nodes.empty()) break;
                std::advance(it, random.bounded(int(nodes.size())));
                NodeSpec& n = it->second;
                switch (random.bounded(3)) {
                    case 0: n.unschedulable = !n.unschedulable; break;
                    case 1: n.ready = n.ready == "True" ? "False" : "True"; break;
                    default: n.cpu = std::to_string(2 + random.bounded(6)); break;
                }
                c.client.put(kNodes, makeNode(n));
                break;
            }
            case 7: {  // a node goes or comes (node-0..node-7)
                const std::string name = nodeName(int(random.bounded(8)));
                if (nodes.contains(name)) {
                    c.client.remove(kNodes, makeNode(nodes[name]));
                    nodes.erase(name);
                } else {
                    nodes[name] = NodeSpec{.name = name, .taints = {{"dedicated=gpu", "NoSchedule"}}};
                    c.client.put(kNodes, makeNode(nodes[name]), true);
                }
                break;
            }
            case 8: {  // an unchanged object again (a resync)
                if (PodSpec* s = anyPod()) c.client.put(kPods, makePod(*s));
                break;
            }
            default: {  // a pod's requests change (in-place resize)
                PodSpec* s = anyPod();
                if (!s) break;
                s->containers = {{std::to_string(100 * (1 + random.bounded(5))) + "m", "100Mi"}};
                c.client.put(kPods, makePod(*s));
                break;
            }
        }
        if (op % 50 == 49 || op + 1 == operations) {
            ClusterViewModel rebuilt(&c.state);
            QCOMPARE(dump(model), dump(rebuilt));
        }
    }
    // The state at the end, as a reset sees it.
    const QString before = dump(model);
    model.rebuild();
    QCOMPARE(dump(model), before);
}

void ClusterViewTest::nodeArrivesAfterItsPods() {
    FakeCluster c;
    c.list({}, {{.name = "early", .node = "node-x", .phase = "Running", .containers = {{"1", "1Gi"}}}});
    ClusterViewModel model(&c.state);
    QAbstractItemModelTester tester(&model);
    QCOMPARE(model.nodeCount(), 0);
    QVERIFY(model.pendingPods().empty());  // bound, not pending

    const NodeSpec x{.name = "node-x"};
    c.client.put(kNodes, makeNode(x), true);
    QCOMPARE(model.nodeCount(), 1);
    QCOMPARE(model.nodeAt(0).pods.size(), size_t(1));
    QCOMPARE(model.nodeAt(0).cpuRequestedMilli, 1000);

    c.client.remove(kNodes, makeNode(x));
    QCOMPARE(model.nodeCount(), 0);
    QCOMPARE(model.rowOfNode(QStringLiteral("node-x")), -1);
    c.client.put(kNodes, makeNode(x), true);
    QCOMPARE(model.nodeAt(0).cpuRequestedMilli, 1000);
}

// --- layout -------------------------------------------------------------------------------------

void ClusterViewTest::gridLayout_data() {
    QTest::addColumn<int>("count");
    QTest::addColumn<QSizeF>("area");
    for (int count : {1, 3, 7, 12, 40, 150, 1000, 5000})
        for (QSizeF area : {QSizeF(1920, 900), QSizeF(800, 600), QSizeF(400, 3000)})
            QTest::addRow("%d in %dx%d", count, int(area.width()), int(area.height())) << count << area;
}

void ClusterViewTest::gridLayout() {
    QFETCH(int, count);
    QFETCH(QSizeF, area);
    const double fit = fitCellWidth(count, area);
    const GridLayout g = layoutGrid(count, area, fit);
    // Fitted: everything shows without scrolling (unless even the smallest cells do not fit).
    if (fit > kHeatMinWidth) QVERIFY2(g.contentHeight() <= area.height() + 0.5, qPrintable(QString::number(g.contentHeight())));
    QCOMPARE(g.level, detailLevelFor(fit));
    QVERIFY(g.columns * g.rows >= count);
    QVERIFY(g.columns * (g.rows - 1) < count);
    for (int i = 0; i < count; ++i) {
        const QRectF r = g.cellRect(i);
        QVERIFY(r.left() >= 0 && r.right() <= area.width() + 0.01);
        QCOMPARE(g.indexAt(r.center()), i);
        if (i + 1 < count && (i + 1) % g.columns != 0) QVERIFY(g.cellRect(i + 1).left() >= r.right());
    }
    // The band a viewport shows: exactly the cells that intersect it.
    const double top = g.contentHeight() / 3, bottom = top + area.height() / 2;
    const auto [first, last] = g.indexRange(top, bottom);
    for (int i = 0; i < count; ++i) {
        const QRectF r = g.cellRect(i);
        const bool inBand = r.bottom() > top && r.top() < bottom;
        if (inBand) QVERIFY2(i >= first && i < last, qPrintable(QStringLiteral("cell %1 not in [%2, %3)").arg(i).arg(first).arg(last)));
    }
    // Past the last cell and between cells: nothing.
    QCOMPARE(g.indexAt(QPointF(area.width() - 0.5, g.contentHeight() + 10)), -1);
    if (g.gap >= 2 && count > 1 && g.columns > 1) QCOMPARE(g.indexAt(QPointF(g.cellRect(0).right() + g.gap / 2, g.cellRect(0).center().y())), -1);
}

void ClusterViewTest::chipLayout_data() {
    QTest::addColumn<QRectF>("area");
    QTest::addColumn<int>("count");
    QTest::addColumn<ChipLayout::Style>("style");
    QTest::addColumn<bool>("overflows");
    QTest::newRow("two pods on a projector card") << QRectF(10, 10, 560, 400) << 2 << ChipLayout::Style::TwoLines << false;
    QTest::newRow("twenty pods") << QRectF(0, 0, 560, 200) << 20 << ChipLayout::Style::OneLine << false;
    QTest::newRow("a full node") << QRectF(0, 0, 560, 200) << 110 << ChipLayout::Style::Plain << false;
    QTest::newRow("more than fits") << QRectF(0, 0, 100, 20) << 500 << ChipLayout::Style::Plain << true;
    QTest::newRow("none") << QRectF(0, 0, 300, 100) << 0 << ChipLayout::Style::TwoLines << false;
}

void ClusterViewTest::chipLayout() {
    QFETCH(QRectF, area);
    QFETCH(int, count);
    QFETCH(bool, overflows);
    const ChipLayout l = layoutChips(area, count, 18);
    if (count > 0) QTEST(l.style, "style");
    QCOMPARE(l.overflows(), overflows);
    QCOMPARE(l.shown(), overflows ? l.capacity - 1 : count);
    for (int i = 0; i < l.shown(); ++i) {
        const QRectF r = l.slotRect(i);
        QVERIFY2(area.adjusted(-0.01, -0.01, 0.01, 0.01).contains(r), qPrintable(QStringLiteral("chip %1 outside").arg(i)));
        QCOMPARE(l.indexAt(r.center()), i);
    }
    if (overflows) QVERIFY(area.adjusted(-0.01, -0.01, 0.01, 0.01).contains(l.slotRect(l.shown())));
}

void ClusterViewTest::detailLevelBySize_data() {
    QTest::addColumn<int>("nodes");
    QTest::addColumn<QSize>("size");
    QTest::addColumn<DetailLevel>("level");
    QTest::newRow("3 nodes on a projector") << 3 << QSize(1920, 1080) << DetailLevel::Card;
    QTest::newRow("60 nodes") << 60 << QSize(1920, 1080) << DetailLevel::Tile;
    QTest::newRow("1,000 nodes") << 1000 << QSize(1920, 1080) << DetailLevel::HeatMap;
    QTest::newRow("5,000 nodes") << 5000 << QSize(1920, 1080) << DetailLevel::HeatMap;
    QTest::newRow("3 nodes in a small window") << 3 << QSize(520, 400) << DetailLevel::Tile;
}

void ClusterViewTest::detailLevelBySize() {
    QFETCH(int, nodes);
    QFETCH(QSize, size);
    FakeCluster c;
    c.list(numberedNodes(nodes), {});
    ui::SelectionModel selection;
    ClusterView view(&c.state, &selection);
    view.resize(size);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QTEST(view.detailLevel(), "level");
    QCOMPARE(view.zoom(), 1.0);
    // Fitted: the first and the last node are both on screen, nothing to scroll.
    QVERIFY(!view.nodeRect(QStringLiteral("node-0000")).isNull());
    QVERIFY(!view.nodeRect(QString::fromStdString(numberedNodes(nodes).back().name)).isNull());
    QCOMPARE(view.verticalScrollBar()->maximum(), 0);
    const QImage shot = view.grab().toImage();
    QCOMPARE(shot.size(), size * shot.devicePixelRatio());
}

void ClusterViewTest::zoomChangesDetailLevel() {
    FakeCluster c;
    c.list(numberedNodes(1000), {});
    ui::SelectionModel selection;
    ClusterView view(&c.state, &selection);
    view.resize(1920, 1080);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QCOMPARE(view.detailLevel(), DetailLevel::HeatMap);
    QSignalSpy levels(&view, &ClusterView::detailLevelChanged);

    // '+' until cards: through tiles, never back.
    QList<DetailLevel> seen{view.detailLevel()};
    for (int i = 0; i < 40 && view.detailLevel() != DetailLevel::Card; ++i) {
        QTest::keyClick(&view, Qt::Key_Plus);
        if (seen.back() != view.detailLevel()) seen.push_back(view.detailLevel());
    }
    QCOMPARE(seen, (QList<DetailLevel>{DetailLevel::HeatMap, DetailLevel::Tile, DetailLevel::Card}));
    QCOMPARE(levels.count(), 2);
    QVERIFY(view.verticalScrollBar()->maximum() > 0);  // zoomed in, the cluster scrolls
    QVERIFY(view.nodeRect(QStringLiteral("node-0999")).isNull());

    // '0' fits again; Ctrl+wheel zooms in.
    QTest::keyClick(&view, Qt::Key_0);
    QCOMPARE(view.zoom(), 1.0);
    QCOMPARE(view.detailLevel(), DetailLevel::HeatMap);
    const QPointF at(400, 500);
    QWheelEvent wheel(at, view.viewport()->mapToGlobal(at), QPoint(), QPoint(0, 120), Qt::NoButton, Qt::ControlModifier,
                      Qt::NoScrollPhase, false);
    QApplication::sendEvent(view.viewport(), &wheel);
    QVERIFY(view.zoom() > 1.0);
    QTest::keyClick(&view, Qt::Key_Minus);
    QTest::keyClick(&view, Qt::Key_Minus);
    QVERIFY(view.zoom() < 1.0);

    // Double-clicking a cell zooms to tiles around it; a tile, to cards.
    QTest::keyClick(&view, Qt::Key_0);
    QRect cell = view.nodeRect(QStringLiteral("node-0500"));
    QTest::mouseDClick(view.viewport(), Qt::LeftButton, {}, cell.center());
    QCOMPARE(view.detailLevel(), DetailLevel::Tile);
    cell = view.nodeRect(QStringLiteral("node-0500"));
    QVERIFY2(view.viewport()->rect().intersects(cell), "the node stays in view");
    QTest::mouseDClick(view.viewport(), Qt::LeftButton, {}, cell.center());
    QCOMPARE(view.detailLevel(), DetailLevel::Card);
    QVERIFY(!view.nodeRect(QStringLiteral("node-0500")).isNull());
}

void ClusterViewTest::chipsShowPhaseColours_data() {
    QTest::addColumn<QString>("phase");
    QTest::addColumn<bool>("terminating");
    QTest::addColumn<QString>("shown");
    QTest::addColumn<bool>("dark");
    for (bool dark : {false, true}) {
        const char* mode = dark ? "dark" : "light";
        QTest::addRow("Running, %s", mode) << "Running" << false << "Running" << dark;
        QTest::addRow("Pending, %s", mode) << "Pending" << false << "Pending" << dark;
        QTest::addRow("Succeeded, %s", mode) << "Succeeded" << false << "Succeeded" << dark;
        QTest::addRow("Failed, %s", mode) << "Failed" << false << "Failed" << dark;
        QTest::addRow("Terminating, %s", mode) << "Running" << true << "Terminating" << dark;
    }
}

void ClusterViewTest::chipsShowPhaseColours() {
    QFETCH(QString, phase);
    QFETCH(bool, terminating);
    QFETCH(QString, shown);
    QFETCH(bool, dark);
    ui::theme::apply(*qApp, dark ? ui::theme::Mode::Dark : ui::theme::Mode::Light);
    FakeCluster c;
    c.list(numberedNodes(3), {{.name = "p", .node = "node-0001", .phase = phase.toStdString(), .terminating = terminating}});
    ui::SelectionModel selection;
    ClusterView view(&c.state, &selection);
    view.resize(1600, 900);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const QRect chip = view.podRect(QStringLiteral("default/p"));
    QVERIFY(!chip.isNull());
    const QImage image = view.viewport()->grab().toImage();
    // Inside the chip, left of its text: the phase's colour from the theme.
    const qreal dpr = image.devicePixelRatio();
    const QPoint inside = QPointF(QPointF(chip.left() + 3, chip.center().y()) * dpr).toPoint();
    QCOMPARE(image.pixelColor(inside).rgb(), ui::theme::phaseColor(shown).rgb());
    ui::theme::apply(*qApp, ui::theme::Mode::Light);
}

void ClusterViewTest::toolTips() {
    NodeSpec ns{.name = "node-a", .unschedulable = true, .taints = {{"dedicated=gpu", "NoSchedule"}}, .labels = {{"disk", "ssd"}}};
    const auto nodeObject = makeNode(ns);
    PodSpec ps{.namespace_ = "shop", .name = "web-1", .node = "node-a", .phase = "Running", .containers = {{"250m", "64Mi"}}};
    auto podObject = makePod(ps);
    auto* status = podObject->mutable_status()->add_container_statuses();
    status->set_name("c0");
    status->set_restart_count(4);
    status->mutable_state()->mutable_waiting()->set_reason("CrashLoopBackOff");
    FakeCluster c;
    c.client.list(kNodes, {nodeObject});
    c.client.list(kPods, {podObject});
    ClusterViewModel model(&c.state);
    const QString node = nodeToolTip(model.nodeAt(0), nodeObject.get());
    for (const char* part : {"node-a", "Ready,SchedulingDisabled", "dedicated=gpu:NoSchedule", "disk=ssd", "250m of 4"})
        QVERIFY2(node.contains(QLatin1String(part)), part);
    const QString pod = podToolTip(*model.pod(QStringLiteral("shop/web-1")), podObject.get());
    for (const char* part : {"shop/web-1", "node-a", "CrashLoopBackOff", "RESTARTS", ">4<", "cpu 250m, memory 64Mi"})
        QVERIFY2(pod.contains(QLatin1String(part)), part);
}

// --- interaction --------------------------------------------------------------------------------

void ClusterViewTest::clickSelects_data() {
    QTest::addColumn<int>("nodes");
    QTest::addColumn<QString>("target");  // what is clicked: "pods/<key>" or "nodes/<name>"
    QTest::newRow("a pod's chip on a card") << 3 << "pods/shop/web-1";
    QTest::newRow("another chip") << 3 << "pods/default/db-0";
    QTest::newRow("a node's card") << 3 << "nodes/node-0001";
    QTest::newRow("a pending pod") << 3 << "pods/default/waiting";
    QTest::newRow("a heat-map cell") << 1000 << "nodes/node-0500";
}

void ClusterViewTest::clickSelects() {
    QFETCH(int, nodes);
    QFETCH(QString, target);
    FakeCluster c;
    c.list(numberedNodes(nodes), {{.namespace_ = "shop", .name = "web-1", .node = "node-0001", .phase = "Running"},
                                  {.namespace_ = "shop", .name = "web-2", .node = "node-0001", .phase = "Running"},
                                  {.name = "db-0", .node = "node-0002", .phase = "Pending"},
                                  {.name = "waiting", .scheduledReason = "Unschedulable", .scheduledMessage = "0/3 nodes are available"}});
    ui::SelectionModel selection;
    ClusterView view(&c.state, &selection);
    view.resize(1920, 1080);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QSignalSpy spy(&selection, &ui::SelectionModel::selectionChanged);

    const bool pod = target.startsWith(QLatin1String("pods/"));
    const QString key = target.mid(target.indexOf(QLatin1Char('/')) + 1);
    const ui::ObjectRef expected = pod ? ui::ObjectRef::pod(key) : ui::ObjectRef::node(key);
    QRect rect = pod ? view.podRect(key) : view.nodeRect(key);
    QVERIFY2(!rect.isNull(), "the target is drawn");
    // A node card is clicked on its name, away from its chips.
    QPoint at = rect.center();
    if (!pod && view.detailLevel() == DetailLevel::Card) at = rect.topLeft() + QPoint(40, 40);
    QCOMPARE(view.objectAt(at), expected);
    QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, at);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(selection.selected(), expected);
    // The chip's neighbour is another pod, the gap between cards nothing.
    if (pod) QVERIFY(view.objectAt(rect.center() + QPoint(rect.width(), 0)) != expected);
    QVERIFY(view.objectAt(QPoint(2, view.height() - 2)).isNull());
    const QImage shot = view.grab().toImage();  // paints with the selection
    QVERIFY(!shot.isNull());
}

void ClusterViewTest::selectionFromElsewhereScrolls() {
    FakeCluster c;
    c.list(numberedNodes(1000), {{.name = "far", .node = "node-0990", .phase = "Running"}});
    ui::SelectionModel selection;
    ClusterView view(&c.state, &selection);
    view.resize(1920, 1080);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setZoom(30);  // cards, a few at a time
    QCOMPARE(view.detailLevel(), DetailLevel::Card);
    QVERIFY(view.nodeRect(QStringLiteral("node-0990")).isNull());

    selection.select(ui::ObjectRef::pod(QStringLiteral("default/far")));
    const QRect chip = view.podRect(QStringLiteral("default/far"));
    QVERIFY(!chip.isNull());
    QVERIFY(view.viewport()->rect().contains(chip));
    QCOMPARE(view.objectAt(chip.center()), ui::ObjectRef::pod(QStringLiteral("default/far")));

    selection.select(ui::ObjectRef::node(QStringLiteral("node-0003")));
    QVERIFY(!view.nodeRect(QStringLiteral("node-0003")).isNull());
    QVERIFY(view.nodeRect(QStringLiteral("node-0990")).isNull());
}

void ClusterViewTest::heatMetricSwitch() {
    FakeCluster c;
    c.list(numberedNodes(1000), {});
    ui::SelectionModel selection;
    ClusterView view(&c.state, &selection);
    view.resize(1920, 1080);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QCOMPARE(view.heatMetric(), HeatMetric::Cpu);
    const QRect memory = view.heatMetricSwitchRect(HeatMetric::Memory);
    const QRect cpu = view.heatMetricSwitchRect(HeatMetric::Cpu);
    QVERIFY(!memory.isNull() && !cpu.isNull() && !memory.intersects(cpu));
    QVERIFY(view.objectAt(memory.center()).isNull());
    QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, memory.center());
    QCOMPARE(view.heatMetric(), HeatMetric::Memory);
    QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, cpu.center());
    QCOMPARE(view.heatMetric(), HeatMetric::Cpu);
    view.setZoom(40);  // cards: no switch
    QVERIFY(view.heatMetricSwitchRect(HeatMetric::Cpu).isNull());
    QCOMPARE(view.heatMetric(), HeatMetric::Cpu);
}

void ClusterViewTest::pastMomentResets() {
    FakeCluster c;
    c.client.past[5][kNodes] = {makeNode({.name = "node-old"})};
    c.client.past[5][kPods] = {makePod({.name = "then", .node = "node-old", .phase = "Running", .containers = {{"2", "1Gi"}}})};
    c.timeline.setPresent(0, 100);
    c.list(numberedNodes(3), {{.name = "now", .node = "node-0000", .phase = "Running"}});
    ui::SelectionModel selection;
    ClusterView view(&c.state, &selection);
    QAbstractItemModelTester tester(view.model());
    view.resize(1280, 800);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QCOMPARE(view.model()->nodeCount(), 3);

    QSignalSpy resets(view.model(), &QAbstractItemModel::modelReset);
    c.timeline.setView(7);  // at revision 5
    c.state.flush();
    QVERIFY(resets.count() > 0);
    QCOMPARE(view.model()->nodeCount(), 1);
    QCOMPARE(view.model()->nodeAt(0).summary.name, QStringLiteral("node-old"));
    QCOMPARE(view.model()->nodeAt(0).cpuRequestedMilli, 2000);
    QVERIFY(!view.nodeRect(QStringLiteral("node-old")).isNull());
    QVERIFY(!view.grab().isNull());

    // Live changes meanwhile do not show in the past moment; back to live, they do.
    c.client.put(kPods, makePod({.name = "later", .node = "node-0001", .phase = "Running"}), true);
    QCOMPARE(view.model()->podCount(), 1);
    c.timeline.goLive();
    QCOMPARE(view.model()->nodeCount(), 3);
    QCOMPARE(view.model()->podCount(), 2);
    QVERIFY(view.nodeRect(QStringLiteral("node-old")).isNull());
}

// --- scenarios ----------------------------------------------------------------------------------

void ClusterViewTest::scenarioShowsNodesAndPods_data() {
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<QString>("unschedulablePod");  // what the scenario says stays Pending
    QTest::newRow("demo-cluster") << "demo-cluster" << "shop/big-1";
    QTest::newRow("taints-and-tolerations") << "taints-and-tolerations" << "default/plain-2";
}

void ClusterViewTest::scenarioShowsNodesAndPods() {
    QFETCH(QString, scenario);
    QFETCH(QString, unschedulablePod);
    auto session = ui::EmbeddedSession::start(":memory:", QStringLiteral(PH_SOURCE_DIR "/resources/scenarios/%1.yaml").arg(scenario));
    QVERIFY2(session.isOk(), session.status().message().c_str());
    QVERIFY((*session)->runFor(std::chrono::seconds(30)).isOk());
    ui::InProcessClient client((*session)->cluster());
    ui::Timeline timeline;
    ui::ClusterState state(&client, &timeline);
    ui::SelectionModel selection;
    ClusterView view(&state, &selection);
    QAbstractItemModelTester tester(view.model());
    view.resize(1920, 1080);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));

    auto nodes = client.listAt(kNodes, 0);
    auto pods = client.listAt(kPods, 0);
    QVERIFY(nodes.isOk() && pods.isOk());
    QVERIFY(!nodes->isEmpty());
    QTRY_COMPARE(view.model()->nodeCount(), int(nodes->size()));
    QTRY_COMPARE(view.model()->podCount(), qsizetype(pods->size()));
    QTRY_VERIFY(view.model()->pod(unschedulablePod) &&
                view.model()->pod(unschedulablePod)->summary.schedulingReason == QLatin1String("Unschedulable"));
    QCOMPARE(view.detailLevel(), DetailLevel::Card);

    // Every node is a card on screen; every pod a chip on its node's card or in the lane.
    for (const auto& o : *nodes) {
        const QString name = ui::ClusterState::keyOf(*o);
        QVERIFY2(!view.nodeRect(name).isNull(), qPrintable(name));
    }
    for (const auto& o : *pods) {
        const auto& pod = dynamic_cast<const k8s::io::api::core::v1::Pod&>(*o);
        const QString key = ui::ClusterState::keyOf(pod);
        const auto* shown = view.model()->pod(key);
        QVERIFY2(shown, qPrintable(key));
        QCOMPARE(shown->summary, summarizePod(pod));
        if (pod.spec().node_name().empty()) {
            QVERIFY(std::find(view.model()->pendingPods().begin(), view.model()->pendingPods().end(), shown) !=
                    view.model()->pendingPods().end());
        } else {
            QCOMPARE(shown->node->summary.name, QString::fromStdString(pod.spec().node_name()));
        }
        const QRect chip = view.podRect(key);
        QVERIFY2(!chip.isNull(), qPrintable(key));
        QCOMPARE(view.objectAt(chip.center()), ui::ObjectRef::pod(key));
    }
    QVERIFY(view.model()->pod(unschedulablePod)->summary.schedulingMessage.contains(QLatin1String("nodes are available")));
    const QImage shot = view.grab().toImage();
    QCOMPARE(shot.size(), QSize(1920, 1080) * shot.devicePixelRatio());
}

QTEST_MAIN(ClusterViewTest)
