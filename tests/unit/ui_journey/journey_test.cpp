#include "journey_test.h"
#include "testing/refused_requests.h"

#include <QApplication>
#include <QGraphicsScene>
#include <QImage>
#include <QPainter>
#include <QScopeGuard>
#include <QtTest>

#include <algorithm>
#include <memory>

#include "api/codec/manifest.h"
#include "client/in_process_client.h"
#include "journey/count_badge_item.h"
#include "journey/journey_model.h"
#include "journey/journey_style.h"
#include "journey/journey_view.h"
#include "journey/station_item.h"
#include "journey/stations.h"
#include "journey/token_item.h"
#include "journey/watch_arrow_item.h"
#include "models/cluster_state.h"
#include "models/selection_model.h"
#include "models/timeline.h"
#include "i18n/language.h"
#include "session/embedded_session.h"
#include "theme/theme.h"

using namespace pilothouse;
using ui::journey::JourneyModel;
using ui::journey::Station;
using ui::journey::Stations;

namespace {

constexpr qint64 kMs = 1'000'000;
constexpr qint64 kSecond = 1'000'000'000;

QString scenario(const char* name) { return QStringLiteral(PH_SOURCE_DIR "/resources/scenarios/") + QLatin1String(name); }
QString testData(const char* name) { return QStringLiteral(PH_TEST_DATA_DIR "/") + QLatin1String(name); }

QStringList ids(const QList<Station>& stations) {
    QStringList out;
    for (Station s : stations) out << Stations::id(s);
    return out;
}

// A control plane that is only a journey log: the model's unit tests write records by hand.
class LogClient final : public ui::ControlPlaneClient {
public:
    sim::JourneyLog log;
    qint64 now = 0;

    QString endpoint() const override { return QStringLiteral("test"); }
    ConnectionState connectionState() const override { return ConnectionState::Connected; }
    void watchResource(const QString&) override {}
    qint64 nowNanos() const override { return now; }
    qint64 epochNanos() const override { return 0; }
    StatusOr<QVector<ui::ObjectPtr>> listAt(const QString&, qint64) override { return QVector<ui::ObjectPtr>(); }
    qint64 revisionAt(qint64) const override { return 0; }
    qint64 currentRevision() const override { return 0; }
    std::vector<sim::JourneyRecord> journeysSince(qint64 afterSeq, size_t limit) const override {
        return log.since(afterSeq, limit);
    }
    // A fake control plane stores nothing: every request is refused.
    void send(const ui::ApiRequest&, QObject* context, ui::ApiCallback done) override {
        testing::refuseRequest(context, std::move(done));
    }
    void controlNode(NodeControl, const QString&, QObject* context, std::function<void(const Status&)> done) override {
        testing::refuseControl(context, std::move(done));
    }
    void configureScheduler(const QString&, const QString&, QObject* context, std::function<void(const Status&)> done) override {
        testing::refuseControl(context, std::move(done));
    }
    std::map<std::string, cluster::Series> metrics() const override { return {}; }

    void record(const std::string& pod, const char* stage, double startSeconds, double endSeconds,
                const std::string& detail = "", bool failed = false) {
        log.record(pod, sim::JourneyStage{stage, sim::fromUnixNanos(qint64(startSeconds * kSecond)),
                                          sim::fromUnixNanos(qint64(endSeconds * kSecond)), detail, failed});
    }
    // A stage whose detail is Pilothouse's own words, as the components record them.
    void said(const std::string& pod, const char* stage, double startSeconds, double endSeconds,
              std::vector<sim::Phrase> phrases) {
        log.record(pod, sim::saidStage(stage, sim::fromUnixNanos(qint64(startSeconds * kSecond)),
                                       sim::fromUnixNanos(qint64(endSeconds * kSecond)), std::move(phrases)));
    }
};

// The stations the records of `pod` say it visits, in order (consecutive repeats once), from its
// origin on, and those where it stays a while (a record that takes time).
struct RecordedRoute {
    QList<Station> all;
    QList<Station> lasting;
};

RecordedRoute recordedRoute(const std::vector<sim::JourneyStage>& stages, Station origin) {
    RecordedRoute r;
    r.all << origin;
    for (const auto& st : stages) {
        const auto m = Stations::forStage(st.stage, st.detail, st.failed);
        for (int i = 0; i < m.count; ++i) {
            if (r.all.back() != m.stations[i]) r.all << m.stations[i];
            if (st.end > st.start && (r.lasting.isEmpty() || r.lasting.back() != m.stations[i]))
                r.lasting << m.stations[i];
        }
    }
    return r;
}

// `sub` appears in `seq` in order (not necessarily adjacent).
bool isSubsequence(const QList<Station>& sub, const QList<Station>& seq) {
    qsizetype j = 0;
    for (Station s : seq)
        if (j < sub.size() && sub[j] == s) ++j;
    return j == sub.size();
}

// Where a pod's token is at station level (null: travelling or not drawn).
std::optional<Station> stationOf(const JourneyModel& model, const QString& key) {
    const auto* tok = model.tokenOf(model.podIndex(key));
    if (!tok || !tok->atStation()) return std::nullopt;
    return tok->to;
}

struct Fixture {
    std::unique_ptr<ui::EmbeddedSession> session;
    std::unique_ptr<ui::InProcessClient> client;
    ui::Timeline timeline;
    ui::SelectionModel selection;
    std::unique_ptr<ui::ClusterState> state;
    std::unique_ptr<ui::JourneyView> view;

