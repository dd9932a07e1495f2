#include "drain_test.h"

#include <QtTest>

#include "api/object.h"
#include "cluster/drain.h"
#include "core_v1.pb.h"
#include "policy_v1.pb.h"
#include "testing/scenario_run.h"

using namespace pilothouse;
namespace core = k8s::io::api::core::v1;
namespace policy = k8s::io::api::policy::v1;
using namespace std::chrono_literals;

namespace {

cluster::Scenario load(const std::string& yaml) {
    std::vector<std::string> warnings;
    auto s = cluster::loadScenario(yaml, "drain.yaml", &warnings);
    if (!s) qFatal("%s", s.status().message().c_str());
    return std::move(*s);
}

// A scenario on the standard components, as `pilothousectl simulate` runs it.
struct Run : testing::ScenarioRun {
    explicit Run(const std::string& yaml) : ScenarioRun(load(yaml)) {}

    std::vector<core::Pod> pods(const std::string& app) {
        apiserver::Request r;
        r.verb = "list";
        r.type = api::Scheme::instance().byName("pods");
        r.labelSelector = "app=" + app;
        std::vector<core::Pod> out;
        for (auto& p : cluster->apiServer().handle(r).items) out.push_back(static_cast<const core::Pod&>(*p));
        return out;
    }
    // The actions' lines for `action`, "ok|message" or "error|message".
    QStringList lines(const std::string& action) const {
        QStringList out;
        for (const auto& r : runner->results())
            if (r.action == action)
                out << QString::fromStdString((r.ok ? "ok|" : "error|") + r.message);
        return out;
    }
};

bool isReady(const core::Pod& p) {
    for (const auto& c : p.status().conditions())
        if (c.type() == "Ready") return c.status() == "True";
    return false;
}

std::string node(const std::string& name, bool cordoned) {
    return "---\napiVersion: v1\nkind: Node\nmetadata: {name: " + name + ", labels: {kubernetes.io/hostname: " + name +
           "}}\nspec: {unschedulable: " + (cordoned ? "true" : "false") +
           "}\nstatus: {capacity: {cpu: \"4\", memory: 8Gi, pods: \"110\"}}\n";
}

std::string deployment(int replicas) {
    return "---\napiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  replicas: " +
           std::to_string(replicas) +
           "\n  selector: {matchLabels: {app: web}}\n  template:\n    metadata: {labels: {app: web}}\n    spec:\n"
           "      containers: [{name: nginx, image: nginx:1.25, resources: {requests: {cpu: 100m}}}]\n";
}

std::string budget(const std::string& rule) {
    return "---\napiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata: {name: web-pdb}\nspec:\n  " + rule +
           "\n  selector: {matchLabels: {app: web}}\n";
}

std::string barePod(const std::string& name, const std::string& app) {
    return "---\napiVersion: v1\nkind: Pod\nmetadata: {name: " + name + ", labels: {app: " + app +
           "}}\nspec:\n  terminationGracePeriodSeconds: 5\n  containers: [{name: c, image: nginx:1.25}]\n";
}

std::string scenario(const std::string& actions) {
    return "apiVersion: pilothouse.dev/v1alpha1\nkind: Scenario\nmetadata: {name: drain}\nspec:\n  seed: 3\n  actions:\n" +
           actions;
}

}  // namespace

