#include "nodeplugins_test.h"

#include <QtTest>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "scheduler/framework/runtime/registry.h"
#include "scheduler/plugins/defaultbinder/default_binder.h"
#include "scheduler/plugins/helper/taints.h"
#include "scheduler/plugins/imagelocality/image_locality.h"
#include "scheduler/plugins/nodeaffinity/node_affinity.h"
#include "scheduler/plugins/nodename/node_name.h"
#include "scheduler/plugins/nodeports/node_ports.h"
#include "scheduler/plugins/nodeunschedulable/node_unschedulable.h"
#include "scheduler/plugins/queuesort/priority_sort.h"
#include "scheduler/plugins/schedulinggates/scheduling_gates.h"
#include "scheduler/plugins/tainttoleration/taint_toleration.h"
#include "scheduler/plugins/volumes/volumes.h"
#include "scheduler_testing/scheduler_testing.h"

using namespace pilothouse;
namespace fw = pilothouse::scheduler::framework;
namespace st = pilothouse::scheduler::testing;
namespace plugins = pilothouse::scheduler::plugins;

namespace {

// "Success", "Skip", or "<Code>: <message>".
QString show(const fw::Status& s) {
    QString code = QString::fromLatin1(fw::codeName(s.code()));
    if (s.message().empty()) return code;
    return code + ": " + QString::fromStdString(s.message());
}

std::shared_ptr<fw::Plugin> build(const fw::PluginFactory& factory, fw::Handle& handle, const std::string& argsYaml = {},
                                  const fw::FeatureGates& gates = {}) {
    auto r = factory(st::args(argsYaml), handle, gates);
    if (!r.isOk()) throw std::runtime_error("factory failed: " + r.status().message());
    return *r;
}

template <typename T>
T* as(const std::shared_ptr<fw::Plugin>& p) {
    return dynamic_cast<T*>(p.get());
}

// A pod named p with one container; `spec` adds fields to the spec (flow YAML, no braces).
std::shared_ptr<fw::Pod> podWith(const std::string& spec) {
    std::string body = "metadata: {name: p}\nspec: {containers: [{name: c, image: img}]";
    if (!spec.empty()) body += ", " + spec;
    return st::pod(body + "}");
}

std::string requiredTerms(const std::string& terms) {
    return "affinity: {nodeAffinity: {requiredDuringSchedulingIgnoredDuringExecution: {nodeSelectorTerms: [" + terms +
           "]}}}";
}

// "name|k=v,k2=v2" -> a node with those labels (name may be empty).
std::shared_ptr<fw::Node> labeledNode(const QString& spec) {
    const QStringList parts = spec.split('|');
    std::string yaml = "metadata: {name: '" + parts[0].toStdString() + "', labels: {";
    if (parts.size() > 1 && !parts[1].isEmpty()) {
        bool first = true;
        for (const QString& kv : parts[1].split(',')) {
            const QStringList p = kv.split('=');
            yaml += std::string(first ? "" : ", ") + "'" + p[0].toStdString() + "': '" + p.value(1).toStdString() + "'";
            first = false;
        }
    }
    return st::node(yaml + "}}");
}

QString showScores(const fw::NodeScoreList& scores) {
    QStringList out;
    for (const auto& s : scores) out << QString::fromStdString(std::string(s.name)) + "=" + QString::number(s.score);
    return out.join(',');
}

QString showNodeNames(const fw::PreFilterResult& r) {
    if (r.allNodes()) return "<all>";
    QStringList out;
    for (const auto& n : *r.nodeNames) out << QString::fromStdString(n);
    return out.join(',');
}

// Filter for one node, PreFilter first when asked (Filter is not run after a PreFilter Skip
// unless `filterAfterSkip`).
struct FilterRun {
    QString preFilter = "Success";
    QString nodeNames = "<all>";
    QString filter = "Success";
};

FilterRun runFilter(const std::shared_ptr<fw::Plugin>& p, const fw::Pod& pod, const fw::NodeInfo& nodeInfo,
                    bool runPreFilter, bool filterAfterSkip) {
    FilterRun run;
    fw::CycleState state;
    bool skipped = false;
    if (runPreFilter) {
        auto [result, status] = as<fw::PreFilterPlugin>(p)->preFilter(state, pod, {});
        run.preFilter = show(status);
        run.nodeNames = showNodeNames(result);
        skipped = status.isSkip();
    }
    if (!skipped || filterAfterSkip) run.filter = show(as<fw::FilterPlugin>(p)->filter(state, pod, nodeInfo));
    else run.filter = "<not run>";
    return run;
}

// Scores every node of the handle's snapshot (after PreScore when asked) and normalizes.
struct ScoreRun {
    QString preScore = "Success";
    QString scores;
};

ScoreRun runScore(const std::shared_ptr<fw::Plugin>& p, st::FakeHandle& handle, const fw::Pod& pod, bool runPreScore) {
    ScoreRun run;
    fw::CycleState state;
    std::vector<const fw::NodeInfo*> nodes(handle.list().begin(), handle.list().end());
    if (runPreScore) {
        fw::Status s = as<fw::PreScorePlugin>(p)->preScore(state, pod, nodes);
        run.preScore = show(s);
        if (!s.isSuccess()) return run;
    }
    auto* scorer = as<fw::ScorePlugin>(p);
    fw::NodeScoreList scores;
    for (const auto* ni : nodes) {
        auto [score, status] = scorer->score(state, pod, *ni);
        if (!status.isSuccess()) {
            run.scores = "score error: " + show(status);
            return run;
        }
        scores.push_back({ni->nodeName(), score});
    }
    if (scorer->hasNormalizeScore()) {
        fw::Status s = scorer->normalizeScore(state, pod, scores);
        if (!s.isSuccess()) {
            run.scores = "normalize error: " + show(s);
            return run;
        }
    }
    run.scores = showScores(scores);
    return run;
}

const std::map<QString, fw::PluginFactory>& factories() {
    static const std::map<QString, fw::PluginFactory> f = {
        {"PrioritySort", plugins::queuesort::New},
        {"SchedulingGates", plugins::schedulinggates::New},
        {"NodeUnschedulable", plugins::nodeunschedulable::New},
        {"NodeName", plugins::nodename::New},
        {"TaintToleration", plugins::tainttoleration::New},
        {"NodeAffinity", plugins::nodeaffinity::New},
        {"NodePorts", plugins::nodeports::New},
        {"ImageLocality", plugins::imagelocality::New},
        {"DefaultBinder", plugins::defaultbinder::New},
        {"VolumeRestrictions", plugins::volumes::newVolumeRestrictions},
        {"VolumeBinding", plugins::volumes::newVolumeBinding},
        {"VolumeZone", plugins::volumes::newVolumeZone},
        {"NodeVolumeLimits", plugins::volumes::newNodeVolumeLimits},
        {"EBSLimits", plugins::volumes::newEBSLimits},
        {"GCEPDLimits", plugins::volumes::newGCEPDLimits},
        {"AzureDiskLimits", plugins::volumes::newAzureDiskLimits},
    };
    return f;
}

QString actionText(int a) {
    if (a == fw::kAll) return "All";
    QStringList out;
    if (a & fw::kAdd) out << "Add";
    if (a & fw::kDelete) out << "Delete";
    if ((a & fw::kUpdate) == fw::kUpdate) {
        out << "Update";
    } else {
        if (a & fw::kUpdateNodeAllocatable) out << "UpdateNodeAllocatable";
        if (a & fw::kUpdateNodeLabel) out << "UpdateNodeLabel";
        if (a & fw::kUpdateNodeTaint) out << "UpdateNodeTaint";
        if (a & fw::kUpdateNodeCondition) out << "UpdateNodeCondition";
        if (a & fw::kUpdatePodLabel) out << "UpdatePodLabel";
    }
    return out.join('|');
}

}  // namespace

// ---------------------------------------------------------------- PrioritySort

void NodePluginsTest::prioritySort_data() {
    QTest::addColumn<QString>("specA");
    QTest::addColumn<qint64>("timeA");
    QTest::addColumn<qint64>("seqA");
    QTest::addColumn<QString>("specB");
    QTest::addColumn<qint64>("timeB");
    QTest::addColumn<qint64>("seqB");
    QTest::addColumn<bool>("aFirst");
    QTest::addColumn<bool>("bFirst");
    // queuesort TestLess: higher priority first, then the earlier timestamp.
    QTest::newRow("p1.priority less than p2.priority") << "priority: 100" << 1LL << 1LL << "priority: 200" << 1LL << 2LL << false << true;
    QTest::newRow("p1.priority greater than p2.priority") << "priority: 200" << 1LL << 2LL << "priority: 100" << 1LL << 1LL << true << false;
    QTest::newRow("equal priority. p1 is added to schedulingQ earlier than p2") << "priority: 100" << 1LL << 2LL << "priority: 100" << 2LL << 1LL << true << false;
    QTest::newRow("equal priority. p2 is added to schedulingQ earlier than p1") << "priority: 100" << 2LL << 1LL << "priority: 100" << 1LL << 2LL << false << true;
    QTest::newRow("missing priority counts as 0, above a negative one") << "" << 5LL << 2LL << "priority: -1" << 1LL << 1LL << true << false;
    QTest::newRow("missing priority counts as 0, below a positive one") << "" << 1LL << 1LL << "priority: 1" << 5LL << 2LL << false << true;
    QTest::newRow("same priority and timestamp: arrival sequence") << "priority: 7" << 3LL << 4LL << "priority: 7" << 3LL << 9LL << true << false;
}

void NodePluginsTest::prioritySort() {
    QFETCH(QString, specA);
    QFETCH(qint64, timeA);
    QFETCH(qint64, seqA);
    QFETCH(QString, specB);
    QFETCH(qint64, timeB);
    QFETCH(qint64, seqB);
    QFETCH(bool, aFirst);
    QFETCH(bool, bFirst);
    st::FakeHandle handle({});
    auto p = build(plugins::queuesort::New, handle);
    QCOMPARE(QString::fromStdString(p->name()), QString("PrioritySort"));
    fw::QueuedPodInfo a, b;
    a.podInfo = fw::PodInfo::make(podWith(specA.toStdString()));
    a.timestampNanos = timeA;
    a.sequence = seqA;
    b.podInfo = fw::PodInfo::make(podWith(specB.toStdString()));
    b.timestampNanos = timeB;
    b.sequence = seqB;
    auto* sorter = as<fw::QueueSortPlugin>(p);
    QVERIFY(sorter);
    QCOMPARE(sorter->less(a, b), aFirst);
    QCOMPARE(sorter->less(b, a), bFirst);
}

