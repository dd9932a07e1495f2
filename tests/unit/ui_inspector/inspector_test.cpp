// The inspector: its field tree (updated in place), the journey model and cache (incremental,
// following the view time), and the whole view on the single-pod-journey scenario — the pod's
// fields, YAML (as `pilothousectl get -o yaml` prints it), events and journey stages, now and at
// past moments; a node with its pods.
#include "inspector_test.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTabWidget>
#include <QtTest>

#include "api/codec/json.h"
#include "api/codec/proto_json.h"
#include "api/codec/yaml.h"
#include "api/scheme.h"
#include "client/in_process_client.h"
#include "core_v1.pb.h"
#include "events/event_filter_proxy_model.h"
#include "events/event_table_model.h"
#include "i18n/language.h"
#include "inspector/inspector_view.h"
#include "inspector/journey_cache.h"
#include "inspector/journey_gantt_view.h"
#include "inspector/node_pods_proxy_model.h"
#include "inspector/object_tree_model.h"
#include "inspector/pod_journey_model.h"
#include "session/embedded_session.h"
#include "testing/scenario_simulation.h"
#include "ui_events/fake_control_plane_client.h"

using namespace pilothouse;
namespace core = k8s::io::api::core::v1;
using namespace std::chrono_literals;

namespace {

constexpr qint64 kSecond = 1'000'000'000;
constexpr qint64 kEpoch = 1'704'067'200'000'000'000;

codec::Value json(const char* text) {
    auto v = codec::parseJson(text);
    if (!v) qFatal("bad test JSON: %s", v.status().message().c_str());
    return *v;
}

// The tree as text, one line per row: indentation, field, value.
QString dump(const QAbstractItemModel& m, const QModelIndex& parent = {}, int depth = 0) {
    QString out;
    for (int r = 0; r < m.rowCount(parent); ++r) {
        const QModelIndex i = m.index(r, 0, parent);
        out += QString(depth * 2, QLatin1Char(' ')) + i.data().toString() + QLatin1String(" = ") +
               m.index(r, 1, parent).data().toString() + QLatin1Char('\n');
        out += dump(m, i, depth + 1);
    }
    return out;
}

sim::JourneyRecord record(qint64 seq, const char* pod, const char* stage, double start, double end, bool failed = false,
                          const char* detail = "") {
    sim::JourneyRecord r;
    r.seq = seq;
    r.pod = pod;
    r.stage.stage = stage;
    r.stage.start = sim::fromUnixNanos(kEpoch + qint64(start * 1e9));
    r.stage.end = sim::fromUnixNanos(kEpoch + qint64(end * 1e9));
    r.stage.failed = failed;
    r.stage.detail = detail;
    return r;
}

QStringList stageNames(const QAbstractItemModel& m) {
    QStringList out;
    for (int r = 0; r < m.rowCount(); ++r) out << m.index(r, ui::PodJourneyModel::StageColumn).data().toString();
    return out;
}

// The embedded simulation of a scenario run to `at`, with a client, a timeline at its present,
// the cluster state, a selection and the inspector.
struct Session : testing::ScenarioSimulation {
    std::unique_ptr<ui::ClusterState> state;
    ui::SelectionModel selection;
    std::unique_ptr<ui::InspectorView> view;

    bool start(const char* scenario, sim::Duration at) {
        if (!ScenarioSimulation::start(scenario, at)) return false;
        state = std::make_unique<ui::ClusterState>(client.get(), &timeline);
        view = std::make_unique<ui::InspectorView>(client.get(), state.get(), &timeline, &selection);
        view->resize(1000, 900);
        return true;
    }
    // What `pilothousectl get <resource> <name> -o yaml` prints.
    QString getYaml(const char* resource, const std::string& ns, const std::string& name) {
        apiserver::Request get;
        get.verb = "get";
        get.type = api::Scheme::instance().byName(resource);
        get.namespace_ = ns;
        get.name = name;
        auto resp = session->cluster().apiServer().handle(get);
        return resp.ok() ? yamlAsShown(*resp.object) : QString();
    }
    // The YAML as kubectl get -o yaml shows it: without metadata.managedFields.
    static QString yamlAsShown(const google::protobuf::Message& object) {
        codec::Value value = codec::encodeMessage(object);
        codec::eraseManagedFields(value);
        return QString::fromStdString(codec::toYaml(value));
    }
    std::vector<sim::JourneyStage> journey(const char* pod) { return session->cluster().journeys().of(pod); }
};

}  // namespace