void DrainTest::goDuration_data() {
    QTest::addColumn<qint64>("nanos");
    QTest::addColumn<QString>("text");
    QTest::newRow("minutes") << qint64(300'000'000'000) << "5m0s";
    QTest::newRow("seconds") << qint64(30'000'000'000) << "30s";
    QTest::newRow("compound") << qint64(90'500'000'000) << "1m30.5s";
    QTest::newRow("hours") << qint64(3'600'000'000'000) << "1h0m0s";
    QTest::newRow("millis") << qint64(500'000'000) << "500ms";
}

void DrainTest::goDuration() {
    QFETCH(qint64, nanos);
    QFETCH(QString, text);
    QCOMPARE(QString::fromStdString(cluster::goDuration(sim::Duration(nanos))), text);
}

void DrainTest::scenarioErrors_data() {
    QTest::addColumn<QString>("actions");
    QTest::addColumn<QString>("error");
    QTest::newRow("drain without node") << "  - {at: 5s, action: drain}\n"
                                        << "drain.yaml: document 1: spec.actions[0].node: Required value for action drain";
    QTest::newRow("evict without name") << "  - {at: 5s, action: evict, namespace: default}\n"
                                        << "drain.yaml: document 1: spec.actions[0].name: Required value for action evict";
    QTest::newRow("bad timeout") << "  - {at: 5s, action: drain, node: n, timeout: forever}\n"
                                 << "drain.yaml: document 1: spec.actions[0].timeout: invalid duration \"forever\"";
    QTest::newRow("timeout elsewhere") << "  - {at: 5s, action: cordon, node: n, timeout: 1m}\n"
                                       << "drain.yaml: document 1: spec.actions[0].timeout: only the drain action takes a timeout";
}

void DrainTest::scenarioErrors() {
    QFETCH(QString, actions);
    QFETCH(QString, error);
    std::vector<std::string> warnings;
    auto s = cluster::loadScenario(scenario(actions.toStdString()), "drain.yaml", &warnings);
    QVERIFY(!s);
    QCOMPARE(QString::fromStdString(s.status().message()), error);
}

void DrainTest::evictAction() {
    Run run(scenario("  - {at: 30s, action: evict, name: web-1}\n"
                     "  - {at: 31s, action: evict, name: lone}\n"
                     "  - {at: 32s, action: evict, name: ghost}\n") +
            node("node-1", false) + barePod("web-1", "web") + barePod("web-2", "web") + barePod("lone", "solo") +
            budget("minAvailable: 2"));
    run.runUntil(1min);
    QCOMPARE(run.lines("evict"),
             QStringList({"error|error when evicting pods/\"web-1\" -n \"default\" (will retry after 5s): Cannot evict "
                          "pod as it would violate the pod's disruption budget.",
                          "ok|pod/lone evicted",
                          "error|error when evicting pods/\"ghost\" -n \"default\": pods \"ghost\" not found"}));
    // web-1 still runs; lone is gone after its grace period.
    QCOMPARE(run.pods("web").size(), size_t(2));
    QVERIFY(run.pods("solo").empty());
}

void DrainTest::drainMovesPodsWithinBudget() {
    const std::string daemonSet =
        "---\napiVersion: apps/v1\nkind: DaemonSet\nmetadata: {name: agent}\nspec:\n  selector: {matchLabels: {app: "
        "agent}}\n  template:\n    metadata: {labels: {app: agent}}\n    spec: {containers: [{name: a, image: busybox:1.36}]}\n";
    // All four replicas start on node-1 (the others are cordoned); at 1m the others open, at 1m10s
    // node-1 is drained. maxUnavailable 1: one pod may be away at a time.
    Run run(scenario("  - {at: 1m, action: uncordon, node: node-2}\n"
                     "  - {at: 1m, action: uncordon, node: node-3}\n"
                     "  - {at: 70s, action: drain, node: node-1, timeout: 10m}\n") +
            node("node-1", false) + node("node-2", true) + node("node-3", true) + deployment(4) +
            budget("maxUnavailable: 1") + daemonSet);
    run.runUntil(69s);
    auto before = run.pods("web");
    QCOMPARE(before.size(), size_t(4));
    for (const auto& p : before) {
        QCOMPARE(p.spec().node_name(), std::string("node-1"));
        QVERIFY(isReady(p));
    }
    // Through the drain, never fewer than 3 web pods Ready and not terminating.
    int lowest = 4;
    for (auto t = 70s; t <= 10min; t += 1s) {
        run.runUntil(t);
        int healthy = 0;
        for (const auto& p : run.pods("web"))
            if (isReady(p) && !p.metadata().has_deletion_timestamp()) ++healthy;
        lowest = std::min(lowest, healthy);
    }
    QVERIFY2(lowest >= 3, qPrintable(QString::number(lowest)));

    const QStringList lines = run.lines("drain");
    QVERIFY(!lines.isEmpty());
    QCOMPARE(lines.first(), QStringLiteral("ok|node/node-1 cordoned"));
    QCOMPARE(lines.last(), QStringLiteral("ok|node/node-1 drained"));
    QCOMPARE(lines.filter(QRegularExpression("^ok\\|Warning: ignoring DaemonSet-managed Pods: default/agent-")).size(), 1);
    QCOMPARE(lines.filter(QRegularExpression("^ok\\|pod/web-.* evicted$")).size(), 4);
    // The budget refused some evictions, tried again 5 s later, as kubectl does.
    const QStringList refused = lines.filter(QRegularExpression(
        "^error\\|error when evicting pods/\"web-[a-z0-9-]+\" -n \"default\" \\(will retry after 5s\\): Cannot evict pod as "
        "it would violate the pod's disruption budget\\.$"));
    QVERIFY(refused.size() >= 3);
    QVERIFY(lines.filter(QRegularExpression("^ok\\|evicting pod default/web-")).size() > 4);

    // Every web pod now runs on node-2 or node-3; the DaemonSet's pod stayed on node-1.
    auto after = run.pods("web");
    QCOMPARE(after.size(), size_t(4));
    for (const auto& p : after) {
        QVERIFY(p.spec().node_name() == "node-2" || p.spec().node_name() == "node-3");
        QVERIFY(isReady(p));
    }
    bool agentOnNode1 = false;
    for (const auto& p : run.pods("agent")) agentOnNode1 = agentOnNode1 || p.spec().node_name() == "node-1";
    QVERIFY(agentOnNode1);
    apiserver::Request get;
    get.verb = "get";
    get.type = api::Scheme::instance().byName("poddisruptionbudgets");
    get.namespace_ = "default";
    get.name = "web-pdb";
    auto pdb = run.cluster->apiServer().handle(get);
    QVERIFY(pdb.ok());
    const auto& st = static_cast<const policy::PodDisruptionBudget&>(*pdb.object).status();
    QCOMPARE(st.expected_pods(), 4);
    QCOMPARE(st.current_healthy(), 4);
    QCOMPARE(st.desired_healthy(), 3);
    QCOMPARE(st.disruptions_allowed(), 1);
    QVERIFY(st.disrupted_pods().empty());
}

void DrainTest::drainRefusesBarePods() {
    Run run(scenario("  - {at: 30s, action: drain, node: node-1}\n") + node("node-1", false) +
            barePod("web-1", "web") + barePod("web-2", "web"));
    run.runUntil(1min);
    QCOMPARE(run.lines("drain"),
             QStringList({"ok|node/node-1 cordoned",
                          "error|unable to drain node \"node-1\" due to error: cannot delete Pods that declare no "
                          "controller (use --force to override): default/web-1, default/web-2, continuing command..."}));
    QCOMPARE(run.pods("web").size(), size_t(2));
}

void DrainTest::drainTimesOut() {
    Run run(scenario("  - {at: 1m, action: drain, node: node-1, timeout: 30s}\n") + node("node-1", false) +
            deployment(2) + budget("minAvailable: 2"));
    run.runUntil(3min);
    const QStringList lines = run.lines("drain");
    QVERIFY(!lines.isEmpty());
    QCOMPARE(lines.first(), QStringLiteral("ok|node/node-1 cordoned"));
    // Tried at 0 s, 5 s, ... 25 s, then at 30 s the timeout has come.
    QCOMPARE(lines.filter(QRegularExpression("will retry after 5s")).size(), 12);
    QVERIFY(lines.last().startsWith(
        QStringLiteral("error|unable to drain node \"node-1\" due to error: [error when evicting pods/\"web-")));
    QVERIFY(lines.last().endsWith(QStringLiteral("\" -n \"default\": global timeout reached: 30s], continuing command...")));
    QCOMPARE(run.pods("web").size(), size_t(2));
}

void DrainTest::nodeDrainScenario() {
    QFile file(QStringLiteral(PH_SOURCE_DIR "/resources/scenarios/node-drain.yaml"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    Run run(file.readAll().toStdString());
    run.runUntil(10min);
    const QStringList lines = run.lines("drain");
    QVERIFY(!lines.isEmpty());
    QCOMPARE(lines.last(), QStringLiteral("ok|node/node-1 drained"));
    QVERIFY(lines.filter(QStringLiteral("(will retry after 5s)")).size() >= 3);
    int ready = 0;
    for (const auto& p : run.pods("web")) {
        QVERIFY(p.spec().node_name() != "node-1");
        ready += isReady(p) ? 1 : 0;
    }
    QCOMPARE(ready, 4);
}

QTEST_GUILESS_MAIN(DrainTest)
