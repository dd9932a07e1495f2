#include "scheduler_menu_test.h"

#include <QMenuBar>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include "api/object.h"
#include "cluster/scheduler_component.h"
#include "core_v1.pb.h"
#include "mainwindow/main_window.h"
#include "mainwindow/scheduler_menu.h"
#include "testing/scenario_simulation.h"

using namespace pilothouse;
using namespace std::chrono_literals;
namespace core = k8s::io::api::core::v1;

namespace {

// Two empty 4-cpu nodes.
const char* kTwoNodes = R"(
apiVersion: v1
kind: Node
metadata: {name: a, labels: {kubernetes.io/hostname: a}}
status: {capacity: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Node
metadata: {name: b, labels: {kubernetes.io/hostname: b}}
status: {capacity: {cpu: "4", memory: 8Gi, pods: "110"}}
)";

struct Window : testing::ScenarioSimulation {
    std::unique_ptr<ui::MainWindow> window;
    ui::SchedulerMenu* menu = nullptr;

    bool start() {
        std::vector<std::string> warnings;
        auto scenario = cluster::loadScenario(kTwoNodes, "two-nodes.yaml", &warnings);
        if (!scenario || !ScenarioSimulation::start(std::move(*scenario), 1s)) return false;
        window = std::make_unique<ui::MainWindow>(client.get(), session.get());
        menu = window->menuBar()->findChild<ui::SchedulerMenu*>(QStringLiteral("schedulerMenu"));
        return menu != nullptr;
    }
    // Creates two 1-cpu pods through the client, as the editors do, and runs until they are bound.
    QStringList placeTwo(const QString& prefix) {
        for (int i = 0; i < 2; ++i) {
            auto pod = std::make_shared<core::Pod>();
            pod->mutable_metadata()->set_name(QStringLiteral("%1-%2").arg(prefix).arg(i).toStdString());
            pod->mutable_metadata()->set_namespace_("default");
            auto* c = pod->mutable_spec()->add_containers();
            c->set_name("c");
            c->set_image("nginx");
            (*c->mutable_resources()->mutable_requests())["cpu"] = "1";
            ui::ApiRequest r;
            r.verb = QStringLiteral("create");
            r.resource = QStringLiteral("pods");
            r.namespace_ = QStringLiteral("default");
            r.body = pod;
            bool done = false;
            client->send(r, window.get(), [&](const ui::ApiResult& result) {
                done = true;
                if (!result.status.isOk()) qWarning("%s", result.status.message().c_str());
            });
            if (!QTest::qWaitFor([&] { return done; })) return {};
            runFor(1s);
        }
        runFor(5s);
        QStringList nodes;
        for (int i = 0; i < 2; ++i) nodes << node(QStringLiteral("%1-%2").arg(prefix).arg(i));
        return nodes;
    }
    QString node(const QString& pod) {
        apiserver::Request get;
        get.verb = "get";
        get.type = api::Scheme::instance().byName("pods");
        get.namespace_ = "default";
        get.name = pod.toStdString();
        auto resp = session->cluster().apiServer().handle(get);
        return resp.ok() ? QString::fromStdString(static_cast<const core::Pod&>(*resp.object).spec().node_name()) : QString();
    }
    QString runningStrategy() {
        auto* sched = dynamic_cast<cluster::SchedulerComponent*>(session->cluster().find("kube-scheduler"));
        return sched ? ui::SchedulerMenu::scoringStrategy(sched->configuration()) : QString();
    }
};

}  // namespace

void SchedulerMenuTest::initTestCase() { QStandardPaths::setTestModeEnabled(true); }

