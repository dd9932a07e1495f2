#include "kube_api_window_test.h"

#include <QApplication>
#include <QClipboard>
#include <QLabel>
#include <QSettings>
#include <QStatusBar>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QToolButton>
#include <QtTest>

#include <atomic>
#include <filesystem>
#include <thread>

#include "mainwindow/kube_api_status.h"
#include "mainwindow/main_window.h"
#include "models/selection_model.h"
#include "session/embedded_kube_api.h"
#include "testing/https_client.h"
#include "testing/scenario_simulation.h"

using namespace pilothouse;
using namespace std::chrono_literals;

namespace {

QTemporaryDir& stateDir() {
    static QTemporaryDir dir;
    return dir;
}

// Serves the window's API on a free loopback port, with a kubeconfig and certificates of its own.
Status serve(ui::MainWindow& window, std::string* url, std::string* caFile) {
    ui::EmbeddedKubeApi::Options o;
    o.listenAddress = "127.0.0.1:0";
    o.kubeconfigPath = stateDir().filePath(QStringLiteral("kubeconfig")).toStdString();
    o.certDir = stateDir().filePath(QStringLiteral("pki")).toStdString();
    PH_RETURN_IF_ERROR(window.kubeApi()->start(o));
    *url = window.kubeApi()->url().toStdString();
    *caFile = o.certDir + "/ca.crt";
    return {};
}

// Runs `request` on a thread of its own (the window's thread must keep running its event loop
// to answer) and waits for it.
template <typename F>
bool onClientThread(F request, std::chrono::milliseconds timeout = 20s) {
    std::atomic<bool> done{false};
    std::thread client([&] {
        request();
        done = true;
    });
    QElapsedTimer t;
    t.start();
    while (!done && t.elapsed() < timeout.count()) QTest::qWait(10);
    client.join();
    return done;
}

}  // namespace

void KubeApiWindowTest::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear();
    qputenv("XDG_STATE_HOME", stateDir().path().toUtf8());
}

void KubeApiWindowTest::kubectlRequestReachesTheWindowsCluster() {
    testing::ScenarioSimulation sim;
    QVERIFY(sim.start("single-pod-journey", 0s));
    ui::MainWindow window(sim.client.get(), sim.session.get(), ui::MainWindow::Options{false});
    window.show();
    QVERIFY(window.kubeApi());
    QVERIFY(window.kubeApiStatus()->isHidden());
    std::string url, ca;
    Status st = serve(window, &url, &ca);
    QVERIFY2(st.isOk(), st.message().c_str());
    QVERIFY(std::filesystem::exists(window.kubeApi()->kubeconfigPath().toStdString()));

    // The status bar: where kubectl goes, and what to type.
    QVERIFY(window.kubeApiStatus()->isVisible());
    QVERIFY2(window.kubeApiStatus()->label()->text().contains(QString::fromStdString(url).remove(QStringLiteral("https://"))),
             qPrintable(window.kubeApiStatus()->label()->text()));
    window.kubeApiStatus()->copyButton()->click();
    QCOMPARE(QApplication::clipboard()->text(), QStringLiteral("export KUBECONFIG=") + window.kubeApi()->kubeconfigPath());

    // kubectl run hello --image=nginx, as kubectl 1.28 sends it.
    testing::HttpsConnection::Response created, listed;
    QVERIFY(onClientThread([&] {
        testing::HttpsConnection c(testing::HttpsEndpoint::parse(url, ca), testing::newTlsContext(ca));
        created = c.request("POST", "/api/v1/namespaces/default/pods?fieldManager=kubectl-run", "application/json",
                            R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"hello","labels":{"run":"hello"}},)"
                            R"("spec":{"containers":[{"name":"hello","image":"nginx"}]}})",
                            {{"User-Agent", "kubectl/v1.28.7 (linux/amd64) kubernetes/c8dcb00"}, {"Kubectl-Command", "kubectl run"}});
        listed = c.request("GET", "/api/v1/namespaces/default/pods/hello");
    }));
    QVERIFY2(created.status == 201, created.body.c_str());
    QVERIFY2(listed.status == 200, listed.body.c_str());

    // The pod is in the window's cluster, its journey starting at the kubectl station with the
    // command, the method and the path.
    bool fromKubectl = false;
    for (const auto& r : sim.session->cluster().journeys().since(0)) {
        if (r.pod != "default/hello") continue;
        QCOMPARE(r.stage.stage, std::string("client: kubectl run"));
        QVERIFY2(r.stage.detail.find("POST /api/v1/namespaces/default/pods") == 0, r.stage.detail.c_str());
        QVERIFY(r.stage.detail.find("kubectl/v1.28.7") != std::string::npos);
        fromKubectl = true;
        break;
    }
    QVERIFY(fromKubectl);

    // What the projector shows: the journey of kubectl's pod, the kubectl station saying what came
    // in, and the status bar with the address (PH_SCREENSHOT_DIR keeps the picture).
    QVERIFY(sim.runFor(2s));
    window.resize(1366, 768);
    window.selection()->select(ui::ObjectRef::pod(QStringLiteral("default/hello")));
    QTRY_VERIFY(window.loaded());
    QTest::qWait(200);
    window.statusBar()->clearMessage();  // the copy's "Copied: ..." note
    QTemporaryDir pictures;
    QVERIFY(window.grab().save(qEnvironmentVariable("PH_SCREENSHOT_DIR", pictures.path()) +
                               QStringLiteral("/gui-kube-api-1366x768.png")));
    window.kubeApi()->stop();
    QVERIFY(window.kubeApiStatus()->isHidden());
}