void InspectorTest::initTestCase() { qRegisterMetaType<ui::ObjectRef>(); }

void InspectorTest::treeUpdatesInPlace_data() {
    QTest::addColumn<QByteArray>("before");
    QTest::addColumn<QByteArray>("after");
    QTest::newRow("a value changes") << QByteArray(R"({"a": 1, "b": {"c": "x"}})") << QByteArray(R"({"a": 1, "b": {"c": "y"}})");
    QTest::newRow("a field is added") << QByteArray(R"({"a": 1, "c": 3})") << QByteArray(R"({"a": 1, "b": {"x": [1, 2]}, "c": 3})");
    QTest::newRow("a field goes") << QByteArray(R"({"a": 1, "b": 2, "c": 3})") << QByteArray(R"({"a": 1, "c": 3})");
    QTest::newRow("a list grows") << QByteArray(R"({"l": [{"name": "a"}]})") << QByteArray(R"({"l": [{"name": "a"}, {"name": "b"}]})");
    QTest::newRow("a list shrinks") << QByteArray(R"({"l": [1, 2, 3]})") << QByteArray(R"({"l": [1]})");
    QTest::newRow("a scalar becomes a branch") << QByteArray(R"({"s": null})") << QByteArray(R"({"s": {"phase": "Running"}})");
    QTest::newRow("a branch becomes a scalar") << QByteArray(R"({"s": {"phase": "Running"}})") << QByteArray(R"({"s": "x"})");
    QTest::newRow("everything changes") << QByteArray(R"({"a": [true], "m": {"k": 1}})") << QByteArray(R"({"b": false, "z": {"y": {"x": 1.5}}})");
}

// An update in place leaves the same tree as a fresh one, through row signals only.
void InspectorTest::treeUpdatesInPlace() {
    QFETCH(QByteArray, before);
    QFETCH(QByteArray, after);
    ui::ObjectTreeModel model;
    QAbstractItemModelTester tester(&model);
    model.setValue(json(before.constData()), ui::ObjectTreeModel::Update::Reset);
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    model.setValue(json(after.constData()), ui::ObjectTreeModel::Update::InPlace);
    QCOMPARE(resets.count(), 0);
    ui::ObjectTreeModel fresh;
    fresh.setValue(json(after.constData()), ui::ObjectTreeModel::Update::Reset);
    QCOMPARE(dump(model), dump(fresh));
    QVERIFY(!dump(model).isEmpty());
}

void InspectorTest::treePaths() {
    ui::ObjectTreeModel model;
    QAbstractItemModelTester tester(&model);
    model.setValue(json(R"({"spec": {"containers": [{"name": "nginx", "image": "nginx:1.25"}]},
                            "status": {"conditions": [{"type": "Ready", "status": "True"}]}})"),
                   ui::ObjectTreeModel::Update::Reset);
    const QModelIndex image = model.indexOf(QStringLiteral("spec.containers[0].image"));
    QVERIFY(image.isValid());
    QCOMPARE(image.siblingAtColumn(1).data().toString(), QStringLiteral("nginx:1.25"));
    QCOMPARE(image.data(ui::ObjectTreeModel::PathRole).toString(), QStringLiteral("spec.containers[0].image"));
    // A list item sums up as its name, a condition as type=status.
    QCOMPARE(model.indexOf(QStringLiteral("spec.containers[0]")).siblingAtColumn(1).data().toString(), QStringLiteral("nginx"));
    QCOMPARE(model.indexOf(QStringLiteral("status.conditions[0]")).siblingAtColumn(1).data().toString(), QStringLiteral("Ready=True"));
    QVERIFY(!model.indexOf(QStringLiteral("spec.nodeName")).isValid());
}