    // Starts `scenarioPath`, runs it for `runFor`, and puts a view on it (1920 x 1080, shown).
    bool start(const QString& scenarioPath, sim::Duration runFor, bool withState = true) {
        auto s = ui::EmbeddedSession::start(":memory:", scenarioPath);
        if (!s.isOk()) {
            qWarning("%s", s.status().message().c_str());
            return false;
        }
        session = std::move(*s);
        if (!session->runFor(runFor).isOk()) return false;
        client = std::make_unique<ui::InProcessClient>(session->cluster());
        present();
        if (withState) state = std::make_unique<ui::ClusterState>(client.get(), &timeline);
        view = std::make_unique<ui::JourneyView>(client.get(), &timeline, &selection, state.get());
        view->resize(1920, 1080);
        view->show();
        return true;
    }
    void present() { timeline.setPresent(client->epochNanos(), client->nowNanos()); }
    qint64 epoch() const { return client->epochNanos(); }
    std::vector<sim::JourneyStage> stagesOf(const std::string& pod) { return session->cluster().journeys().of(pod); }
    // Waits until the cluster state shows `count` pods (the informers run on their threads).
    bool waitForPods(int count) {
        return QTest::qWaitFor([&] { return state->objects(QStringLiteral("pods")).size() == count; }, 10000);
    }
};

}  // namespace

void JourneyTest::initTestCase() { ui::theme::apply(*qApp, ui::theme::Mode::Light); }

void JourneyTest::stageMapping_data() {
    QTest::addColumn<QString>("stage");
    QTest::addColumn<QString>("detail");
    QTest::addColumn<bool>("failed");
    QTest::addColumn<QStringList>("stations");
    QTest::addColumn<bool>("terminating");

    auto row = [](const char* name, const char* stage, const char* detail, bool failed, QStringList stations,
                  bool terminating = false) {
        QTest::newRow(name) << QString::fromUtf8(stage) << QString::fromUtf8(detail) << failed << stations << terminating;
    };
    row("client", "client: kubectl apply", "POST /api/v1/namespaces/default/pods (kubectl/v1.28.7)", false,
        {QStringLiteral("client")});
    row("authentication", "authentication: bearer token", "user alice", false, {QStringLiteral("authentication")});
    row("authentication loopback", "authentication: loopback", "user system:admin", false, {QStringLiteral("authentication")});
    row("authorization forbidden", "authorization: RBAC", "pods is forbidden", true, {QStringLiteral("authorization")});
    row("defaulting", "mutating admission: defaulting", "applied Pod defaults", false, {QStringLiteral("mutating-admission")});
    row("admission plugin", "mutating admission: Priority", "set priority=0", false, {QStringLiteral("mutating-admission")});
    row("registry", "registry: Service", "allocated ClusterIP", false, {QStringLiteral("validation")});
    row("validation invalid", "validation: Pod", "Pod \"x\" is invalid", true, {QStringLiteral("validation")});
    row("validating admission", "validating admission: ResourceQuota", "admitted", false,
        {QStringLiteral("validating-admission")});
    row("storage", "storage: etcd", "created /registry/pods/default/web at revision 28", false, {QStringLiteral("etcd")});
    row("queue active", "scheduling queue", "activeQ", false, {QStringLiteral("queue-active")});
    row("queue backoff", "scheduling queue", "backoffQ", false, {QStringLiteral("queue-backoff")});
    row("queue unschedulable", "scheduling queue", "unschedulablePods", false, {QStringLiteral("queue-unschedulable")});
    row("scheduled", "scheduling", "node node-1", false, {QStringLiteral("filter"), QStringLiteral("score")});
    row("FailedScheduling", "scheduling", "0/2 nodes are available: 2 Insufficient cpu.", true, {QStringLiteral("filter")});
    row("binding", "binding", "default/web to node-1", false, {QStringLiteral("bind")});
    row("kubelet admission", "kubelet admission", "admitted", false, {QStringLiteral("kubelet-admission")});
    row("OutOfcpu", "kubelet admission", "OutOfcpu: Node didn't have enough resource", true,
        {QStringLiteral("kubelet-admission")});
    row("sandbox", "sandbox", "10.244.1.2", false, {QStringLiteral("sandbox")});
    row("image pull", "image pull", "nginx:1.25", false, {QStringLiteral("image-pull")});
    row("ErrImagePull", "image pull", "nginx:9.99: ErrImagePull", true, {QStringLiteral("image-pull")});
    row("containers", "containers", "nginx", false, {QStringLiteral("containers")});
    row("Running", "Running", "", false, {QStringLiteral("probes")});
    row("probes", "probes", "nginx ready", false, {QStringLiteral("probes")});
    row("Ready", "Ready", "", false, {QStringLiteral("running-ready")});
    row("endpoints", "endpoints", "ready endpoint 10.244.1.2 of service default/web", false, {QStringLiteral("endpoints")});
    row("termination", "termination", "deleted", false, {}, true);
    row("unknown", "something else", "", false, {});
}

void JourneyTest::stageMapping() {
    QFETCH(QString, stage);
    QFETCH(QString, detail);
    QFETCH(bool, failed);
    QFETCH(QStringList, stations);
    QFETCH(bool, terminating);
    const std::string st = stage.toStdString(), d = detail.toStdString();
    const auto m = Stations::forStage(st, d, failed);
    QStringList got;
    for (int i = 0; i < m.count; ++i) got << Stations::id(m.stations[i]);
    QCOMPARE(got, stations);
    QCOMPARE(m.terminating, terminating);
}