void KubeApiWindowTest::watchEndsWhenTheClusterIsRewound() {
    testing::ScenarioSimulation sim;
    QVERIFY(sim.start("single-pod-journey", 10s));
    ui::MainWindow window(sim.client.get(), sim.session.get(), ui::MainWindow::Options{false});
    std::string url, ca;
    QVERIFY(serve(window, &url, &ca).isOk());
    testing::HttpsConnection::Response watched;
    std::atomic<bool> done{false};
    std::thread client([&] {
        testing::HttpsConnection c(testing::HttpsEndpoint::parse(url, ca), testing::newTlsContext(ca));
        watched = c.request("GET", "/api/v1/namespaces/default/pods?watch=true&timeoutSeconds=60");
        done = true;
    });
    // The watch is open once the window's thread has handed it out; then the rewind ends it.
    QTest::qWait(500);
    QVERIFY(!done);
    QVERIFY(sim.session->rewindTo(2s).isOk());
    QTRY_VERIFY_WITH_TIMEOUT(done, 10000);
    client.join();
    QCOMPARE(watched.status, 200);
    QVERIFY2(watched.body.find(R"("type":"ADDED")") != std::string::npos, watched.body.c_str());
    QVERIFY2(watched.body.find(R"("type":"ERROR")") != std::string::npos, watched.body.c_str());
    QVERIFY2(watched.body.find(R"("reason":"Expired")") != std::string::npos, watched.body.c_str());
    QVERIFY(watched.body.find(R"("code":410)") != std::string::npos);
}

void KubeApiWindowTest::onlyLoopbackIsServed() {
    testing::ScenarioSimulation sim;
    QVERIFY(sim.start("single-pod-journey", 0s));
    ui::MainWindow window(sim.client.get(), sim.session.get(), ui::MainWindow::Options{false});
    ui::EmbeddedKubeApi::Options o;
    o.listenAddress = "0.0.0.0:0";
    Status st = window.kubeApi()->start(o);
    QCOMPARE(st.code(), StatusCode::FailedPrecondition);
    QVERIFY2(st.message().find("refusing to serve the Kubernetes API on 0.0.0.0:0") != std::string::npos, st.message().c_str());
    QVERIFY(!window.kubeApi()->serving());
    o.listenAddress = "127.0.0.1";
    st = window.kubeApi()->start(o);
    QCOMPARE(st.code(), StatusCode::InvalidArgument);
    QVERIFY2(st.message().find("--kube-api-listen: ") == 0, st.message().c_str());
}

void KubeApiWindowTest::preferenceStartsAndStopsServing() {
    testing::ScenarioSimulation sim;
    QVERIFY(sim.start("single-pod-journey", 0s));
    ui::MainWindow window(sim.client.get(), sim.session.get(), ui::MainWindow::Options{false});
    window.show();
    ui::Preferences p = window.preferences();
    QVERIFY(!p.serveKubeApi);
    p.serveKubeApi = true;
    p.kubeApiAddress = QStringLiteral("127.0.0.1:0");
    window.applyPreferences(p);
    QVERIFY(window.kubeApi()->serving());
    QCOMPARE(window.kubeApi()->kubeconfigPath().toStdString(), ui::EmbeddedKubeApi::defaultKubeconfigPath());
    QVERIFY(window.kubeApi()->kubeconfigPath().startsWith(stateDir().path()));
    QVERIFY(QFile::exists(window.kubeApi()->kubeconfigPath()));
    QVERIFY(window.kubeApiStatus()->isVisible());
    // A loopback address only.
    p.kubeApiAddress = QStringLiteral("0.0.0.0:6443");
    QVERIFY(!p.validate().isOk());
    QVERIFY2(p.validate().message().rfind("Kubernetes API address: ", 0) == 0, p.validate().message().c_str());
    p.kubeApiAddress = QStringLiteral("127.0.0.1:0");
    p.serveKubeApi = false;
    window.applyPreferences(p);
    QVERIFY(!window.kubeApi()->serving());
    QVERIFY(window.kubeApiStatus()->isHidden());
}

QTEST_MAIN(KubeApiWindowTest)
