// The event log: kubectl's columns for core/v1 and events.k8s.io events, the order by last seen,
// incremental changes, the filters, Warning rows, LAST SEEN at the view time, the selection — on
// events a test creates (through a fake client) and on a simulated cluster.
#include "event_log_test.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTableView>
#include <QtTest>

#include "client/in_process_client.h"
#include "core_v1.pb.h"
#include "events/event_filter_proxy_model.h"
#include "events/event_log_view.h"
#include "events/event_table_model.h"
#include "util/human_duration.h"
#include "session/embedded_session.h"
#include "theme/theme.h"
#include "ui_events/fake_control_plane_client.h"
#include "util/rfc3339.h"

using namespace pilothouse;
namespace core = k8s::io::api::core::v1;

namespace {

constexpr qint64 kSecond = 1'000'000'000;
constexpr qint64 kEpoch = 1'704'067'200'000'000'000;

// An Event as the kubelet's core/v1 recorder writes it (first/last timestamps, count, source), or
// as the scheduler's events.k8s.io recorder does (eventTime, reportingComponent, maybe a series).
struct EventSpec {
    QString name;
    QString type = QStringLiteral("Normal");
    QString reason;
    QString kind = QStringLiteral("Pod");
    QString object = QStringLiteral("web");
    QString message;
    qint64 first = 0;  // seconds after the epoch
    qint64 last = 0;   // core/v1: lastTimestamp; events.k8s.io: series.lastObservedTime (0: none)
    int count = 0;
    bool eventsK8sIo = false;
};

ui::ObjectPtr makeEvent(const EventSpec& s) {
    auto e = std::make_shared<core::Event>();
    e->set_api_version("v1");
    e->set_kind("Event");
    e->mutable_metadata()->set_name(s.name.toStdString());
    e->mutable_metadata()->set_namespace_("default");
    e->mutable_metadata()->set_uid("uid-" + s.name.toStdString());
    e->mutable_involved_object()->set_kind(s.kind.toStdString());
    e->mutable_involved_object()->set_name(s.object.toStdString());
    if (s.kind != QLatin1String("Node")) e->mutable_involved_object()->set_namespace_("default");
    e->set_type(s.type.toStdString());
    e->set_reason(s.reason.toStdString());
    e->set_message(s.message.toStdString());
    if (s.eventsK8sIo) {
        e->set_event_time(rfc3339::formatMicro(kEpoch + s.first * kSecond));
        e->set_reporting_component("default-scheduler");
        if (s.count > 0) {
            e->mutable_series()->set_count(s.count);
            e->mutable_series()->set_last_observed_time(rfc3339::formatMicro(kEpoch + s.last * kSecond));
        }
    } else {
        e->mutable_source()->set_component("kubelet");
        e->set_first_timestamp(rfc3339::format(kEpoch + s.first * kSecond));
        e->set_last_timestamp(rfc3339::format(kEpoch + (s.last ? s.last : s.first) * kSecond));
        e->set_count(s.count > 0 ? s.count : 1);
    }
    return e;
}

// A fake control plane at `now` seconds with the events listed, its ClusterState and Timeline.
struct Fixture {
    testing::FakeControlPlaneClient client;
    ui::Timeline timeline;
    std::unique_ptr<ui::ClusterState> state;

