#include "scheduler_core_test.h"

#include <QtTest>

#include "../scheduler_testing/scheduler_testing.h"
#include "scheduler/apis/config/load.h"
#include "scheduler/cache/cache.h"
#include "scheduler/plugins/registry.h"
#include "scheduler/schedule_one.h"

using namespace pilothouse;
using namespace pilothouse::scheduler;
using framework::Code;

namespace {
framework::Status st(Code c, std::vector<std::string> reasons) { return {c, std::move(reasons)}; }

std::string names(const config::PluginSet& set) {
    std::string out;
    for (const auto& p : set.enabled) out += (out.empty() ? "" : ",") + p.name + (p.weight ? "=" + std::to_string(p.weight) : "");
    return out;
}
}  // namespace

void SchedulerCoreTest::fitErrorMessage_data() {
    QTest::addColumn<int>("scenario");
    QTest::addColumn<QString>("expected");
    QTest::newRow("histogram sorted as strings")
        << 0 << "0/4 nodes are available: 1 node(s) had untolerated taint {dedicated: gpu}, 3 Insufficient cpu.";
    QTest::newRow("with preemption part")
        << 1 << "0/4 nodes are available: 1 node(s) had untolerated taint {dedicated: gpu}, 3 Insufficient cpu. preemption: 0/4 nodes are available: 1 Preemption is not helpful for scheduling, 3 No preemption victims found for incoming pod..";
    QTest::newRow("prefilter message without counts")
        << 2 << "0/3 nodes are available: node(s) didn't satisfy plugin NodeAffinity.";
    QTest::newRow("several reasons on one node count each")
        << 3 << "0/2 nodes are available: 1 Insufficient cpu, 1 Insufficient memory, 1 Too many pods.";
    QTest::newRow("10 sorts before 2 as a string")
        << 4 << "0/12 nodes are available: 10 Insufficient cpu, 2 node(s) were unschedulable.";
}

void SchedulerCoreTest::fitErrorMessage() {
    QFETCH(int, scenario);
    QFETCH(QString, expected);
    FitError e;
    switch (scenario) {
        case 0:
        case 1:
            e.numAllNodes = 4;
            e.diagnosis.nodeToStatus["a"] = st(Code::UnschedulableAndUnresolvable, {"node(s) had untolerated taint {dedicated: gpu}"});
            for (const char* n : {"b", "c", "d"}) e.diagnosis.nodeToStatus[n] = st(Code::Unschedulable, {"Insufficient cpu"});
            if (scenario == 1)
                e.diagnosis.postFilterMsg = "preemption: 0/4 nodes are available: 1 Preemption is not helpful for scheduling, 3 No preemption victims found for incoming pod.";
            break;
        case 2:
            e.numAllNodes = 3;
            e.diagnosis.preFilterMsg = "node(s) didn't satisfy plugin NodeAffinity";
            for (const char* n : {"a", "b", "c"}) e.diagnosis.nodeToStatus[n] = st(Code::Unschedulable, {"node(s) didn't satisfy plugin NodeAffinity"});
            break;
        case 3:
            e.numAllNodes = 2;
            e.diagnosis.nodeToStatus["a"] = st(Code::Unschedulable, {"Insufficient cpu", "Insufficient memory"});
            e.diagnosis.nodeToStatus["b"] = st(Code::Unschedulable, {"Too many pods"});
            break;
        case 4:
            e.numAllNodes = 12;
            for (int i = 0; i < 10; ++i) e.diagnosis.nodeToStatus["n" + std::to_string(i)] = st(Code::Unschedulable, {"Insufficient cpu"});
            for (const char* n : {"x", "y"}) e.diagnosis.nodeToStatus[n] = st(Code::UnschedulableAndUnresolvable, {"node(s) were unschedulable"});
            break;
    }
    QCOMPARE(QString::fromStdString(e.message()), expected);
}