void JourneyTest::expectedNext_data() {
    QTest::addColumn<QString>("from");
    QTest::addColumn<bool>("failed");
    QTest::addColumn<QString>("detail");
    QTest::addColumn<QString>("next");  // empty: stays

    auto row = [](const char* name, Station from, bool failed, const char* detail, const QString& next) {
        QTest::newRow(name) << Stations::id(from) << failed << QString::fromUtf8(detail) << next;
    };
    row("kubectl", Station::Client, false, "", Stations::id(Station::Authentication));
    row("stored", Station::Etcd, false, "", Stations::id(Station::QueueActive));
    row("forbidden", Station::Authorization, true, "forbidden", QString());
    row("invalid", Station::Validation, true, "invalid", QString());
    row("queue", Station::QueueUnschedulable, false, "", Stations::id(Station::Filter));
    row("FailedScheduling", Station::Filter, true, "0/3 nodes are available: 3 Insufficient cpu.",
        Stations::id(Station::QueueUnschedulable));
    row("scheduling error", Station::Filter, true, "Operation cannot be fulfilled", Stations::id(Station::QueueBackoff));
    row("bound", Station::Bind, false, "", Stations::id(Station::KubeletAdmission));
    row("admitted", Station::KubeletAdmission, false, "admitted", Stations::id(Station::Sandbox));
    row("rejected by node", Station::KubeletAdmission, true, "OutOfcpu", QString());
    row("sandbox", Station::Sandbox, false, "10.244.1.2", Stations::id(Station::ImagePull));
    row("pulled", Station::ImagePull, false, "nginx:1.25", Stations::id(Station::Containers));
    row("pull failed", Station::ImagePull, true, "nginx:9.99: ErrImagePull", QString());
    row("started", Station::Containers, false, "nginx", Stations::id(Station::Probes));
    row("probing", Station::Probes, false, "", QString());
    row("ready", Station::RunningReady, false, "", QString());
}

void JourneyTest::expectedNext() {
    QFETCH(QString, from);
    QFETCH(bool, failed);
    QFETCH(QString, detail);
    QFETCH(QString, next);
    Station s = Station::Client;
    for (int i = 0; i < ui::journey::kStationCount; ++i)
        if (Stations::id(Station(i)) == from) s = Station(i);
    const std::string d = detail.toStdString();
    const auto got = Stations::expectedNext(s, failed, d);
    QCOMPARE(got ? Stations::id(*got) : QString(), next);
}

// A request that came over HTTP starts at the kubectl station with what the client said: the
// command (Kubectl-Command), the method and the path.
void JourneyTest::kubectlRequestStartsAtTheClientStation() {
    LogClient client;
    JourneyModel model(&client, nullptr);
    const std::string pod = "default/nginx";
    using Id = sim::Phrase::Id;
    client.record(pod, "client: kubectl apply", 1.0, 1.0,
                  "POST /api/v1/namespaces/default/pods (kubectl/v1.28.7 (linux/amd64) kubernetes/c8dcb00)");
    client.said(pod, "authentication: bearer token", 1.0, 1.001, {{Id::UserInGroups, {"alice", "students"}}});
    client.said(pod, "storage: etcd", 1.001, 1.003, {{Id::Stored, {"create", "/registry/pods/default/nginx", "5"}}});
    QCOMPARE(model.poll(), 3);
    const int p = model.podIndex(QString::fromStdString(pod));
    QVERIFY(p >= 0);
    // The client takes no time of the server's: the request is at authentication at once, and the
    // kubectl station says what came in last.
    model.evaluate(qint64(1.0005 * kSecond));
    QCOMPARE(stationOf(model, QStringLiteral("default/nginx")), Station::Authentication);
    const QString said = model.station(Station::Client).activity;
    QVERIFY2(said.contains(QStringLiteral("kubectl apply: POST /api/v1/namespaces/default/pods")), qPrintable(said));
    // One origin, then the API server's stations.
    const auto route = model.route(p, qint64(2 * kSecond));
    QCOMPARE(route.size(), qsizetype(3));
    QCOMPARE(route[0], Station::Client);
    QCOMPARE(route[1], Station::Authentication);
    QCOMPARE(route[2], Station::Etcd);
}