// ---------------------------------------------------------------- SchedulingGates

void NodePluginsTest::schedulingGates_data() {
    QTest::addColumn<QString>("spec");
    QTest::addColumn<bool>("gateEnabled");
    QTest::addColumn<QString>("want");
    QTest::newRow("pod does not carry scheduling gates") << "" << true << "Success";
    QTest::newRow("pod carries scheduling gates") << "schedulingGates: [{name: foo}, {name: bar}]" << true
                                                  << "UnschedulableAndUnresolvable: waiting for scheduling gates: [foo bar]";
    QTest::newRow("one gate") << "schedulingGates: [{name: example.com/gate}]" << true
                              << "UnschedulableAndUnresolvable: waiting for scheduling gates: [example.com/gate]";
    QTest::newRow("PodSchedulingReadiness off: gates are ignored") << "schedulingGates: [{name: foo}]" << false << "Success";
}

void NodePluginsTest::schedulingGates() {
    QFETCH(QString, spec);
    QFETCH(bool, gateEnabled);
    QFETCH(QString, want);
    st::FakeHandle handle({});
    fw::FeatureGates gates;
    gates.podSchedulingReadiness = gateEnabled;
    auto p = build(plugins::schedulinggates::New, handle, {}, gates);
    auto* pre = as<fw::PreEnqueuePlugin>(p);
    QVERIFY(pre);
    QCOMPARE(show(pre->preEnqueue(*podWith(spec.toStdString()))), want);
}

// ---------------------------------------------------------------- NodeUnschedulable / NodeName

void NodePluginsTest::nodeUnschedulable_data() {
    QTest::addColumn<QString>("podSpec");
    QTest::addColumn<QString>("nodeSpec");  // "" = a NodeInfo without a node
    QTest::addColumn<QString>("want");
    QTest::newRow("Does not schedule pod to unschedulable node (node.Spec.Unschedulable==true)")
        << "" << "unschedulable: true" << "UnschedulableAndUnresolvable: node(s) were unschedulable";
    QTest::newRow("Schedule pod to normal node") << "" << "unschedulable: false" << "Success";
    QTest::newRow("Schedule pod with toleration to unschedulable node (node.Spec.Unschedulable==true)")
        << "tolerations: [{key: node.kubernetes.io/unschedulable, effect: NoSchedule}]" << "unschedulable: true" << "Success";
    QTest::newRow("toleration with operator Exists and no key tolerates the cordon")
        << "tolerations: [{operator: Exists}]" << "unschedulable: true" << "Success";
    QTest::newRow("NoExecute toleration does not tolerate the cordon")
        << "tolerations: [{key: node.kubernetes.io/unschedulable, operator: Exists, effect: NoExecute}]"
        << "unschedulable: true" << "UnschedulableAndUnresolvable: node(s) were unschedulable";
    QTest::newRow("node info without a node") << "" << "" << "UnschedulableAndUnresolvable: node(s) had unknown conditions";
}

void NodePluginsTest::nodeUnschedulable() {
    QFETCH(QString, podSpec);
    QFETCH(QString, nodeSpec);
    QFETCH(QString, want);
    st::FakeHandle handle({});
    auto p = build(plugins::nodeunschedulable::New, handle);
    fw::NodeInfo empty;
    std::unique_ptr<fw::NodeInfo> ni;
    if (!nodeSpec.isEmpty()) ni = st::nodeInfo(st::node("metadata: {name: n1}\nspec: {" + nodeSpec.toStdString() + "}"));
    fw::CycleState state;
    QCOMPARE(show(as<fw::FilterPlugin>(p)->filter(state, *podWith(podSpec.toStdString()), ni ? *ni : empty)), want);
}

void NodePluginsTest::nodeName_data() {
    QTest::addColumn<QString>("podSpec");
    QTest::addColumn<QString>("want");
    QTest::newRow("no host specified") << "" << "Success";
    QTest::newRow("host matches") << "nodeName: foo" << "Success";
    QTest::newRow("host doesn't match") << "nodeName: bar"
                                        << "UnschedulableAndUnresolvable: node(s) didn't match the requested node name";
}

void NodePluginsTest::nodeName() {
    QFETCH(QString, podSpec);
    QFETCH(QString, want);
    st::FakeHandle handle({});
    auto p = build(plugins::nodename::New, handle);
    auto ni = st::nodeInfo(st::node("metadata: {name: foo}"));
    fw::CycleState state;
    QCOMPARE(show(as<fw::FilterPlugin>(p)->filter(state, *podWith(podSpec.toStdString()), *ni)), want);
    fw::NodeInfo empty;
    QCOMPARE(show(as<fw::FilterPlugin>(p)->filter(state, *podWith(podSpec.toStdString()), empty)),
             QString("Error: node not found"));
}

// ---------------------------------------------------------------- taints and tolerations

void NodePluginsTest::toleratesTaint_data() {
    QTest::addColumn<QString>("toleration");
    QTest::addColumn<QString>("taint");
    QTest::addColumn<bool>("tolerates");
    // k8s.io/api core/v1 TestTolerationToleratesTaint, plus the remaining branches.
    QTest::newRow("same key and effect, operator Exists, taint has no value")
        << "{key: foo, operator: Exists, effect: NoSchedule}" << "{key: foo, effect: NoSchedule}" << true;
    QTest::newRow("same key and effect, operator Exists, taint has some value")
        << "{key: foo, operator: Exists, effect: NoSchedule}" << "{key: foo, value: bar, effect: NoSchedule}" << true;
    QTest::newRow("same effect, empty key with Exists matches all taints")
        << "{operator: Exists, effect: NoSchedule}" << "{key: foo, value: bar, effect: NoSchedule}" << true;
    QTest::newRow("same key, effect and value, operator Equal")
        << "{key: foo, operator: Equal, value: bar, effect: NoSchedule}" << "{key: foo, value: bar, effect: NoSchedule}" << true;
    QTest::newRow("same key and effect, different values, operator Equal")
        << "{key: foo, operator: Equal, value: value1, effect: NoSchedule}" << "{key: foo, value: value2, effect: NoSchedule}" << false;
    QTest::newRow("same key and value, different effects, operator Equal")
        << "{key: foo, operator: Equal, value: bar, effect: NoSchedule}" << "{key: foo, value: bar, effect: NoExecute}" << false;
    QTest::newRow("empty operator means Equal") << "{key: foo, value: bar}" << "{key: foo, value: bar, effect: NoExecute}" << true;
    QTest::newRow("empty operator compares values") << "{key: foo, value: baz}" << "{key: foo, value: bar, effect: NoSchedule}" << false;
    QTest::newRow("empty effect matches every effect") << "{key: foo, operator: Exists}" << "{key: foo, effect: PreferNoSchedule}" << true;
    QTest::newRow("different keys") << "{key: foo, operator: Exists}" << "{key: other, effect: NoSchedule}" << false;
    QTest::newRow("empty key and operator matches an empty-valued taint of any key")
        << "{}" << "{key: anything, effect: NoSchedule}" << true;
    QTest::newRow("unknown operator tolerates nothing") << "{key: foo, operator: In, value: bar}"
                                                        << "{key: foo, value: bar, effect: NoSchedule}" << false;
}

void NodePluginsTest::toleratesTaint() {
    QFETCH(QString, toleration);
    QFETCH(QString, taint);
    QFETCH(bool, tolerates);
    auto pod = podWith("tolerations: [" + toleration.toStdString() + "]");
    auto node = st::node("metadata: {name: n}\nspec: {taints: [" + taint.toStdString() + "]}");
    QCOMPARE(plugins::helper::toleratesTaint(pod->spec().tolerations(0), node->spec().taints(0)), tolerates);
    QCOMPARE(plugins::helper::tolerationsTolerateTaint(pod->spec().tolerations(), node->spec().taints(0)), tolerates);
}

void NodePluginsTest::taintTolerationFilter_data() {
    QTest::addColumn<QString>("tolerations");
    QTest::addColumn<QString>("taints");
    QTest::addColumn<QString>("want");
    QTest::newRow("A pod having no tolerations can't be scheduled onto a node with nonempty taints")
        << "" << "{key: dedicated, value: user1, effect: NoSchedule}"
        << "UnschedulableAndUnresolvable: node(s) had untolerated taint {dedicated: user1}";
    QTest::newRow("A pod which can be scheduled on a dedicated node assigned to user1 with effect NoSchedule")
        << "{key: dedicated, value: user1, effect: NoSchedule}" << "{key: dedicated, value: user1, effect: NoSchedule}"
        << "Success";
    QTest::newRow("A pod which can't be scheduled on a dedicated node assigned to user2 with effect NoSchedule")
        << "{key: dedicated, operator: Equal, value: user2, effect: NoSchedule}"
        << "{key: dedicated, value: user1, effect: NoSchedule}"
        << "UnschedulableAndUnresolvable: node(s) had untolerated taint {dedicated: user1}";
    QTest::newRow("A pod can be scheduled onto the node, with a toleration uses operator Exists that tolerates the taints on the node")
        << "{key: foo, operator: Exists, effect: NoSchedule}" << "{key: foo, value: bar, effect: NoSchedule}" << "Success";
    QTest::newRow("A pod has multiple tolerations, node has multiple taints, all the taints are tolerated, pod can be scheduled onto the node")
        << "{key: dedicated, operator: Equal, value: user2, effect: NoSchedule}, {key: foo, operator: Exists, effect: NoSchedule}"
        << "{key: dedicated, value: user2, effect: NoSchedule}, {key: foo, value: bar, effect: NoSchedule}" << "Success";
    QTest::newRow("A pod has a toleration that keys and values match the taint on the node, but (non-empty) effect doesn't match, can't be scheduled onto the node")
        << "{key: foo, operator: Equal, value: bar, effect: PreferNoSchedule}" << "{key: foo, value: bar, effect: NoSchedule}"
        << "UnschedulableAndUnresolvable: node(s) had untolerated taint {foo: bar}";
    QTest::newRow("The pod has a toleration that keys and values match the taint on the node, the effect of toleration is empty, and the effect of taint is NoSchedule. Pod can be scheduled onto the node")
        << "{key: foo, operator: Equal, value: bar}" << "{key: foo, value: bar, effect: NoSchedule}" << "Success";
    QTest::newRow("The pod has a toleration that key and value don't match the taint on the node, but the effect of taint on node is PreferNoSchedule. Pod can be scheduled onto the node")
        << "{key: dedicated, operator: Equal, value: user2, effect: NoSchedule}"
        << "{key: dedicated, value: user1, effect: PreferNoSchedule}" << "Success";
    QTest::newRow("The pod has no toleration, but the effect of taint on node is PreferNoSchedule. Pod can be scheduled onto the node")
        << "" << "{key: dedicated, value: user1, effect: PreferNoSchedule}" << "Success";
    QTest::newRow("NoExecute taints are filtered too") << "" << "{key: gpu, value: 'true', effect: NoExecute}"
                                                       << "UnschedulableAndUnresolvable: node(s) had untolerated taint {gpu: true}";
    QTest::newRow("the first untolerated taint is reported")
        << "{key: a, operator: Exists}"
        << "{key: a, value: x, effect: NoSchedule}, {key: b, effect: PreferNoSchedule}, {key: c, value: z, effect: NoExecute}, {key: d, value: w, effect: NoSchedule}"
        << "UnschedulableAndUnresolvable: node(s) had untolerated taint {c: z}";
    QTest::newRow("a taint without a value prints an empty value")
        << "" << "{key: node.kubernetes.io/not-ready, effect: NoSchedule}"
        << "UnschedulableAndUnresolvable: node(s) had untolerated taint {node.kubernetes.io/not-ready: }";
}