void SchedulerCoreTest::numFeasibleNodesToFind_data() {
    QTest::addColumn<int>("nodes");
    QTest::addColumn<int>("percentage");  // -1: unset
    QTest::addColumn<int>("expected");
    QTest::newRow("under 100: all") << 50 << -1 << 50;
    QTest::newRow("100 nodes: 50% but at least 100") << 100 << -1 << 100;
    QTest::newRow("1000 nodes: 42%") << 1000 << -1 << 420;
    QTest::newRow("5000 nodes: 10%") << 5000 << -1 << 500;
    QTest::newRow("6000 nodes: floor 5%") << 6000 << -1 << 300;
    QTest::newRow("explicit 100%") << 5000 << 100 << 5000;
    QTest::newRow("explicit 10% of 500: at least 100") << 500 << 10 << 100;
    QTest::newRow("explicit 0 is adaptive") << 1000 << 0 << 420;
}

void SchedulerCoreTest::numFeasibleNodesToFind() {
    QFETCH(int, nodes);
    QFETCH(int, percentage);
    QFETCH(int, expected);
    SchedulingAlgorithm a;
    std::optional<int32_t> p;
    if (percentage >= 0) p = percentage;
    QCOMPARE(a.numFeasibleNodesToFind(p, nodes), expected);
    // A cluster-wide setting applies when the profile has none.
    SchedulingAlgorithm global(percentage >= 0 ? std::optional<int32_t>(percentage) : std::nullopt);
    QCOMPARE(global.numFeasibleNodesToFind(std::nullopt, nodes), expected);
}

void SchedulerCoreTest::mergePluginSet_data() {
    QTest::addColumn<QString>("custom");  // "enabled|disabled" names, comma-separated, name=weight
    QTest::addColumn<QString>("expected");
    QTest::newRow("nothing custom") << "|" << "A,B=3,C";
    QTest::newRow("re-configured default keeps its place") << "B=5|" << "A,B=5,C";
    QTest::newRow("new plugin appended") << "X|" << "A,B=3,C,X";
    QTest::newRow("disabled default") << "|A" << "B=3,C";
    QTest::newRow("star disables every default") << "X,B|*" << "X,B";
}

void SchedulerCoreTest::mergePluginSet() {
    QFETCH(QString, custom);
    QFETCH(QString, expected);
    config::PluginSet defaults;
    defaults.enabled = {{"A", 0}, {"B", 3}, {"C", 0}};
    config::PluginSet c;
    const auto parts = custom.split(QLatin1Char('|'));
    for (const auto& e : parts[0].split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const auto kv = e.split(QLatin1Char('='));
        c.enabled.push_back({kv[0].toStdString(), kv.size() > 1 ? kv[1].toInt() : 0});
    }
    for (const auto& d : parts[1].split(QLatin1Char(','), Qt::SkipEmptyParts)) c.disabled.push_back({d.toStdString(), 0});
    QCOMPARE(QString::fromStdString(names(config::mergePluginSet(defaults, c))), expected);
}

void SchedulerCoreTest::configErrors_data() {
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<QString>("expected");
    const QString head = QStringLiteral("apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\n");
    QTest::newRow("unknown top-level field") << head + "percentOfNodes: 5\n" << "c.yaml: strict decoding error: unknown field \"percentOfNodes\"";
    QTest::newRow("unknown plugin set field") << head + "profiles:\n- plugins:\n    score:\n      enable: []\n"
                                              << "c.yaml: strict decoding error: unknown field \"profiles[0].plugins.score.enable\"";
    QTest::newRow("percentage out of range") << head + "percentageOfNodesToScore: 120\n"
                                             << "c.yaml: percentageOfNodesToScore: Invalid value: 120: not in valid range [0-100]";
    QTest::newRow("duplicate scheduler name") << head + "profiles:\n- schedulerName: a\n- schedulerName: a\n"
                                              << "c.yaml: profiles[1].schedulerName: Duplicate value: \"profiles[0].schedulerName\"";
    QTest::newRow("old apiVersion") << "apiVersion: kubescheduler.config.k8s.io/v1beta2\nkind: KubeSchedulerConfiguration\n"
                                    << "c.yaml: apiVersion: no kind \"KubeSchedulerConfiguration\" is registered for version \"kubescheduler.config.k8s.io/v1beta2\" (Pilothouse reads kubescheduler.config.k8s.io/v1)";
    QTest::newRow("weight not a number") << head + "profiles:\n- plugins:\n    score:\n      enabled:\n      - {name: ImageLocality, weight: heavy}\n"
                                         << "c.yaml: profiles[0].plugins.score.enabled[0].weight: json: cannot unmarshal string into Go value of type int32";
    QTest::newRow("backoff order") << head + "podInitialBackoffSeconds: 5\npodMaxBackoffSeconds: 2\n"
                                   << "c.yaml: podMaxBackoffSeconds: Invalid value: 2: must be greater than or equal to PodInitialBackoffSeconds";
}

