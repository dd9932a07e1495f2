// The main window over the embedded control plane, offscreen: the tables show what the store holds
// and follow it as objects are created, changed and deleted through the API server.
#include <QAbstractItemModelTester>
#include <QAction>
#include <QComboBox>
#include <QTabWidget>
#include <QtTest>

#include "api/codec/manifest.h"
#include "api/object.h"
#include "client/in_process_client.h"
#include "mainwindow/main_window.h"
#include "models/object_table_model.h"
#include "session/embedded_session.h"

using namespace pilothouse;

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

private slots:
    void tablesFollowTheStore() {
        auto session = ui::EmbeddedSession::start(":memory:", QString());
        QVERIFY(session.isOk());
        QVERIFY2((*session)->applyManifests(QStringLiteral(PH_SOURCE_DIR "/resources/scenarios/demo-cluster.yaml")).isOk(), "demo");
        ui::InProcessClient client((*session)->controlPlane());
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
        ui::InProcessClient client(s.controlPlane());
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
};

QTEST_MAIN(UiTest)
#include "ui_test.moc"