void NodePluginsTest::taintTolerationFilter() {
    QFETCH(QString, tolerations);
    QFETCH(QString, taints);
    QFETCH(QString, want);
    st::FakeHandle handle({});
    auto p = build(plugins::tainttoleration::New, handle);
    auto pod = podWith(tolerations.isEmpty() ? "" : "tolerations: [" + tolerations.toStdString() + "]");
    auto ni = st::nodeInfo(st::node("metadata: {name: nodeA}\nspec: {taints: [" + taints.toStdString() + "]}"));
    fw::CycleState state;
    QCOMPARE(show(as<fw::FilterPlugin>(p)->filter(state, *pod, *ni)), want);
}

void NodePluginsTest::taintTolerationScore_data() {
    QTest::addColumn<QString>("tolerations");
    QTest::addColumn<QStringList>("nodeTaints");  // one entry per node: nodeA, nodeB, ...
    QTest::addColumn<QString>("want");
    QTest::newRow("node with taints tolerated by the pod, gets a higher score than those node with intolerable taints")
        << "{key: foo, operator: Equal, value: bar, effect: PreferNoSchedule}"
        << QStringList{"{key: foo, value: bar, effect: PreferNoSchedule}", "{key: foo, value: blah, effect: PreferNoSchedule}"}
        << "nodeA=100,nodeB=0";
    QTest::newRow("the nodes that all of their taints are tolerated by the pod, get the same score, no matter how many tolerable taints a node has")
        << "{key: cpu-type, operator: Equal, value: arm64, effect: PreferNoSchedule}, {key: disk-type, operator: Equal, value: ssd, effect: PreferNoSchedule}"
        << QStringList{"", "{key: cpu-type, value: arm64, effect: PreferNoSchedule}",
                       "{key: cpu-type, value: arm64, effect: PreferNoSchedule}, {key: disk-type, value: ssd, effect: PreferNoSchedule}"}
        << "nodeA=100,nodeB=100,nodeC=100";
    QTest::newRow("the more intolerable taints a node has, the lower score it gets.")
        << "{key: foo, operator: Equal, value: bar, effect: PreferNoSchedule}"
        << QStringList{"", "{key: cpu-type, value: arm64, effect: PreferNoSchedule}",
                       "{key: cpu-type, value: arm64, effect: PreferNoSchedule}, {key: disk-type, value: ssd, effect: PreferNoSchedule}"}
        << "nodeA=100,nodeB=50,nodeC=0";
    QTest::newRow("only taints and tolerations that have effect PreferNoSchedule are checked by taints-tolerations priority function")
        << "{key: cpu-type, operator: Equal, value: arm64, effect: NoSchedule}, {key: disk-type, operator: Equal, value: ssd, effect: NoSchedule}"
        << QStringList{"", "{key: cpu-type, value: arm64, effect: NoSchedule}",
                       "{key: cpu-type, value: arm64, effect: PreferNoSchedule}, {key: disk-type, value: ssd, effect: PreferNoSchedule}"}
        << "nodeA=100,nodeB=100,nodeC=0";
    QTest::newRow("Default behaviour No taints and tolerations, lands on node with no taints")
        << "" << QStringList{"", "{key: cpu-type, value: arm64, effect: PreferNoSchedule}"} << "nodeA=100,nodeB=0";
    QTest::newRow("a toleration with an empty effect counts for PreferNoSchedule taints")
        << "{key: cpu-type, operator: Exists}"
        << QStringList{"{key: cpu-type, value: arm64, effect: PreferNoSchedule}", "{key: other, effect: PreferNoSchedule}"}
        << "nodeA=100,nodeB=0";
    QTest::newRow("three levels: 0, 1 and 3 intolerable taints")
        << ""
        << QStringList{"", "{key: a, effect: PreferNoSchedule}",
                       "{key: a, effect: PreferNoSchedule}, {key: b, effect: PreferNoSchedule}, {key: c, effect: PreferNoSchedule}"}
        << "nodeA=100,nodeB=67,nodeC=0";
}

void NodePluginsTest::taintTolerationScore() {
    QFETCH(QString, tolerations);
    QFETCH(QStringList, nodeTaints);
    QFETCH(QString, want);
    std::vector<std::shared_ptr<const fw::Node>> nodes;
    for (int i = 0; i < nodeTaints.size(); ++i)
        nodes.push_back(st::node("metadata: {name: node" + std::string(1, char('A' + i)) + "}\nspec: {taints: [" +
                                 nodeTaints[i].toStdString() + "]}"));
    st::FakeHandle handle(nodes);
    auto p = build(plugins::tainttoleration::New, handle);
    auto pod = podWith(tolerations.isEmpty() ? "" : "tolerations: [" + tolerations.toStdString() + "]");
    ScoreRun run = runScore(p, handle, *pod, true);
    QCOMPARE(run.preScore, QString("Success"));
    QCOMPARE(run.scores, want);

    // Score without PreScore state is an error.
    fw::CycleState state;
    auto [score, status] = as<fw::ScorePlugin>(p)->score(state, *pod, *handle.list()[0]);
    QCOMPARE(show(status), QString("Error: failed to read \"PreScoreTaintToleration\" from cycleState: not found"));
}

// ---------------------------------------------------------------- NodeAffinity

