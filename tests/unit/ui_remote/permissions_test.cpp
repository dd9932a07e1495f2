// The window's permissions over a loopback pilothouse-server (served_simulation.h) with tokens:
// alice is in system:masters; bob is in students, bound here to a role that reads everything and
// changes nothing. See permissions_test.h.
#include "permissions_test.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QLabel>
#include <QToolTip>
#include <QComboBox>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QSettings>
#include <QTest>

#include "api/codec/manifest.h"
#include "apply/apply_dialog.h"
#include "client/access_review.h"
#include "client/in_process_client.h"
#include "editor/object_editor.h"
#include "mainwindow/main_window.h"
#include "mainwindow/remote_connection.h"
#include "models/cluster_state.h"
#include "models/object_table_model.h"
#include "models/selection_model.h"
#include "session/embedded_session.h"
#include "ui_remote/served_simulation.h"

using namespace pilothouse;
using ui::MainWindow;
using ui::RemoteConnection;
using ui_remote_test::Served;

namespace {

constexpr int kTimeout = 15000;

// Students read everything, the simulation too, and change nothing.
constexpr const char* kStudentsRole = R"(
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata: {name: students-read}
rules:
- {apiGroups: ["*"], resources: ["*"], verbs: [get, list, watch]}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata: {name: students-read}
subjects: [{kind: Group, name: students, apiGroup: rbac.authorization.k8s.io}]
roleRef: {kind: ClusterRole, name: students-read, apiGroup: rbac.authorization.k8s.io}
)";

// On top of reading: pods may be created and patched in "default" (nothing else).
constexpr const char* kStudentsPodsRole = R"(
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata: {name: pods-writer, namespace: default}
rules:
- {apiGroups: [""], resources: [pods], verbs: [create, patch]}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: students-pods, namespace: default}
subjects: [{kind: Group, name: students, apiGroup: rbac.authorization.k8s.io}]
roleRef: {kind: Role, name: pods-writer, apiGroup: rbac.authorization.k8s.io}
)";

// Creates the manifests' RBAC objects as the admin.
void grant(Served& served, const char* manifestsText) {
    std::vector<std::string> warnings;
    auto manifests = codec::loadManifests(manifestsText, "rbac.yaml", &warnings);
    QVERIFY2(manifests.isOk(), manifests.status().message().c_str());
    for (auto& m : *manifests) {
        apiserver::Request r;
        r.verb = "create";
        r.type = m.type;
        r.token = ui_remote_test::kAdminToken;
        r.body = std::move(m.object);
        const Status st = served.host->withCluster([&](cluster::Cluster& c) { return c.apiServer().handle(r).status; });
        QVERIFY2(st.isOk(), st.message().c_str());
    }
}

// A served node-failure scenario with tokens and the students' role.
void grantStudentsRead(Served& served) { grant(served, kStudentsRole); }

std::unique_ptr<RemoteConnection> openAs(const Served& served, const char* token) {
    remote::ConnectOptions o;
    o.address = served.server->address();
    o.token = token;
    auto c = RemoteConnection::open(o, MainWindow::Options{false});
    if (!c) qFatal("open: %s", c.status().message().c_str());
    return std::move(*c);
}

QAction* menuAction(MainWindow& w, const QString& menuName, const QString& text) {
    for (QMenu* m : w.findChildren<QMenu*>())
        if (m->objectName() == menuName)
            for (QAction* a : m->actions())
                if (a->text() == text) return a;
    return nullptr;
}

QPushButton* editorButton(MainWindow& w, const char* name) {
    return w.editor()->findChild<QPushButton*>(QLatin1String(name));
}

// The first pod's key ("namespace/name") in the window's pods table.
QString firstPod(MainWindow& w) {
    const ui::ObjectPtr pod = w.podsModel()->objectAt(0);
    return pod ? ui::ClusterState::keyOf(*pod) : QString();
}

// The simulation's controls as the window has them: toolbar and Simulation menu, the File menu's
// scenario loading, the Scheduler menu's configuration.
QList<QObject*> simulationControls(MainWindow& w) {
    return {w.playAction(), w.stepAction(), w.stepCycleAction(), w.resetAction(), w.speedBox(),
            menuAction(w, QStringLiteral("fileMenu"), QStringLiteral("&Scenarios…")),
            menuAction(w, QStringLiteral("fileMenu"), QStringLiteral("Open scenario &file…")),
            menuAction(w, QStringLiteral("schedulerMenu"), QStringLiteral("&Load configuration…"))};
}

bool isEnabled(QObject* o) {
    if (auto* a = qobject_cast<QAction*>(o)) return a->isEnabled();
    return qobject_cast<QWidget*>(o)->isEnabled();
}
QString toolTip(QObject* o) {
    if (auto* a = qobject_cast<QAction*>(o)) return a->toolTip();
    return qobject_cast<QWidget*>(o)->toolTip();
}