void JourneyTest::travelFollowsRecordTimes() {
    LogClient client;
    JourneyModel model(&client, nullptr);
    const std::string pod = "default/web";
    using Id = sim::Phrase::Id;
    client.said(pod, "storage: etcd", 1.0, 1.002, {{Id::Stored, {"create", "/registry/pods/default/web", "5"}}});
    client.record(pod, "scheduling queue", 1.002, 1.002, "activeQ");
    client.said(pod, "scheduling", 1.002, 1.002, {{Id::ScheduledOn, {"node-1"}}});
    client.said(pod, "binding", 1.002, 1.002, {{Id::Bound, {"default/web", "node-1"}}});
    client.said(pod, "kubelet admission", 1.002, 1.01, {{Id::Admitted}});
    client.record(pod, "sandbox", 1.01, 1.51, "10.244.1.2");
    client.record(pod, "image pull", 1.51, 2.51, "nginx:1.25");
    client.record(pod, "containers", 1.51, 2.81, "nginx");
    QCOMPARE(model.poll(), 8);
    const int p = model.podIndex(QString::fromStdString(pod));
    QVERIFY(p >= 0);

    // Not there before its first record.
    model.evaluate(qint64(0.5 * kSecond));
    QVERIFY(!model.tokenOf(p));
    // In the sandbox stage: at the sandbox station.
    model.evaluate(qint64(1.3 * kSecond));
    QCOMPARE(stationOf(model, QStringLiteral("default/web")), Station::Sandbox);
    QVERIFY(model.station(Station::Sandbox).busy);
    QCOMPARE(model.station(Station::Sandbox).here, 1);

    // The sandbox ended at 1.51: the token travels to the image pull for kTravelFraction of the
    // 0.5 s it spent in the sandbox, eased (slow, fast, slow).
    const qint64 leave = qint64(1.51 * kSecond);
    const qint64 travel = std::min(qint64(0.5 * kSecond * JourneyModel::kTravelFraction), JourneyModel::kMaxTravelNanos);
    model.evaluate(leave + travel / 2);
    const auto* tok = model.tokenOf(p);
    QVERIFY(tok);
    QVERIFY(!tok->atStation());
    QCOMPARE(tok->from, Station::Sandbox);
    QCOMPARE(tok->to, Station::ImagePull);
    QVERIFY(qAbs(tok->progress - 0.5f) < 0.01f);
    model.evaluate(leave + travel / 10);
    QVERIFY(model.tokenOf(p)->progress < 0.1f);  // eased: slow at the start
    model.evaluate(leave + travel + 1);
    QCOMPARE(stationOf(model, QStringLiteral("default/web")), Station::ImagePull);
    // Containers overlap the pull: the pod moves on when the pull ends (2.51), for 0.3 of 1 s.
    const qint64 pullEnd = qint64(2.51 * kSecond);
    const qint64 travel2 = std::min(qint64(1.0 * kSecond * JourneyModel::kTravelFraction), JourneyModel::kMaxTravelNanos);
    model.evaluate(pullEnd + travel2 / 2);
    QCOMPARE(model.tokenOf(p)->to, Station::Containers);
    QVERIFY(!model.tokenOf(p)->atStation());
    // The counters follow the time shown.
    model.evaluate(qint64(1.3 * kSecond));
    QCOMPARE(model.station(Station::ImagePull).passed, 0);
    model.evaluate(qint64(2.0 * kSecond));
    QCOMPARE(model.station(Station::ImagePull).passed, 1);
    QCOMPARE(model.station(Station::Sandbox).passed, 1);
    QCOMPARE(model.station(Station::Sandbox).here, 0);
    QVERIFY(!model.station(Station::Sandbox).busy);
    QVERIFY(model.station(Station::Sandbox).activity.contains(QStringLiteral("10.244.1.2")));
    // Its route: from kubectl (a pod named by hand) through every recorded station.
    QCOMPARE(ids(model.route(p, qint64(2.0 * kSecond))),
             ids({Station::Client, Station::Etcd, Station::QueueActive, Station::Filter, Station::Score, Station::Bind,
                  Station::KubeletAdmission, Station::Sandbox, Station::ImagePull}));
}

// What a station says a pod is doing comes from the records' phrases, in the user's language;
// the data in them (keys, revisions, nodes, images, containers) stays as it is.
void JourneyTest::activitiesInTheUsersLanguage_data() {
    QTest::addColumn<QString>("language");
    QTest::addColumn<QStringList>("activities");  // at etcd, bind, image pull, containers, probes, endpoints
    QTest::newRow("en") << QStringLiteral("en")
                        << QStringList{QStringLiteral("created /registry/pods/default/web at revision 5"),
                                       QStringLiteral("binding web to node-1"),
                                       QStringLiteral("nginx:1.25 already on node-1"),
                                       QStringLiteral("started nginx (restart 2) in web"),
                                       QStringLiteral("web: nginx ready"),
                                       QStringLiteral("ready endpoint 10.244.1.2 of service default/web (EndpointSlice web-x1)")};
    QTest::newRow("de") << QStringLiteral("de")
                        << QStringList{QStringLiteral("/registry/pods/default/web in Revision 5 angelegt"),
                                       QStringLiteral("web wird an node-1 gebunden"),
                                       QStringLiteral("nginx:1.25 schon auf node-1"),
                                       QStringLiteral("nginx (Neustart 2) in web gestartet"),
                                       QStringLiteral("web: nginx bereit"),
                                       QStringLiteral("bereiter Endpoint 10.244.1.2 von Service default/web (EndpointSlice web-x1)")};
    QTest::newRow("ja") << QStringLiteral("ja")
                        << QStringList{QStringLiteral("/registry/pods/default/web をリビジョン 5 で作成"),
                                       QStringLiteral("web を node-1 にバインド中"),
                                       QStringLiteral("nginx:1.25 は node-1 に取得済み"),
                                       QStringLiteral("web で nginx（再起動 2 回目） を起動"),
                                       QStringLiteral("web: nginx が Ready"),
                                       QStringLiteral("Service default/web の Ready なエンドポイント 10.244.1.2（EndpointSlice web-x1）")};
}

void JourneyTest::activitiesInTheUsersLanguage() {
    QFETCH(QString, language);
    QFETCH(QStringList, activities);
    QVERIFY(ui::i18n::setLanguage(language));
    const auto english = qScopeGuard([] { ui::i18n::setLanguage(QStringLiteral("en")); });
    LogClient client;
    JourneyModel model(&client, nullptr);
    using Id = sim::Phrase::Id;
    const std::string pod = "default/web";
    client.said(pod, "storage: etcd", 1.0, 1.1, {{Id::Stored, {"create", "/registry/pods/default/web", "5"}}});
    client.said(pod, "scheduling", 1.1, 1.2, {{Id::ScheduledOn, {"node-1"}}});
    client.said(pod, "binding", 1.2, 1.3, {{Id::Bound, {"default/web", "node-1"}}});
    client.said(pod, "kubelet admission", 1.3, 1.4, {{Id::Admitted}});
    client.said(pod, "image pull", 1.4, 1.5, {{Id::ImagePresent, {"nginx:1.25"}}});
    client.said(pod, "containers", 1.5, 1.6, {{Id::ContainerRestarted, {"nginx", "2"}}});
    client.said(pod, "probes", 1.6, 1.7, {{Id::ContainerReady, {"nginx"}}});
    client.said(pod, "endpoints", 1.8, 1.8, {{Id::ReadyEndpoint, {"10.244.1.2", "default/web", "web-x1"}}});
    model.poll();
    const int p = model.podIndex(QStringLiteral("default/web"));
    QStringList got;
    for (double t : {1.05, 1.25, 1.45, 1.55, 1.65, 1.85}) {
        model.evaluate(qint64(t * kSecond));
        got << model.activityOf(p);
    }
    QCOMPARE(got, activities);
}