void NodePluginsTest::nodeAffinityFilter_data() {
    QTest::addColumn<QString>("podSpec");
    QTest::addColumn<QString>("node");  // name|labels
    QTest::addColumn<QString>("args");
    QTest::addColumn<bool>("runPreFilter");
    QTest::addColumn<QString>("wantPreFilter");
    QTest::addColumn<QString>("wantNodeNames");
    QTest::addColumn<QString>("wantFilter");

    const QString pod = "UnschedulableAndUnresolvable: node(s) didn't match Pod's node affinity/selector";
    const QString enforced = "UnschedulableAndUnresolvable: node(s) didn't match scheduler-enforced node affinity";
    auto req = [](const std::string& terms) { return QString::fromStdString(requiredTerms(terms)); };
    const QString addedNode2 =
        "addedAffinity: {requiredDuringSchedulingIgnoredDuringExecution: {nodeSelectorTerms: [{matchFields: [{key: metadata.name, operator: In, values: [node2]}]}]}}";

    // nodeaffinity TestNodeAffinity.
    QTest::newRow("missing labels") << "nodeSelector: {foo: bar}" << "|" << "" << true << "Success" << "<all>" << pod;
    QTest::newRow("same labels") << "nodeSelector: {foo: bar}" << "|foo=bar" << "" << true << "Success" << "<all>" << "Success";
    QTest::newRow("node labels are superset") << "nodeSelector: {foo: bar}" << "|foo=bar,baz=blah" << "" << true
                                              << "Success" << "<all>" << "Success";
    QTest::newRow("node labels are subset") << "nodeSelector: {foo: bar, baz: blah}" << "|foo=bar" << "" << true << "Success"
                                            << "<all>" << pod;
    QTest::newRow("Pod with matchExpressions using In operator that matches the existing node")
        << req("{matchExpressions: [{key: foo, operator: In, values: [bar, value2]}]}") << "|foo=bar" << "" << true
        << "Success" << "<all>" << "Success";
    QTest::newRow("Pod with matchExpressions using Gt operator that matches the existing node")
        << req("{matchExpressions: [{key: kernel-version, operator: Gt, values: ['0204']}]}") << "|kernel-version=0206" << ""
        << true << "Success" << "<all>" << "Success";
    QTest::newRow("Pod with matchExpressions using NotIn operator that matches the existing node")
        << req("{matchExpressions: [{key: mem-type, operator: NotIn, values: [DDR, DDR2]}]}") << "|mem-type=DDR3" << ""
        << true << "Success" << "<all>" << "Success";
    QTest::newRow("Pod with matchExpressions using Exists operator that matches the existing node")
        << req("{matchExpressions: [{key: GPU, operator: Exists}]}") << "|GPU=NVIDIA-GRID-K1" << "" << true << "Success"
        << "<all>" << "Success";
    QTest::newRow("Pod with affinity that don't match node's labels won't schedule onto the node")
        << req("{matchExpressions: [{key: foo, operator: In, values: [value1, value2]}]}") << "|foo=bar" << "" << true
        << "Success" << "<all>" << pod;
    QTest::newRow("Pod with empty MatchExpressions is not a valid value will match no objects and won't schedule onto the node")
        << req("{matchExpressions: []}") << "|foo=bar" << "" << true << "Success" << "<all>" << pod;
    QTest::newRow("Pod with no Affinity will schedule onto a node") << "" << "|foo=bar" << "" << true << "Skip" << "<all>"
                                                                    << "Success";
    QTest::newRow("Pod with Affinity but nil NodeSelector will schedule onto a node")
        << "affinity: {nodeAffinity: {}}" << "|foo=bar" << "" << true << "Skip" << "<all>" << "Success";
    QTest::newRow("Pod with multiple matchExpressions ANDed that matches the existing node")
        << req("{matchExpressions: [{key: GPU, operator: Exists}, {key: GPU, operator: NotIn, values: [AMD, INTER]}]}")
        << "|GPU=NVIDIA-GRID-K1" << "" << true << "Success" << "<all>" << "Success";
    QTest::newRow("Pod with multiple matchExpressions ANDed that doesn't match the existing node")
        << req("{matchExpressions: [{key: GPU, operator: Exists}, {key: GPU, operator: In, values: [AMD, INTER]}]}")
        << "|GPU=NVIDIA-GRID-K1" << "" << true << "Success" << "<all>" << pod;
    QTest::newRow("Pod with multiple NodeSelectorTerms ORed in affinity, matches the node's labels and will schedule onto the node")
        << req("{matchExpressions: [{key: foo, operator: In, values: [bar, value2]}]}, "
               "{matchExpressions: [{key: diffkey, operator: In, values: [wrong, value2]}]}")
        << "|foo=bar" << "" << true << "Success" << "<all>" << "Success";
    QTest::newRow("Pod with an Affinity and a PodSpec.NodeSelector(the old thing that we are deprecating) both are satisfied, will schedule onto the node")
        << "nodeSelector: {foo: bar}, " + req("{matchExpressions: [{key: foo, operator: Exists}]}") << "|foo=bar" << ""
        << true << "Success" << "<all>" << "Success";
    QTest::newRow("Pod with an Affinity matches node's labels but the PodSpec.NodeSelector(the old thing that we are deprecating) is not satisfied, won't schedule onto the node")
        << "nodeSelector: {foo: bar}, " + req("{matchExpressions: [{key: foo, operator: Exists}]}") << "|foo=barrrrrr" << ""
        << true << "Success" << "<all>" << pod;
    QTest::newRow("Pod with an invalid value in Affinity term won't be scheduled onto the node")
        << req("{matchExpressions: [{key: foo, operator: NotIn, values: ['invalid value: ___@#$%^']}]}") << "|foo=bar"
        << "" << true << "Success" << "<all>" << pod;
    QTest::newRow("Pod with matchFields using In operator that matches the existing node")
        << req("{matchFields: [{key: metadata.name, operator: In, values: [node1]}]}") << "node1|" << "" << true
        << "Success" << "node1" << "Success";
    QTest::newRow("Pod with matchFields using In operator that does not match the existing node")
        << req("{matchFields: [{key: metadata.name, operator: In, values: [node1]}]}") << "node2|" << "" << true
        << "Success" << "node1" << pod;
    QTest::newRow("Pod with two terms: matchFields does not match, but matchExpressions matches")
        << req("{matchFields: [{key: metadata.name, operator: In, values: [node1]}, {key: metadata.name, operator: In, values: [node2]}]}, "
               "{matchExpressions: [{key: foo, operator: In, values: [bar]}]}")
        << "node2|foo=bar" << "" << true << "Success" << "<all>" << "Success";
    QTest::newRow("Pod with one term: matchFields does not match, but matchExpressions matches")
        << req("{matchFields: [{key: metadata.name, operator: In, values: [node1]}], matchExpressions: [{key: foo, operator: In, values: [bar]}]}")
        << "node2|foo=bar" << "" << true << "Success" << "node1" << pod;
    QTest::newRow("Pod with one term: both matchFields and matchExpressions match")
        << req("{matchFields: [{key: metadata.name, operator: In, values: [node1]}], matchExpressions: [{key: foo, operator: In, values: [bar]}]}")
        << "node1|foo=bar" << "" << true << "Success" << "node1" << "Success";
    QTest::newRow("Pod with two terms: both matchFields and matchExpressions do not match")
        << req("{matchFields: [{key: metadata.name, operator: In, values: [node1]}]}, "
               "{matchExpressions: [{key: foo, operator: In, values: [not-match-to-bar]}]}")
        << "node2|foo=bar" << "" << true << "Success" << "<all>" << pod;
    QTest::newRow("Pod with two terms of node.Name affinity")
        << req("{matchFields: [{key: metadata.name, operator: In, values: [node1]}]}, "
               "{matchFields: [{key: metadata.name, operator: In, values: [node2]}]}")
        << "node2|" << "" << true << "Success" << "node1,node2" << "Success";
    QTest::newRow("Pod with two conflicting mach field requirements")
        << req("{matchFields: [{key: metadata.name, operator: In, values: [node1]}, {key: metadata.name, operator: In, values: [node2]}]}")
        << "node2|foo=bar" << "" << true << "UnschedulableAndUnresolvable: pod affinity terms conflict" << "<all>" << pod;
    QTest::newRow("Matches added affinity and Pod's node affinity")
        << req("{matchExpressions: [{key: zone, operator: In, values: [foo]}]}") << "node2|zone=foo" << addedNode2 << true
        << "Success" << "<all>" << "Success";
    QTest::newRow("Matches added affinity but not Pod's node affinity")
        << req("{matchExpressions: [{key: zone, operator: In, values: [bar]}]}") << "node2|zone=foo" << addedNode2 << true
        << "Success" << "<all>" << pod;
    QTest::newRow("Doesn't match added affinity")
        << "" << "node2|zone=foo"
        << "addedAffinity: {requiredDuringSchedulingIgnoredDuringExecution: {nodeSelectorTerms: [{matchExpressions: [{key: zone, operator: In, values: [bar]}]}]}}"
        << true << "Success" << "<all>" << enforced;
    QTest::newRow("Matches node selector correctly even if PreFilter is not called")
        << "nodeSelector: {foo: bar}" << "|foo=bar,baz=blah" << "" << false << "Success" << "<all>" << "Success";
    QTest::newRow("Matches node affinity correctly even if PreFilter is not called")
        << req("{matchExpressions: [{key: GPU, operator: Exists}, {key: GPU, operator: NotIn, values: [AMD, INTER]}]}")
        << "|GPU=NVIDIA-GRID-K1" << "" << false << "Success" << "<all>" << "Success";

    // Every operator, both ways.
    QTest::newRow("In: label absent") << req("{matchExpressions: [{key: foo, operator: In, values: [bar]}]}") << "|x=y" << ""
                                      << true << "Success" << "<all>" << pod;
    QTest::newRow("NotIn: label absent matches") << req("{matchExpressions: [{key: foo, operator: NotIn, values: [bar]}]}")
                                                 << "|x=y" << "" << true << "Success" << "<all>" << "Success";
    QTest::newRow("NotIn: listed value") << req("{matchExpressions: [{key: foo, operator: NotIn, values: [bar]}]}")
                                         << "|foo=bar" << "" << true << "Success" << "<all>" << pod;
    QTest::newRow("Exists: label absent") << req("{matchExpressions: [{key: GPU, operator: Exists}]}") << "|x=y" << ""
                                          << true << "Success" << "<all>" << pod;
    QTest::newRow("DoesNotExist: label absent") << req("{matchExpressions: [{key: GPU, operator: DoesNotExist}]}") << "|x=y"
                                                << "" << true << "Success" << "<all>" << "Success";
    QTest::newRow("DoesNotExist: label present") << req("{matchExpressions: [{key: GPU, operator: DoesNotExist}]}")
                                                 << "|GPU=" << "" << true << "Success" << "<all>" << pod;
    QTest::newRow("Gt: equal is not greater") << req("{matchExpressions: [{key: cores, operator: Gt, values: ['4']}]}")
                                              << "|cores=4" << "" << true << "Success" << "<all>" << pod;
    QTest::newRow("Gt: non-integer label never matches") << req("{matchExpressions: [{key: cores, operator: Gt, values: ['4']}]}")
                                                         << "|cores=8x" << "" << true << "Success" << "<all>" << pod;
    QTest::newRow("Gt: missing label never matches") << req("{matchExpressions: [{key: cores, operator: Gt, values: ['4']}]}")
                                                     << "|x=y" << "" << true << "Success" << "<all>" << pod;
    // "-10" is an integer but not a valid label value: the requirement does not parse, so never matches.
    QTest::newRow("Gt: a negative value does not parse") << req("{matchExpressions: [{key: t, operator: Gt, values: ['-10']}]}")
                                                         << "|t=9" << "" << true << "Success" << "<all>" << pod;
    QTest::newRow("Gt: greater matches") << req("{matchExpressions: [{key: t, operator: Gt, values: ['10']}]}")
                                         << "|t=11" << "" << true << "Success" << "<all>" << "Success";
    QTest::newRow("Lt: smaller matches") << req("{matchExpressions: [{key: cores, operator: Lt, values: ['4']}]}")
                                         << "|cores=3" << "" << true << "Success" << "<all>" << "Success";
    QTest::newRow("Lt: larger does not match") << req("{matchExpressions: [{key: cores, operator: Lt, values: ['4']}]}")
                                               << "|cores=+5" << "" << true << "Success" << "<all>" << pod;
    QTest::newRow("Lt with two values does not parse: no match")
        << req("{matchExpressions: [{key: cores, operator: Lt, values: ['4', '5']}]}") << "|cores=3" << "" << true
        << "Success" << "<all>" << pod;
    QTest::newRow("unknown operator does not parse; another term still matches")
        << req("{matchExpressions: [{key: foo, operator: Matches, values: [bar]}]}, {matchExpressions: [{key: foo, operator: Exists}]}")
        << "|foo=bar" << "" << true << "Success" << "<all>" << "Success";
    QTest::newRow("matchFields NotIn excludes the named node")
        << req("{matchFields: [{key: metadata.name, operator: NotIn, values: [node1]}]}") << "node1|" << "" << true
        << "Success" << "<all>" << pod;
    QTest::newRow("matchFields NotIn admits other nodes")
        << req("{matchFields: [{key: metadata.name, operator: NotIn, values: [node1]}]}") << "node2|" << "" << true
        << "Success" << "<all>" << "Success";
    QTest::newRow("matchFields on a node without a name are ignored")
        << req("{matchFields: [{key: metadata.name, operator: In, values: [node1]}]}") << "|" << "" << true << "Success"
        << "node1" << "Success";
    QTest::newRow("matchFields In with values intersected within a term")
        << req("{matchFields: [{key: metadata.name, operator: In, values: [node1, node2]}, {key: metadata.name, operator: In, values: [node2, node3]}]}")
        << "node2|" << "" << true << "Success" << "node2" << pod;
    QTest::newRow("empty nodeSelectorTerms match nothing")
        << "affinity: {nodeAffinity: {requiredDuringSchedulingIgnoredDuringExecution: {nodeSelectorTerms: []}}}"
        << "node1|foo=bar" << "" << true << "Success" << "<all>" << pod;
    QTest::newRow("added affinity checked before the pod's own")
        << "nodeSelector: {foo: nope}" << "node1|zone=foo" << addedNode2 << true << "Success" << "<all>" << enforced;
}