void SchedulerMenuTest::mostAllocatedPacksFromThenOn() {
    Window w;
    QVERIFY(w.start());
    QCOMPARE(w.runningStrategy(), QStringLiteral("LeastAllocated"));
    // The default spreads: one pod on each node.
    const QStringList spread = w.placeTwo(QStringLiteral("least"));
    QStringList sorted = spread;
    sorted.sort();
    QCOMPARE(sorted, QStringList({QStringLiteral("a"), QStringLiteral("b")}));

    QSignalSpy said(w.menu, &ui::SchedulerMenu::message);
    w.menu->useScoringStrategy(QStringLiteral("MostAllocated"));
    QTRY_COMPARE(said.size(), 1);
    QCOMPARE(said.front().at(0).toString(), QStringLiteral("kube-scheduler restarted with MostAllocated"));
    QVERIFY(said.front().at(1).toBool());
    QCOMPARE(w.runningStrategy(), QStringLiteral("MostAllocated"));
    // The menu shows it checked.
    emit w.menu->aboutToShow();
    for (QAction* a : w.menu->actions())
        if (a->isCheckable()) QCOMPARE(a->isChecked(), a->data().toString() == QLatin1String("MostAllocated"));
    // From then on: both new pods on one node. The running ones stay.
    const QStringList packed = w.placeTwo(QStringLiteral("most"));
    QCOMPARE(packed.at(0), packed.at(1));
    QCOMPARE(w.node(QStringLiteral("least-0")), spread.at(0));
    QCOMPARE(w.node(QStringLiteral("least-1")), spread.at(1));

    // The switch is an action of the user: recorded, and replayed by a rewind to after it.
    const auto& recorded = w.session->recordedActions();
    QVERIFY(std::any_of(recorded.begin(), recorded.end(), [](const auto& a) { return a.action == "configureScheduler"; }));
    const auto now = w.session->elapsed();
    QVERIFY(w.session->rewindTo(now - 1s).isOk());
    QCOMPARE(w.runningStrategy(), QStringLiteral("MostAllocated"));
    QCOMPARE(w.node(QStringLiteral("most-0")), packed.at(0));
    QCOMPARE(w.node(QStringLiteral("most-1")), packed.at(1));
    // A rewind to before it forgets it.
    QVERIFY(w.session->rewindTo(2s).isOk());
    QCOMPARE(w.runningStrategy(), QStringLiteral("LeastAllocated"));
}

void SchedulerMenuTest::configurationFile() {
    Window w;
    QVERIFY(w.start());
    QTemporaryDir dir;
    const QString good = dir.filePath(QStringLiteral("most.yaml"));
    QFile f(good);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(ui::SchedulerMenu::configurationWith(QStringLiteral("MostAllocated")).toUtf8());
    f.close();
    QSignalSpy said(w.menu, &ui::SchedulerMenu::message);
    w.menu->loadFile(good);
    QTRY_COMPARE(said.size(), 1);
    QCOMPARE(said.back().at(0).toString(), QStringLiteral("kube-scheduler restarted with most.yaml"));
    QCOMPARE(w.runningStrategy(), QStringLiteral("MostAllocated"));
    // A bad one names the file and the field; the running scheduler stays as it was.
    const QString bad = dir.filePath(QStringLiteral("bad.yaml"));
    QFile b(bad);
    QVERIFY(b.open(QIODevice::WriteOnly));
    b.write("apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\nprofiles:\n- pluginConfig:\n  - name: NodeResourcesFit\n    args: {scoringStrategy: {type: Fullest}}\n");
    b.close();
    w.menu->loadFile(bad);
    QTRY_COMPARE(said.size(), 2);
    QVERIFY(!said.back().at(1).toBool());
    QVERIFY2(said.back().at(0).toString().startsWith(bad + QStringLiteral(": initializing profiles: creating profile for scheduler name default-scheduler: "
                                                                            "initializing plugin \"NodeResourcesFit\": scoringStrategy.type: Unsupported value: \"Fullest\"")), qPrintable(said.back().at(0).toString()));
    QCOMPARE(w.runningStrategy(), QStringLiteral("MostAllocated"));
    w.menu->loadFile(dir.filePath(QStringLiteral("missing.yaml")));
    QTRY_COMPARE(said.size(), 3);
    QVERIFY(said.back().at(0).toString().startsWith(QStringLiteral("Cannot open ")));
}

QTEST_MAIN(SchedulerMenuTest)