void JourneyTest::liveEdgeWaitsAtExpectedStation() {
    LogClient client;
    JourneyModel model(&client, nullptr);
    const std::string pod = "default/web";
    client.record(pod, "kubelet admission", 1.0, 1.01, "admitted");
    client.record(pod, "sandbox", 1.01, 1.51, "10.244.1.2");
    model.poll();
    const int p = model.podIndex(QStringLiteral("default/web"));
    // The image pull is in progress (not recorded): the token waits at the image pull station.
    model.evaluate(qint64(2.0 * kSecond));
    const auto* tok = model.tokenOf(p);
    QVERIFY(tok);
    QVERIFY(tok->atStation());
    QCOMPARE(tok->to, Station::ImagePull);
    QVERIFY(tok->expected);
    // When the pull is recorded, the past reads the same.
    client.record(pod, "image pull", 1.51, 2.2, "nginx:1.25");
    model.poll();
    model.evaluate(qint64(2.0 * kSecond));
    QCOMPARE(model.tokenOf(p)->to, Station::ImagePull);
    QVERIFY(!model.tokenOf(p)->expected);
    QVERIFY(model.station(Station::ImagePull).activity.contains(QStringLiteral("nginx:1.25")));

    // A failed pull holds the pod there, in red, with the record's message, until a pull works.
    const std::string bad = "default/bad";
    client.record(bad, "sandbox", 3.0, 3.5, "10.244.1.3");
    client.record(bad, "image pull", 3.5, 4.0, "nginx:9.99: ErrImagePull", true);
    client.record(bad, "image pull", 14.0, 15.0, "nginx:9.99");
    model.poll();
    const int b = model.podIndex(QStringLiteral("default/bad"));
    model.evaluate(qint64(10 * kSecond));
    QCOMPARE(model.tokenOf(b)->to, Station::ImagePull);
    QVERIFY(model.tokenOf(b)->failing);
    QCOMPARE(model.station(Station::ImagePull).failure, QStringLiteral("nginx:9.99: ErrImagePull"));
    QCOMPARE(model.failureOf(b), QStringLiteral("nginx:9.99: ErrImagePull"));
    QCOMPARE(model.station(Station::ImagePull).failures, 1);
    model.evaluate(qint64(14.5 * kSecond));
    QVERIFY(!model.tokenOf(b)->failing);
    QVERIFY(model.station(Station::ImagePull).failure.isEmpty());
    // Before it failed, nothing was red.
    model.evaluate(qint64(3.7 * kSecond));
    QVERIFY(!model.tokenOf(b)->failing);
    QCOMPARE(model.station(Station::ImagePull).failures, 0);
}

void JourneyTest::recordsAreReadIncrementallyAndResetWithTheControlPlane() {
    LogClient client;
    JourneyModel model(&client, nullptr);
    QSignalSpy added(&model, &JourneyModel::recordsAdded);
    QSignalSpy reset(&model, &JourneyModel::modelReset);
    for (int i = 0; i < 5; ++i)
        client.record("default/p" + std::to_string(i), "storage: etcd", 1.0 + i, 1.0 + i, "created");
    QCOMPARE(model.poll(2), 2);
    QVERIFY(model.backlog());
    QCOMPARE(model.poll(), 3);
    QVERIFY(!model.backlog());
    QCOMPARE(model.poll(), 0);
    QCOMPARE(added.count(), 2);
    QCOMPARE(model.podCount(), 5);
    QCOMPARE(model.lastSeq(), 5);
    emit client.controlPlaneReplaced();
    QCOMPARE(reset.count(), 1);
    QCOMPARE(model.podCount(), 0);
    QCOMPARE(model.lastSeq(), 0);
    QCOMPARE(model.poll(), 5);
}