QString screenshotPath(const QTemporaryDir& fallback, const QString& name) {
    return qEnvironmentVariable("PH_SCREENSHOT_DIR", fallback.path()) + QLatin1Char('/') + name;
}

}  // namespace

void PermissionsTest::initTestCase() {
    QVERIFY(settings_.isValid());
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settings_.path());
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settings_.path());
    QCoreApplication::setOrganizationName(QStringLiteral("PilothousePermissionsTest"));
    QCoreApplication::setApplicationName(QStringLiteral("ui_remote_permissions_test"));
}

void PermissionsTest::studentsActionsAreForbidden() {
    Served served("node-failure", Served::Auth::Tokens);
    QVERIFY2(served.error.empty(), served.error.c_str());
    grantStudentsRead(served);
    QVERIFY(served.runFor(std::chrono::seconds(20)).isOk());
    auto connection = openAs(served, ui_remote_test::kStudentToken);
    MainWindow& w = *connection->window();
    w.resize(1600, 1000);
    w.show();
    QTRY_VERIFY_WITH_TIMEOUT(w.loaded(), kTimeout);
    QTRY_VERIFY_WITH_TIMEOUT(w.podsModel()->rowCount() > 0, kTimeout);

    // Who the server takes the token for.
    QTRY_COMPARE_WITH_TIMEOUT(w.client()->userName(), QStringLiteral("bob"), kTimeout);
    const QString address = QString::fromStdString(served.server->address());
    QVERIFY2(w.windowTitle().contains(QStringLiteral("%1 as bob").arg(address)), qPrintable(w.windowTitle()));
    QCOMPARE(w.connectionText(), QStringLiteral("Connected to %1 as bob").arg(address));

    // Reading stays: everything is shown; changing the simulation is refused with RBAC's words.
    const QString simulationDenied =
        QStringLiteral(R"(Forbidden: User "bob" cannot update resource "simulations" in API group "pilothouse.io" at the cluster scope)");
    for (QObject* control : simulationControls(w)) {
        QVERIFY(control);
        QTRY_VERIFY2_WITH_TIMEOUT(!isEnabled(control), qPrintable(toolTip(control)), kTimeout);
        QVERIFY2(toolTip(control).endsWith(simulationDenied), qPrintable(toolTip(control)));
    }
    QVERIFY2(w.playAction()->toolTip().startsWith(QStringLiteral("Play or pause the simulation (Space)\n")),
             qPrintable(w.playAction()->toolTip()));
    QCOMPARE(w.playAction()->statusTip(), simulationDenied);
    // Said in the toolbar too, where it is seen without hovering.
    auto* label = w.findChild<QLabel*>(QStringLiteral("simulationDenied"));
    QVERIFY(label);
    QCOMPARE(label->text(), simulationDenied);
    QTRY_VERIFY_WITH_TIMEOUT(label->isVisible(), kTimeout);

    // The editor: the selected pod may be read, not changed.
    const QString pod = firstPod(w);
    const QString ns = pod.section(QLatin1Char('/'), 0, 0);
    w.selection()->select(ui::ObjectRef::pod(pod));
    QTRY_COMPARE_WITH_TIMEOUT(w.editor()->ref().key(), pod, kTimeout);
    QVERIFY(w.editor()->draft()->isLoaded());
    QPushButton* del = editorButton(w, "delete");
    QTRY_VERIFY_WITH_TIMEOUT(!del->isEnabled(), kTimeout);
    QCOMPARE(del->toolTip(), QStringLiteral(R"(Forbidden: User "bob" cannot delete resource "pods" in API group "" in the namespace "%1")").arg(ns));
    auto* editorState = w.editor()->findChild<QLabel*>(QStringLiteral("editorState"));
    QTRY_VERIFY2_WITH_TIMEOUT(editorState->text().endsWith(QStringLiteral(
                                  R"(Forbidden: User "bob" cannot patch resource "pods" in API group "" in the namespace "%1")").arg(ns)),
                              qPrintable(editorState->text()), kTimeout);
    QPushButton* evict = editorButton(w, "evict");
    QTRY_VERIFY_WITH_TIMEOUT(!evict->isEnabled(), kTimeout);
    QCOMPARE(evict->toolTip(),
             QStringLiteral(R"(Forbidden: User "bob" cannot create resource "pods/eviction" in API group "" in the namespace "%1")").arg(ns));
    QPushButton* dryRun = editorButton(w, "dryRun");
    QTRY_VERIFY_WITH_TIMEOUT(!dryRun->isEnabled(), kTimeout);
    QVERIFY2(dryRun->toolTip().contains(QStringLiteral(R"(cannot patch resource "pods")")), qPrintable(dryRun->toolTip()));
    // A node's actions.
    const ui::ObjectPtr node = w.nodesModel()->objectAt(0);
    QVERIFY(node);
    w.selection()->select(ui::ObjectRef::node(ui::ClusterState::keyOf(*node)));
    QTRY_COMPARE_WITH_TIMEOUT(w.editor()->ref().key(), ui::ClusterState::keyOf(*node), kTimeout);
    QTRY_VERIFY_WITH_TIMEOUT(!editorButton(w, "cordon")->isEnabled(), kTimeout);
    QCOMPARE(editorButton(w, "cordon")->toolTip(),
             QStringLiteral(R"(Forbidden: User "bob" cannot patch resource "nodes" in API group "" at the cluster scope)"));
    QTRY_VERIFY_WITH_TIMEOUT(!editorButton(w, "failNode")->isEnabled(), kTimeout);
    QVERIFY2(editorButton(w, "failNode")->toolTip().endsWith(simulationDenied), qPrintable(editorButton(w, "failNode")->toolTip()));

    // What the student sees, for a look at the reason's legibility.
    w.selection()->select(ui::ObjectRef::pod(pod));
    QTRY_COMPARE_WITH_TIMEOUT(w.editor()->ref().key(), pod, kTimeout);
    QTest::qWait(300);
    QVERIFY(w.grab().save(screenshotPath(settings_, QStringLiteral("student-window.png"))));
    for (QDockWidget* d : w.findChildren<QDockWidget*>())
        if (d->widget() == w.editor()) d->raise();
    QTest::qWait(200);
    QVERIFY(w.grab().save(screenshotPath(settings_, QStringLiteral("student-editor.png"))));
    // The play button's tooltip as the student would see it on hovering.
    QToolTip::showText(w.mapToGlobal(QPoint(40, 40)), w.playAction()->toolTip(), &w);
    QWidget* tip = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((tip = [] {
        for (QWidget* t : QApplication::topLevelWidgets())
            if (t->inherits("QTipLabel") && t->isVisible()) return t;
        return static_cast<QWidget*>(nullptr);
    }()) != nullptr, kTimeout);
    QVERIFY(tip->grab().save(screenshotPath(settings_, QStringLiteral("student-play-tooltip.png"))));
    QToolTip::hideText();
}