    explicit Fixture(qint64 nowSeconds, const std::vector<EventSpec>& events = {}) {
        client.now = kEpoch + nowSeconds * kSecond;
        timeline.setPresent(client.epoch, client.now);
        state = std::make_unique<ui::ClusterState>(&client, &timeline);
        QVector<ui::ObjectPtr> objects;
        for (const auto& e : events) objects << makeEvent(e);
        client.list(QStringLiteral("events"), objects);
    }
};

QStringList column(const QAbstractItemModel* m, int c) {
    QStringList out;
    for (int r = 0; r < m->rowCount(); ++r) out << m->index(r, c).data().toString();
    return out;
}

QStringList reasons(const QAbstractItemModel* m) { return column(m, ui::EventTableModel::ReasonColumn); }

std::vector<EventSpec> someEvents() {
    return {
        {QStringLiteral("web.1"), QStringLiteral("Normal"), QStringLiteral("Scheduled"), QStringLiteral("Pod"), QStringLiteral("web"),
         QStringLiteral("Successfully assigned default/web to node-1"), 5, 0, 0, true},
        {QStringLiteral("web.2"), QStringLiteral("Normal"), QStringLiteral("Pulling"), QStringLiteral("Pod"), QStringLiteral("web"),
         QStringLiteral("Pulling image \"nginx:1.25\""), 6},
        {QStringLiteral("db.1"), QStringLiteral("Warning"), QStringLiteral("FailedScheduling"), QStringLiteral("Pod"), QStringLiteral("db"),
         QStringLiteral("0/2 nodes are available: 2 Insufficient cpu."), 2, 30, 4, true},
        {QStringLiteral("node-1.1"), QStringLiteral("Normal"), QStringLiteral("Starting"), QStringLiteral("Node"), QStringLiteral("node-1"),
         QStringLiteral("Starting kubelet."), 0},
        {QStringLiteral("web.3"), QStringLiteral("Warning"), QStringLiteral("BackOff"), QStringLiteral("Pod"), QStringLiteral("web"),
         QStringLiteral("Back-off pulling image \"nginx:1.25\""), 10, 20, 3},
    };
}

}  // namespace

void EventLogTest::initTestCase() { qRegisterMetaType<ui::ObjectRef>(); }

void EventLogTest::columns_data() {
    QTest::addColumn<int>("first");
    QTest::addColumn<int>("last");
    QTest::addColumn<int>("count");
    QTest::addColumn<bool>("eventsK8sIo");
    QTest::addColumn<QString>("kind");
    QTest::addColumn<int>("now");
    QTest::addColumn<QString>("lastSeen");
    QTest::addColumn<QString>("object");
    // kubectl's printEvent: lastTimestamp, else the first time; series: lastObservedTime.
    QTest::newRow("core/v1 single") << 5 << 0 << 1 << false << QStringLiteral("Pod") << 40 << QStringLiteral("35s") << QStringLiteral("pod/web");
    QTest::newRow("core/v1 repeated") << 5 << 100 << 7 << false << QStringLiteral("Pod") << 400 << QStringLiteral("5m (x7 over 6m35s)") << QStringLiteral("pod/web");
    QTest::newRow("events.k8s.io single") << 12 << 0 << 0 << true << QStringLiteral("Pod") << 20 << QStringLiteral("8s") << QStringLiteral("pod/web");
    QTest::newRow("events.k8s.io series") << 12 << 50 << 3 << true << QStringLiteral("Pod") << 60 << QStringLiteral("10s (x3 over 48s)") << QStringLiteral("pod/web");
    QTest::newRow("node") << 0 << 0 << 1 << false << QStringLiteral("Node") << 130 << QStringLiteral("2m10s") << QStringLiteral("node/web");
    QTest::newRow("deployment") << 1 << 0 << 1 << false << QStringLiteral("Deployment") << 3 << QStringLiteral("2s") << QStringLiteral("deployment/web");
}