void NodePluginsTest::nodeAffinityFilter() {
    QFETCH(QString, podSpec);
    QFETCH(QString, node);
    QFETCH(QString, args);
    QFETCH(bool, runPreFilter);
    QFETCH(QString, wantPreFilter);
    QFETCH(QString, wantNodeNames);
    QFETCH(QString, wantFilter);
    st::FakeHandle handle({});
    auto p = build(plugins::nodeaffinity::New, handle, args.toStdString());
    auto ni = st::nodeInfo(labeledNode(node));
    FilterRun run = runFilter(p, *podWith(podSpec.toStdString()), *ni, runPreFilter, true);
    QCOMPARE(run.preFilter, wantPreFilter);
    QCOMPARE(run.nodeNames, wantNodeNames);
    QCOMPARE(run.filter, wantFilter);
}

void NodePluginsTest::nodeAffinityScore_data() {
    QTest::addColumn<QString>("podSpec");
    QTest::addColumn<QStringList>("nodes");
    QTest::addColumn<QString>("args");
    QTest::addColumn<bool>("runPreScore");
    QTest::addColumn<QString>("wantPreScore");
    QTest::addColumn<QString>("want");

    const QString label1 = "foo=bar", label2 = "key=value", label3 = "az=az1", label4 = "abc=az11,def=az22",
                  label5 = "foo=bar,key=value,az=az1";
    const QString affinity1 =
        "affinity: {nodeAffinity: {preferredDuringSchedulingIgnoredDuringExecution: [{weight: 2, preference: {matchExpressions: [{key: foo, operator: In, values: [bar]}]}}]}}";
    const QString affinity2 =
        "affinity: {nodeAffinity: {preferredDuringSchedulingIgnoredDuringExecution: ["
        "{weight: 2, preference: {matchExpressions: [{key: foo, operator: In, values: [bar]}]}}, "
        "{weight: 4, preference: {matchExpressions: [{key: key, operator: In, values: [value]}]}}, "
        "{weight: 5, preference: {matchExpressions: [{key: foo, operator: In, values: [bar]}, {key: key, operator: In, values: [value]}, {key: az, operator: In, values: [az1]}]}}]}}";

    // nodeaffinity TestNodeAffinityPriority.
    QTest::newRow("all nodes are same priority as NodeAffinity is nil")
        << "" << QStringList{"node1|" + label1, "node2|" + label2, "node3|" + label3} << "" << false << "Success"
        << "node1=0,node2=0,node3=0";
    // v1.28 does not Skip here (that came in v1.29): the real kube-scheduler v1.28.7 reports
    // NodeAffinity 0 for a pod without affinity (shared/examples/schedule-explain).
    QTest::newRow("PreScore succeeds and scores 0 when NodeAffinity is nil (v1.28)")
        << "" << QStringList{"node1|" + label1} << "" << true << "Success" << "node1=0";
    QTest::newRow("PreScore returns error when an incoming Pod has a broken affinity")
        << "affinity: {nodeAffinity: {preferredDuringSchedulingIgnoredDuringExecution: [{weight: 2, preference: {matchExpressions: [{key: 'invalid key', operator: In, values: [bar]}]}}]}}"
        << QStringList{"node1|" + label1} << "" << true
        << "Error: [0].matchExpressions[0].key: Invalid value: \"invalid key\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"
        << "";
    QTest::newRow("no node matches preferred scheduling requirements in NodeAffinity of pod so all nodes' priority is zero")
        << affinity1 << QStringList{"node1|" + label4, "node2|" + label2, "node3|" + label3} << "" << true << "Success"
        << "node1=0,node2=0,node3=0";
    QTest::newRow("only node1 matches the preferred scheduling requirements of pod")
        << affinity1 << QStringList{"node1|" + label1, "node2|" + label2, "node3|" + label3} << "" << true << "Success"
        << "node1=100,node2=0,node3=0";
    QTest::newRow("all nodes matches the preferred scheduling requirements of pod but with different priorities ")
        << affinity2 << QStringList{"node1|" + label1, "node5|" + label5, "node2|" + label2} << "" << true << "Success"
        << "node1=18,node5=100,node2=36";
    QTest::newRow("added affinity")
        << "" << QStringList{"node1|" + label1, "node2|" + label2}
        << "addedAffinity: {preferredDuringSchedulingIgnoredDuringExecution: [{weight: 2, preference: {matchExpressions: [{key: foo, operator: In, values: [bar]}]}}]}"
        << true << "Success" << "node1=100,node2=0";
    QTest::newRow("added affinity and pod has default affinity")
        << affinity1 << QStringList{"node1|" + label1, "node2|" + label2, "node3|" + label5}
        << "addedAffinity: {preferredDuringSchedulingIgnoredDuringExecution: [{weight: 3, preference: {matchExpressions: [{key: key, operator: In, values: [value]}]}}]}"
        << true << "Success" << "node1=40,node2=60,node3=100";
    QTest::newRow("calculate the priorities correctly even if PreScore is not called")
        << affinity2 << QStringList{"node1|" + label1, "node5|" + label5, "node2|" + label2} << "" << false << "Success"
        << "node1=18,node5=100,node2=36";
    QTest::newRow("weight 0 and empty preferences are ignored")
        << "affinity: {nodeAffinity: {preferredDuringSchedulingIgnoredDuringExecution: ["
           "{weight: 0, preference: {matchExpressions: [{key: foo, operator: Exists}]}}, {weight: 7, preference: {}}, "
           "{weight: 1, preference: {matchExpressions: [{key: key, operator: Exists}]}}]}}"
        << QStringList{"node1|" + label1, "node2|" + label2} << "" << true << "Success" << "node1=0,node2=100";
    QTest::newRow("preferred matchFields score the named node")
        << "affinity: {nodeAffinity: {preferredDuringSchedulingIgnoredDuringExecution: [{weight: 10, preference: {matchFields: [{key: metadata.name, operator: In, values: [node2]}]}}]}}"
        << QStringList{"node1|", "node2|"} << "" << true << "Success" << "node1=0,node2=100";
}

void NodePluginsTest::nodeAffinityScore() {
    QFETCH(QString, podSpec);
    QFETCH(QStringList, nodes);
    QFETCH(QString, args);
    QFETCH(bool, runPreScore);
    QFETCH(QString, wantPreScore);
    QFETCH(QString, want);
    std::vector<std::shared_ptr<const fw::Node>> ns;
    for (const auto& n : nodes) ns.push_back(labeledNode(n));
    st::FakeHandle handle(ns);
    auto p = build(plugins::nodeaffinity::New, handle, args.toStdString());
    ScoreRun run = runScore(p, handle, *podWith(podSpec.toStdString()), runPreScore);
    QCOMPARE(run.preScore, wantPreScore);
    if (wantPreScore == "Success") QCOMPARE(run.scores, want);
}

