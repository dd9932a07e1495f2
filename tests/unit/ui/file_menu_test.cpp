#include "file_menu_test.h"

#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMenuBar>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include "api/object.h"
#include "apply/apply_dialog.h"
#include "clusterview/cluster_view.h"
#include "core_v1.pb.h"
#include "events/event_filter_proxy_model.h"
#include "events/event_log_view.h"
#include "explainer/explainer_view.h"
#include "explainer/pod_explainer.h"
#include "inspector/inspector_view.h"
#include "journey/journey_view.h"
#include "mainwindow/file_menu.h"
#include "mainwindow/main_window.h"
#include "mainwindow/scenario_picker.h"
#include "models/cluster_state.h"
#include "models/selection_model.h"
#include "store/store.h"
#include "testing/scenario_simulation.h"

using namespace pilothouse;
using namespace std::chrono_literals;
namespace core = k8s::io::api::core::v1;

namespace {

struct Window : testing::ScenarioSimulation {
    std::unique_ptr<ui::MainWindow> window;
    ui::FileMenu* menu = nullptr;

    bool open(const char* scenario, sim::Duration at) {
        if (!start(scenario, at)) return false;
        window = std::make_unique<ui::MainWindow>(client.get(), session.get());
        window->resize(1400, 900);
        menu = window->findChild<ui::FileMenu*>(QStringLiteral("fileMenu"));
        return menu != nullptr;
    }
    // The user removes gpu-node's taints through the client, as the node editor does (in
    // taints-and-tolerations this lets the pending plain-2 onto it).
    bool untaintGpuNode() {
        ui::ApiRequest patch;
        patch.verb = QStringLiteral("patch");
        patch.resource = QStringLiteral("nodes");
        patch.name = QStringLiteral("gpu-node");
        patch.patch = codec::Value::object();
        patch.patch["spec"].set("taints", codec::Value::array());
        std::optional<Status> result;
        client->send(patch, window.get(), [&](const ui::ApiResult& r) { result = r.status; });
        for (int i = 0; i < 100 && !result; ++i) QTest::qWait(10);
        if (result && !result->isOk()) qWarning("%s", result->message().c_str());
        return result && result->isOk();
    }
    // Pod -> "node phase", for comparing two runs.
    std::map<std::string, std::string> pods() {
        apiserver::Request r;
        r.verb = "list";
        r.type = api::Scheme::instance().byName("pods");
        std::map<std::string, std::string> out;
        for (auto& o : session->cluster().apiServer().handle(r).items) {
            const auto& p = static_cast<const core::Pod&>(*o);
            out[p.metadata().name()] = p.spec().node_name() + " " + p.status().phase() + " " + p.metadata().uid();
        }
        return out;
    }
};

QByteArray read(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

}  // namespace

void FileMenuTest::initTestCase() { QStandardPaths::setTestModeEnabled(true); }

void FileMenuTest::pickerShowsDescriptionAndGoal() {
    ui::ScenarioPicker picker;
    const QStringList names = picker.names();
    QVERIFY(names.contains(QStringLiteral("taints-and-tolerations")));
    QVERIFY(names.contains(QStringLiteral("node-failure")));
    QVERIFY(names.size() >= 10);
    picker.setCurrent(QStringLiteral("taints-and-tolerations"));
    QVERIFY2(picker.description().startsWith(QStringLiteral("Two nodes, one tainted dedicated=gpu:NoSchedule.")), qPrintable(picker.description()));
    QVERIFY2(picker.learningGoal().startsWith(QStringLiteral("A taint repels; a toleration only permits.")), qPrintable(picker.learningGoal()));
    auto s = picker.scenario();
    QVERIFY(s.isOk());
    QCOMPARE(s->name, std::string("taints-and-tolerations"));
    QTemporaryDir dir;
    QVERIFY(picker.grab().save(qEnvironmentVariable("PH_SCREENSHOT_DIR", dir.path()) + QStringLiteral("/scenario-picker.png")));
}

void FileMenuTest::startScenarioAndSnapshot() {
    Window w;
    QVERIFY(w.open("single-pod-journey", 5s));
    ui::ScenarioPicker picker;
    picker.setCurrent(QStringLiteral("taints-and-tolerations"));
    auto s = picker.scenario();
    QVERIFY(s.isOk());
    QVERIFY(w.menu->startScenario(std::move(*s)).isOk());
    QCOMPARE(w.session->scenario().name, std::string("taints-and-tolerations"));
    QCOMPARE(w.session->elapsed().count(), 0);
    QVERIFY(w.runFor(20s));
    const auto pods = w.pods();
    QVERIFY(pods.contains("gpu-job"));
    QVERIFY(!pods.contains("web"));

    // A snapshot's control plane starts behind the window, as --open's: the running cluster is let
    // go of at once, the first pending pod selected and explained before the start, then live.
    QVERIFY(w.menu->openSnapshot({QStringLiteral(PH_SOURCE_DIR "/tests/unit/pilothousectl_schedule/data/real-cluster.yaml")}).isOk());
    QVERIFY(!w.session->isStarted());
    QCOMPARE(w.client->connectionState(), ui::ControlPlaneClient::ConnectionState::Connecting);
    QVERIFY(!w.window->clusterState()->listed(QStringLiteral("pods")));
    QVERIFY(w.window->clusterState()->objects(QStringLiteral("pods")).isEmpty());
    QCOMPARE(w.window->selection()->selected().key(), QStringLiteral("default/big-1"));
    QCOMPARE(w.session->scenario().name, std::string("real-cluster"));
    // Another one cannot be opened while this one starts.
    QCOMPARE(w.menu->openSnapshot({QStringLiteral(PH_SOURCE_DIR "/tests/unit/pilothousectl_schedule/data/real-cluster.yaml")}).code(),
             StatusCode::Unavailable);
    QTRY_VERIFY(w.window->explainerView()->explainer()->showsStartingAnswer());
    QVERIFY(w.window->explainerView()->verdict().startsWith(QStringLiteral("0/4 nodes are available")));
    QTRY_VERIFY_WITH_TIMEOUT(w.session->isStarted(), 20000);
    QCOMPARE(w.client->connectionState(), ui::ControlPlaneClient::ConnectionState::Connected);
    QTRY_VERIFY(w.window->loaded());
    QCOMPARE(w.session->scenario().name, std::string("real-cluster"));
    QVERIFY(w.runFor(10s));
    const auto snapshot = w.pods();
    QCOMPARE(int(snapshot.size()), 3);
    QVERIFY(QString::fromStdString(snapshot.at("big-1")).startsWith(QStringLiteral(" Pending")));
    QVERIFY(QString::fromStdString(snapshot.at("web-1")).startsWith(QStringLiteral("node-d ")));
}

// What the user did is in the saved file: opening it replays the same run.
void FileMenuTest::savedScenarioReplaysTheSameRun() {
    Window w;
    QVERIFY(w.open("taints-and-tolerations", 20s));
    // plain-2 is pending; the user lets it onto gpu-node by removing the taint.
    QVERIFY(w.untaintGpuNode());
    QVERIFY(w.runFor(20s));
    const auto before = w.pods();
    QVERIFY(QString::fromStdString(before.at("plain-2")).startsWith(QStringLiteral("gpu-node Running")));

    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("saved.yaml"));
    QVERIFY(w.menu->saveScenario(path).isOk());
    const QString text = QString::fromUtf8(read(path));
    QVERIFY(text.contains(QStringLiteral("action: patch")));
    QVERIFY(text.contains(QStringLiteral("kind: Node")));