void SchedulerCoreTest::configErrors() {
    QFETCH(QString, yaml);
    QFETCH(QString, expected);
    auto cfg = config::loadConfiguration(yaml.toStdString(), "c.yaml");
    QVERIFY(!cfg.isOk());
    QCOMPARE(QString::fromStdString(cfg.status().message()), expected);
}

void SchedulerCoreTest::defaultProfileOrder() {
    // The default profile, built by the real runtime and registry: upstream's order and weights.
    testing::FakeHandle handle({testing::simpleNode("n")});
    framework::ClusterObjects objects;
    framework::Environment env;
    env.snapshot = &handle;
    env.objects = &objects;
    auto fwk = framework::Framework::create(config::defaultConfiguration().profiles[0], plugins::inTreeRegistry(), {}, env);
    QVERIFY2(fwk.isOk(), fwk.status().message().c_str());
    const std::vector<std::string> filters = {"NodeUnschedulable", "NodeName", "TaintToleration", "NodeAffinity", "NodePorts",
                                              "NodeResourcesFit", "VolumeRestrictions", "EBSLimits", "GCEPDLimits",
                                              "NodeVolumeLimits", "AzureDiskLimits", "VolumeBinding", "VolumeZone",
                                              "PodTopologySpread", "InterPodAffinity"};
    QCOMPARE((*fwk)->filterPluginNames(), filters);
    const std::vector<std::string> scores = {"TaintToleration", "NodeAffinity", "NodeResourcesFit", "VolumeBinding",
                                             "PodTopologySpread", "InterPodAffinity", "NodeResourcesBalancedAllocation",
                                             "ImageLocality"};
    QCOMPARE((*fwk)->scorePluginNames(), scores);
    QCOMPARE((*fwk)->scoreWeight("TaintToleration"), int64_t(3));
    QCOMPARE((*fwk)->scoreWeight("NodeAffinity"), int64_t(2));
    QCOMPARE((*fwk)->scoreWeight("PodTopologySpread"), int64_t(2));
    QCOMPARE((*fwk)->scoreWeight("InterPodAffinity"), int64_t(2));
    QCOMPARE((*fwk)->scoreWeight("VolumeBinding"), int64_t(1));
    QCOMPARE((*fwk)->scoreWeight("ImageLocality"), int64_t(1));
    QVERIFY((*fwk)->hasPostFilterPlugins());
}

void SchedulerCoreTest::frameworkErrors_data() {
    QTest::addColumn<QString>("plugins");
    QTest::addColumn<QString>("expected");
    QTest::newRow("unknown filter plugin") << "filter:\n      enabled:\n      - name: Foo\n" << "FilterPlugin \"Foo\" does not exist";
    QTest::newRow("unknown multiPoint plugin") << "multiPoint:\n      enabled:\n      - name: Foo\n" << "PreFilterPlugin \"Foo\" does not exist";
    QTest::newRow("plugin at a point it does not extend") << "filter:\n      enabled:\n      - name: ImageLocality\n"
                                                          << "plugin \"ImageLocality\" does not extend FilterPlugin plugin";
    QTest::newRow("no queue sort") << "queueSort:\n      disabled:\n      - name: '*'\n"
                                   << "only one queue sort plugin required for profile with scheduler name \"default-scheduler\", but got 0";
    QTest::newRow("no bind") << "bind:\n      disabled:\n      - name: '*'\n"
                             << "at least one bind plugin is needed for profile with scheduler name \"default-scheduler\"";
    // Upstream accepts any int32 weight: int32 weights cannot overflow its int64 total, so the
    // framework's overflow check never fires in practice. No row for it.
}

