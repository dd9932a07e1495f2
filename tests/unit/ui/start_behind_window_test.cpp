#include "start_behind_window_test.h"

#include <QDir>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QtTest>

#include "client/in_process_client.h"
#include "cluster/snapshot_scenario.h"
#include "explainer/explainer_view.h"
#include "explainer/pod_explainer.h"
#include "mainwindow/file_menu.h"
#include "mainwindow/main_window.h"
#include "models/cluster_state.h"
#include "models/selection_model.h"
#include "session/embedded_session.h"
#include "session/simulation_control.h"

using namespace pilothouse;

namespace {

const char* const kSnapshot = PH_SOURCE_DIR "/tests/unit/pilothousectl_schedule/data/real-cluster.yaml";
// What the real kube-scheduler v1.28.7 wrote for default/big-1 (the example's expected.json).
const QString kReal = QStringLiteral(
    "0/4 nodes are available: 1 node(s) had untolerated taint {dedicated: gpu}, 3 Insufficient cpu. preemption: "
    "0/4 nodes are available: 1 Preemption is not helpful for scheduling, 3 No preemption victims found for "
    "incoming pod..");

}  // namespace

void StartBehindWindowTest::initTestCase() { QStandardPaths::setTestModeEnabled(true); }

void StartBehindWindowTest::explainedBeforeTheStartThenLive() {
    std::vector<std::string> warnings;
    auto scenario = cluster::scenarioFromSnapshotFiles({kSnapshot}, &warnings);
    QVERIFY2(scenario.isOk(), scenario.status().message().c_str());
    auto session = ui::EmbeddedSession::startInBackground(":memory:", std::move(*scenario), QStringLiteral("default/big-1"));
    // The start is adopted on this thread: nothing has started before events are processed.
    QVERIFY(!session->isStarted());
    QVERIFY(session->startingStage().startsWith(QStringLiteral("creating the scenario's objects: ")));
    ui::InProcessClient client(*session);
    QCOMPARE(client.connectionState(), ui::ControlPlaneClient::ConnectionState::Connecting);
    auto listed = client.listAt(QStringLiteral("pods"), 0);
    QCOMPARE(listed.status().code(), StatusCode::Unavailable);
    QVERIFY2(listed.status().message().starts_with("the control plane is still starting ("), listed.status().message().c_str());
    QCOMPARE(client.currentRevision(), 0);
    QVERIFY(client.journeysSince(0, 10).empty());
    // The simulation's commands wait; its settings are kept for the start.
    QCOMPARE(session->step().status().code(), StatusCode::Unavailable);
    QVERIFY(session->setSpeed(10).isOk());
    QCOMPARE(session->setSpeed(0).code(), StatusCode::InvalidArgument);
    QCOMPARE(session->saveWorkspace("/nonexistent/w.phw", "").code(), StatusCode::Unavailable);
    QCOMPARE(session->replaceScenario(cluster::Scenario{}).code(), StatusCode::Unavailable);

    ui::MainWindow window(&client, session.get());
    window.resize(1600, 1000);
    window.selection()->select(ui::ObjectRef::pod(QStringLiteral("default/big-1")));
    window.showExplainer();
    // No event has been processed yet: still starting, nothing listed (the views say they wait).
    QVERIFY(!window.simulation()->available());
    QVERIFY(!window.clusterState()->listed(QStringLiteral("nodes")));
    // Saving the scenario waits too (the session holds its name, not its objects, meanwhile).
    auto* menu = window.findChild<ui::FileMenu*>(QStringLiteral("fileMenu"));
    QVERIFY(menu);
    QCOMPARE(menu->saveScenario(QDir::temp().filePath(QStringLiteral("never-written.yaml"))).code(), StatusCode::Unavailable);
    QVERIFY(!window.playAction()->isEnabled());
    QVERIFY2(window.connectionText().startsWith(QStringLiteral("Control plane: starting — ")), qPrintable(window.connectionText()));
    // A request sent meanwhile is refused with what is being done.
    ui::ApiResult refused;
    bool answered = false;
    ui::ApiRequest get;
    get.verb = QStringLiteral("get");
    get.resource = QStringLiteral("pods");
    get.namespace_ = QStringLiteral("default");
    get.name = QStringLiteral("big-1");
    client.send(get, &window, [&](const ui::ApiResult& r) {
        refused = r;
        answered = true;
    });

    // What the explainer shows the moment the answer found before the start arrives.
    ui::ExplainerView* view = window.explainerView();
    QString verdictBefore, sourceBefore;
    bool connectedBefore = true;
    connect(session.get(), &ui::EmbeddedSession::startingExplained, this, [&] {
        verdictBefore = view->verdict();
        sourceBefore = view->source();
        connectedBefore = client.connectionState() == ui::ControlPlaneClient::ConnectionState::Connected;
    });
    QSignalSpy started(session.get(), &ui::EmbeddedSession::started);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_VERIFY_WITH_TIMEOUT(session->isStarted(), 30000);
    QCOMPARE(started.size(), 1);
    QTRY_VERIFY(answered);
    QCOMPARE(refused.status.code(), StatusCode::Unavailable);
    QVERIFY(session->startingExplanation().has_value());
    QVERIFY(!connectedBefore);
    QCOMPARE(verdictBefore, kReal);
    QVERIFY(!sourceBefore.isEmpty());

    // Up: connected, the views list, the pod is explained again on the control plane, alike.
    QCOMPARE(client.connectionState(), ui::ControlPlaneClient::ConnectionState::Connected);
    QVERIFY(window.simulation()->available());
    QVERIFY(window.playAction()->isEnabled());
    QCOMPARE(session->speed(), 10.0);
    QTRY_VERIFY(window.loaded());
    QVERIFY(window.clusterState()->listed(QStringLiteral("nodes")) && window.clusterState()->listed(QStringLiteral("pods")));
    QTRY_VERIFY_WITH_TIMEOUT(view->source().isEmpty() && view->explainer()->explanation().has_value(), 20000);
    QCOMPARE(view->verdict(), kReal);
    QVERIFY(client.listAt(QStringLiteral("pods"), 0).isOk());
}

