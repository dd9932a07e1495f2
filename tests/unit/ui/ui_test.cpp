// The main window over the embedded control plane, offscreen: the tables show what the store holds
// and follow it as objects are created, changed and deleted through the API server.
#include <QAbstractItemModelTester>
#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QSettings>
#include <QSlider>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include "api/codec/manifest.h"
#include "api/object.h"
#include "core_v1.pb.h"
#include "client/in_process_client.h"
#include "clusterview/cluster_view.h"
#include "journey/journey_view.h"
#include "mainwindow/main_window.h"
#include "models/cluster_state.h"
#include "models/object_table_model.h"
#include "models/selection_model.h"
#include "models/timeline.h"
#include "session/embedded_session.h"

using namespace pilothouse;
namespace core = k8s::io::api::core::v1;

class UiTest : public QObject {
    Q_OBJECT

    static int findRow(ui::ObjectTableModel* m, const QString& name) {
        const int nameColumn = m->headerData(0, Qt::Horizontal).toString() == QLatin1String("NAMESPACE") ? 1 : 0;
        for (int r = 0; r < m->rowCount(); ++r)
            if (m->index(r, nameColumn).data().toString() == name) return r;
        return -1;
    }
    static QString cell(ui::ObjectTableModel* m, int row, const QString& header) {
        for (int c = 0; c < m->columnCount(); ++c)
            if (m->headerData(c, Qt::Horizontal).toString() == header) return m->index(row, c).data().toString();
        return {};
    }

    // The scenario's pod as the window's cluster state holds it at the moment shown.
    static const core::Pod* webPod(ui::MainWindow& window) {
        auto p = window.clusterState()->object(ui::ObjectRef::pod(QStringLiteral("default/web")));
        return dynamic_cast<const core::Pod*>(p.get());
    }
    static qint64 at(ui::MainWindow& window, double seconds) {
        return window.timeline()->epochNanos() + qint64(seconds * 1e9);
    }

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void tablesFollowTheStore() {
        auto session = ui::EmbeddedSession::start(":memory:", QString());
        QVERIFY(session.isOk());
        QVERIFY2((*session)->applyManifests(QStringLiteral(PH_SOURCE_DIR "/resources/scenarios/demo-cluster.yaml")).isOk(), "demo");
        ui::InProcessClient client((*session)->cluster());
        ui::MainWindow window(&client);
        QAbstractItemModelTester nodesTester(window.nodesModel());
        QAbstractItemModelTester podsTester(window.podsModel());
        window.resize(1280, 800);
        window.show();
        QTRY_COMPARE(window.nodesModel()->rowCount(), 3);
        QTRY_COMPARE(window.podsModel()->rowCount(), 5);
        // kubectl's columns, kubectl's values.
        ui::ObjectTableModel* nodes = window.nodesModel();
        QCOMPARE(nodes->headerData(1, Qt::Horizontal).toString(), QStringLiteral("STATUS"));
        QCOMPARE(cell(nodes, findRow(nodes, QStringLiteral("node-c")), QStringLiteral("STATUS")),
                 QStringLiteral("Ready,SchedulingDisabled"));
        ui::ObjectTableModel* pods = window.podsModel();
        QCOMPARE(cell(pods, findRow(pods, QStringLiteral("web-1")), QStringLiteral("NODE")), QStringLiteral("node-b"));

        // A pod created through the API server appears; a deleted one goes.
        auto& server = (*session)->controlPlane().apiServer();
        std::vector<std::string> warnings;
        auto ms = codec::loadManifests("apiVersion: v1\nkind: Pod\nmetadata: {name: late, namespace: default}\nspec:\n  containers: [{name: c, image: busybox}]\n", "t.yaml", &warnings);
        QVERIFY(ms.isOk());
        apiserver::Request create;
        create.verb = "create";
        create.type = (*ms)[0].type;
        create.namespace_ = "default";
        create.body = std::shared_ptr<google::protobuf::Message>(std::move((*ms)[0].object));
        QVERIFY(server.handle(create).ok());
        QTRY_COMPARE(pods->rowCount(), 6);
        QVERIFY(findRow(pods, QStringLiteral("late")) >= 0);

        apiserver::Request cordon;
        cordon.verb = "patch";
        cordon.type = api::Scheme::instance().byName("nodes");
        cordon.name = "node-a";
        cordon.patch = codec::Value::object();
        cordon.patch["spec"].set("unschedulable", true);
        QVERIFY(server.handle(cordon).ok());
        QTRY_COMPARE(cell(nodes, findRow(nodes, QStringLiteral("node-a")), QStringLiteral("STATUS")),
                     QStringLiteral("Ready,SchedulingDisabled"));

        apiserver::Request del;
        del.verb = "delete";
        del.type = create.type;
        del.namespace_ = "shop";
        del.name = "big-1";
        QVERIFY(server.handle(del).ok());
        QTRY_COMPARE(pods->rowCount(), 5);
        QCOMPARE(findRow(pods, QStringLiteral("big-1")), -1);

        // The window renders at projector size.
        window.resize(1920, 1080);
        window.tabs()->setCurrentIndex(1);
        const QImage shot = window.grab().toImage();
        QCOMPARE(shot.size(), QSize(1920, 1080));
    }