void PermissionsTest::applyDialogChecksEachObject() {
    Served served("node-failure", Served::Auth::Tokens);
    QVERIFY2(served.error.empty(), served.error.c_str());
    grantStudentsRead(served);
    grant(served, kStudentsPodsRole);
    auto connection = openAs(served, ui_remote_test::kStudentToken);
    MainWindow& w = *connection->window();
    w.show();
    QTRY_VERIFY_WITH_TIMEOUT(w.loaded(), kTimeout);

    ui::apply::ApplyDialog dialog(*w.client(), &w);
    dialog.setAccessReview(w.accessReview());
    dialog.show();
    auto* apply = dialog.findChild<QPushButton*>(QStringLiteral("applyApplyButton"));
    auto* diff = dialog.findChild<QPushButton*>(QStringLiteral("applyDiffButton"));
    auto* status = dialog.findChild<QLabel*>(QStringLiteral("applyStatus"));
    QVERIFY(apply && diff && status);
    const QString pod = QStringLiteral(
        "apiVersion: v1\nkind: Pod\nmetadata: {name: lab}\nspec: {containers: [{name: c, image: nginx}]}\n");
    const QString deployment = QStringLiteral(
        "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: lab}\nspec:\n  selector: {matchLabels: {app: "
        "lab}}\n  template:\n    metadata: {labels: {app: lab}}\n    spec: {containers: [{name: c, image: nginx}]}\n");
    const QString deploymentDenied = QStringLiteral(
        "User \"bob\" cannot create resource \"deployments\" in API group \"apps\" in the namespace \"default\"");

    // Only what may not be created nor patched: Diff and Apply disabled, with the 403 text.
    dialog.setText(deployment);
    QTRY_VERIFY_WITH_TIMEOUT(dialog.allForbidden(), kTimeout);
    QCOMPARE(dialog.forbiddenReason(), deploymentDenied);
    QVERIFY(!apply->isEnabled());
    QVERIFY(!diff->isEnabled());
    QVERIFY2(apply->toolTip().contains(QStringLiteral("Forbidden: ") + deploymentDenied), qPrintable(apply->toolTip()));
    QCOMPARE(status->text(), QStringLiteral("Nothing here can be applied: Forbidden: ") + deploymentDenied);
    QTest::qWait(100);
    QVERIFY(dialog.grab().save(screenshotPath(settings_, QStringLiteral("student-apply-forbidden.png"))));

    // One of two: Apply stays (kubectl applies the rest and reports the 403); the status says so.
    dialog.setText(pod + QStringLiteral("---\n") + deployment);
    QTRY_VERIFY_WITH_TIMEOUT(!dialog.allForbidden() && apply->isEnabled(), kTimeout);
    QTRY_COMPARE_WITH_TIMEOUT(status->text(), QStringLiteral("1 of 2 objects cannot be applied: Forbidden: ") + deploymentDenied,
                              kTimeout);

    // What the students may create: nothing said, everything offered.
    dialog.setText(pod);
    QTRY_VERIFY_WITH_TIMEOUT(dialog.forbiddenReason().isEmpty(), kTimeout);
    QCOMPARE(status->text(), QString());
    QVERIFY(apply->isEnabled() && diff->isEnabled());
    QVERIFY2(!apply->toolTip().contains(QStringLiteral("Forbidden")), qPrintable(apply->toolTip()));
    // And it goes through.
    apply->click();
    QTRY_VERIFY_WITH_TIMEOUT(dialog.lastRun() == ui::apply::ApplyDialog::Run::Apply && !dialog.isBusy(), kTimeout);
    QVERIFY2(dialog.output().contains(QStringLiteral("pod/lab created")), qPrintable(dialog.output()));
}