void NodePluginsTest::nodeAffinityArgs_data() {
    QTest::addColumn<QString>("args");
    QTest::addColumn<QString>("wantError");  // "" = valid
    const std::string qualified =
        "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric "
        "character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is "
        "'([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
    const QString req = "addedAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0]";
    const QString pref = "addedAffinity.preferredDuringSchedulingIgnoredDuringExecution[0]";
    auto required = [](const QString& term) {
        return "addedAffinity: {requiredDuringSchedulingIgnoredDuringExecution: {nodeSelectorTerms: [" + term + "]}}";
    };

    // TestValidateNodeAffinityArgs.
    QTest::newRow("empty") << "" << "";
    QTest::newRow("empty object") << "{}" << "";
    QTest::newRow("valid added affinity")
        << "addedAffinity: {requiredDuringSchedulingIgnoredDuringExecution: {nodeSelectorTerms: [{matchExpressions: [{key: label-1, operator: In, values: [label-1-val]}]}]}, "
           "preferredDuringSchedulingIgnoredDuringExecution: [{weight: 1, preference: {matchFields: [{key: metadata.name, operator: In, values: [node-1]}]}}]}"
        << "";
    QTest::newRow("invalid added affinity")
        << "addedAffinity: {requiredDuringSchedulingIgnoredDuringExecution: {nodeSelectorTerms: [{matchExpressions: [{key: invalid/label/key, operator: In, values: [label-1-val]}]}]}, "
           "preferredDuringSchedulingIgnoredDuringExecution: [{weight: 1, preference: {matchFields: [{key: metadata.name, operator: In, values: [node-1, node-2]}]}}]}"
        << "[" + req + ".matchExpressions[0].key: Invalid value: \"invalid/label/key\": a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName'), " +
               pref + ".matchFields[0].values: Invalid value: []string{\"node-1\", \"node-2\"}: must have one element]";

    // labels.NewRequirement's checks, one at a time.
    QTest::newRow("unsupported operator") << required("{matchExpressions: [{key: foo, operator: Matches, values: [a]}]}")
                                          << req + ".matchExpressions[0].operator: Unsupported value: \"Matches\": supported values: \"In\", \"NotIn\", \"Exists\", \"DoesNotExist\", \"Gt\", \"Lt\"";
    QTest::newRow("In without values") << required("{matchExpressions: [{key: foo, operator: In}]}")
                                       << req + ".matchExpressions[0].values: Invalid value: []string(nil): for 'in', 'notin' operators, values set can't be empty";
    QTest::newRow("NotIn without values") << required("{matchExpressions: [{key: foo, operator: NotIn}]}")
                                          << req + ".matchExpressions[0].values: Invalid value: []string(nil): for 'in', 'notin' operators, values set can't be empty";
    QTest::newRow("Exists with values") << required("{matchExpressions: [{key: foo, operator: Exists, values: [bar, baz]}]}")
                                        << req + ".matchExpressions[0].values: Invalid value: []string{\"bar\", \"baz\"}: values set must be empty for exists and does not exist";
    QTest::newRow("DoesNotExist with values") << required("{matchExpressions: [{key: foo, operator: DoesNotExist, values: [bar]}]}")
                                              << req + ".matchExpressions[0].values: Invalid value: []string{\"bar\"}: values set must be empty for exists and does not exist";
    QTest::newRow("Gt with two values") << required("{matchExpressions: [{key: foo, operator: Gt, values: ['1', '2']}]}")
                                        << req + ".matchExpressions[0].values: Invalid value: []string{\"1\", \"2\"}: for 'Gt', 'Lt' operators, exactly one value is required";
    QTest::newRow("Lt with a non-integer") << required("{matchExpressions: [{key: foo, operator: Lt, values: [bar]}]}")
                                           << req + ".matchExpressions[0].values[0]: Invalid value: \"bar\": for 'Gt', 'Lt' operators, the value must be an integer";
    QTest::newRow("Gt without values") << required("{matchExpressions: [{key: foo, operator: Gt}]}")
                                       << req + ".matchExpressions[0].values: Invalid value: []string(nil): for 'Gt', 'Lt' operators, exactly one value is required";
    QTest::newRow("invalid label value")
        << required("{matchExpressions: [{key: foo, operator: In, values: ['bad value']}]}")
        << req + ".matchExpressions[0].values[0][foo]: Invalid value: \"bad value\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";
    QTest::newRow("invalid key and values in one requirement")
        << required("{matchExpressions: [{key: 'bad key', operator: Gt, values: [x]}]}")
        << "[" + req + ".matchExpressions[0].key: Invalid value: \"bad key\": " + QString::fromStdString(qualified) + ", " + req +
               ".matchExpressions[0].values[0]: Invalid value: \"x\": for 'Gt', 'Lt' operators, the value must be an integer]";
    QTest::newRow("matchFields with an unsupported operator")
        << required("{matchFields: [{key: metadata.name, operator: Exists}]}")
        << req + ".matchFields[0].operator: Unsupported value: \"Exists\": supported values: \"In\", \"NotIn\"";
    QTest::newRow("matchFields NotIn with two values")
        << required("{matchFields: [{key: metadata.name, operator: NotIn, values: [a, b]}]}")
        << req + ".matchFields[0].values: Invalid value: []string{\"a\", \"b\"}: must have one element";
    QTest::newRow("errors in the second term keep its index")
        << required("{matchExpressions: [{key: ok, operator: Exists}]}, {}, {matchExpressions: [{key: foo, operator: Lt, values: ['1.5']}]}")
        << "addedAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[2].matchExpressions[0].values[0]: Invalid value: \"1.5\": for 'Gt', 'Lt' operators, the value must be an integer";
    QTest::newRow("preferred terms with weight 0 are not validated")
        << "addedAffinity: {preferredDuringSchedulingIgnoredDuringExecution: [{weight: 0, preference: {matchExpressions: [{key: 'bad key', operator: Exists}]}}]}"
        << "";
    QTest::newRow("preferred term errors use the term index")
        << "addedAffinity: {preferredDuringSchedulingIgnoredDuringExecution: [{weight: 1, preference: {matchExpressions: [{key: a, operator: Exists}]}}, {weight: 1, preference: {matchExpressions: [{key: a, operator: Bad}]}}]}"
        << "addedAffinity.preferredDuringSchedulingIgnoredDuringExecution[1].matchExpressions[0].operator: Unsupported value: \"Bad\": supported values: \"In\", \"NotIn\", \"Exists\", \"DoesNotExist\", \"Gt\", \"Lt\"";
    QTest::newRow("two failing requirements")
        << required("{matchExpressions: [{key: foo, operator: In}, {key: foo, operator: In}]}")
        << "[" + req + ".matchExpressions[0].values: Invalid value: []string(nil): for 'in', 'notin' operators, values set can't be empty, " +
               req + ".matchExpressions[1].values: Invalid value: []string(nil): for 'in', 'notin' operators, values set can't be empty]";
}

void NodePluginsTest::nodeAffinityArgs() {
    QFETCH(QString, args);
    QFETCH(QString, wantError);
    st::FakeHandle handle({});
    auto r = plugins::nodeaffinity::New(st::args(args.toStdString()), handle, {});
    if (wantError.isEmpty()) {
        QVERIFY2(r.isOk(), r.status().message().c_str());
        QCOMPARE(QString::fromStdString((*r)->name()), QString("NodeAffinity"));
    } else {
        QVERIFY(!r.isOk());
        QCOMPARE(r.status().code(), StatusCode::InvalidArgument);
        QCOMPARE(QString::fromStdString(r.status().message()), wantError);
    }
}

// ---------------------------------------------------------------- NodePorts

namespace {
// newPod(host, "PROTO/IP/PORT", ...) of node_ports_test.go.
std::shared_ptr<fw::Pod> portsPod(const QStringList& ports, const std::string& name = "p") {
    std::string list;
    for (const auto& spec : ports) {
        const QStringList parts = spec.split('/');
        if (!list.empty()) list += ", ";
        list += "{protocol: " + parts[0].toStdString() + ", hostIP: '" + parts[1].toStdString() +
                "', hostPort: " + parts[2].toStdString() + ", containerPort: " + parts[2].toStdString() + "}";
    }
    return st::pod("metadata: {name: " + name + "}\nspec: {nodeName: m1, containers: [{name: c, image: i" +
                   (list.empty() ? std::string() : ", ports: [" + list + "]") + "}]}");
}
}  // namespace

void NodePluginsTest::nodePorts_data() {
    QTest::addColumn<QStringList>("podPorts");
    QTest::addColumn<QStringList>("existingPorts");
    QTest::addColumn<QString>("wantPreFilter");
    QTest::addColumn<QString>("wantFilter");
    const QString conflict = "Unschedulable: node(s) didn't have free ports for the requested pod ports";
    // nodeports TestNodePorts.
    QTest::newRow("skip Filter") << QStringList{} << QStringList{} << "Skip" << "<not run>";
    QTest::newRow("other port") << QStringList{"UDP/127.0.0.1/8080"} << QStringList{"UDP/127.0.0.1/9090"} << "Success" << "Success";
    QTest::newRow("same udp port") << QStringList{"UDP/127.0.0.1/8080"} << QStringList{"UDP/127.0.0.1/8080"} << "Success" << conflict;
    QTest::newRow("same tcp port") << QStringList{"TCP/127.0.0.1/8080"} << QStringList{"TCP/127.0.0.1/8080"} << "Success" << conflict;
    QTest::newRow("different host ip") << QStringList{"TCP/127.0.0.1/8080"} << QStringList{"TCP/127.0.0.2/8080"} << "Success" << "Success";
    QTest::newRow("different protocol") << QStringList{"UDP/127.0.0.1/8080"} << QStringList{"TCP/127.0.0.1/8080"} << "Success" << "Success";
    QTest::newRow("second udp port conflict") << QStringList{"UDP/127.0.0.1/8000", "UDP/127.0.0.1/8080"}
                                              << QStringList{"UDP/127.0.0.1/8080"} << "Success" << conflict;
    QTest::newRow("first tcp port conflict") << QStringList{"TCP/127.0.0.1/8001", "UDP/127.0.0.1/8080"}
                                             << QStringList{"TCP/127.0.0.1/8001", "UDP/127.0.0.1/8081"} << "Success" << conflict;
    QTest::newRow("first tcp port conflict due to 0.0.0.0 hostIP") << QStringList{"TCP/0.0.0.0/8001"}
                                                                   << QStringList{"TCP/127.0.0.1/8001"} << "Success" << conflict;
    QTest::newRow("TCP hostPort conflict due to 0.0.0.0 hostIP") << QStringList{"TCP/10.0.10.10/8001", "TCP/0.0.0.0/8001"}
                                                                 << QStringList{"TCP/127.0.0.1/8001"} << "Success" << conflict;
    QTest::newRow("second tcp port conflict to 0.0.0.0 hostIP") << QStringList{"TCP/127.0.0.1/8001"}
                                                                << QStringList{"TCP/0.0.0.0/8001"} << "Success" << conflict;
    QTest::newRow("second different protocol") << QStringList{"UDP/127.0.0.1/8001"} << QStringList{"TCP/0.0.0.0/8001"}
                                               << "Success" << "Success";
    QTest::newRow("UDP hostPort conflict due to 0.0.0.0 hostIP") << QStringList{"UDP/127.0.0.1/8001"}
                                                                 << QStringList{"TCP/0.0.0.0/8001", "UDP/0.0.0.0/8001"}
                                                                 << "Success" << conflict;
    QTest::newRow("empty hostIP means 0.0.0.0") << QStringList{"TCP//8001"} << QStringList{"TCP/127.0.0.1/8001"} << "Success" << conflict;
    // v1.28 collects every container port; one without a hostPort does not skip and never conflicts.
    QTest::newRow("container port without hostPort is not skipped") << QStringList{"TCP/127.0.0.1/0"}
                                                                    << QStringList{"TCP/127.0.0.1/8001"} << "Success" << "Success";
}

void NodePluginsTest::nodePorts() {
    QFETCH(QStringList, podPorts);
    QFETCH(QStringList, existingPorts);
    QFETCH(QString, wantPreFilter);
    QFETCH(QString, wantFilter);
    st::FakeHandle handle({});
    auto p = build(plugins::nodeports::New, handle);
    std::vector<std::shared_ptr<const fw::Pod>> existing;
    if (!existingPorts.isEmpty()) existing.push_back(portsPod(existingPorts, "existing"));
    auto ni = st::nodeInfo(st::node("metadata: {name: m1}"), existing);
    FilterRun run = runFilter(p, *portsPod(podPorts), *ni, true, false);
    QCOMPARE(run.preFilter, wantPreFilter);
    QCOMPARE(run.nodeNames, QString("<all>"));
    QCOMPARE(run.filter, wantFilter);
}