void EventLogTest::columns() {
    QFETCH(int, first);
    QFETCH(int, last);
    QFETCH(int, count);
    QFETCH(bool, eventsK8sIo);
    QFETCH(QString, kind);
    QFETCH(int, now);
    QFETCH(QString, lastSeen);
    QFETCH(QString, object);
    EventSpec spec{QStringLiteral("e"), QStringLiteral("Normal"), QStringLiteral("Scheduled"), kind, QStringLiteral("web"),
                   QStringLiteral("  Successfully assigned default/web to node-1\n"), first, last, count, eventsK8sIo};
    Fixture f(now, {spec});
    ui::EventTableModel model(f.state.get(), &f.timeline);
    QAbstractItemModelTester tester(&model);
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.columnCount(), 5);
    QStringList headers;
    for (int c = 0; c < model.columnCount(); ++c) headers << model.headerData(c, Qt::Horizontal).toString();
    QCOMPARE(headers, (QStringList{QStringLiteral("LAST SEEN"), QStringLiteral("TYPE"), QStringLiteral("REASON"),
                                   QStringLiteral("OBJECT"), QStringLiteral("MESSAGE")}));
    QCOMPARE(model.index(0, ui::EventTableModel::LastSeenColumn).data().toString(), lastSeen);
    QCOMPARE(model.index(0, ui::EventTableModel::TypeColumn).data().toString(), QStringLiteral("Normal"));
    QCOMPARE(model.index(0, ui::EventTableModel::ReasonColumn).data().toString(), QStringLiteral("Scheduled"));
    QCOMPARE(model.index(0, ui::EventTableModel::ObjectColumn).data().toString(), object);
    // kubectl trims the message.
    QCOMPARE(model.index(0, ui::EventTableModel::MessageColumn).data().toString(),
             QStringLiteral("Successfully assigned default/web to node-1"));
    QCOMPARE(model.index(0, 0).data(ui::EventTableModel::CountRole).toInt(), std::max(count, 1));
}

void EventLogTest::sortedByLastSeen() {
    Fixture f(60, someEvents());
    ui::EventTableModel model(f.state.get(), &f.timeline);
    QAbstractItemModelTester tester(&model);
    // Starting (0), Scheduled (5), Pulling (6), BackOff (last 20), FailedScheduling (series, 30).
    QCOMPARE(reasons(&model), (QStringList{QStringLiteral("Starting"), QStringLiteral("Scheduled"), QStringLiteral("Pulling"),
                                           QStringLiteral("BackOff"), QStringLiteral("FailedScheduling")}));
    for (int r = 1; r < model.rowCount(); ++r)
        QVERIFY(model.index(r - 1, 0).data(ui::EventTableModel::LastSeenNanosRole).toLongLong() <=
                model.index(r, 0).data(ui::EventTableModel::LastSeenNanosRole).toLongLong());
}