void JourneyTest::singlePodVisitsStationsInRecordedOrder() {
    Fixture f;
    QVERIFY(f.start(scenario("single-pod-journey.yaml"), std::chrono::seconds(40)));
    QVERIFY(f.waitForPods(1));
    f.view->updateFrame();
    JourneyModel& model = *f.view->model();
    const QString key = QStringLiteral("default/web");
    const int p = model.podIndex(key);
    QVERIFY(p >= 0);
    const auto stages = f.stagesOf("default/web");
    QVERIFY(stages.size() > 10);
    const RecordedRoute recorded = recordedRoute(stages, Station::Client);
    QCOMPARE(recorded.all.back(), Station::RunningReady);
    // The model's route is the records'.
    QCOMPARE(ids(model.route(p, f.client->nowNanos())), ids(recorded.all));

    // Sample the time shown: every 10 ms, and finely inside every record (the API server's
    // stages take a tenth of a millisecond).
    std::vector<qint64> times;
    for (qint64 t = f.epoch(); t <= f.client->nowNanos(); t += 10 * kMs) times.push_back(t);
    for (const auto& st : stages) {
        const qint64 a = sim::toUnixNanos(st.start), b = sim::toUnixNanos(st.end);
        for (int i = 0; i <= 64; ++i) times.push_back(a + (b - a) * i / 64);
        times.push_back(b + 1);
    }
    std::sort(times.begin(), times.end());
    QList<Station> seen;
    for (qint64 t : times) {
        f.timeline.setView(t);
        f.view->updateFrame();
        const auto at = stationOf(model, key);
        if (at && (seen.isEmpty() || seen.back() != *at)) seen << *at;
        // The drawn token is where the model says.
        if (at) {
            const auto* item = f.view->tokenItem(key);
            QVERIFY(item);
            QVERIFY2(ui::journey::JourneyLayout::stationRect(*at).contains(item->pos()), qPrintable(Stations::id(*at)));
        }
    }
    // In the records' order, missing only stations passed in no time at all.
    QVERIFY2(isSubsequence(seen, recorded.all), qPrintable(ids(seen).join(QLatin1Char(' '))));
    QVERIFY2(isSubsequence(recorded.lasting, seen),
             qPrintable(ids(recorded.lasting).join(QLatin1Char(' ')) + QStringLiteral(" / ") + ids(seen).join(QLatin1Char(' '))));
    for (Station s : {Station::Etcd, Station::KubeletAdmission, Station::Sandbox, Station::ImagePull, Station::Containers,
                      Station::Probes, Station::RunningReady})
        QVERIFY2(seen.contains(s), qPrintable(Stations::id(s)));
    // It ends Running and Ready.
    f.timeline.goLive();
    f.view->updateFrame();
    QCOMPARE(stationOf(model, key), Station::RunningReady);
    QCOMPARE(model.station(Station::RunningReady).here, 1);
    QCOMPARE(model.station(Station::Authentication).passed, 1);
    QVERIFY(!model.station(Station::Authentication).activity.isEmpty());
    const auto* item = f.view->tokenItem(key);
    QVERIFY(item);
    QVERIFY(item->labelShown());
    QCOMPARE(item->name(), QStringLiteral("web"));
}

void JourneyTest::timeTravelShowsThePast() {
    Fixture f;
    QVERIFY(f.start(scenario("single-pod-journey.yaml"), std::chrono::seconds(40)));
    QVERIFY(f.waitForPods(1));
    const QString key = QStringLiteral("default/web");
    JourneyModel& model = *f.view->model();
    const auto stages = f.stagesOf("default/web");
    auto stageNamed = [&](const char* name) {
        for (const auto& st : stages)
            if (st.stage == name) return st;
        return sim::JourneyStage{};
    };
    // Three quarters into the sandbox and into the probes, as the records say.
    for (const char* name : {sim::kStageSandbox, sim::kStageProbes}) {
        const auto st = stageNamed(name);
        QVERIFY(st.end > st.start);
        const qint64 t = sim::toUnixNanos(st.start) + (sim::toUnixNanos(st.end) - sim::toUnixNanos(st.start)) * 3 / 4;
        f.timeline.setView(t);
        QVERIFY(!f.timeline.live());
        f.view->updateFrame();
        const auto m = Stations::forStage(st.stage, st.detail, st.failed);
        QCOMPARE(stationOf(model, key), m.stations[0]);
        const auto* item = f.view->tokenItem(key);
        QVERIFY(item);
        QVERIFY(ui::journey::JourneyLayout::stationRect(m.stations[0]).contains(item->pos()));
    }
    // Before the pod was created: no token; the counters read zero.
    f.timeline.setView(f.epoch() + 1 * kSecond);
    f.view->updateFrame();
    QVERIFY(!model.tokenOf(model.podIndex(key)));
    QVERIFY(!f.view->tokenItem(key));
    QCOMPARE(model.station(Station::Etcd).passed, 0);
    // Live again: Running and Ready.
    f.timeline.goLive();
    f.view->updateFrame();
    QCOMPARE(stationOf(model, key), Station::RunningReady);

}

void JourneyTest::selectionBothWays() {
    Fixture f;
    QVERIFY(f.start(testData("journey-failures.yaml"), std::chrono::seconds(20)));
    QVERIFY(f.waitForPods(4));
    f.view->updateFrame();
    QVERIFY(QTest::qWaitForWindowExposed(f.view.get()));
    const QString fine = QStringLiteral("default/fine");
    const auto* item = f.view->tokenItem(fine);
    QVERIFY(item);
    QVERIFY(!item->selected());
    // Click its token: the pod is selected everywhere.
    QSignalSpy changed(&f.selection, &ui::SelectionModel::selectionChanged);
    const QPoint at = f.view->mapFromScene(item->pos());
    QTest::mouseClick(f.view->viewport(), Qt::LeftButton, {}, at);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(f.selection.selected(), ui::ObjectRef::pod(fine));
    f.view->updateFrame();
    QVERIFY(f.view->tokenItem(fine)->selected());
    // Selected elsewhere (the cluster view, the inspector): its token is highlighted, the other not.
    const QString bad = QStringLiteral("default/bad-image");
    f.selection.select(ui::ObjectRef::pod(bad));
    f.view->updateFrame();
    QVERIFY(f.view->tokenItem(bad)->selected());
    QVERIFY(!f.view->tokenItem(fine)->selected());
    // A node selected: no token highlighted.
    f.selection.select(ui::ObjectRef::node(QStringLiteral("node-1")));
    f.view->updateFrame();
    QVERIFY(!f.view->tokenItem(bad)->selected());
}