// Rows are the stages begun by the view time; moving the view adds and removes rows at the end;
// a stage going on at the view time is in progress with its duration so far.
void InspectorTest::journeyModelFollowsViewTime() {
    testing::FakeControlPlaneClient client;
    client.now = kEpoch + 20 * kSecond;
    sim::JourneyRecord scheduled = record(3, "default/web", "scheduling", 5.001, 5.001, false, "node node-1");
    scheduled.stage.phrases = {{sim::Phrase::Id::ScheduledOn, {"node-1"}}};
    client.journeys = {record(1, "default/web", "authentication: loopback", 5, 5.0001),
                       record(2, "default/web", "scheduling queue", 5.001, 5.001, false, "activeQ"),
                       scheduled,
                       record(4, "default/web", "image pull", 5.5, 9.7, false, "nginx:1.25"),
                       record(5, "default/web", "Running", 10, 10),
                       record(6, "default/other", "scheduling", 6, 6, true, "0/2 nodes are available")};
    ui::Timeline timeline;
    timeline.setPresent(client.epoch, client.now);
    ui::JourneyCache cache(&client, &timeline);
    ui::PodJourneyModel model(&cache, &timeline);
    QAbstractItemModelTester tester(&model);
    model.setPod(QStringLiteral("default/web"));
    QCOMPARE(stageNames(model), (QStringList{QStringLiteral("authentication: loopback"), QStringLiteral("scheduling queue"),
                                             QStringLiteral("scheduling"), QStringLiteral("image pull"), QStringLiteral("Running")}));
    QCOMPARE(model.index(3, ui::PodJourneyModel::DurationColumn).data().toString(), QStringLiteral("4.2 s"));
    QCOMPARE(model.index(3, ui::PodJourneyModel::DetailColumn).data().toString(), QStringLiteral("nginx:1.25"));
    QCOMPARE(model.index(3, ui::PodJourneyModel::StartColumn).data().toString(), QStringLiteral("5.500 s"));
    // Pilothouse's own words in a detail, in the user's language; data as it is.
    QCOMPARE(model.index(2, ui::PodJourneyModel::DetailColumn).data().toString(), QStringLiteral("node node-1"));
    QVERIFY(ui::i18n::setLanguage(QStringLiteral("de")));
    QCOMPARE(model.index(2, ui::PodJourneyModel::DetailColumn).data().toString(), QStringLiteral("Node node-1"));
    QCOMPARE(model.index(2, 0).data(ui::PodJourneyModel::DetailRole).toString(), QStringLiteral("Node node-1"));
    QCOMPARE(model.index(3, ui::PodJourneyModel::DetailColumn).data().toString(), QStringLiteral("nginx:1.25"));
    // The stages' names too; a plugin's name stays.
    QCOMPARE(model.index(0, ui::PodJourneyModel::StageColumn).data().toString(), QStringLiteral("Authentifizierung: loopback"));
    QCOMPARE(model.index(1, ui::PodJourneyModel::StageColumn).data().toString(), QStringLiteral("Scheduling-Warteschlange"));
    QCOMPARE(model.index(1, 0).data(ui::PodJourneyModel::StageNameRole).toString(), QStringLiteral("scheduling queue"));
    QVERIFY(ui::i18n::setLanguage(QStringLiteral("en")));

    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    timeline.setView(kEpoch + 7 * kSecond);  // during the image pull
    QCOMPARE(removed.count(), 1);
    QCOMPARE(model.rowCount(), 4);
    QVERIFY(model.index(3, 0).data(ui::PodJourneyModel::InProgressRole).toBool());
    QCOMPARE(model.index(3, ui::PodJourneyModel::DurationColumn).data().toString(), QStringLiteral("1.5 s so far"));
    QCOMPARE(model.index(3, 0).data(ui::PodJourneyModel::EndNanosRole).toLongLong(), kEpoch + 7 * kSecond);
    timeline.setView(kEpoch + 4 * kSecond);  // before the pod existed
    QCOMPARE(model.rowCount(), 0);
    timeline.goLive();
    QCOMPARE(model.rowCount(), 5);
    QCOMPARE(inserted.count(), 1);
    QVERIFY(!model.index(3, 0).data(ui::PodJourneyModel::InProgressRole).toBool());

    model.setPod(QStringLiteral("default/other"));
    QCOMPARE(model.rowCount(), 1);
    QVERIFY(model.index(0, 0).data(ui::PodJourneyModel::FailedRole).toBool());
    QVERIFY(model.index(0, 0).data(Qt::ForegroundRole).isValid());
}

