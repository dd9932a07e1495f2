#include "snapshot_scenario_test.h"

#include <QtTest>

#include "api/codec/json.h"
#include "api/codec/proto_json.h"
#include "api/object.h"
#include "cluster/cluster.h"
#include "cluster/components.h"
#include "cluster/scenario_runner.h"
#include "cluster/scenario_writer.h"
#include "cluster/snapshot_scenario.h"
#include "core_v1.pb.h"
#include "testing/scenario_run.h"

using namespace pilothouse;
namespace core = k8s::io::api::core::v1;
using namespace std::chrono_literals;

namespace {

const std::string kRealSnapshot = PH_SOURCE_DIR "/tests/unit/pilothousectl_schedule/data/real-cluster.yaml";

// A scenario on the standard components, with the scenario's scheduler configuration, as the GUI
// and `pilothousectl simulate` run it.
struct Run : testing::ScenarioRun {
    using ScenarioRun::ScenarioRun;
    std::vector<std::shared_ptr<const google::protobuf::Message>> list(const char* resource) {
        apiserver::Request r;
        r.verb = "list";
        r.type = api::Scheme::instance().byName(resource);
        std::vector<std::shared_ptr<const google::protobuf::Message>> out;
        for (auto& o : cluster->apiServer().handle(r).items) out.push_back(std::move(o));
        return out;
    }
    const core::Pod* pod(const std::string& name) {
        for (const auto& p : list("pods"))
            if (api::metadata(*p).name() == name) {
                held_.push_back(p);
                return static_cast<const core::Pod*>(p.get());
            }
        return nullptr;
    }
    std::vector<std::shared_ptr<const google::protobuf::Message>> held_;
};

cluster::Scenario snapshot(const std::string& yaml, std::vector<std::string>* warnings = nullptr) {
    auto s = cluster::scenarioFromSnapshot({{"cluster.yaml", yaml}}, warnings);
    if (!s) qFatal("%s", s.status().message().c_str());
    return std::move(*s);
}

QString readFile(const std::string& path) {
    QFile f(QString::fromStdString(path));
    if (!f.open(QIODevice::ReadOnly)) qFatal("cannot read %s", path.c_str());
    return QString::fromUtf8(f.readAll());
}

}  // namespace

// The example answered by a real v1.28.7 control plane: web-1 and db-0 bound, big-1 pending with
// the real kube-scheduler's message.
void SnapshotScenarioTest::realSnapshotIsExplainedAsTheRealScheduler() {
    std::vector<std::string> warnings;
    auto s = cluster::scenarioFromSnapshotFiles({kRealSnapshot}, &warnings);
    QVERIFY2(s.isOk(), s.status().message().c_str());
    QCOMPARE(s->name, std::string("real-cluster"));
    QVERIFY2(s->description.find("4 node(s), 3 pod(s), 1 of them not bound") != std::string::npos, s->description.c_str());
    Run run(std::move(*s));
    run.runUntil(60s);
    const core::Pod* web = run.pod("web-1");
    const core::Pod* db = run.pod("db-0");
    const core::Pod* big = run.pod("big-1");
    QVERIFY(web && db && big);
    QCOMPARE(web->spec().node_name(), std::string("node-d"));
    QCOMPARE(db->spec().node_name(), std::string("node-c"));
    QCOMPARE(web->status().phase(), std::string("Running"));
    QVERIFY(big->spec().node_name().empty());
    const QString expected = QStringLiteral(
        "0/4 nodes are available: 1 node(s) had untolerated taint {dedicated: gpu}, 3 Insufficient cpu. preemption: "
        "0/4 nodes are available: 1 Preemption is not helpful for scheduling, 3 No preemption victims found for "
        "incoming pod..");
    QString condition;
    for (const auto& c : big->status().conditions())
        if (c.type() == "PodScheduled") condition = QString::fromStdString(c.reason() + ": " + c.message());
    QCOMPARE(condition, QStringLiteral("Unschedulable: ") + expected);
    bool event = false;
    for (const auto& e : run.list("events")) {
        const auto& ev = static_cast<const core::Event&>(*e);
        event = event || (ev.involved_object().name() == "big-1" && ev.reason() == "FailedScheduling" &&
                          QString::fromStdString(ev.message()) == expected);
    }
    QVERIFY(event);
}