void PermissionsTest::adminsActionsAreAllowed() {
    Served served("node-failure", Served::Auth::Tokens);
    QVERIFY2(served.error.empty(), served.error.c_str());
    QVERIFY(served.runFor(std::chrono::seconds(20)).isOk());
    auto connection = openAs(served, ui_remote_test::kAdminToken);
    MainWindow& w = *connection->window();
    w.show();
    QTRY_VERIFY_WITH_TIMEOUT(w.loaded(), kTimeout);
    QTRY_VERIFY_WITH_TIMEOUT(w.podsModel()->rowCount() > 0, kTimeout);
    QTRY_COMPARE_WITH_TIMEOUT(w.client()->userName(), QStringLiteral("alice"), kTimeout);
    QVERIFY2(w.windowTitle().contains(QStringLiteral(" as alice (connected)")), qPrintable(w.windowTitle()));

    const QString pod = firstPod(w);
    w.selection()->select(ui::ObjectRef::pod(pod));
    QTRY_COMPARE_WITH_TIMEOUT(w.editor()->ref().key(), pod, kTimeout);
    // Every question answered (yes), then nothing is disabled for want of a permission.
    QTRY_VERIFY_WITH_TIMEOUT(w.accessReview()->settled(), kTimeout);
    QTest::qWait(100);
    QVERIFY(w.accessReview()->settled());
    for (QObject* control : simulationControls(w)) {
        QVERIFY(control);
        QVERIFY2(isEnabled(control), qPrintable(toolTip(control)));
        QVERIFY2(!toolTip(control).contains(QStringLiteral("Forbidden")), qPrintable(toolTip(control)));
    }
    for (const char* name : {"delete", "evict", "dryRun", "replace"}) {
        QPushButton* b = editorButton(w, name);
        QVERIFY2(b->isEnabled(), name);
        QVERIFY2(!b->toolTip().contains(QStringLiteral("Forbidden")), qPrintable(b->toolTip()));
    }
    QCOMPARE(w.accessReview()->deniedReason(ui::Action::ChangeSimulation), QString());
}

void PermissionsTest::embeddedWindowAllowsEverything() {
    auto session = ui::EmbeddedSession::start(":memory:", QStringLiteral(PH_SOURCE_DIR "/resources/scenarios/single-pod-journey.yaml"));
    QVERIFY2(session.isOk(), session.status().message().c_str());
    ui::InProcessClient client((*session)->cluster());
    MainWindow w(&client, session->get());
    w.show();
    QTRY_VERIFY_WITH_TIMEOUT(w.loaded(), kTimeout);
    QTRY_VERIFY_WITH_TIMEOUT(w.nodesModel()->rowCount() > 0, kTimeout);
    QCOMPARE(client.userName(), QString());
    QCOMPARE(w.windowTitle(), QStringLiteral("Pilothouse"));
    const QString node = ui::ClusterState::keyOf(*w.nodesModel()->objectAt(0));
    w.selection()->select(ui::ObjectRef::node(node));
    QTRY_COMPARE_WITH_TIMEOUT(w.editor()->ref().key(), node, kTimeout);
    for (QObject* control : simulationControls(w)) {
        QVERIFY(control);
        QVERIFY2(isEnabled(control), qPrintable(toolTip(control)));
    }
    for (const char* name : {"delete", "dryRun", "cordon", "drain", "failNode"}) QVERIFY2(editorButton(w, name)->isEnabled(), name);
    // Nothing is asked of an embedded control plane.
    QVERIFY(w.accessReview()->settled());
    QCOMPARE(w.accessReview()->deniedReason(ui::Action::ChangeSimulation), QString());
}

QTEST_MAIN(PermissionsTest)