void SchedulerCoreTest::frameworkErrors() {
    QFETCH(QString, plugins);
    QFETCH(QString, expected);
    const std::string yaml = "apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\nprofiles:\n- schedulerName: default-scheduler\n  plugins:\n    " +
                             plugins.toStdString();
    auto cfg = config::loadConfiguration(yaml, "c.yaml");
    QVERIFY2(cfg.isOk(), cfg.status().message().c_str());
    testing::FakeHandle handle({testing::simpleNode("n")});
    framework::ClusterObjects objects;
    framework::Environment env;
    env.snapshot = &handle;
    env.objects = &objects;
    auto fwk = framework::Framework::create(cfg->profiles[0], plugins::inTreeRegistry(), {}, env);
    QVERIFY(!fwk.isOk());
    QCOMPARE(QString::fromStdString(fwk.status().message()), expected);
}

void SchedulerCoreTest::nodeTreeRoundRobin() {
    cache::NodeTree tree;
    tree.addNode(*testing::simpleNode("a1", {}, {{"topology.kubernetes.io/zone", "z1"}}));
    tree.addNode(*testing::simpleNode("a2", {}, {{"topology.kubernetes.io/zone", "z1"}}));
    tree.addNode(*testing::simpleNode("a3", {}, {{"topology.kubernetes.io/zone", "z1"}}));
    tree.addNode(*testing::simpleNode("b1", {}, {{"topology.kubernetes.io/zone", "z2"}}));
    tree.addNode(*testing::simpleNode("none"));
    const std::vector<std::string> expected = {"a1", "b1", "none", "a2", "a3"};
    QCOMPARE(tree.list(), expected);
    tree.removeNode(*testing::simpleNode("b1", {}, {{"topology.kubernetes.io/zone", "z2"}}));
    const std::vector<std::string> after = {"a1", "none", "a2", "a3"};
    QCOMPARE(tree.list(), after);
}

void SchedulerCoreTest::cacheAssumeForgetAdd() {
    cache::Cache c;
    cache::Snapshot snap;
    c.addNode(testing::simpleNode("n1"));
    c.addNode(testing::simpleNode("n2"));
    c.updateSnapshot(snap);
    QCOMPARE(int(snap.numNodes()), 2);
    auto p = testing::pod("metadata: {name: p}\nspec:\n  containers: [{name: c, resources: {requests: {cpu: 500m}}}]\n");
    auto bound = std::make_shared<framework::Pod>(*p);
    bound->mutable_spec()->set_node_name("n1");
    c.assumePod(bound);
    QVERIFY(c.isAssumed(*bound));
    c.updateSnapshot(snap);
    QCOMPARE(snap.get("n1")->requested().milliCPU, int64_t(500));
    // Binding failed: forgotten, and the next snapshot no longer counts it.
    c.forgetPod(*bound);
    c.updateSnapshot(snap);
    QCOMPARE(snap.get("n1")->requested().milliCPU, int64_t(0));
    // Assumed, then confirmed by the informer: counted once.
    c.assumePod(bound);
    c.finishBinding(*bound);
    c.addPod(bound);
    QVERIFY(!c.isAssumed(*bound));
    c.updateSnapshot(snap);
    QCOMPARE(snap.get("n1")->requested().milliCPU, int64_t(500));
    QCOMPARE(int(snap.get("n1")->pods().size()), 1);
    c.removePod(*bound);
    c.removeNode(*testing::simpleNode("n2"));
    c.updateSnapshot(snap);
    QCOMPARE(int(snap.numNodes()), 1);
    QCOMPARE(snap.get("n1")->requested().milliCPU, int64_t(0));
}