void SnapshotScenarioTest::serverFieldsAreTakenOut() {
    std::vector<std::string> warnings;
    auto s = snapshot(readFile(kRealSnapshot).toStdString() + R"(
---
apiVersion: v1
kind: Pod
metadata:
  name: owned
  namespace: shop
  uid: 11111111-2222-3333-4444-555555555555
  resourceVersion: "9"
  ownerReferences: [{apiVersion: apps/v1, kind: ReplicaSet, name: web-abc, uid: 0f0f, controller: true}]
  managedFields: [{manager: kubectl, operation: Update}]
spec: {containers: [{name: c, image: nginx}]}
status: {phase: Running, podIP: 10.0.0.9}
---
apiVersion: v1
kind: Event
metadata: {name: e1, namespace: default}
involvedObject: {kind: Pod, name: web-1}
reason: Scheduled
---
apiVersion: example.com/v1
kind: Widget
metadata: {name: w}
)", &warnings);
    QStringList kinds;
    for (const auto& m : s.objects) kinds << QString::fromStdString(m.kind + "/" + api::metadata(*m.object).name());
    // Namespaces first (shop is made for the pod), then PriorityClasses, Nodes, Pods; no Event.
    QCOMPARE(kinds, QStringList({"Namespace/default", "Namespace/shop", "PriorityClass/system-cluster-critical",
                                 "PriorityClass/system-node-critical", "Node/node-a", "Node/node-b", "Node/node-c",
                                 "Node/node-d", "Pod/big-1", "Pod/db-0", "Pod/web-1", "Pod/owned"}));
    for (const auto& m : s.objects) {
        const auto& meta = api::metadata(*m.object);
        QVERIFY(meta.uid().empty());
        QVERIFY(meta.resource_version().empty());
        QCOMPARE(meta.managed_fields_size(), 0);
        QCOMPARE(meta.owner_references_size(), 0);
        QVERIFY(meta.creation_timestamp().empty());
        if (m.kind == "Pod") QVERIFY(!static_cast<const core::Pod&>(*m.object).has_status());
        if (m.kind == "Node") {
            const auto& status = static_cast<const core::Node&>(*m.object).status();
            QVERIFY(!status.capacity().empty() && status.conditions().empty() && !status.has_node_info());
        }
    }
    QString all;
    for (const auto& w : warnings) all += QString::fromStdString(w) + u'\n';
    QVERIFY2(all.contains(QStringLiteral("cluster.yaml: document 4: kind \"Widget\" (example.com/v1) is not served; skipped")), qPrintable(all));
    QVERIFY2(all.contains(QStringLiteral("ownerReferences were dropped")), qPrintable(all));
    // Saved (a workspace writes its scenario) from the typed objects, and read back the same.
    std::vector<std::string> reread;
    auto saved = cluster::loadScenario(cluster::writeScenario(s), "saved.yaml", &reread);
    QVERIFY2(saved.isOk(), saved.status().message().c_str());
    QCOMPARE(saved->objects.size(), s.objects.size());
    for (size_t i = 0; i < s.objects.size(); ++i) {
        QVERIFY2(saved->objects[i].object, saved->objects[i].kind.c_str());
        QCOMPARE(codec::toJson(codec::encodeMessage(*saved->objects[i].object)), codec::toJson(codec::encodeMessage(*s.objects[i].object)));
    }
    QVERIFY2(reread.empty(), reread.empty() ? "" : reread.front().c_str());
    // The pod of another namespace runs in it.
    Run run(std::move(s));
    run.runUntil(30s);
    const core::Pod* owned = run.pod("owned");
    QVERIFY(owned);
    QCOMPARE(owned->metadata().namespace_(), std::string("shop"));
    QVERIFY(!owned->spec().node_name().empty());
}

void SnapshotScenarioTest::badSnapshots_data() {
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<QString>("error");
    QTest::newRow("syntax") << QStringLiteral("apiVersion: v1\nkind: Node\nmetadata: {name: [\n")
                            << QStringLiteral("error parsing cluster.yaml: error converting YAML to JSON: yaml: line 3: did not find expected node content");
    QTest::newRow("empty") << QString() << QStringLiteral("cluster.yaml: no objects in the file");
    QTest::newRow("bad field") << QStringLiteral("apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Pod\n  metadata: {name: p}\n  spec: {containers: [{name: c, image: x, ports: [{containerPort: many}]}]}\n")
                               << QStringLiteral("cluster.yaml: document 1, items[0]: Pod in version \"v1\" cannot be handled as a Pod: spec.containers[0].ports[0].containerPort:");
}

void SnapshotScenarioTest::badSnapshots() {
    QFETCH(QString, yaml);
    QFETCH(QString, error);
    std::vector<std::string> warnings;
    auto s = cluster::scenarioFromSnapshot({{"cluster.yaml", yaml.toStdString()}}, &warnings);
    QVERIFY(!s.isOk());
    QVERIFY2(QString::fromStdString(s.status().message()).startsWith(error), s.status().message().c_str());
    auto missing = cluster::scenarioFromSnapshotFiles({"/nonexistent/cluster.yaml"}, &warnings);
    QCOMPARE(missing.status().message(), std::string("the path \"/nonexistent/cluster.yaml\" does not exist"));  // kubectl's words
}