void StartBehindWindowTest::startThatFailsSaysWhy() {
    std::vector<std::string> warnings;
    auto scenario = cluster::scenarioFromSnapshot({{"bad.yaml", R"(apiVersion: v1
kind: Pod
metadata: {name: Bad_Name, namespace: default}
spec: {containers: [{name: c, image: nginx}]}
)"}}, &warnings);
    QVERIFY2(scenario.isOk(), scenario.status().message().c_str());
    auto session = ui::EmbeddedSession::startInBackground(":memory:", std::move(*scenario));
    ui::InProcessClient client(*session);
    QSignalSpy failed(session.get(), &ui::EmbeddedSession::startFailed);
    QSignalSpy clientError(&client, &ui::ControlPlaneClient::errorOccurred);
    QTRY_VERIFY_WITH_TIMEOUT(failed.size() == 1, 20000);
    const QString why = failed.front().front().toString();
    QVERIFY2(why.contains(QStringLiteral("bad.yaml")) && why.contains(QStringLiteral("Bad_Name")), qPrintable(why));
    QCOMPARE(session->startError(), why);
    QVERIFY(!session->isStarted());
    QCOMPARE(clientError.size(), 1);
    QCOMPARE(client.connectionState(), ui::ControlPlaneClient::ConnectionState::Connecting);
    QVERIFY(session->runFor(std::chrono::seconds(1)).message().find("could not start") != std::string::npos);
    // Another scenario can be opened after it: started here and now, the client connected to it.
    auto good = cluster::scenarioFromSnapshotFiles({kSnapshot}, &warnings);
    QVERIFY2(good.isOk(), good.status().message().c_str());
    QVERIFY(session->replaceScenario(std::move(*good)).isOk());
    QVERIFY(session->isStarted());
    QVERIFY(session->startError().isEmpty());
    QCOMPARE(client.connectionState(), ui::ControlPlaneClient::ConnectionState::Connected);
    QVERIFY(session->runFor(std::chrono::seconds(1)).isOk());
}

void StartBehindWindowTest::closedWhileStarting() {
    std::vector<std::string> warnings;
    auto scenario = cluster::scenarioFromSnapshotFiles({kSnapshot}, &warnings);
    QVERIFY2(scenario.isOk(), scenario.status().message().c_str());
    auto session = ui::EmbeddedSession::startInBackground(":memory:", std::move(*scenario), QStringLiteral("default/big-1"));
    ui::InProcessClient client(*session);
    client.watchResource(QStringLiteral("pods"));
    // Gone before anything was adopted: the worker is stopped and waited for, nothing arrives later.
    session.reset();
    QTest::qWait(100);
}

QTEST_MAIN(StartBehindWindowTest)