// Watch events insert, change and remove rows; an event seen again later goes to its new place;
// a burst of new events is one insertion; the model is never reset.
void EventLogTest::incrementalChanges() {
    Fixture f(60, someEvents());
    ui::EventTableModel model(f.state.get(), &f.timeline);
    QAbstractItemModelTester tester(&model);
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    const QString events = QStringLiteral("events");

    // A new event between others goes to its place by last seen.
    f.client.change(events, ui::ObjectEvent::Type::Added,
                    makeEvent({QStringLiteral("web.4"), QStringLiteral("Normal"), QStringLiteral("Pulled"), QStringLiteral("Pod"),
                               QStringLiteral("web"), QStringLiteral("Successfully pulled image"), 7}));
    QTRY_COMPARE(inserted.count(), 1);
    QCOMPARE(inserted.at(0).at(1).toInt(), 3);
    QCOMPARE(inserted.at(0).at(2).toInt(), 3);
    QCOMPARE(reasons(&model).at(3), QStringLiteral("Pulled"));

    // Seen again later: the row goes to the end (a core/v1 repeat).
    EventSpec again = someEvents()[1];
    again.last = 50;
    again.count = 2;
    f.client.change(events, ui::ObjectEvent::Type::Modified, makeEvent(again));
    QTRY_COMPARE(reasons(&model).last(), QStringLiteral("Pulling"));
    QCOMPARE(removed.count(), 1);
    QCOMPARE(model.index(model.rowCount() - 1, 0).data().toString(), QStringLiteral("10s (x2 over 54s)"));
    QCOMPARE(model.rowOf(QStringLiteral("events|default/web.2")), model.rowCount() - 1);

    // A change that keeps its place changes the row in place.
    EventSpec same = someEvents()[3];
    same.message = QStringLiteral("Starting kubelet (again).");
    const int changesBefore = int(changed.count());
    f.client.change(events, ui::ObjectEvent::Type::Modified, makeEvent(same));
    QTRY_COMPARE(model.index(0, ui::EventTableModel::MessageColumn).data().toString(), QStringLiteral("Starting kubelet (again)."));
    QCOMPARE(removed.count(), 1);
    QCOMPARE(changed.count(), changesBefore + 1);

    // Deleted (events expire): the row goes.
    f.client.change(events, ui::ObjectEvent::Type::Deleted, makeEvent(someEvents()[0]));
    QTRY_COMPARE(removed.count(), 2);
    QVERIFY(!reasons(&model).contains(QStringLiteral("Scheduled")));
    QCOMPARE(model.rowCount(), 5);

    // A burst of new events, the newest: one insertion at the end, in order.
    const int insertionsBefore = int(inserted.count());
    for (int i = 0; i < 5; ++i)
        f.client.change(events, ui::ObjectEvent::Type::Added,
                        makeEvent({QStringLiteral("burst.%1").arg(i), QStringLiteral("Normal"), QStringLiteral("Burst%1").arg(4 - i),
                                   QStringLiteral("Pod"), QStringLiteral("web"), QStringLiteral("m"), 55 - i}));
    model.flush();
    QCOMPARE(inserted.count(), insertionsBefore + 1);
    QCOMPARE(inserted.last().at(1).toInt(), 5);
    QCOMPARE(inserted.last().at(2).toInt(), 9);
    QCOMPARE(reasons(&model).mid(5), (QStringList{QStringLiteral("Burst0"), QStringLiteral("Burst1"), QStringLiteral("Burst2"),
                                                  QStringLiteral("Burst3"), QStringLiteral("Burst4")}));

    // Events last seen in the same second as the newest row, taken in later: after it, at the end,
    // in one insertion (by name they would land before it: each such run is a walk of every row
    // for the filter proxy).
    for (int i = 0; i < 3; ++i)
        f.client.change(events, ui::ObjectEvent::Type::Added,
                        makeEvent({QStringLiteral("aaa.%1").arg(i), QStringLiteral("Normal"), QStringLiteral("Late%1").arg(i),
                                   QStringLiteral("Pod"), QStringLiteral("web"), QStringLiteral("m"), 55}));
    model.flush();
    QCOMPARE(inserted.count(), insertionsBefore + 2);
    QCOMPARE(inserted.last().at(1).toInt(), 10);
    QCOMPARE(inserted.last().at(2).toInt(), 12);
    QCOMPARE(reasons(&model).mid(9), (QStringList{QStringLiteral("Burst4"), QStringLiteral("Late0"), QStringLiteral("Late1"),
                                                  QStringLiteral("Late2")}));
    QCOMPARE(model.rowOf(QStringLiteral("events|default/aaa.1")), 11);
    QCOMPARE(resets.count(), 0);
}

void EventLogTest::filters_data() {
    QTest::addColumn<QString>("type");
    QTest::addColumn<QString>("object");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("expected");  // reasons, in order
    const QString all;
    QTest::newRow("none") << all << all << all
                          << QStringList{QStringLiteral("Starting"), QStringLiteral("Scheduled"), QStringLiteral("Pulling"),
                                         QStringLiteral("BackOff"), QStringLiteral("FailedScheduling")};
    QTest::newRow("Warning") << QStringLiteral("Warning") << all << all
                             << QStringList{QStringLiteral("BackOff"), QStringLiteral("FailedScheduling")};
    QTest::newRow("Normal") << QStringLiteral("Normal") << all << all
                            << QStringList{QStringLiteral("Starting"), QStringLiteral("Scheduled"), QStringLiteral("Pulling")};
    QTest::newRow("object pod/web") << all << QStringLiteral("pod/web") << all
                                    << QStringList{QStringLiteral("Scheduled"), QStringLiteral("Pulling"), QStringLiteral("BackOff")};
    QTest::newRow("object node/") << all << QStringLiteral("node/") << all << QStringList{QStringLiteral("Starting")};
    QTest::newRow("object namespace/name") << all << QStringLiteral("default/db") << all
                                           << QStringList{QStringLiteral("FailedScheduling")};
    QTest::newRow("text in message") << all << all << QStringLiteral("nginx")
                                     << QStringList{QStringLiteral("Pulling"), QStringLiteral("BackOff")};
    QTest::newRow("text, two words") << all << all << QStringLiteral("back-off NGINX") << QStringList{QStringLiteral("BackOff")};
    QTest::newRow("text in reason") << all << all << QStringLiteral("failedsched") << QStringList{QStringLiteral("FailedScheduling")};
    QTest::newRow("all three") << QStringLiteral("Warning") << QStringLiteral("web") << QStringLiteral("image")
                               << QStringList{QStringLiteral("BackOff")};
    QTest::newRow("nothing matches") << QStringLiteral("Normal") << QStringLiteral("pod/db") << all << QStringList{};
}