// ImageLocality's counts as kube-scheduler v1.28's cache keeps them: a node's summary of each of
// its images (size, number of nodes having it) is taken when the node is added or updated and not
// refreshed when other nodes come or go. Each row: node events in order ("+a:x,y" adds node a with
// images x and y, "~a:x" updates it, "-a" removes it), then the cached summaries
// "node:image=numNodes/sizeMiB ..." and the number of images the cache knows.
void SchedulerCoreTest::cacheImageStatesAtArrival_data() {
    QTest::addColumn<QString>("events");
    QTest::addColumn<QString>("summaries");
    QTest::addColumn<int>("images");
    QTest::newRow("each node counts those before it") << "+a:x +b:x +c:x" << "a:x=1/1 b:x=2/1 c:x=3/1" << 1;
    QTest::newRow("an update takes the count again") << "+a:x +b:x ~a:x" << "a:x=2/1 b:x=2/1" << 1;
    QTest::newRow("an update that drops the image") << "+a:x +b:x ~a:y" << "a:y=1/1 b:x=2/1" << 2;
    QTest::newRow("a removed node is not counted by later arrivals") << "+a:x +b:x -a +c:x" << "b:x=2/1 c:x=2/1" << 1;
    QTest::newRow("nodes without the image do not count") << "+a:x +b:y +c:x" << "a:x=1/1 b:y=1/1 c:x=2/1" << 2;
    QTest::newRow("size of the node that brought it first") << "+a:x@5 +b:x@9" << "a:x=1/5 b:x=2/5" << 1;
    QTest::newRow("a name twice on one node counts the node once") << "+a:x,x +b:x" << "a:x=1/1 b:x=2/1" << 1;
    QTest::newRow("an image no node has any more is forgotten") << "+a:x +b:y -a" << "b:y=1/1" << 1;
    QTest::newRow("gone and brought back: the new node's size") << "+a:x@5 -a +b:x@9" << "b:x=1/9" << 1;
}

void SchedulerCoreTest::cacheImageStatesAtArrival() {
    QFETCH(QString, events);
    QFETCH(QString, summaries);
    QFETCH(int, images);
    // "a:x@5,y" -> a node named a with image x of 5 MiB and image y of 1 MiB.
    auto nodeOf = [](const QString& spec) {
        const QStringList parts = spec.split(QLatin1Char(':'));
        auto node = testing::simpleNode(parts[0].toStdString());
        auto n = std::make_shared<framework::Node>(*node);
        if (parts.size() > 1)
            for (const QString& image : parts[1].split(QLatin1Char(','))) {
                const QStringList nameSize = image.split(QLatin1Char('@'));
                auto* i = n->mutable_status()->add_images();
                i->add_names(nameSize[0].toStdString());
                i->set_size_bytes((nameSize.size() > 1 ? nameSize[1].toLongLong() : 1) * 1024 * 1024);
            }
        return std::shared_ptr<const framework::Node>(n);
    };
    cache::Cache c;
    std::map<std::string, std::shared_ptr<const framework::Node>> nodes;
    for (const QString& e : events.split(QLatin1Char(' '))) {
        auto n = nodeOf(e.mid(1));
        if (e.startsWith(QLatin1Char('+'))) c.addNode(n);
        else if (e.startsWith(QLatin1Char('~'))) c.updateNode(n);
        else c.removeNode(*nodes[n->metadata().name()]);
        nodes[n->metadata().name()] = n;
    }
    cache::Snapshot snap;
    c.updateSnapshot(snap);
    QStringList got;
    for (const framework::NodeInfo* info : snap.list())
        for (const auto& [image, summary] : info->imageStates())
            got << QStringLiteral("%1:%2=%3/%4")
                       .arg(QString::fromStdString(info->nodeName()), QString::fromStdString(image))
                       .arg(summary.numNodes)
                       .arg(summary.size / (1024 * 1024));
    got.sort();
    QCOMPARE(got.join(QLatin1Char(' ')), summaries);
    QCOMPARE(int(c.imageCount()), images);
}

// Cache::updatePod read the new pod's uid after moving the pointer away (the right-hand side of
// an assignment is evaluated first) and crashed on the first update of a bound pod.
void SchedulerCoreTest::regressionCacheUpdatePodUsedMovedPointer() {
    cache::Cache c;
    cache::Snapshot snap;
    c.addNode(testing::simpleNode("n1"));
    auto p = testing::pod("metadata: {name: p}\nspec:\n  nodeName: n1\n  containers: [{name: c, resources: {requests: {cpu: 500m}}}]\n");
    c.addPod(p);
    auto changed = std::make_shared<framework::Pod>(*p);
    (*changed->mutable_metadata()->mutable_labels())["tier"] = "front";
    c.updatePod(p, changed);
    c.updatePod(changed, changed);
    c.updateSnapshot(snap);
    QCOMPARE(int(snap.get("n1")->pods().size()), 1);
    QCOMPARE(snap.get("n1")->requested().milliCPU, int64_t(500));
    QCOMPARE(snap.get("n1")->pods()[0]->pod->metadata().labels().at("tier"), std::string("front"));
}

QTEST_APPLESS_MAIN(SchedulerCoreTest)