void NodePluginsTest::nodePortsWithoutPreFilter() {
    // TestPreFilterDisabled.
    st::FakeHandle handle({});
    auto p = build(plugins::nodeports::New, handle);
    auto ni = st::nodeInfo(st::node("metadata: {name: m1}"));
    fw::CycleState state;
    QCOMPARE(show(as<fw::FilterPlugin>(p)->filter(state, *portsPod({"TCP/127.0.0.1/80"}), *ni)),
             QString("Error: reading \"PreFilterNodePorts\" from cycleState: not found"));
}

// ---------------------------------------------------------------- ImageLocality

namespace {
constexpr qint64 kMB = 1024 * 1024;
// "name:size_in_MB" images separated by ';', names of one image by ','.
std::shared_ptr<fw::Node> imageNode(const std::string& name, const QString& images) {
    std::string list;
    for (const QString& image : images.split(';', Qt::SkipEmptyParts)) {
        const QStringList parts = image.split('=');
        std::string names;
        for (const QString& n : parts[0].split(',')) names += (names.empty() ? "" : ", ") + ("'" + n.toStdString() + "'");
        if (!list.empty()) list += ", ";
        list += "{names: [" + names + "], sizeBytes: " + std::to_string(parts[1].toLongLong() * kMB) + "}";
    }
    return st::node("metadata: {name: " + name + "}\nstatus: {images: [" + list + "]}");
}
}  // namespace

void NodePluginsTest::imageLocality_data() {
    QTest::addColumn<QString>("podSpec");
    QTest::addColumn<QStringList>("nodeImages");  // node1, node2, ...
    QTest::addColumn<QString>("want");

    const QString node403002000 = "gcr.io/40:latest,gcr.io/40:v1=40;gcr.io/300:latest,gcr.io/300:v1=300;gcr.io/2000:latest=2000";
    const QString node25010 = "gcr.io/250:latest=250;gcr.io/10:latest,gcr.io/10:v1=10";
    const QString node60040900 = "gcr.io/600:latest=600;gcr.io/40:latest=40;gcr.io/900:latest=900";
    const QString node300600900 = "gcr.io/300:latest=300;gcr.io/600:latest=600;gcr.io/900:latest=900";
    const QString node400030 = "gcr.io/4000:latest=4000;gcr.io/30:latest=30";
    const QString node203040 = "gcr.io/20:latest=20;gcr.io/30:latest=30;gcr.io/40:latest=40";
    const QString none = "";
    auto containers = [](std::initializer_list<const char*> images) {
        QString out = "containers: [";
        int i = 0;
        for (const char* image : images) {
            out += QString(i ? ", " : "") + "{name: c" + QString::number(i) + ", image: '" + image + "'}";
            ++i;
        }
        return out + "]";
    };

    // imagelocality TestImageLocalityPriority.
    QTest::newRow("two images spread on two nodes, prefer the larger image one")
        << containers({"gcr.io/40", "gcr.io/250"}) << QStringList{node403002000, node25010} << "node1=0,node2=5";
    QTest::newRow("two images on one node, prefer this node")
        << containers({"gcr.io/40", "gcr.io/300"}) << QStringList{node403002000, node25010} << "node1=7,node2=0";
    QTest::newRow("if exceed limit, use limit")
        << containers({"gcr.io/10", "gcr.io/4000"}) << QStringList{node400030, node25010} << "node1=100,node2=0";
    QTest::newRow("if exceed limit, use limit (with node which has no images present)")
        << containers({"gcr.io/10", "gcr.io/4000"}) << QStringList{node400030, node25010, none}
        << "node1=66,node2=0,node3=0";
    QTest::newRow("pod with multiple large images, node2 is preferred")
        << containers({"gcr.io/300", "gcr.io/600", "gcr.io/900"}) << QStringList{node60040900, node300600900, none}
        << "node1=32,node2=36,node3=0";
    QTest::newRow("pod with multiple small images")
        << containers({"gcr.io/30", "gcr.io/40"}) << QStringList{node203040, node400030} << "node1=1,node2=0";
    QTest::newRow("include InitContainers: two images spread on two nodes, prefer the larger image one")
        << containers({"gcr.io/30"}) + ", initContainers: [{name: init, image: 'gcr.io/300'}]"
        << QStringList{node403002000, node203040} << "node1=6,node2=0";
    // Tags and names are compared as written, after appending :latest to an untagged name.
    QTest::newRow("explicit tag matches that tag only")
        << containers({"gcr.io/300:v1"}) << QStringList{node403002000, none} << "node1=12,node2=0";
    QTest::newRow("no docker.io/library normalisation in v1.28")
        << containers({"nginx"}) << QStringList{"docker.io/library/nginx:latest=500", "nginx:latest=500"}
        << "node1=0,node2=23";
}

void NodePluginsTest::imageLocality() {
    QFETCH(QString, podSpec);
    QFETCH(QStringList, nodeImages);
    QFETCH(QString, want);
    std::vector<std::shared_ptr<const fw::Node>> nodes;
    for (int i = 0; i < nodeImages.size(); ++i) nodes.push_back(imageNode("node" + std::to_string(i + 1), nodeImages[i]));
    st::FakeHandle handle(nodes);
    auto p = build(plugins::imagelocality::New, handle);
    auto pod = st::pod("metadata: {name: p}\nspec: {" + podSpec.toStdString() + "}");
    ScoreRun run = runScore(p, handle, *pod, false);
    QCOMPARE(run.scores, want);
    QVERIFY(!as<fw::ScorePlugin>(p)->hasNormalizeScore());
}

void NodePluginsTest::normalizedImageName_data() {
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("output");
    QTest::newRow("add :latest postfix 1") << "root" << "root:latest";
    QTest::newRow("add :latest postfix 2") << "gcr.io:5000/root" << "gcr.io:5000/root:latest";
    QTest::newRow("keep it as is 1") << "root:tag" << "root:tag";
    QTest::newRow("keep it as is 2")
        << "root@sha256:4813494d137e1631bba301d5acab6e7bb7aa74ce1185d456565ef51d737677b2"
        << "root@sha256:4813494d137e1631bba301d5acab6e7bb7aa74ce1185d456565ef51d737677b2";
}

void NodePluginsTest::normalizedImageName() {
    QFETCH(QString, input);
    QFETCH(QString, output);
    QCOMPARE(QString::fromStdString(plugins::imagelocality::normalizedImageName(input.toStdString())), output);
}

// ---------------------------------------------------------------- DefaultBinder

namespace {
class RecordingClient : public fw::ClusterClient {
public:
    fw::Status bind(const fw::Pod& pod, const std::string& nodeName) override {
        binds.push_back(fw::podKey(pod) + "->" + nodeName);
        return result;
    }
    fw::Status deletePod(const fw::Pod&, const fw::Pod&, const std::string&) override { return {}; }
    fw::Status setNominatedNodeName(const fw::Pod&, const std::string&) override { return {}; }
    std::vector<std::string> binds;
    fw::Status result;
};

class ClientHandle : public st::FakeHandle {
public:
    ClientHandle() : st::FakeHandle({}) {}
    fw::ClusterClient* client() override { return &recorder; }
    RecordingClient recorder;
};
}  // namespace

void NodePluginsTest::defaultBinder() {
    ClientHandle handle;
    auto p = build(plugins::defaultbinder::New, handle);
    auto* binder = as<fw::BindPlugin>(p);
    QVERIFY(binder);
    fw::CycleState state;
    auto pod = podWith("");
    QCOMPARE(show(binder->bind(state, *pod, "node-a")), QString("Success"));
    QCOMPARE(handle.recorder.binds, std::vector<std::string>{"default/p->node-a"});

    handle.recorder.result = fw::Status::error("pods \"p\" not found");
    QCOMPARE(show(binder->bind(state, *pod, "node-b")), QString("Error: pods \"p\" not found"));
    handle.recorder.result = fw::Status(fw::Code::Unschedulable, "conflict");
    QCOMPARE(show(binder->bind(state, *pod, "node-b")), QString("Error: conflict"));
    QCOMPARE(handle.recorder.binds.size(), size_t(3));

    st::FakeHandle noClient({});
    auto q = build(plugins::defaultbinder::New, noClient);
    QCOMPARE(as<fw::BindPlugin>(q)->bind(state, *pod, "node-a").code(), fw::Code::Error);
}

// ---------------------------------------------------------------- volumes