// Two 4-cpu nodes; pods of 1 cpu arrive one by one. With the default LeastAllocated they
// alternate; after kube-scheduler is restarted with MostAllocated, they pile onto the fuller node.
void SnapshotScenarioTest::schedulerConfigurationSwitchedLive() {
    std::string yaml = R"(
apiVersion: pilothouse.dev/v1alpha1
kind: Scenario
metadata: {name: packing}
spec:
  seed: 3
  actions:
  - {at: 30s, action: configureScheduler, configuration: {apiVersion: kubescheduler.config.k8s.io/v1, kind: KubeSchedulerConfiguration,
      profiles: [{schedulerName: default-scheduler, pluginConfig: [{name: NodeResourcesFit, args: {scoringStrategy: {type: MostAllocated}}}]}]}}
)";
    for (int i = 0; i < 4; ++i)
        yaml += "  - {at: " + std::to_string(1 + i) + "s, action: apply, manifest: {apiVersion: v1, kind: Pod, metadata: {name: least-" +
                std::to_string(i) + "}, spec: {containers: [{name: c, image: nginx, resources: {requests: {cpu: '1'}}}]}}}\n";
    for (int i = 0; i < 2; ++i)
        yaml += "  - {at: " + std::to_string(31 + i) + "s, action: apply, manifest: {apiVersion: v1, kind: Pod, metadata: {name: most-" +
                std::to_string(i) + "}, spec: {containers: [{name: c, image: nginx, resources: {requests: {cpu: '1'}}}]}}}\n";
    for (const char* node : {"a", "b"})
        yaml += std::string("---\napiVersion: v1\nkind: Node\nmetadata: {name: ") + node + ", labels: {kubernetes.io/hostname: " + node +
                "}}\nstatus: {capacity: {cpu: '8', memory: 16Gi, pods: '110'}}\n";
    std::vector<std::string> warnings;
    auto s = cluster::loadScenario(yaml, "packing.yaml", &warnings);
    QVERIFY2(s.isOk(), s.status().message().c_str());
    Run run(std::move(*s));
    run.runUntil(29s);
    std::map<std::string, int> perNode;
    for (int i = 0; i < 4; ++i) ++perNode[run.pod("least-" + std::to_string(i))->spec().node_name()];
    QCOMPARE(perNode, (std::map<std::string, int>{{"a", 2}, {"b", 2}}));  // spread
    run.runUntil(40s);
    // After the restart, both new pods go to the same node (the one the first chose): packed.
    const std::string first = run.pod("most-0")->spec().node_name();
    QVERIFY(!first.empty());
    QCOMPARE(run.pod("most-1")->spec().node_name(), first);
    auto* sched = dynamic_cast<cluster::SchedulerComponent*>(run.cluster->find("kube-scheduler"));
    QVERIFY(sched);
    QCOMPARE(sched->configuration().profiles.at(0).pluginConfig.size() > 0, true);
    bool restarted = false;
    for (const auto& r : run.runner->results())
        restarted = restarted || (r.action == "configureScheduler" && r.ok && r.message == "kube-scheduler restarted with the new configuration");
    QVERIFY(restarted);
}

void SnapshotScenarioTest::badConfigurations_data() {
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<QString>("error");
    QTest::newRow("unknown field in the document")
        << QStringLiteral("apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\nprofilez: []\n")
        << QStringLiteral("s.yaml: document 1: strict decoding error: unknown field \"profilez\"");
    QTest::newRow("two configurations")
        << QStringLiteral("apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\n---\napiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\n")
        << QStringLiteral("s.yaml: document 2: kind: a file holds at most one KubeSchedulerConfiguration");
    QTest::newRow("action without configuration")
        << QStringLiteral("apiVersion: pilothouse.dev/v1alpha1\nkind: Scenario\nspec:\n  actions: [{at: 1s, action: configureScheduler}]\n")
        << QStringLiteral("s.yaml: document 1: spec.actions[0].configuration: Required value for action configureScheduler");
    QTest::newRow("bad weight in an action")
        << QStringLiteral("apiVersion: pilothouse.dev/v1alpha1\nkind: Scenario\nspec:\n  actions: [{at: 1s, action: configureScheduler, configuration: "
                          "{apiVersion: kubescheduler.config.k8s.io/v1, kind: KubeSchedulerConfiguration, profiles: [{plugins: {score: {enabled: [{name: ImageLocality, weight: x}]}}}]}}]\n")
        << QStringLiteral("s.yaml: document 1: spec.actions[0].configuration: profiles[0].plugins.score.enabled[0].weight");
    QTest::newRow("configuration on another action")
        << QStringLiteral("apiVersion: pilothouse.dev/v1alpha1\nkind: Scenario\nspec:\n  actions: [{at: 1s, action: cordon, node: a, configuration: {}}]\n")
        << QStringLiteral("s.yaml: document 1: spec.actions[0].configuration: only the configureScheduler action takes a configuration");
}

void SnapshotScenarioTest::badConfigurations() {
    QFETCH(QString, yaml);
    QFETCH(QString, error);
    std::vector<std::string> warnings;
    auto s = cluster::loadScenario(yaml.toStdString(), "s.yaml", &warnings);
    QVERIFY(!s.isOk());
    QVERIFY2(QString::fromStdString(s.status().message()).startsWith(error), s.status().message().c_str());
}

QTEST_GUILESS_MAIN(SnapshotScenarioTest)