void JourneyTest::failuresShowTheirMessages() {
    Fixture f;
    QVERIFY(f.start(testData("journey-failures.yaml"), std::chrono::seconds(40)));
    // An invalid pod: rejected by validation (422), its journey ends there.
    std::vector<std::string> warnings;
    auto ms = codec::loadManifests("apiVersion: v1\nkind: Pod\nmetadata: {name: no-image, namespace: default}\n"
                                   "spec:\n  containers: [{name: c}]\n",
                                   "t.yaml", &warnings);
    QVERIFY(ms.isOk());
    apiserver::Request create;
    create.verb = "create";
    create.type = (*ms)[0].type;
    create.namespace_ = "default";
    create.body = std::shared_ptr<google::protobuf::Message>(std::move((*ms)[0].object));
    const auto resp = f.session->controlPlane().apiServer().handle(create);
    QCOMPARE(resp.status.reason(), std::string("Invalid"));
    QVERIFY(f.session->runFor(std::chrono::seconds(1)).isOk());
    f.present();
    QVERIFY(f.waitForPods(4));
    // The pods' statuses have reached the cluster state (CrashLoopBackOff, ImagePullBackOff).
    QVERIFY(QTest::qWaitFor([&] {
        f.view->updateFrame();
        return !f.view->model()->failureOf(f.view->model()->podIndex(QStringLiteral("default/crasher"))).isEmpty();
    }, 10000));
    f.view->updateFrame();
    JourneyModel& model = *f.view->model();

    auto failedDetail = [&](const std::string& pod, const char* stage) {
        std::string detail;
        for (const auto& st : f.stagesOf(pod))
            if (st.failed && st.stage.starts_with(stage)) detail = st.detail;
        return QString::fromStdString(detail);
    };
    // FailedScheduling: red at filter with the scheduler's message; the token waits with the
    // unschedulable pods, marked failing.
    const QString unschedulable = failedDetail("default/too-big", sim::kStageSchedulingAttempt);
    QVERIFY(unschedulable.startsWith(QStringLiteral("0/1 nodes are available")));
    QCOMPARE(model.station(Station::Filter).failure, unschedulable);
    QCOMPARE(f.view->stationItem(Station::Filter)->failureText(), unschedulable);
    QVERIFY(model.station(Station::Filter).failures >= 1);
    QCOMPARE(stationOf(model, QStringLiteral("default/too-big")), Station::QueueUnschedulable);
    QVERIFY(f.view->tokenItem(QStringLiteral("default/too-big"))->failing());

    // The image that cannot be pulled: red at the image pull, with the pod's waiting reason and
    // message as the cluster shows them (ErrImagePull, then ImagePullBackOff).
    const QString pull = model.station(Station::ImagePull).failure;
    QVERIFY2(pull.startsWith(QStringLiteral("ImagePullBackOff")) || pull.startsWith(QStringLiteral("ErrImagePull")),
             qPrintable(pull));
    QVERIFY(pull.contains(QStringLiteral("nginx:9.99")));
    QVERIFY(!failedDetail("default/bad-image", sim::kStageImagePull).isEmpty());
    QCOMPARE(stationOf(model, QStringLiteral("default/bad-image")), Station::ImagePull);
    QVERIFY(f.view->tokenItem(QStringLiteral("default/bad-image"))->failing());

    // The container that keeps exiting: back at the containers, CrashLoopBackOff.
    QCOMPARE(stationOf(model, QStringLiteral("default/crasher")), Station::Containers);
    QVERIFY2(model.station(Station::Containers).failure.startsWith(QStringLiteral("CrashLoopBackOff")),
             qPrintable(model.station(Station::Containers).failure));

    // The invalid pod: red at validation with the API server's message.
    const QString invalid = failedDetail("default/no-image", "validation");
    QVERIFY(invalid.contains(QStringLiteral("Required value")));
    QCOMPARE(model.station(Station::Validation).failure, invalid);
    QCOMPARE(stationOf(model, QStringLiteral("default/no-image")), Station::Validation);

    // The pod that works is not red.
    QCOMPARE(stationOf(model, QStringLiteral("default/fine")), Station::RunningReady);
    QVERIFY(!f.view->tokenItem(QStringLiteral("default/fine"))->failing());
    QVERIFY(model.station(Station::RunningReady).failure.isEmpty());
}

void JourneyTest::tokensKeepOffStationText() {
    // Two replicas held unschedulable, four running: every token at a station, at every second,
    // lies within the room below the station's text (a failure's message makes that room smaller).
    Fixture f;
    QVERIFY(f.start(scenario("resource-pressure.yaml"), std::chrono::seconds(90)));
    QVERIFY(f.waitForPods(6));
    JourneyModel& model = *f.view->model();
    const qreal r = ui::journey::style::kTokenDiameter / 2;
    int checked = 0;
    for (qint64 t = f.epoch(); t <= f.client->nowNanos(); t += kSecond) {
        f.timeline.setView(t);
        f.view->updateFrame();
        for (int p = 0; p < model.podCount(); ++p) {
            const QString key = model.podKey(p);
            const auto at = stationOf(model, key);
            const auto* item = f.view->tokenItem(key);
            if (!at || !item || !item->isVisible()) continue;
            const QRectF area = f.view->stationItem(*at)->tokenArea().adjusted(-0.5, -0.5, 0.5, 0.5);
            const QRectF disc(item->pos() - QPointF(r, r), QSizeF(2 * r, 2 * r));
            QVERIFY2(area.contains(disc), qPrintable(QStringLiteral("%1 at %2, %3 s").arg(key, Stations::id(*at)).arg((t - f.epoch()) / kSecond)));
            ++checked;
        }
    }
    QVERIFY(checked > 100);
}

