// The main window over the embedded control plane, offscreen: the tables show what the store holds
// and follow it as objects are created, changed and deleted through the API server.
#include <QAbstractItemModelTester>
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
        auto session = ui::EmbeddedSession::start(":memory:");
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
};

QTEST_MAIN(UiTest)
#include "ui_test.moc"