void EventLogTest::filters() {
    QFETCH(QString, type);
    QFETCH(QString, object);
    QFETCH(QString, text);
    QFETCH(QStringList, expected);
    Fixture f(60, someEvents());
    ui::EventTableModel model(f.state.get(), &f.timeline);
    ui::EventFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    QAbstractItemModelTester tester(&proxy);
    proxy.setTypeFilter(type);
    proxy.setObjectFilter(object);
    proxy.setTextFilter(text);
    QCOMPARE(reasons(&proxy), expected);
    // Events arriving later are filtered too.
    f.client.change(QStringLiteral("events"), ui::ObjectEvent::Type::Added,
                    makeEvent({QStringLiteral("web.9"), QStringLiteral("Warning"), QStringLiteral("Failed"), QStringLiteral("Pod"),
                               QStringLiteral("web"), QStringLiteral("Error: ErrImagePull for image nginx"), 55}));
    QTRY_COMPARE(model.rowCount(), 6);
    const bool matches = (type.isEmpty() || type == QLatin1String("Warning")) &&
                         (object.isEmpty() || QStringLiteral("pod/web").contains(object) ||
                          QStringLiteral("default/web").contains(object)) &&
                         (text.isEmpty() || text == QLatin1String("nginx") || text == QLatin1String("image"));
    QCOMPARE(reasons(&proxy), matches ? expected + QStringList{QStringLiteral("Failed")} : expected);
    // Filters cleared: everything.
    proxy.setTypeFilter({});
    proxy.setObjectFilter({});
    proxy.setTextFilter({});
    QCOMPARE(proxy.rowCount(), model.rowCount());
}

void EventLogTest::warningRows() {
    Fixture f(60, someEvents());
    ui::EventTableModel model(f.state.get(), &f.timeline);
    for (int r = 0; r < model.rowCount(); ++r) {
        const bool warning = model.index(r, ui::EventTableModel::TypeColumn).data().toString() == QLatin1String("Warning");
        QCOMPARE(model.index(r, 0).data(ui::EventTableModel::WarningRole).toBool(), warning);
        for (int c = 0; c < model.columnCount(); ++c) {
            const QVariant background = model.index(r, c).data(Qt::BackgroundRole);
            QCOMPARE(background.isValid(), warning);
            if (warning) QCOMPARE(background.value<QBrush>().color().rgb(), ui::theme::failure().rgb());
        }
        const QVariant font = model.index(r, ui::EventTableModel::TypeColumn).data(Qt::FontRole);
        QCOMPARE(font.isValid() && font.value<QFont>().bold(), warning);
        const QVariant fg = model.index(r, ui::EventTableModel::TypeColumn).data(Qt::ForegroundRole);
        QCOMPARE(fg.isValid(), warning);
    }
}

// LAST SEEN counts to the moment shown: earlier when the timeline goes back; the column alone
// changes.
void EventLogTest::lastSeenFollowsViewTime() {
    Fixture f(300, {someEvents()[3]});
    ui::EventTableModel model(f.state.get(), &f.timeline);
    QAbstractItemModelTester tester(&model);
    QCOMPARE(model.index(0, 0).data().toString(), QStringLiteral("5m"));
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    f.timeline.setView(kEpoch + 75 * kSecond);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.at(0).at(0).value<QModelIndex>().column(), int(ui::EventTableModel::LastSeenColumn));
    QCOMPARE(changed.at(0).at(1).value<QModelIndex>().column(), int(ui::EventTableModel::LastSeenColumn));
    QCOMPARE(model.index(0, 0).data().toString(), QStringLiteral("75s"));
    // Within the same second: nothing to repaint.
    f.timeline.setView(kEpoch + 75 * kSecond + 300'000'000);
    QCOMPARE(changed.count(), 1);
}