void NodePluginsTest::volumePlugins_data() {
    QTest::addColumn<QString>("plugin");
    QTest::addColumn<QString>("volumes");
    QTest::addColumn<QString>("wantPreFilter");
    QTest::addColumn<QString>("wantFilter");  // Filter run on the same cycle state regardless of PreFilter

    const QString noVolumes;
    const QString plain = "volumes: [{name: a, configMap: {name: cm}}, {name: b, secret: {secretName: s}}, "
                          "{name: c, emptyDir: {}}, {name: d, hostPath: {path: /tmp}}, {name: e, downwardAPI: {}}, "
                          "{name: f, projected: {}}]";
    const QString claim = "volumes: [{name: a, configMap: {name: cm}}, {name: data, persistentVolumeClaim: {claimName: claim-a}}, "
                          "{name: more, persistentVolumeClaim: {claimName: claim-b}}]";
    const QString notFound = "UnschedulableAndUnresolvable: persistentvolumeclaim \"claim-a\" not found";
    const QString lookup =
        "UnschedulableAndUnresolvable: looking up PVC default/claim-a: persistentvolumeclaim \"claim-a\" not found";

    QTest::newRow("VolumeRestrictions: no volumes") << "VolumeRestrictions" << noVolumes << "Skip"
                                                    << "Error: reading \"PreFilterVolumeRestrictions\" from cycleState: not found";
    QTest::newRow("VolumeRestrictions: non-PVC volumes") << "VolumeRestrictions" << plain << "Skip"
                                                         << "Error: reading \"PreFilterVolumeRestrictions\" from cycleState: not found";
    QTest::newRow("VolumeRestrictions: PVC") << "VolumeRestrictions" << claim << notFound
                                             << "Error: reading \"PreFilterVolumeRestrictions\" from cycleState: not found";
    QTest::newRow("VolumeBinding: no volumes") << "VolumeBinding" << noVolumes << "Skip" << "Success";
    QTest::newRow("VolumeBinding: non-PVC volumes") << "VolumeBinding" << plain << "Skip" << "Success";
    QTest::newRow("VolumeBinding: PVC") << "VolumeBinding" << claim << notFound << "Error: not found";
    QTest::newRow("VolumeZone: no volumes") << "VolumeZone" << noVolumes << "Skip" << "Success";
    QTest::newRow("VolumeZone: non-PVC volumes") << "VolumeZone" << plain << "Skip" << "Success";
    QTest::newRow("VolumeZone: PVC") << "VolumeZone" << claim << notFound << notFound;
    QTest::newRow("VolumeZone: PVC without a name") << "VolumeZone" << "volumes: [{name: data, persistentVolumeClaim: {claimName: ''}}]"
                                                    << "UnschedulableAndUnresolvable: PersistentVolumeClaim had no name"
                                                    << "UnschedulableAndUnresolvable: PersistentVolumeClaim had no name";
    for (const char* limits : {"NodeVolumeLimits", "EBSLimits", "GCEPDLimits", "AzureDiskLimits"}) {
        const QString n = limits;
        QTest::newRow(qPrintable(n + ": no volumes")) << n << noVolumes << "Skip" << "Success";
        QTest::newRow(qPrintable(n + ": non-PVC volumes")) << n << plain << "Skip" << "Success";
        QTest::newRow(qPrintable(n + ": PVC")) << n << claim << "Success" << lookup;
        QTest::newRow(qPrintable(n + ": PVC without a name"))
            << n << "volumes: [{name: data, persistentVolumeClaim: {claimName: ''}}]" << "Success"
            << "Error: PersistentVolumeClaim had no name";
    }
}

void NodePluginsTest::volumePlugins() {
    QFETCH(QString, plugin);
    QFETCH(QString, volumes);
    QFETCH(QString, wantPreFilter);
    QFETCH(QString, wantFilter);
    st::FakeHandle handle({});
    auto p = build(factories().at(plugin), handle);
    QCOMPARE(QString::fromStdString(p->name()), plugin);
    auto ni = st::nodeInfo(st::node("metadata: {name: n1}"));
    FilterRun run = runFilter(p, *podWith(volumes.toStdString()), *ni, true, true);
    QCOMPARE(run.preFilter, wantPreFilter);
    QCOMPARE(run.nodeNames, QString("<all>"));
    QCOMPARE(run.filter, wantFilter);
    // None of them has PreScore; only VolumeBinding scores.
    QVERIFY(!as<fw::PreScorePlugin>(p));
    QCOMPARE(as<fw::ScorePlugin>(p) != nullptr, plugin == "VolumeBinding");
}

void NodePluginsTest::volumeBindingScoreReservePreBind() {
    st::FakeHandle handle({st::node("metadata: {name: n1}"), st::node("metadata: {name: n2}")});
    auto p = build(plugins::volumes::newVolumeBinding, handle);
    auto pod = podWith("volumes: [{name: a, configMap: {name: cm}}]");
    fw::CycleState state;
    QCOMPARE(show(as<fw::PreFilterPlugin>(p)->preFilter(state, *pod, {}).second), QString("Skip"));
    // Score 0 everywhere, no normalization: VolumeBinding takes part in scoring with 0.
    ScoreRun run = runScore(p, handle, *pod, false);
    QCOMPARE(run.scores, QString("n1=0,n2=0"));
    QVERIFY(!as<fw::ScorePlugin>(p)->hasNormalizeScore());
    // PreBind before Reserve has nothing bound yet; Reserve marks the claim-less pod all bound.
    QCOMPARE(show(as<fw::PreBindPlugin>(p)->preBind(state, *pod, "n1")),
             QString("Error: no pod volumes found for node \"n1\""));
    QCOMPARE(show(as<fw::ReservePlugin>(p)->reserve(state, *pod, "n1")), QString("Success"));
    QCOMPARE(show(as<fw::PreBindPlugin>(p)->preBind(state, *pod, "n1")), QString("Success"));
    fw::CycleState empty;
    QCOMPARE(show(as<fw::ReservePlugin>(p)->reserve(empty, *pod, "n1")), QString("Error: not found"));
}

void NodePluginsTest::volumeBindingArgs_data() {
    QTest::addColumn<QString>("args");
    QTest::addColumn<QString>("wantError");
    // TestValidateVolumeBindingArgs (VolumeCapacityPriority off, as in v1.28).
    QTest::newRow("defaults") << "" << "";
    QTest::newRow("zero is a valid config") << "bindTimeoutSeconds: 0" << "";
    QTest::newRow("positive value is valid config") << "bindTimeoutSeconds: 10" << "";
    QTest::newRow("negative value is invalid config ")
        << "bindTimeoutSeconds: -10" << "bindTimeoutSeconds: Invalid value: -10: invalid BindTimeoutSeconds, should not be a negative value";
    QTest::newRow("[VolumeCapacityPriority=off] shape should be nil when the feature is off") << "bindTimeoutSeconds: 10" << "";
    QTest::newRow("[VolumeCapacityPriority=off] error if the shape is not nil when the feature is off")
        << "{bindTimeoutSeconds: 10, shape: [{utilization: 1, score: 1}, {utilization: 3, score: 3}]}"
        << "shape: Invalid value: []config.UtilizationShapePoint{config.UtilizationShapePoint{Utilization:1, Score:1}, "
           "config.UtilizationShapePoint{Utilization:3, Score:3}}: unexpected field `shape`, remove it or turn on the "
           "feature gate VolumeCapacityPriority";
    QTest::newRow("both errors")
        << "{bindTimeoutSeconds: -1, shape: []}"
        << "[bindTimeoutSeconds: Invalid value: -1: invalid BindTimeoutSeconds, should not be a negative value, "
           "shape: Invalid value: []config.UtilizationShapePoint{}: unexpected field `shape`, remove it or turn on the "
           "feature gate VolumeCapacityPriority]";
    QTest::newRow("wrong type") << "bindTimeoutSeconds: ten"
                                << "json: cannot unmarshal string into Go struct field VolumeBindingArgs.bindTimeoutSeconds of type int64";
}

void NodePluginsTest::volumeBindingArgs() {
    QFETCH(QString, args);
    QFETCH(QString, wantError);
    st::FakeHandle handle({});
    auto r = plugins::volumes::newVolumeBinding(st::args(args.toStdString()), handle, {});
    if (wantError.isEmpty()) {
        QVERIFY2(r.isOk(), r.status().message().c_str());
    } else {
        QVERIFY(!r.isOk());
        QCOMPARE(r.status().code(), StatusCode::InvalidArgument);
        QCOMPARE(QString::fromStdString(r.status().message()), wantError);
    }
}

// ---------------------------------------------------------------- events

void NodePluginsTest::events_data() {
    QTest::addColumn<QString>("plugin");
    QTest::addColumn<QString>("want");  // "" = not an EnqueueExtensions
    QTest::newRow("PrioritySort") << "PrioritySort" << "";
    QTest::newRow("SchedulingGates") << "SchedulingGates" << "Pod:Update";
    QTest::newRow("NodeUnschedulable") << "NodeUnschedulable" << "Node:Add|UpdateNodeTaint";
    QTest::newRow("NodeName") << "NodeName" << "Node:Add|Update";
    QTest::newRow("TaintToleration") << "TaintToleration" << "Node:Add|Update";
    QTest::newRow("NodeAffinity") << "NodeAffinity" << "Node:Add|Update";
    QTest::newRow("NodePorts") << "NodePorts" << "Pod:Delete; Node:Add|Update";
    QTest::newRow("ImageLocality") << "ImageLocality" << "";
    QTest::newRow("DefaultBinder") << "DefaultBinder" << "";
    QTest::newRow("VolumeRestrictions") << "VolumeRestrictions" << "Pod:Delete; Node:Add; PersistentVolumeClaim:Add|Update";
    QTest::newRow("VolumeBinding")
        << "VolumeBinding"
        << "storage.k8s.io/StorageClass:Add|Update; PersistentVolumeClaim:Add|Update; PersistentVolume:Add|Update; "
           "Node:Add|UpdateNodeLabel; storage.k8s.io/CSINode:Add|Update; storage.k8s.io/CSIDriver:Add|Update; "
           "storage.k8s.io/CSIStorageCapacity:Add|Update";
    QTest::newRow("VolumeZone") << "VolumeZone"
                                << "storage.k8s.io/StorageClass:Add; Node:Add|UpdateNodeLabel; PersistentVolumeClaim:Add; "
                                   "PersistentVolume:Add|Update";
    QTest::newRow("NodeVolumeLimits") << "NodeVolumeLimits" << "storage.k8s.io/CSINode:Add; Pod:Delete";
    QTest::newRow("EBSLimits") << "EBSLimits" << "Node:Add; Pod:Delete";
    QTest::newRow("GCEPDLimits") << "GCEPDLimits" << "Node:Add; Pod:Delete";
    QTest::newRow("AzureDiskLimits") << "AzureDiskLimits" << "Node:Add; Pod:Delete";
}

void NodePluginsTest::events() {
    QFETCH(QString, plugin);
    QFETCH(QString, want);
    st::FakeHandle handle({});
    auto p = build(factories().at(plugin), handle);
    QCOMPARE(QString::fromStdString(p->name()), plugin);
    auto* ext = dynamic_cast<fw::EnqueueExtensions*>(p.get());
    if (want.isEmpty()) {
        QVERIFY(!ext);
        return;
    }
    QVERIFY(ext);
    QStringList got;
    for (const auto& e : ext->eventsToRegister()) got << QString::fromStdString(e.resource) + ":" + actionText(e.actionType);
    QCOMPARE(got.join("; "), want);
}

QTEST_APPLESS_MAIN(NodePluginsTest)