    // Opened in a fresh window: the same pods on the same nodes with the same UIDs at the same time.
    Window again;
    QVERIFY(again.open("single-pod-journey", 0s));
    QVERIFY(again.menu->openScenarioFile(path).isOk());
    QVERIFY(again.runFor(w.session->elapsed()));
    QCOMPARE(again.pods(), before);
}

// A workspace is the store file plus what replays the session: opened in another window it is
// at the same moment, with the same objects at the same revision, the user's action still an
// action of the user (a rewind before it forgets it) and the same selection.
void FileMenuTest::workspaceOpensWhereItWasSaved() {
    Window w;
    QVERIFY(w.open("taints-and-tolerations", 20s));
    QVERIFY(w.untaintGpuNode());
    QVERIFY(w.runFor(17s));
    w.window->selection()->select(ui::ObjectRef::pod(QStringLiteral("default/plain-2")));
    const auto before = w.pods();
    const int64_t revision = w.session->controlPlane().store().currentRevision();

    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("lesson.phw"));
    QVERIFY(w.menu->saveWorkspace(path).isOk());
    // The file is a store: anything that opens store files reads the cluster and its history.
    {
        store::Options o;
        o.path = path.toStdString();
        auto saved = store::open(o);
        QVERIFY2(saved.isOk(), saved.status().message().c_str());
        QCOMPARE((*saved)->currentRevision(), revision);
        auto pods = (*saved)->list("/registry/pods/");
        QVERIFY(pods.isOk());
        QCOMPARE(pods->items.size(), before.size());
        auto early = (*saved)->list("/registry/pods/", 5);
        QVERIFY2(early.isOk(), early.status().message().c_str());  // the history came along
    }

    Window again;
    QVERIFY(again.open("single-pod-journey", 3s));
    QSignalSpy messages(again.menu, &ui::FileMenu::message);
    QVERIFY(again.menu->openWorkspace(path).isOk());
    QCOMPARE(messages.size(), 1);
    QVERIFY2(messages[0][1].toBool(), qPrintable(messages[0][0].toString()));  // the replay is the saved store
    QCOMPARE(again.session->scenario().name, std::string("taints-and-tolerations"));
    QCOMPARE(again.session->elapsed(), w.session->elapsed());
    QCOMPARE(again.session->controlPlane().store().currentRevision(), revision);
    QCOMPARE(again.pods(), before);
    QCOMPARE(again.window->selection()->selected(), ui::ObjectRef::pod(QStringLiteral("default/plain-2")));
    QCOMPARE(again.session->recordedActions().size(), size_t(1));
    QVERIFY(!again.session->playing());
    // It goes on as the original would.
    QVERIFY(again.runFor(10s));
    QVERIFY(w.runFor(10s));
    QCOMPARE(again.pods(), w.pods());
    // The user's patch is still the user's: going back before it forgets it.
    QVERIFY(again.session->rewindTo(10s).isOk());
    QCOMPARE(again.session->recordedActions().size(), size_t(0));
}