    // The simulated cluster behind the window: a scenario's objects at start, its pod run by the
    // scheduler and a kubelet as virtual time moves; the toolbar's play / step / speed drive it.
    void simulationRunsTheScenario() {
        auto session = ui::EmbeddedSession::start(":memory:", QStringLiteral(PH_SOURCE_DIR "/resources/scenarios/single-pod-journey.yaml"));
        QVERIFY2(session.isOk(), session.status().message().c_str());
        ui::EmbeddedSession& s = **session;
        ui::InProcessClient client(s.cluster());
        ui::MainWindow window(&client, &s);
        window.show();
        QTRY_VERIFY(window.nodesModel()->rowCount() > 0);
        QCOMPARE(s.elapsed(), sim::Duration::zero());  // paused at 0
        QVERIFY(!s.playing());

        // Step: the next event only.
        window.stepAction()->trigger();
        QVERIFY(s.elapsed() > sim::Duration::zero());
        QVERIFY(!s.playing());

        // Speed and play from the toolbar; time moves with the wall clock.
        window.speedBox()->setCurrentIndex(window.speedBox()->findData(100.0));
        QCOMPARE(s.speed(), 100.0);
        window.playAction()->trigger();
        QVERIFY(s.playing());
        const auto before = s.elapsed();
        QTRY_VERIFY(s.elapsed() > before + std::chrono::seconds(5));
        window.playAction()->trigger();
        QVERIFY(!s.playing());
        QVERIFY(!s.setSpeed(5000).isOk());  // 0.1x to 1000x
        QCOMPARE(s.speed(), 100.0);

        // Run on: the scenario's pod ends Running on a node, as the table shows.
        QVERIFY(s.runFor(std::chrono::seconds(60)).isOk());
        QTRY_VERIFY([&] {
            ui::ObjectTableModel* pods = window.podsModel();
            for (int r = 0; r < pods->rowCount(); ++r)
                if (cell(pods, r, QStringLiteral("STATUS")) == QLatin1String("Running")) return true;
            return false;
        }());
    }