void JourneyTest::crowdsAggregate() {
    Fixture f;
    QVERIFY(f.start(testData("crowd.yaml"), std::chrono::seconds(30)));
    QVERIFY(f.waitForPods(40));
    f.view->updateFrame();
    JourneyModel& model = *f.view->model();
    QCOMPARE(model.podCount(), 40);
    const auto& running = model.station(Station::RunningReady);
    // The node holds 10 pods of 100m; the other 30 cannot be scheduled and wait in the queue.
    QCOMPARE(running.here, 10);
    int waiting = 0;
    Station crowded = Station::Count;
    for (Station lane : {Station::QueueActive, Station::QueueBackoff, Station::QueueUnschedulable}) {
        waiting += model.station(lane).here;
        if (model.station(lane).here > JourneyModel::kShownPerStation) crowded = lane;
    }
    QCOMPARE(waiting, 30);
    QVERIFY(crowded != Station::Count);
    const auto* badge = f.view->badge(crowded);
    QVERIFY(badge->isVisible());
    QCOMPARE(badge->count(), model.station(crowded).here);
    QVERIFY(!f.view->badge(Station::RunningReady)->isVisible());
    // Only tokens drawn one by one have items: none for those counted.
    int drawn = 0;
    for (const auto& tok : model.tokens()) {
        const bool counted = tok.atStation() && model.station(tok.to).here > JourneyModel::kShownPerStation;
        drawn += counted ? 0 : 1;
    }
    QCOMPARE(f.view->visibleTokenItems(), drawn);
    // Clicking the count selects the pod that has waited longest; it is then drawn beside it.
    QVERIFY(QTest::qWaitForWindowExposed(f.view.get()));
    QTest::mouseClick(f.view->viewport(), Qt::LeftButton, {},
                      f.view->mapFromScene(badge->pos() + QPointF(40, ui::journey::CountBadgeItem::kHeight / 2)));
    QCOMPARE(f.selection.selected().key(), badge->firstPod());
    f.view->updateFrame();
    const auto* selected = f.view->tokenItem(badge->firstPod());
    QVERIFY(selected);
    QVERIFY(selected->selected());
    QCOMPARE(f.view->visibleTokenItems(), drawn + 1);
}

void JourneyTest::watchDeliveriesPulseArrows() {
    Fixture f;
    QVERIFY(f.start(scenario("single-pod-journey.yaml"), std::chrono::seconds(4)));
    // The API server counted the events delivered to each component's watches.
    const auto before = f.client->watchDeliveries();
    QVERIFY(before.count("kube-scheduler"));
    QVERIFY(before.count("kubelet/node-1"));
    QVERIFY(before.count("kube-controller-manager"));  // its controllers' shared informers
    f.view->updateFrame();
    const int schedulerPulses = f.view->watchArrow(ui::journey::WatchTarget::Scheduler)->pulses();
    const int kubeletPulses = f.view->watchArrow(ui::journey::WatchTarget::Kubelets)->pulses();
    // The pod is created at 5 s: the scheduler's and then the kubelet's watches deliver it.
    QVERIFY(f.session->runFor(std::chrono::seconds(10)).isOk());
    f.present();
    const auto after = f.client->watchDeliveries();
    QVERIFY(after.at("kube-scheduler") > before.at("kube-scheduler"));
    QVERIFY(after.at("kubelet/node-1") > before.at("kubelet/node-1"));
    QTRY_VERIFY(f.view->watchArrow(ui::journey::WatchTarget::Scheduler)->pulses() > schedulerPulses);
    QVERIFY(f.view->watchArrow(ui::journey::WatchTarget::Kubelets)->pulses() > kubeletPulses);
    qint64 scheduler = 0;
    for (const auto& [client, count] : after)
        if (client == "kube-scheduler") scheduler += count;
    QCOMPARE(f.view->watchArrow(ui::journey::WatchTarget::Scheduler)->delivered(), scheduler);
    // Nothing more delivered: no more pulses.
    QTest::qWait(150);
    f.view->updateFrame();
    const int settled = f.view->watchArrow(ui::journey::WatchTarget::Scheduler)->pulses();
    QTest::qWait(150);
    f.view->updateFrame();
    QCOMPARE(f.view->watchArrow(ui::journey::WatchTarget::Scheduler)->pulses(), settled);
}

void JourneyTest::rendersInBothThemes() {
    Fixture f;
    QVERIFY(f.start(scenario("single-pod-journey.yaml"), std::chrono::seconds(8)));
    QVERIFY(f.waitForPods(1));
    for (auto mode : {ui::theme::Mode::Light, ui::theme::Mode::Dark}) {
        ui::theme::apply(*qApp, mode);
        f.view->refreshTheme();
        f.view->updateFrame();
        QImage image(1920, 1080, QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::transparent);
        QPainter painter(&image);
        f.view->render(&painter);
        painter.end();
        // The canvas is the theme's background, and the token of the pod is drawn in its colour.
        QCOMPARE(image.pixelColor(4, 540).rgb(), ui::theme::background().rgb());
        const auto* item = f.view->tokenItem(QStringLiteral("default/web"));
        QVERIFY(item);
        const QPoint at = f.view->mapFromScene(item->pos());
        QCOMPARE(image.pixelColor(at).rgb(), ui::theme::ownerColor(f.view->model()->podOwner(f.view->model()->podIndex(
                                                                        QStringLiteral("default/web"))))
                                                 .rgb());
    }
    ui::theme::apply(*qApp, ui::theme::Mode::Light);
}

QTEST_MAIN(JourneyTest)