void FileMenuTest::workspaceErrors() {
    Window w;
    QVERIFY(w.open("single-pod-journey", 5s));
    QTemporaryDir dir;
    const auto failsWith = [&](const QString& path, const QString& text) {
        const auto before = w.pods();
        const auto elapsed = w.session->elapsed();
        Status st = w.menu->openWorkspace(path);
        QVERIFY(!st.isOk());
        QVERIFY2(QString::fromStdString(st.message()).contains(text), st.message().c_str());
        QVERIFY2(QString::fromStdString(st.message()).contains(path), st.message().c_str());
        // Nothing was lost: the session goes on where it was.
        QCOMPARE(w.session->elapsed(), elapsed);
        QCOMPARE(w.pods(), before);
    };
    failsWith(dir.filePath(QStringLiteral("missing.phw")), QStringLiteral("no such file"));
    const QString garbage = dir.filePath(QStringLiteral("garbage.phw"));
    {
        QFile f(garbage);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(4096, 'x'));
    }
    failsWith(garbage, QStringLiteral("not a database"));
    // A store file that is not a workspace.
    const QString plainStore = dir.filePath(QStringLiteral("plain.db"));
    QVERIFY(w.session->controlPlane().store().snapshot(plainStore.toStdString()).isOk());
    failsWith(plainStore, QStringLiteral("not a Pilothouse workspace"));
    // Saving where it cannot be written: an error naming the place; an existing workspace stays.
    const QString good = dir.filePath(QStringLiteral("good.phw"));
    QVERIFY(w.menu->saveWorkspace(good).isOk());
    Status st = w.menu->saveWorkspace(dir.filePath(QStringLiteral("no/such/dir/w.phw")));
    QVERIFY(!st.isOk());
    QVERIFY2(QString::fromStdString(st.message()).contains(QStringLiteral("no/such/dir/w.phw")), st.message().c_str());
    QVERIFY(w.menu->openWorkspace(good).isOk());
}