    // Dragging the timeline back shows the cluster as the store held it then; Live returns.
    void timelineShowsThePast() {
        auto session = ui::EmbeddedSession::start(":memory:", QStringLiteral(PH_SOURCE_DIR "/resources/scenarios/single-pod-journey.yaml"));
        QVERIFY2(session.isOk(), session.status().message().c_str());
        ui::EmbeddedSession& s = **session;
        ui::InProcessClient client(s.cluster());
        ui::MainWindow window(&client, &s);
        window.show();
        QVERIFY(s.runFor(std::chrono::seconds(40)).isOk());
        QTRY_VERIFY(webPod(window) && webPod(window)->status().phase() == "Running");
        QCOMPARE(window.timelineSlider()->maximum(), 40'000);
        QCOMPARE(window.timelineSlider()->value(), 40'000);

        // Before the pod was created (at 5 s): no pod; the nodes were there.
        window.timelineSlider()->setValue(2'000);
        QVERIFY(!window.timeline()->live());
        QCOMPARE(window.timeline()->viewNanos(), at(window, 2));
        window.clusterState()->flush();
        QVERIFY(!window.clusterState()->live());
        QVERIFY(!webPod(window));
        QCOMPARE(window.podsModel()->rowCount(), 0);
        QVERIFY(window.nodesModel()->rowCount() > 0);
        QVERIFY(window.resumeAction()->isEnabled());

        // Just after its creation: stored, not yet running.
        window.timeline()->setView(at(window, 5.5));
        window.clusterState()->flush();
        QVERIFY(webPod(window));
        QVERIFY(webPod(window)->status().phase() != "Running");
        QCOMPARE(window.podsModel()->rowCount(), 1);

        // Live again: as it is now.
        window.liveAction()->trigger();
        QVERIFY(window.timeline()->live());
        QVERIFY(window.clusterState()->live());
        QCOMPARE(webPod(window)->status().phase(), std::string("Running"));
        QCOMPARE(window.timelineSlider()->value(), 40'000);
    }

    // "Resume here" replays the scenario to the moment shown and goes on from there; the same
    // run follows (same node, same IP), as the scenario and its seed decide.
    void resumeFromThePastReplaysTheSameRun() {
        auto session = ui::EmbeddedSession::start(":memory:", QStringLiteral(PH_SOURCE_DIR "/resources/scenarios/single-pod-journey.yaml"));
        QVERIFY(session.isOk());
        ui::EmbeddedSession& s = **session;
        ui::InProcessClient client(s);
        ui::MainWindow window(&client, &s);
        window.show();
        QVERIFY(s.runFor(std::chrono::seconds(40)).isOk());
        QTRY_VERIFY(webPod(window) && webPod(window)->status().phase() == "Running");
        const std::string node = webPod(window)->spec().node_name();
        const std::string ip = webPod(window)->status().pod_ip();

        window.timeline()->setView(at(window, 6));
        window.resumeAction()->trigger();
        QCOMPARE(s.elapsed(), sim::Duration(std::chrono::seconds(6)));
        QVERIFY(window.timeline()->live());
        QTRY_VERIFY(webPod(window) && webPod(window)->status().phase() != "Running");
        QCOMPARE(window.timelineSlider()->maximum(), 6'000);

        QVERIFY(s.runFor(std::chrono::seconds(34)).isOk());
        QTRY_VERIFY(webPod(window) && webPod(window)->status().phase() == "Running");
        QCOMPARE(webPod(window)->spec().node_name(), node);
        QCOMPARE(webPod(window)->status().pod_ip(), ip);

        // Reset: the beginning again, nothing created yet.
        window.resetAction()->trigger();
        QCOMPARE(s.elapsed(), sim::Duration::zero());
        QTRY_VERIFY(window.loaded());
        QTRY_VERIFY(!webPod(window));
    }

    // Shift+Right runs until the scheduler has made one attempt: the pod is then bound (or was
    // rejected), not before.
    void stepSchedulingCycle() {
        auto session = ui::EmbeddedSession::start(":memory:", QStringLiteral(PH_SOURCE_DIR "/resources/scenarios/single-pod-journey.yaml"));
        QVERIFY(session.isOk());
        ui::EmbeddedSession& s = **session;
        ui::InProcessClient client(s.cluster());
        ui::MainWindow window(&client, &s);
        window.stepCycleAction()->trigger();
        bool attempted = false;
        for (const auto& r : s.cluster().journeys().since(0))
            attempted = attempted || r.stage.stage == sim::kStageSchedulingAttempt;
        QVERIFY(attempted);
        QVERIFY(s.elapsed() >= sim::Duration(std::chrono::seconds(5)));  // the pod is created at 5 s
        QTRY_VERIFY(webPod(window) && !webPod(window)->spec().node_name().empty());
        QVERIFY(!s.playing());
        // As fast as possible is a speed choice of its own.
        window.speedBox()->setCurrentIndex(window.speedBox()->count() - 1);
        QVERIFY(s.asFastAsPossible());
    }

    // Clicking a row selects the object for every view.
    void tableClickSelects() {
        auto session = ui::EmbeddedSession::start(":memory:", QStringLiteral(PH_SOURCE_DIR "/resources/scenarios/demo-cluster.yaml"));
        QVERIFY(session.isOk());
        ui::InProcessClient client((*session)->cluster());
        ui::MainWindow window(&client, session->get());
        window.resize(1600, 1000);
        window.show();
        QTRY_COMPARE(window.nodesModel()->rowCount(), 3);
        auto* nodesTable = qobject_cast<QTableView*>(window.tabs()->widget(0));
        QVERIFY(nodesTable);
        QSignalSpy spy(window.selection(), &ui::SelectionModel::selectionChanged);
        const QModelIndex second = window.nodesModel()->index(1, 0);
        emit nodesTable->clicked(second);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(window.selection()->selected().resource, QStringLiteral("nodes"));
        QCOMPARE(window.selection()->selected().name, QStringLiteral("node-b"));
    }

    // The layout (docks, toolbars) and the palette are saved on close and restored next time.
    void layoutIsRestored() {
        QSettings().clear();
        auto session = ui::EmbeddedSession::start(":memory:", QString());
        QVERIFY(session.isOk());
        ui::InProcessClient client((*session)->cluster());
        {
            ui::MainWindow window(&client, session->get(), ui::MainWindow::Options{true});
            window.show();
            // The first start: Teach (nothing is pending), the cluster beside the journey.
            QTRY_COMPARE(int(window.windowLayout()), int(ui::WindowLayout::Teach));
            auto* cluster = window.findChild<QDockWidget*>(QStringLiteral("clusterDock"));
            QVERIFY(cluster);
            QVERIFY(cluster->isVisible());
            window.setWindowLayout(ui::WindowLayout::Operate);
            auto* events = window.findChild<QDockWidget*>(QStringLiteral("eventsDock"));
            QVERIFY(events->isVisible());
            events->close();
            window.setDark(true);
            window.close();
        }
        ui::MainWindow again(&client, session->get(), ui::MainWindow::Options{true});
        again.show();
        QCOMPARE(int(again.windowLayout()), int(ui::WindowLayout::Operate));
        QVERIFY(!again.findChild<QDockWidget*>(QStringLiteral("eventsDock"))->isVisible());
        QVERIFY(again.findChild<QDockWidget*>(QStringLiteral("clusterDock"))->isVisible());
        QVERIFY(!again.journeyView()->isVisible());
        QVERIFY(again.clusterView()->tilesAtMost());
        QVERIFY(again.darkAction()->isChecked());
        again.setDark(false);
        again.close();
        QSettings().clear();
    }

    // --screenshot's files: one per view at the size asked for, and the window.
    void screenshotsOfEveryView() {
        auto session = ui::EmbeddedSession::start(":memory:", QStringLiteral(PH_SOURCE_DIR "/resources/scenarios/single-pod-journey.yaml"));
        QVERIFY(session.isOk());
        QVERIFY((*session)->runFor(std::chrono::seconds(30)).isOk());
        ui::InProcessClient client((*session)->cluster());
        ui::MainWindow window(&client, session->get());
        window.resize(1280, 800);
        window.show();
        QTRY_VERIFY(window.loaded());
        QTemporaryDir dir;
        QVERIFY(window.writeScreenshots(dir.path(), QSize(960, 540)).isOk());
        for (const char* name : {"journey", "cluster", "inspector", "explainer", "what-if", "events", "charts"}) {
            QImage image(dir.path() + QLatin1Char('/') + QLatin1String(name) + QStringLiteral(".png"));
            QVERIFY2(!image.isNull(), name);
            QCOMPARE(image.size(), QSize(960, 540));
        }
        // The editors: as tall as asked, at most 1100 wide (a dock's shape).
        for (const char* name : {"pod-editor", "node-editor"}) {
            QImage image(dir.path() + QLatin1Char('/') + QLatin1String(name) + QStringLiteral(".png"));
            QVERIFY2(!image.isNull(), name);
            QCOMPARE(image.size(), QSize(960, 540));
        }
        QCOMPARE(QImage(dir.path() + QStringLiteral("/window.png")).size(), QSize(1280, 800));
        // Nothing was selected: the inspector showed the scenario's pod.
        QCOMPARE(window.selection()->selected().key(), QStringLiteral("default/web"));
    }
};

QTEST_MAIN(UiTest)
#include "ui_test.moc"