// Only new records are asked for; new stages reach the model as inserted rows; a replaced
// control plane starts over.
void InspectorTest::journeyCacheIsIncremental() {
    testing::FakeControlPlaneClient client;
    client.now = kEpoch + 20 * kSecond;
    client.journeys = {record(1, "default/web", "authentication: loopback", 5, 5.0001)};
    ui::Timeline timeline;
    timeline.setPresent(client.epoch, client.now);
    ui::JourneyCache cache(&client, &timeline);
    ui::PodJourneyModel model(&cache, &timeline);
    QAbstractItemModelTester tester(&model);
    model.setPod(QStringLiteral("default/web"));
    QCOMPARE(cache.lastSeq(), 1);
    QSignalSpy appended(&cache, &ui::JourneyCache::stagesAppended);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    client.journeys.push_back(record(2, "default/web", "scheduling", 6, 6, false, "node node-1"));
    client.journeys.push_back(record(3, "default/db", "scheduling", 6, 6, true, "0/2 nodes are available"));
    client.now += kSecond;
    timeline.setPresent(client.epoch, client.now);  // the simulation moved: the cache reads on
    QCOMPARE(cache.lastSeq(), 3);
    QCOMPARE(appended.count(), 2);
    QCOMPARE(appended.at(0).at(1).toInt(), 1);  // web's second stage
    QCOMPARE(inserted.count(), 1);
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(cache.stagesOf(QStringLiteral("default/db")).size(), size_t(1));

    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    client.journeys = {record(1, "default/web", "authentication: loopback", 1, 1.0001)};
    client.replace();
    QVERIFY(resets.count() >= 1);
    QCOMPARE(cache.lastSeq(), 1);
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.index(0, ui::PodJourneyModel::StartColumn).data().toString(), QStringLiteral("1.000 s"));
}

// A name used twice: the journey shown is the one begun by the view time.
void InspectorTest::journeyOfARecreatedPod() {
    testing::FakeControlPlaneClient client;
    client.now = kEpoch + 60 * kSecond;
    client.journeys = {record(1, "default/job-0", "authentication: loopback", 5, 5.0001),
                       record(2, "default/job-0", "scheduling", 5.1, 5.1),
                       record(3, "default/job-0", "termination", 20, 21),
                       record(4, "default/job-0", "authentication: loopback", 30, 30.0001),
                       record(5, "default/job-0", "scheduling", 31, 31)};
    ui::Timeline timeline;
    timeline.setPresent(client.epoch, client.now);
    ui::JourneyCache cache(&client, &timeline);
    QCOMPARE(cache.journeyStarts(QStringLiteral("default/job-0")), (std::vector<size_t>{0, 3}));
    ui::PodJourneyModel model(&cache, &timeline);
    QAbstractItemModelTester tester(&model);
    model.setPod(QStringLiteral("default/job-0"));
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.index(0, ui::PodJourneyModel::StartColumn).data().toString(), QStringLiteral("30.000 s"));
    timeline.setView(kEpoch + 25 * kSecond);
    QCOMPARE(stageNames(model), (QStringList{QStringLiteral("authentication: loopback"), QStringLiteral("scheduling"),
                                             QStringLiteral("termination")}));
}

