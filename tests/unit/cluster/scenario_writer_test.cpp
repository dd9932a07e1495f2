#include "scenario_writer_test.h"

#include <QDir>
#include <QtTest>

#include "api/codec/yaml.h"
#include "cluster/scenario_writer.h"
#include "cluster/snapshot_scenario.h"

using namespace pilothouse;
using namespace std::chrono_literals;

Q_DECLARE_METATYPE(std::string)

namespace {

cluster::Scenario load(const std::string& text, const std::string& source) {
    std::vector<std::string> warnings;
    auto s = cluster::loadScenario(text, source, &warnings);
    if (!s) qFatal("%s", s.status().message().c_str());
    return std::move(*s);
}

QString readFile(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) qFatal("cannot read %s", qPrintable(path));
    return QString::fromUtf8(f.readAll());
}

}  // namespace

void ScenarioWriterTest::roundTrip_data() {
    QTest::addColumn<std::string>("text");
    const QDir dir(QStringLiteral(PH_SOURCE_DIR "/resources/scenarios"));
    for (const QString& f : dir.entryList({QStringLiteral("*.yaml")}, QDir::Files, QDir::Name))
        QTest::newRow(qPrintable(f)) << readFile(dir.filePath(f)).toStdString();
    // Actions of every kind, as the GUI records them, and a scheduler configuration.
    QTest::newRow("recorded") << std::string(R"(
apiVersion: pilothouse.dev/v1alpha1
kind: Scenario
metadata: {name: recorded}
spec:
  description: Everything a user can do.
  learningGoal: That it replays.
  seed: 42
  epoch: "2026-11-29T09:00:00Z"
  actions:
  - {at: 1.5s, action: apply, manifest: {apiVersion: v1, kind: Pod, metadata: {name: p, namespace: default}, spec: {containers: [{name: c, image: nginx}]}}}
  - {at: 2m0.000000001s, action: patch, kind: Node, name: a, patch: {status: {capacity: {cpu: "2"}}}, subresource: status}
  - {at: 1h2m3s, action: delete, kind: Pod, name: p, namespace: default, gracePeriodSeconds: 0, cascade: foreground}
  - {at: 3s, action: delete, kind: Pod, selector: app=web}
  - {at: 4s, action: scale, kind: Deployment, name: web, replicas: 0}
  - {at: 5s, action: drain, node: a, timeout: 30s}
  - {at: 6s, action: breakProbe, name: p, probe: readiness, container: c, broken: false}
  - {at: 7s, action: evict, name: p, namespace: default}
  - {at: 8s, action: failNode, node: a}
  - {at: 9s, action: imageMissing, image: nginx}
  - {at: 11s, action: bind, name: p, namespace: default, node: a}
  - {at: 10s, action: configureScheduler, configuration: {apiVersion: kubescheduler.config.k8s.io/v1, kind: KubeSchedulerConfiguration,
      profiles: [{pluginConfig: [{name: NodeResourcesFit, args: {scoringStrategy: {type: MostAllocated}}}]}]}}
---
apiVersion: kubescheduler.config.k8s.io/v1
kind: KubeSchedulerConfiguration
percentageOfNodesToScore: 50
---
apiVersion: v1
kind: Node
metadata: {name: a}
status: {capacity: {cpu: "4"}}
)");
}

void ScenarioWriterTest::roundTrip() {
    QFETCH(std::string, text);
    const cluster::Scenario original = load(text, "original.yaml");
    const std::string written = cluster::writeScenario(original);
    const cluster::Scenario again = load(written, "written.yaml");
    QCOMPARE(again.name, original.name.empty() ? std::string("scenario") : original.name);
    QCOMPARE(again.description, original.description);
    QCOMPARE(again.learningGoal, original.learningGoal);
    QCOMPARE(again.seed, original.seed);
    QCOMPARE(again.epoch, original.epoch);
    QCOMPARE(again.schedulerConfiguration.empty(), original.schedulerConfiguration.empty());
    if (!original.schedulerConfiguration.empty()) {
        auto a = codec::parseYamlDocuments(again.schedulerConfiguration);
        auto b = codec::parseYamlDocuments(original.schedulerConfiguration);
        QVERIFY(a.isOk() && b.isOk() && a->size() == 1 && b->size() == 1);
        QVERIFY(a->front() == b->front());
    }
    QCOMPARE(again.actions.size(), original.actions.size());
    for (size_t i = 0; i < original.actions.size(); ++i) {
        const auto& x = original.actions[i];
        const auto& y = again.actions[i];
        QCOMPARE(y.at.count(), x.at.count());
        QCOMPARE(y.action, x.action);
        QCOMPARE(y.node + "|" + y.kind + "|" + y.name + "|" + y.namespace_ + "|" + y.image + "|" + y.container + "|" + y.probe +
                     "|" + y.cascade + "|" + y.selector + "|" + y.subresource,
                 x.node + "|" + x.kind + "|" + x.name + "|" + x.namespace_ + "|" + x.image + "|" + x.container + "|" + x.probe +
                     "|" + x.cascade + "|" + x.selector + "|" + x.subresource);
        QCOMPARE(y.replicas, x.replicas);
        QCOMPARE(y.gracePeriodSeconds, x.gracePeriodSeconds);
        QCOMPARE(y.timeout.count(), x.timeout.count());
        QCOMPARE(y.broken, x.broken);
        QVERIFY(y.patch == x.patch);
        QVERIFY(y.manifest == x.manifest);
        QVERIFY(y.configuration == x.configuration);
    }
    QCOMPARE(again.objects.size(), original.objects.size());
    for (size_t i = 0; i < original.objects.size(); ++i) {
        QCOMPARE(again.objects[i].kind, original.objects[i].kind);
        QVERIFY2(again.objects[i].raw == original.objects[i].raw, original.objects[i].location().c_str());
    }
}

void ScenarioWriterTest::durations_data() {
    QTest::addColumn<qint64>("nanos");
    QTest::addColumn<QString>("text");
    QTest::newRow("zero") << qint64(0) << QStringLiteral("0s");
    QTest::newRow("ns") << qint64(7) << QStringLiteral("7ns");
    QTest::newRow("µs") << qint64(1'500) << QStringLiteral("1.5µs");
    QTest::newRow("ms") << qint64(500'000'000) << QStringLiteral("500ms");
    QTest::newRow("s") << qint64(1'500'000'000) << QStringLiteral("1.5s");
    QTest::newRow("m") << qint64(90'000'000'000) << QStringLiteral("1m30s");
    QTest::newRow("h") << qint64(3'600'000'000'000) << QStringLiteral("1h0m0s");
    QTest::newRow("1 ns past 2 m") << qint64(120'000'000'001) << QStringLiteral("2m0.000000001s");
}

void ScenarioWriterTest::durations() {
    QFETCH(qint64, nanos);
    QFETCH(QString, text);
    QCOMPARE(QString::fromStdString(sim::formatDuration(std::chrono::nanoseconds(nanos))), text);
    auto back = cluster::parseDuration(text.toStdString());
    QVERIFY(back.isOk());
    QCOMPARE(qint64(back->count()), nanos);
}

QTEST_GUILESS_MAIN(ScenarioWriterTest)