void FileMenuTest::exports() {
    Window w;
    QVERIFY(w.open("single-pod-journey", 40s));
    w.window->show();
    QVERIFY(QTest::qWaitForWindowExposed(w.window.get()));
    QTRY_VERIFY(w.window->loaded());
    QTemporaryDir dir;

    // The event log: a header and one line per event shown, quoted where needed.
    const QString csv = dir.filePath(QStringLiteral("events.csv"));
    QTRY_VERIFY(w.window->eventLogView()->proxy()->rowCount() > 3);
    QVERIFY(w.menu->exportEventLog(csv).isOk());
    const QStringList lines = QString::fromUtf8(read(csv)).split(QStringLiteral("\r\n"), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), w.window->eventLogView()->proxy()->rowCount() + 1);
    QVERIFY2(lines.front().startsWith(QStringLiteral("LAST SEEN,TYPE,REASON,OBJECT")), qPrintable(lines.front()));
    QVERIFY(QString::fromUtf8(read(csv)).contains(QStringLiteral("Scheduled,pod/web,\"Successfully assigned default/web to node-1\"")) ||
            QString::fromUtf8(read(csv)).contains(QStringLiteral("Scheduled,pod/web,Successfully assigned default/web to node-1")));

    // The selected object's YAML, as the inspector shows it.
    w.window->selection()->select(ui::ObjectRef::pod(QStringLiteral("default/web")));
    const QString yaml = dir.filePath(QStringLiteral("web.yaml"));
    QVERIFY(w.menu->exportObjectYaml(yaml).isOk());
    QCOMPARE(QString::fromUtf8(read(yaml)), w.window->inspectorView()->yaml());
    QVERIFY(QString::fromUtf8(read(yaml)).contains(QStringLiteral("nodeName: node-1")));

    // The pod's journey: its stages in order, scheduling among them.
    const QString json = dir.filePath(QStringLiteral("web-journey.json"));
    QVERIFY(w.menu->exportJourney(json).isOk());
    const QJsonObject journey = QJsonDocument::fromJson(read(json)).object();
    QCOMPARE(journey.value(QStringLiteral("pod")).toString(), QStringLiteral("default/web"));
    QStringList stages;
    for (const auto& s : journey.value(QStringLiteral("stages")).toArray()) {
        stages << s.toObject().value(QStringLiteral("stage")).toString();
        QVERIFY(s.toObject().value(QStringLiteral("seconds")).toDouble() >= 0);
        QVERIFY(s.toObject().value(QStringLiteral("start")).toString().startsWith(QStringLiteral("20")));
    }
    QVERIFY2(stages.contains(QStringLiteral("scheduling")) && stages.contains(QStringLiteral("Ready")), qPrintable(stages.join(u',')));
    QVERIFY(stages.indexOf(QStringLiteral("scheduling")) < stages.indexOf(QStringLiteral("Ready")));

    // The views, as PNG and SVG.
    for (const QString& view : {QStringLiteral("cluster"), QStringLiteral("journey")}) {
        const QString png = dir.filePath(view + QStringLiteral(".png"));
        QVERIFY(w.menu->exportView(view, png).isOk());
        QImage image(png);
        QVERIFY(!image.isNull());
        // The view as it is on screen, at its size.
        QWidget* shown = view == QLatin1String("cluster") ? static_cast<QWidget*>(w.window->clusterView())
                                                          : static_cast<QWidget*>(w.window->journeyView());
        QCOMPARE(image.size(), shown->size() * shown->devicePixelRatio());
        const QString svg = dir.filePath(view + QStringLiteral(".svg"));
        QVERIFY(w.menu->exportView(view, svg).isOk());
        const QByteArray svgText = read(svg);
        QVERIFY(svgText.contains("<svg"));
        QVERIFY(svgText.size() > 2000);  // drawn, not an empty page
    }
}

void FileMenuTest::errorsNameTheFile() {
    Window w;
    QVERIFY(w.open("single-pod-journey", 5s));
    const std::string name = w.session->scenario().name;
    Status missing = w.menu->openScenarioFile(QStringLiteral("/nonexistent/s.yaml"));
    QVERIFY2(QString::fromStdString(missing.message()).startsWith(QStringLiteral("cannot open \"/nonexistent/s.yaml\"")), missing.message().c_str());
    QTemporaryDir dir;
    const QString bad = dir.filePath(QStringLiteral("bad.yaml"));
    QFile f(bad);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("apiVersion: pilothouse.dev/v1alpha1\nkind: Scenario\nspec:\n  actions: [{at: soon, action: cordon, node: a}]\n");
    f.close();
    Status invalid = w.menu->openScenarioFile(bad);
    QVERIFY2(QString::fromStdString(invalid.message()).startsWith(bad + QStringLiteral(": document 1: spec.actions[0].at: invalid duration \"soon\"")),
             invalid.message().c_str());
    // Nothing changed: the running scenario goes on.
    QCOMPARE(w.session->scenario().name, name);
    Status snapshot = w.menu->openSnapshot({bad + QStringLiteral("-missing")});
    QVERIFY2(QString::fromStdString(snapshot.message()).contains(QStringLiteral("the path \"") + bad + QStringLiteral("-missing\" does not exist")),
             snapshot.message().c_str());
    Status write = w.menu->saveScenario(QStringLiteral("/nonexistent/dir/out.yaml"));
    QVERIFY2(QString::fromStdString(write.message()).startsWith(QStringLiteral("cannot write \"/nonexistent/dir/out.yaml\"")), write.message().c_str());
}

void FileMenuTest::applyYamlOpensTheDialog() {
    Window w;
    QVERIFY(w.open("single-pod-journey", 5s));
    QAction* apply = nullptr;
    for (QAction* a : w.menu->actions())
        if (a->text() == QStringLiteral("&Apply YAML…")) apply = a;
    QVERIFY(apply);
    apply->trigger();
    auto* dialog = w.window->findChild<ui::apply::ApplyDialog*>();
    QVERIFY(dialog);
    QVERIFY(dialog->isVisible());
    dialog->setText(QStringLiteral("apiVersion: v1\nkind: Pod\nmetadata: {name: from-the-menu}\nspec: {containers: [{name: c, image: nginx}]}\n"));
    dialog->applyNow();
    QTRY_VERIFY(!dialog->isBusy());
    QVERIFY2(dialog->output().contains(QStringLiteral("pod/from-the-menu created")), qPrintable(dialog->output()));
    QVERIFY(w.pods().contains("from-the-menu"));
}

QTEST_MAIN(FileMenuTest)