void InspectorTest::durationText_data() {
    QTest::addColumn<qint64>("nanos");
    QTest::addColumn<QString>("text");
    QTest::newRow("zero") << qint64(0) << QStringLiteral("0 s");
    QTest::newRow("µs") << qint64(50'000) << QStringLiteral("50 µs");
    QTest::newRow("0.1 ms") << qint64(100'000) << QStringLiteral("0.1 ms");
    QTest::newRow("2.5 ms") << qint64(2'500'000) << QStringLiteral("2.5 ms");
    QTest::newRow("500 ms") << qint64(500'000'000) << QStringLiteral("500 ms");
    QTest::newRow("4.2 s") << qint64(4'200'000'000) << QStringLiteral("4.2 s");
    QTest::newRow("300 s") << qint64(300) * kSecond << QStringLiteral("300 s");
}

void InspectorTest::durationText() {
    QFETCH(qint64, nanos);
    QFETCH(QString, text);
    QCOMPARE(ui::PodJourneyModel::durationText(nanos), text);
}

// After single-pod-journey: the pod's fields, its YAML exactly as `get -o yaml` prints it, its
// events, its journey's stages in the recorded order with their durations.
void InspectorTest::podAfterSinglePodJourney() {
    Session s;
    QVERIFY(s.start("single-pod-journey", 40s));
    QAbstractItemModelTester treeTester(s.view->treeModel());
    QAbstractItemModelTester eventsTester(s.view->eventsModel());
    QAbstractItemModelTester journeyTester(s.view->journeyModel());
    QTRY_VERIFY(s.state->object(ui::ObjectRef::pod(QStringLiteral("default/web"))));
    s.selection.select(ui::ObjectRef::pod(QStringLiteral("default/web")));
    QCOMPARE(s.view->title(), QStringLiteral("Pod default/web"));
    QVERIFY2(s.view->subtitle().contains(QStringLiteral("Running")), qPrintable(s.view->subtitle()));
    QVERIFY(s.view->subtitle().contains(QStringLiteral("node-1")));
    QCOMPARE(s.view->yaml(), s.getYaml("pods", "default", "web"));
    QVERIFY(s.view->yaml().contains(QStringLiteral("nodeName: node-1")));

    ui::ObjectTreeModel* tree = s.view->treeModel();
    QCOMPARE(tree->indexOf(QStringLiteral("spec.nodeName")).siblingAtColumn(1).data().toString(), QStringLiteral("node-1"));
    QCOMPARE(tree->indexOf(QStringLiteral("status.phase")).siblingAtColumn(1).data().toString(), QStringLiteral("Running"));
    QCOMPARE(tree->indexOf(QStringLiteral("spec.containers[0].image")).siblingAtColumn(1).data().toString(),
             QStringLiteral("nginx:1.25"));

    // Its events: exactly the store's events about it.
    apiserver::Request list;
    list.verb = "list";
    list.type = api::Scheme::instance().byName("events");
    QStringList expected;
    for (const auto& item : s.session->cluster().apiServer().handle(list).items) {
        const auto& e = static_cast<const core::Event&>(*item);
        if (e.involved_object().kind() == "Pod" && e.involved_object().name() == "web") expected << QString::fromStdString(e.reason());
    }
    QVERIFY(expected.contains(QStringLiteral("Scheduled")));
    QVERIFY(expected.contains(QStringLiteral("Started")));
    QStringList shown;
    for (int r = 0; r < s.view->eventsModel()->rowCount(); ++r)
        shown << s.view->eventsModel()->index(r, ui::EventTableModel::ReasonColumn).data().toString();
    expected.sort();
    shown.sort();
    QCOMPARE(shown, expected);

    // Its journey: the recorded stages in order, with their durations.
    ui::PodJourneyModel* journey = s.view->journeyModel();
    const auto stages = s.journey("default/web");
    QVERIFY(stages.size() > 10);
    QCOMPARE(journey->rowCount(), int(stages.size()));
    for (int r = 0; r < journey->rowCount(); ++r) {
        QCOMPARE(journey->index(r, ui::PodJourneyModel::StageColumn).data().toString(), QString::fromStdString(stages[size_t(r)].stage));
        QCOMPARE(journey->index(r, ui::PodJourneyModel::DurationColumn).data().toString(),
                 ui::PodJourneyModel::durationText((stages[size_t(r)].end - stages[size_t(r)].start).count()));
    }
    QVERIFY(stageNames(*journey).contains(QStringLiteral("image pull")));
    QVERIFY(stageNames(*journey).contains(QStringLiteral("Ready")));
    // Tabs for a pod.
    QTabWidget* tabs = s.view->tabs();
    QVERIFY(tabs->isTabVisible(ui::InspectorView::JourneyTab));
    QVERIFY(!tabs->isTabVisible(ui::InspectorView::PodsTab));
    // The journey chart draws.
    s.view->showTab(ui::InspectorView::JourneyTab);
    QVERIFY(s.view->journeyView()->sizeHint().height() > journey->rowCount() * 10);
    QVERIFY(!s.view->grab().isNull());
}

void InspectorTest::podInThePast_data() {
    QTest::addColumn<double>("at");
    QTest::addColumn<bool>("exists");
    QTest::addColumn<QString>("phase");
    QTest::newRow("before it was created") << 3.0 << false << QString();
    QTest::newRow("bound, not running yet") << 5.5 << true << QStringLiteral("Pending");
    QTest::newRow("running, not ready") << 8.0 << true << QStringLiteral("Running");
}

// At a past moment: the pod as it was (its YAML as the store held it then), or "did not exist";
// the journey up to that moment.
void InspectorTest::podInThePast() {
    QFETCH(double, at);
    QFETCH(bool, exists);
    QFETCH(QString, phase);
    Session s;
    QVERIFY(s.start("single-pod-journey", 40s));
    QAbstractItemModelTester journeyTester(s.view->journeyModel());
    QTRY_VERIFY(s.state->object(ui::ObjectRef::pod(QStringLiteral("default/web"))));
    s.selection.select(ui::ObjectRef::pod(QStringLiteral("default/web")));
    const qint64 t = s.client->epochNanos() + qint64(at * 1e9);
    s.timeline.setView(t);
    s.state->flush();
    const auto stages = s.journey("default/web");
    int begun = 0;
    for (const auto& st : stages) begun += sim::toUnixNanos(st.start) <= t ? 1 : 0;
    QCOMPARE(s.view->journeyModel()->rowCount(), begun);
    if (!exists) {
        QVERIFY(!s.view->object());
        QVERIFY2(s.view->subtitle().contains(QStringLiteral("did not exist at %1 s").arg(at, 0, 'f', 1)), qPrintable(s.view->subtitle()));
        QVERIFY(s.view->yaml().isEmpty());
        QCOMPARE(s.view->treeModel()->rowCount(), 0);
        return;
    }
    QVERIFY(s.view->object());
    QCOMPARE(s.view->treeModel()->indexOf(QStringLiteral("status.phase")).siblingAtColumn(1).data().toString(), phase);
    QVERIFY(s.view->subtitle().contains(QStringLiteral("as it was at %1 s").arg(at, 0, 'f', 1)));
    // The YAML of the stored version of that moment.
    auto then = s.client->listAt(QStringLiteral("pods"), s.client->revisionAt(t));
    QVERIFY(then.isOk());
    QString expected;
    for (const auto& o : *then)
        if (ui::ClusterState::keyOf(*o) == QLatin1String("default/web"))
            expected = Session::yamlAsShown(*o);
    QCOMPARE(s.view->yaml(), expected);
    QVERIFY(s.view->yaml() != s.getYaml("pods", "default", "web"));
    // Back to live: the present version.
    s.timeline.goLive();
    QCOMPARE(s.view->yaml(), s.getYaml("pods", "default", "web"));
}

// A node: fields, YAML, its events and its pods.
void InspectorTest::node() {
    Session s;
    QVERIFY(s.start("single-pod-journey", 40s));
    QAbstractItemModelTester podsTester(s.view->podsModel());
    QTRY_VERIFY(s.state->object(ui::ObjectRef::pod(QStringLiteral("default/web"))));
    QTRY_VERIFY(s.state->object(ui::ObjectRef::node(QStringLiteral("node-1"))));
    s.selection.select(ui::ObjectRef::node(QStringLiteral("node-1")));
    QCOMPARE(s.view->title(), QStringLiteral("Node node-1"));
    QVERIFY(s.view->subtitle().contains(QStringLiteral("Ready")));
    QCOMPARE(s.view->yaml(), s.getYaml("nodes", "", "node-1"));
    QCOMPARE(s.view->podsModel()->rowCount(), 1);
    QTabWidget* tabs = s.view->tabs();
    QVERIFY(tabs->isTabVisible(ui::InspectorView::PodsTab));
    QVERIFY(!tabs->isTabVisible(ui::InspectorView::JourneyTab));
    // The node's events arrive through the events watch, which may still be
    // delivering when the node itself is already known.
    auto reasons = [&] {
        QStringList out;
        for (int r = 0; r < s.view->eventsModel()->rowCount(); ++r)
            out << s.view->eventsModel()->index(r, ui::EventTableModel::ReasonColumn).data().toString();
        return out;
    };
    QTRY_VERIFY2(reasons().contains(QStringLiteral("Starting")), qPrintable(reasons().join(u',')));
    QTRY_VERIFY2(reasons().contains(QStringLiteral("RegisteredNode")), qPrintable(reasons().join(u',')));
    // node-2 (tainted) has no pod.
    s.selection.select(ui::ObjectRef::node(QStringLiteral("node-2")));
    QCOMPARE(s.view->podsModel()->rowCount(), 0);
}

// A kind the cluster state does not follow is read from the store.
void InspectorTest::otherKinds() {
    Session s;
    QVERIFY(s.start("single-pod-journey", 10s));
    s.selection.select({QStringLiteral("namespaces"), QString(), QStringLiteral("default")});
    QCOMPARE(s.view->title(), QStringLiteral("Namespace default"));
    QCOMPARE(s.view->yaml(), s.getYaml("namespaces", "", "default"));
    s.selection.select({QStringLiteral("namespaces"), QString(), QStringLiteral("nope")});
    QVERIFY(!s.view->object());
    QVERIFY(s.view->subtitle().contains(QStringLiteral("No such namespace")));
}

QTEST_MAIN(InspectorTest)