// At a past moment the log shows the events the store held then (ClusterState reads history).
void EventLogTest::pastMomentShowsEventsThen() {
    const auto events = someEvents();
    Fixture f(60, events);
    QHash<QString, QVector<ui::ObjectPtr>> then;
    then[QStringLiteral("events")] = {makeEvent(events[3]), makeEvent(events[0])};
    f.client.history[7] = then;
    f.client.revisionTimes = {{kEpoch + 5 * kSecond, 7}, {kEpoch + 50 * kSecond, 9}};
    ui::EventTableModel model(f.state.get(), &f.timeline);
    QAbstractItemModelTester tester(&model);
    QCOMPARE(model.rowCount(), 5);
    f.timeline.setView(kEpoch + 8 * kSecond);
    f.state->flush();
    QCOMPARE(reasons(&model), (QStringList{QStringLiteral("Starting"), QStringLiteral("Scheduled")}));
    QCOMPARE(model.index(1, 0).data().toString(), QStringLiteral("3s"));
    f.timeline.goLive();
    QCOMPARE(model.rowCount(), 5);
}

void EventLogTest::clickSelectsInvolvedObject() {
    Fixture f(60, someEvents());
    ui::SelectionModel selection;
    ui::EventLogView view(f.state.get(), &f.timeline, &selection);
    view.resize(1200, 600);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QSignalSpy spy(&selection, &ui::SelectionModel::selectionChanged);
    QTableView* table = view.table();
    auto clickReason = [&](const QString& reason) {
        for (int r = 0; r < table->model()->rowCount(); ++r)
            if (table->model()->index(r, ui::EventTableModel::ReasonColumn).data().toString() == reason) {
                const QModelIndex idx = table->model()->index(r, ui::EventTableModel::MessageColumn);
                table->scrollTo(idx);
                QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(idx).center());
                return true;
            }
        return false;
    };
    QVERIFY(clickReason(QStringLiteral("FailedScheduling")));
    QCOMPARE(spy.count(), 1);
    QCOMPARE(selection.selected(), ui::ObjectRef::pod(QStringLiteral("default/db")));
    QVERIFY(clickReason(QStringLiteral("Starting")));
    QCOMPARE(selection.selected(), ui::ObjectRef::node(QStringLiteral("node-1")));
}

// Selecting an object elsewhere highlights its events' rows.
void EventLogTest::selectionHighlightsRows() {
    Fixture f(60, someEvents());
    ui::SelectionModel selection;
    ui::EventLogView view(f.state.get(), &f.timeline, &selection);
    selection.select(ui::ObjectRef::pod(QStringLiteral("default/web")));
    QStringList highlighted;
    for (const QModelIndex& row : view.table()->selectionModel()->selectedRows(ui::EventTableModel::ReasonColumn))
        highlighted << row.data().toString();
    highlighted.sort();
    QCOMPARE(highlighted, (QStringList{QStringLiteral("BackOff"), QStringLiteral("Pulling"), QStringLiteral("Scheduled")}));
    selection.clear();
    QVERIFY(view.table()->selectionModel()->selectedRows().isEmpty());
}

namespace {
// Counts the layout requests a widget receives.
struct LayoutRequests : QObject {
    int count = 0;
    bool eventFilter(QObject*, QEvent* e) override {
        if (e->type() == QEvent::LayoutRequest) ++count;
        return false;
    }
};
}  // namespace

// The count changes with every event; its label keeps its size, so the view (and the main window
// around it, a layout of tens of milliseconds) is not laid out again each time.
void EventLogTest::newEventsDoNotLayTheViewOut() {
    Fixture f(60, someEvents());
    ui::SelectionModel selection;
    ui::EventLogView view(f.state.get(), &f.timeline, &selection);
    view.resize(1200, 600);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QCoreApplication::processEvents();
    LayoutRequests requests;
    view.installEventFilter(&requests);
    auto add = [&](int from, int n) {
        for (int i = from; i < from + n; ++i)
            f.client.change(QStringLiteral("events"), ui::ObjectEvent::Type::Added,
                            makeEvent({QStringLiteral("more.%1").arg(i), QStringLiteral("Normal"), QStringLiteral("More"),
                                       QStringLiteral("Pod"), QStringLiteral("web"), QStringLiteral("m"), 55}));
        QTRY_COMPARE(view.model()->rowCount(), 5 + from + n);
        QCoreApplication::processEvents();
    };
    for (int k = 0; k < 5; ++k) add(k, 1);  // 6 to 10 events: one more digit, within the room left
    add(5, 200);
    QCOMPARE(requests.count, 0);
}

// On the simulated cluster: the log lists what the store's events say, with kubectl's columns,
// and the scheduler's events.k8s.io events among the kubelet's core/v1 ones.
void EventLogTest::simulatedCluster() {
    auto session = ui::EmbeddedSession::start(":memory:", QStringLiteral(PH_SOURCE_DIR "/resources/scenarios/single-pod-journey.yaml"));
    QVERIFY2(session.isOk(), session.isOk() ? "" : session.status().message().c_str());
    QVERIFY((*session)->runFor(std::chrono::seconds(40)).isOk());
    ui::InProcessClient client((*session)->cluster());
    ui::Timeline timeline;
    timeline.setPresent(client.epochNanos(), client.nowNanos());
    ui::ClusterState state(&client, &timeline);
    ui::SelectionModel selection;
    ui::EventLogView view(&state, &timeline, &selection);
    QAbstractItemModelTester tester(view.model());
    QAbstractItemModelTester proxyTester(view.proxy());

    // What the API server lists.
    apiserver::Request list;
    list.verb = "list";
    list.type = api::Scheme::instance().byName("events");
    const auto listed = (*session)->cluster().apiServer().handle(list);
    QVERIFY(listed.ok());
    QVERIFY(listed.items.size() > 10);
    QTRY_COMPARE(view.model()->rowCount(), int(listed.items.size()));
    QStringList expected;
    for (const auto& item : listed.items) {
        const auto& e = static_cast<const core::Event&>(*item);
        expected << QString::fromStdString(e.reason() + " " + e.involved_object().name());
    }
    QStringList shown;
    for (int r = 0; r < view.model()->rowCount(); ++r)
        shown << view.model()->index(r, ui::EventTableModel::ReasonColumn).data().toString() + QLatin1Char(' ') +
                     view.model()->eventAt(r).objectName;
    expected.sort();
    shown.sort();
    QCOMPARE(shown, expected);
    // The scheduler's event: written through events.k8s.io (eventTime, reportingComponent).
    view.proxy()->setTextFilter(QStringLiteral("Scheduled"));
    QCOMPARE(view.proxy()->rowCount(), 1);
    QCOMPARE(view.proxy()->index(0, ui::EventTableModel::ObjectColumn).data().toString(), QStringLiteral("pod/web"));
    QCOMPARE(view.proxy()->index(0, ui::EventTableModel::MessageColumn).data().toString(),
             QStringLiteral("Successfully assigned default/web to node-1"));
    // LAST SEEN: from its eventTime (it has no lastTimestamp) to the moment shown.
    for (const auto& item : listed.items) {
        const auto& e = static_cast<const core::Event&>(*item);
        if (e.reason() != "Scheduled") continue;
        QVERIFY(e.last_timestamp().empty());
        auto t = rfc3339::parse(e.event_time());
        QVERIFY(t.isOk());
        QCOMPARE(view.proxy()->index(0, ui::EventTableModel::LastSeenColumn).data().toString(),
                 QString::fromStdString(util::humanDuration(client.nowNanos() - *t)));
    }
}

QTEST_MAIN(EventLogTest)
