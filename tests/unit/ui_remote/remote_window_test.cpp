// The GUI attached to a pilothouse-server (a SimulationHost served on loopback in this process):
// the window over a RemoteClient loads the server's cluster; its toolbar and timeline drive the
// server's simulation (checked on the server's side) and follow what other clients do there; a
// stopped server is said in the title and the status bar while the views keep the last state;
// File > Connect's dialog checks its fields, says why a server refused, and remembers connections
// without their tokens; `pilothouse --connect` does the same from the command line.
#include "remote_window_test.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QLineEdit>
#include <QListWidget>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>

#include "client/remote_client.h"
#include "mainwindow/connect_dialog.h"
#include "mainwindow/file_menu.h"
#include "mainwindow/main_window.h"
#include "mainwindow/remote_connection.h"
#include "models/object_table_model.h"
#include "models/timeline.h"
#include "session/remote_simulation.h"
#include "session/scenario_file.h"
#include "testing/self_signed_certificate.h"
#include "ui_remote/served_simulation.h"

using namespace pilothouse;
using ui::ConnectDialog;
using ui::MainWindow;
using ui::RemoteConnection;
using ui_remote_test::Served;

namespace {

constexpr int kTimeout = 15000;

std::unique_ptr<RemoteConnection> openOn(const Served& served, const std::string& token = {}) {
    remote::ConnectOptions o;
    o.address = served.server->address();
    o.token = token;
    auto c = RemoteConnection::open(o, MainWindow::Options{false});
    if (!c) qFatal("open: %s", c.status().message().c_str());
    return std::move(*c);
}

qint64 serverElapsedNanos(Served& served) {
    return served.read([](cluster::Session& s) { return qint64(s.elapsed().count()); });
}

// What the window's present is, in virtual nanoseconds since the start.
qint64 windowElapsedNanos(MainWindow& w) { return w.timeline()->nowNanos() - w.timeline()->epochNanos(); }

QString screenshotPath(const QTemporaryDir& fallback, const QString& name) {
    return qEnvironmentVariable("PH_SCREENSHOT_DIR", fallback.path()) + QLatin1Char('/') + name;
}

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& text) {
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly)) qFatal("cannot write %s", qPrintable(path));
    f.write(text);
    return path;
}

}  // namespace

void RemoteWindowTest::initTestCase() {
    // The recent connections (QSettings) go to a directory of the test's own.
    QVERIFY(settings_.isValid());
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settings_.path());
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settings_.path());
    QCoreApplication::setOrganizationName(QStringLiteral("PilothouseRemoteWindowTest"));
    QCoreApplication::setApplicationName(QStringLiteral("ui_remote_window_test"));
}

void RemoteWindowTest::windowShowsTheServersCluster() {
    Served served("node-failure");
    QVERIFY2(served.error.empty(), served.error.c_str());
    QVERIFY(served.runFor(std::chrono::seconds(20)).isOk());
    auto connection = openOn(served);
    MainWindow& w = *connection->window();
    w.show();
    QTRY_VERIFY_WITH_TIMEOUT(w.loaded(), kTimeout);

    const int nodes = served.host->withCluster([](cluster::Cluster& c) {
        apiserver::Request list;
        list.verb = "list";
        list.type = api::Scheme::instance().byName("nodes");
        return int(c.apiServer().handle(list).items.size());
    });
    QVERIFY(nodes > 0);
    QTRY_COMPARE_WITH_TIMEOUT(w.nodesModel()->rowCount(), nodes, kTimeout);
    QVERIFY(w.podsModel()->rowCount() > 0);
    // The server's time, its simulation's controls, and which server it is.
    QTRY_COMPARE_WITH_TIMEOUT(windowElapsedNanos(w), qint64(20'000'000'000), kTimeout);
    QVERIFY(w.simulation());
    QCOMPARE(w.simulation()->location(), ui::SimulationControl::Location::Remote);
    QVERIFY(w.playAction() && w.stepAction() && w.resetAction() && w.resumeAction() && w.speedBox());
    const QString address = QString::fromStdString(served.server->address());
    // Who the server takes the window for (SelfSubjectReview): without tokens, its loopback user.
    QTRY_COMPARE_WITH_TIMEOUT(w.connectionText(), QStringLiteral("Connected to %1 as system:admin").arg(address), kTimeout);
    QVERIFY2(w.windowTitle().contains(address + QStringLiteral(" as system:admin")) &&
                 w.windowTitle().contains(QStringLiteral("(connected)")),
             qPrintable(w.windowTitle()));
    QVERIFY(w.playAction()->isEnabled());
    QVERIFY(w.client()->isRemote());
    QTest::qWait(200);  // the status bar laid out again
    QVERIFY(w.grab().save(screenshotPath(settings_, QStringLiteral("remote-window-connected.png"))));
}

void RemoteWindowTest::toolbarDrivesTheServersSimulation() {
    Served served("node-failure");
    QVERIFY2(served.error.empty(), served.error.c_str());
    served.host->run();
    auto connection = openOn(served);
    MainWindow& w = *connection->window();
    QTRY_VERIFY_WITH_TIMEOUT(w.loaded() && w.playAction()->isEnabled(), kTimeout);
    QVERIFY(!served.read([](cluster::Session& s) { return s.playing(); }));

    // Play: the server plays, and the button says Pause once the server said so.
    w.playAction()->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(served.read([](cluster::Session& s) { return s.playing(); }), kTimeout);
    QTRY_COMPARE_WITH_TIMEOUT(w.playAction()->text(), QStringLiteral("Pause"), kTimeout);
    QTRY_VERIFY_WITH_TIMEOUT(serverElapsedNanos(served) > 0, kTimeout);
    // Pause.
    w.playAction()->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(!served.read([](cluster::Session& s) { return s.playing(); }), kTimeout);
    QTRY_COMPARE_WITH_TIMEOUT(w.playAction()->text(), QStringLiteral("Play"), kTimeout);

    // Speed, then as fast as possible.
    w.speedBox()->setCurrentIndex(w.speedBox()->findData(100.0));
    QTRY_COMPARE_WITH_TIMEOUT(served.read([](cluster::Session& s) { return s.speed(); }), 100.0, kTimeout);
    w.speedBox()->setCurrentIndex(w.speedBox()->findData(0.0));
    QTRY_VERIFY_WITH_TIMEOUT(served.read([](cluster::Session& s) { return s.asFastAsPossible(); }), kTimeout);
    w.speedBox()->setCurrentIndex(w.speedBox()->findData(2.0));
    QTRY_VERIFY_WITH_TIMEOUT(served.read([](cluster::Session& s) { return !s.asFastAsPossible() && s.speed() == 2.0; }), kTimeout);

    // Step: the server runs its next event; the window's clock follows.
    const qint64 before = serverElapsedNanos(served);
    const qint64 revision = served.host->withCluster([](cluster::Cluster& c) { return c.controlPlane().store().currentRevision(); });
    w.stepAction()->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(serverElapsedNanos(served) > before ||
                                 served.host->withCluster([](cluster::Cluster& c) { return c.controlPlane().store().currentRevision(); }) > revision,
                             kTimeout);
    QVERIFY(!served.read([](cluster::Session& s) { return s.playing(); }));
    QTRY_COMPARE_WITH_TIMEOUT(windowElapsedNanos(w), serverElapsedNanos(served), kTimeout);
    // Step cycle: time moves on to the scheduler's next attempt or beyond.
    const qint64 beforeCycle = serverElapsedNanos(served);
    const int64_t seq = served.host->withCluster([](cluster::Cluster& c) { return c.journeys().lastSeq(); });
    w.stepCycleAction()->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(serverElapsedNanos(served) > beforeCycle ||
                                 served.host->withCluster([](cluster::Cluster& c) { return c.journeys().lastSeq(); }) > seq,
                             kTimeout);
}

void RemoteWindowTest::otherClientsChangesReachTheToolbar() {
    Served served("node-failure");
    QVERIFY2(served.error.empty(), served.error.c_str());
    auto connection = openOn(served);
    MainWindow& w = *connection->window();
    QTRY_VERIFY_WITH_TIMEOUT(w.loaded(), kTimeout);
    QVERIFY(!w.playAction()->isChecked());

    // Another client plays the simulation at 10×: this window's toolbar says so.
    served.host->withSession([](cluster::Session& s) {
        s.setPlaying(true);
        return s.setSpeed(10);
    });
    QTRY_VERIFY_WITH_TIMEOUT(w.playAction()->isChecked(), kTimeout);
    QCOMPARE(w.playAction()->text(), QStringLiteral("Pause"));
    QTRY_COMPARE_WITH_TIMEOUT(w.speedBox()->currentData().toDouble(), 10.0, kTimeout);
    // Its own check mark set by the server's state is not sent back as a command.
    QTest::qWait(300);
    QVERIFY(served.read([](cluster::Session& s) { return s.playing(); }));
    // A speed not in the list is added to it.
    served.host->withSession([](cluster::Session& s) { return s.setSpeed(3); });
    QTRY_COMPARE_WITH_TIMEOUT(w.speedBox()->currentData().toDouble(), 3.0, kTimeout);
    served.host->withSession([](cluster::Session& s) {
        s.setPlaying(false);
        return Status();
    });
    QTRY_VERIFY_WITH_TIMEOUT(!w.playAction()->isChecked(), kTimeout);
}

void RemoteWindowTest::resumeHereAndResetRewindTheServer() {
    Served served("node-failure");
    QVERIFY2(served.error.empty(), served.error.c_str());
    QVERIFY(served.runFor(std::chrono::seconds(30)).isOk());
    auto connection = openOn(served);
    MainWindow& w = *connection->window();
    QTRY_VERIFY_WITH_TIMEOUT(w.loaded(), kTimeout);
    QTRY_COMPARE_WITH_TIMEOUT(windowElapsedNanos(w), qint64(30'000'000'000), kTimeout);
    const uint64_t generation = served.read([](cluster::Session& s) { return s.generation(); });

    // Back to 10 s on the timeline, then "Resume here": the server replays to 10 s.
    w.timeline()->setView(w.timeline()->epochNanos() + 10'000'000'000);
    QVERIFY(w.resumeAction()->isEnabled());
    w.resumeAction()->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(serverElapsedNanos(served), qint64(10'000'000'000), kTimeout);
    QVERIFY(served.read([](cluster::Session& s) { return s.generation(); }) != generation);
    // The window follows: live again at the new present, the cluster listed again.
    QTRY_COMPARE_WITH_TIMEOUT(windowElapsedNanos(w), qint64(10'000'000'000), kTimeout);
    QTRY_VERIFY_WITH_TIMEOUT(w.timeline()->live(), kTimeout);
    QTRY_VERIFY_WITH_TIMEOUT(w.loaded() && w.nodesModel()->rowCount() > 0, kTimeout);

    // Reset: back to the start.
    w.resetAction()->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(serverElapsedNanos(served), qint64(0), kTimeout);
    QTRY_COMPARE_WITH_TIMEOUT(windowElapsedNanos(w), qint64(0), kTimeout);
}

void RemoteWindowTest::disconnectedKeepsTheLastState() {
    Served served("node-failure");
    QVERIFY2(served.error.empty(), served.error.c_str());
    const std::string address = served.server->address();
    auto connection = openOn(served);
    MainWindow& w = *connection->window();
    w.show();
    QTRY_VERIFY_WITH_TIMEOUT(w.loaded() && w.playAction()->isEnabled(), kTimeout);
    // A server without tokens takes every client for its loopback user (the user is kept while
    // disconnected).
    QTRY_COMPARE_WITH_TIMEOUT(w.client()->userName(), QStringLiteral("system:admin"), kTimeout);
    const int nodes = w.nodesModel()->rowCount();
    const int pods = w.podsModel()->rowCount();

    // The server stops: said in the title and the status bar; the views keep what they had; the
    // simulation's controls wait for the server.
    served.server->shutdown(std::chrono::milliseconds(500));
    served.server.reset();
    const QString where = QString::fromStdString(address) + QStringLiteral(" as system:admin");
    QTRY_COMPARE_WITH_TIMEOUT(w.connectionText(),
                              QStringLiteral("Disconnected from %1 — showing the last state; reconnecting…").arg(where), kTimeout);
    QTRY_VERIFY2_WITH_TIMEOUT(w.windowTitle().contains(QStringLiteral("(disconnected, reconnecting…)")), qPrintable(w.windowTitle()),
                              kTimeout);
    QVERIFY(!w.playAction()->isEnabled());
    QVERIFY(!w.stepAction()->isEnabled());
    QVERIFY(!w.speedBox()->isEnabled());
    QCOMPARE(w.nodesModel()->rowCount(), nodes);
    QCOMPARE(w.podsModel()->rowCount(), pods);
    QTest::qWait(200);  // the status bar laid out again
    QVERIFY(w.grab().save(screenshotPath(settings_, QStringLiteral("remote-window-disconnected.png"))));

    // It comes back on the same address: connected again.
    served.serve(address);
    QVERIFY2(served.error.empty(), served.error.c_str());
    QTRY_COMPARE_WITH_TIMEOUT(w.connectionText(), QStringLiteral("Connected to %1").arg(where), 20000);
    // The controls come back with the simulation's state (the WatchState stream's first message).
    QTRY_VERIFY_WITH_TIMEOUT(w.playAction()->isEnabled(), kTimeout);
}

void RemoteWindowTest::fileMenuOverAServer() {
    Served served("node-failure");
    QVERIFY2(served.error.empty(), served.error.c_str());
    auto connection = openOn(served);
    MainWindow& w = *connection->window();
    QTRY_VERIFY_WITH_TIMEOUT(w.loaded(), kTimeout);
    auto* menu = w.findChild<ui::FileMenu*>();
    QVERIFY(menu);
    // What needs the simulation here is there, disabled, and says why.
    for (const char* name : {"saveScenarioAction", "openWorkspaceAction", "saveWorkspaceAction"}) {
        auto* a = menu->findChild<QAction*>(QLatin1String(name));
        if (!a)
            for (QAction* each : menu->actions())
                if (each->objectName() == QLatin1String(name)) a = each;
        QVERIFY2(a, name);
        QVERIFY2(!a->isEnabled(), name);
        QVERIFY2(a->toolTip().contains(QStringLiteral("--connect")), qPrintable(a->toolTip()));
    }
    QVERIFY(!menu->saveWorkspace(QStringLiteral("/tmp/x.phw")).isOk());

    // A scenario goes to the server.
    auto scenario = ui::readScenarioFile(QStringLiteral(PH_SOURCE_DIR "/resources/scenarios/single-pod-journey.yaml"));
    QVERIFY2(scenario.isOk(), scenario.status().message().c_str());
    QSignalSpy messages(menu, &ui::FileMenu::message);
    QVERIFY(menu->startScenario(std::move(*scenario), QStringLiteral("single-pod-journey.yaml")).isOk());
    QTRY_COMPARE_WITH_TIMEOUT(served.read([](cluster::Session& s) { return s.scenario().name; }), std::string("single-pod-journey"),
                              kTimeout);
    QTRY_COMPARE_WITH_TIMEOUT(w.simulation()->scenarioName(), QStringLiteral("single-pod-journey"), kTimeout);
    QCOMPARE(messages.count(), 0);  // no error
    // A broken one: the server's error comes back as a message.
    cluster::Scenario broken;
    broken.name = "broken";
    broken.schedulerConfiguration = "profiles: [";
    broken.schedulerConfigurationSource = "broken.yaml";
    QVERIFY(menu->startScenario(std::move(broken), QStringLiteral("broken.yaml")).isOk());
    QTRY_COMPARE_WITH_TIMEOUT(messages.count(), 1, kTimeout);
    QCOMPARE(messages.front().at(1).toBool(), false);
    QCOMPARE(served.read([](cluster::Session& s) { return s.scenario().name; }), std::string("single-pod-journey"));
}

void RemoteWindowTest::connectActionOpensAWindow() {
    Served served("node-failure", Served::Auth::Tokens);
    QVERIFY2(served.error.empty(), served.error.c_str());
    const QString address = QString::fromStdString(served.server->address());
    auto connection = openOn(served, ui_remote_test::kAdminToken);
    MainWindow& w = *connection->window();
    QTRY_VERIFY_WITH_TIMEOUT(w.loaded(), kTimeout);
    QAction* connect = nullptr;
    for (QAction* a : w.findChild<ui::FileMenu*>()->actions())
        if (a->objectName() == QLatin1String("connectAction")) connect = a;
    QVERIFY(connect);

    // File > Connect to server…: the dialog filled in and Connect pressed, as a user would.
    bool filled = false;
    QTimer::singleShot(0, this, [&] {
        auto* dialog = qobject_cast<ConnectDialog*>(QApplication::activeModalWidget());
        if (!dialog) return;
        dialog->addressEdit()->setText(address);
        dialog->tokenFileEdit()->clear();
        dialog->tokenEdit()->setText(QString::fromLatin1(ui_remote_test::kStudentToken));
        dialog->tryConnect();  // bob may not read the simulation: refused, the dialog stays
        QTRY_VERIFY_WITH_TIMEOUT(!dialog->busy(), kTimeout);
        if (!dialog->errorText().contains(QStringLiteral("403"))) return;
        dialog->tokenEdit()->setText(QString::fromLatin1(ui_remote_test::kAdminToken));
        filled = true;
        dialog->connectButton()->click();
    });
    const auto before = QApplication::topLevelWidgets();
    connect->trigger();
    QVERIFY(filled);
    MainWindow* opened = nullptr;
    for (QWidget* t : QApplication::topLevelWidgets())
        if (auto* m = qobject_cast<MainWindow*>(t); m && m != &w && !before.contains(t)) opened = m;
    QVERIFY(opened);
    QVERIFY(opened->isVisible());
    QCOMPARE(opened->client()->endpoint(), address);
    QTRY_VERIFY_WITH_TIMEOUT(opened->loaded(), kTimeout);
    // The user's name arrives after the connection (a SelfSubjectReview).
    QTRY_COMPARE_WITH_TIMEOUT(opened->connectionText(), QStringLiteral("Connected to %1 as alice").arg(address), kTimeout);
    // Closing it ends its connection.
    QPointer<ui::ControlPlaneClient> client(opened->client());
    QPointer<MainWindow> window(opened);
    opened->close();
    QTRY_VERIFY_WITH_TIMEOUT(window.isNull() && client.isNull(), kTimeout);
}

void RemoteWindowTest::connectDialogChecksTheFields_data() {
    QTest::addColumn<QString>("address");
    QTest::addColumn<QString>("token");
    QTest::addColumn<QString>("tokenFileText");  // "-": no token file; "missing": one that does not exist
    QTest::addColumn<bool>("tls");
    QTest::addColumn<QString>("caFile");
    QTest::addColumn<QString>("error");          // "" when valid
    QTest::addColumn<QString>("wantToken");

    QTest::newRow("no address") << QString() << QString() << QStringLiteral("-") << false << QString()
                                << QStringLiteral("Give the server's address") << QString();
    QTest::newRow("no port") << QStringLiteral("localhost") << QString() << QStringLiteral("-") << false << QString()
                             << QStringLiteral("\"localhost\" is not an address") << QString();
    QTest::newRow("port too large") << QStringLiteral("localhost:70000") << QString() << QStringLiteral("-") << false << QString()
                                    << QStringLiteral("Port 70000 is out of range") << QString();
    QTest::newRow("port zero") << QStringLiteral("localhost:0") << QString() << QStringLiteral("-") << false << QString()
                               << QStringLiteral("Port 0 is out of range") << QString();
    QTest::newRow("spaces") << QStringLiteral("my server:7443") << QString() << QStringLiteral("-") << false << QString()
                            << QStringLiteral("is not an address") << QString();
    QTest::newRow("token and file") << QStringLiteral("127.0.0.1:7443") << QStringLiteral("abc") << QStringLiteral("def\n")
                                    << false << QString() << QStringLiteral("not both") << QString();
    QTest::newRow("missing token file") << QStringLiteral("127.0.0.1:7443") << QString() << QStringLiteral("missing") << false
                                        << QString() << QStringLiteral("Cannot read the token file") << QString();
    QTest::newRow("empty token file") << QStringLiteral("127.0.0.1:7443") << QString() << QStringLiteral("\n") << false << QString()
                                      << QStringLiteral("is empty") << QString();
    QTest::newRow("missing CA") << QStringLiteral("127.0.0.1:7443") << QString() << QStringLiteral("-") << true
                                << QStringLiteral("/no/such/ca.pem") << QStringLiteral("Cannot read the CA certificate") << QString();
    QTest::newRow("typed token") << QStringLiteral(" 127.0.0.1:7443 ") << QStringLiteral("abc") << QStringLiteral("-") << false
                                 << QString() << QString() << QStringLiteral("abc");
    QTest::newRow("token file, first line") << QStringLiteral("[::1]:7443") << QString() << QStringLiteral("  def  \nsecond\n")
                                            << false << QString() << QString() << QStringLiteral("def");
    QTest::newRow("host name, TLS, system roots") << QStringLiteral("server.example:443") << QString() << QStringLiteral("-") << true
                                                  << QString() << QString() << QString();
}

void RemoteWindowTest::connectDialogChecksTheFields() {
    QFETCH(QString, address);
    QFETCH(QString, token);
    QFETCH(QString, tokenFileText);
    QFETCH(bool, tls);
    QFETCH(QString, caFile);
    QFETCH(QString, error);
    QFETCH(QString, wantToken);
    QTemporaryDir dir;
    ConnectDialog dialog;
    dialog.addressEdit()->setText(address);
    dialog.tokenEdit()->setText(token);
    if (tokenFileText == QLatin1String("missing")) dialog.tokenFileEdit()->setText(dir.filePath(QStringLiteral("missing.token")));
    else if (tokenFileText != QLatin1String("-"))
        dialog.tokenFileEdit()->setText(writeFile(dir, QStringLiteral("t.token"), tokenFileText.toUtf8()));
    else dialog.tokenFileEdit()->clear();
    dialog.tlsBox()->setChecked(tls);
    dialog.caFileEdit()->setText(caFile);
    QCOMPARE(dialog.caFileEdit()->isEnabled(), tls);

    const auto options = dialog.optionsFromFields();
    if (error.isEmpty()) {
        QVERIFY2(options.isOk(), options.status().message().c_str());
        QCOMPARE(QString::fromStdString(options->address), address.trimmed());
        QCOMPARE(QString::fromStdString(options->token), wantToken);
        QCOMPARE(options->tls, tls);
        return;
    }
    QVERIFY(!options.isOk());
    QVERIFY2(QString::fromStdString(options.status().message()).contains(error), options.status().message().c_str());
    // Connect says the same in the dialog, without asking any server.
    QSignalSpy failed(&dialog, &ConnectDialog::failed);
    dialog.tryConnect();
    QCOMPARE(failed.count(), 1);
    QVERIFY(!dialog.busy());
    QVERIFY2(dialog.errorText().contains(error), qPrintable(dialog.errorText()));
    QCOMPARE(dialog.result(), int(QDialog::Rejected));
}

void RemoteWindowTest::connectDialogSaysWhyTheServerRefused_data() {
    QTest::addColumn<QString>("token");
    QTest::addColumn<bool>("serverThere");
    QTest::addColumn<QStringList>("said");
    QTest::newRow("unknown token") << QStringLiteral("wrong-token") << true
                                   << QStringList{QStringLiteral("did not accept the token"), QStringLiteral("401 Unauthorized"),
                                                  QStringLiteral(": Unauthorized")};
    QTest::newRow("no token") << QString() << true
                              << QStringList{QStringLiteral("did not accept the token"), QStringLiteral("401")};
    QTest::newRow("user without the right") << QString::fromLatin1(ui_remote_test::kStudentToken) << true
                                            << QStringList{QStringLiteral("403 Forbidden"), QStringLiteral("bob")};
    QTest::newRow("nobody there") << QString::fromLatin1(ui_remote_test::kAdminToken) << false
                                  << QStringList{QStringLiteral("Cannot reach"), QStringLiteral("onnection refused")};
}

void RemoteWindowTest::connectDialogSaysWhyTheServerRefused() {
    QFETCH(QString, token);
    QFETCH(bool, serverThere);
    QFETCH(QStringList, said);
    Served served("single-pod-journey", Served::Auth::Tokens);
    QVERIFY2(served.error.empty(), served.error.c_str());
    const QString address = QString::fromStdString(served.server->address());
    if (!serverThere) {
        served.server->shutdown(std::chrono::milliseconds(100));
        served.server.reset();
    }
    ConnectDialog dialog;
    dialog.addressEdit()->setText(address);
    dialog.tokenFileEdit()->clear();
    dialog.tlsBox()->setChecked(false);
    dialog.tokenEdit()->setText(token);
    QSignalSpy failed(&dialog, &ConnectDialog::failed);
    dialog.tryConnect();
    QVERIFY(dialog.busy());
    QVERIFY(!dialog.connectButton()->isEnabled());
    QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, kTimeout);
    QVERIFY(!dialog.busy());
    QVERIFY(dialog.connectButton()->isEnabled());
    QCOMPARE(dialog.result(), int(QDialog::Rejected));
    for (const QString& s : said) QVERIFY2(dialog.errorText().contains(s), qPrintable(dialog.errorText()));
    QVERIFY2(dialog.errorText().contains(address), qPrintable(dialog.errorText()));
    if (QTest::currentDataTag() == QByteArray("unknown token")) {
        dialog.show();
        QVERIFY(dialog.grab().save(screenshotPath(settings_, QStringLiteral("connect-dialog-401.png"))));
    }
}

void RemoteWindowTest::connectDialogRemembersWithoutTheToken() {
    QSettings().remove(QStringLiteral("connect/recent"));
    Served served("single-pod-journey", Served::Auth::Tokens);
    QVERIFY2(served.error.empty(), served.error.c_str());
    const QString address = QString::fromStdString(served.server->address());
    QTemporaryDir dir;
    const QString tokenFile = writeFile(dir, QStringLiteral("alice.token"), QByteArray(ui_remote_test::kAdminToken) + "\n");

    // Once with a token file, once with the token typed.
    {
        ConnectDialog dialog;
        QCOMPARE(dialog.recentList()->count(), 0);
        dialog.addressEdit()->setText(address);
        dialog.tokenFileEdit()->setText(tokenFile);
        dialog.tryConnect();
        QTRY_COMPARE_WITH_TIMEOUT(dialog.result(), int(QDialog::Accepted), kTimeout);
        QCOMPARE(dialog.connectOptions().token, std::string(ui_remote_test::kAdminToken));
        QCOMPARE(QString::fromStdString(dialog.connectOptions().address), address);
    }
    {
        ConnectDialog dialog;
        QCOMPARE(dialog.recentList()->count(), 1);
        // The last one is filled in (the token file, not a token).
        QCOMPARE(dialog.addressEdit()->text(), address);
        QCOMPARE(dialog.tokenFileEdit()->text(), tokenFile);
        QVERIFY(dialog.tokenEdit()->text().isEmpty());
        dialog.tokenFileEdit()->clear();
        dialog.tokenEdit()->setText(QString::fromLatin1(ui_remote_test::kAdminToken));
        dialog.tryConnect();
        QTRY_COMPARE_WITH_TIMEOUT(dialog.result(), int(QDialog::Accepted), kTimeout);
    }
    const auto recent = ConnectDialog::recentConnections();
    QCOMPARE(recent.size(), 2);
    QCOMPARE(recent[0], (ConnectDialog::Recent{address, QString(), false, QString()}));
    QCOMPARE(recent[1], (ConnectDialog::Recent{address, tokenFile, false, QString()}));
    // The token is nowhere in the settings.
    {
        QSettings settings;
        settings.sync();
        QFile file(settings.fileName());
        QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(settings.fileName()));
        const QByteArray stored = file.readAll();
        QVERIFY(stored.contains(address.toUtf8()));
        QVERIFY(!stored.contains(ui_remote_test::kAdminToken));
    }
    // The list, newest first; picking one fills the fields in; the same one again is not added twice.
    ConnectDialog dialog;
    QCOMPARE(dialog.recentList()->count(), 2);
    QVERIFY(dialog.recentList()->item(1)->text().contains(QStringLiteral("alice.token")));
    dialog.recentList()->setCurrentRow(1);
    QCOMPARE(dialog.tokenFileEdit()->text(), tokenFile);
    ConnectDialog::remember(recent[1]);
    QCOMPARE(ConnectDialog::recentConnections().size(), 2);
    QCOMPARE(ConnectDialog::recentConnections().front(), recent[1]);
    for (int i = 0; i < ConnectDialog::kMaxRecent + 3; ++i)
        ConnectDialog::remember({QStringLiteral("host-%1:7443").arg(i), QString(), false, QString()});
    QCOMPARE(ConnectDialog::recentConnections().size(), ConnectDialog::kMaxRecent);
    dialog.resize(900, 600);
    dialog.show();
    QVERIFY(dialog.grab().save(screenshotPath(settings_, QStringLiteral("connect-dialog.png"))));
}

void RemoteWindowTest::commandLineConnect() {
#ifndef PH_PILOTHOUSE_BIN
    QSKIP("the pilothouse program is not built");
#else
    Served served("single-pod-journey", Served::Auth::Tokens);
    QVERIFY2(served.error.empty(), served.error.c_str());
    const QString address = QString::fromStdString(served.server->address());
    QTemporaryDir dir;
    const QString good = writeFile(dir, QStringLiteral("alice.token"), QByteArray(ui_remote_test::kAdminToken) + "\n");
    const QString bad = writeFile(dir, QStringLiteral("bad.token"), "nobody\n");

    auto run = [](const QStringList& args, QString* err) {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(PH_PILOTHOUSE_BIN), args);
        if (!p.waitForFinished(120000)) {
            p.kill();
            p.waitForFinished();
            *err = QStringLiteral("timed out");
            return -1;
        }
        *err = QString::fromUtf8(p.readAllStandardError());
        return p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    };
    QString err;
    // A token the server does not know: said at once, before any window.
    QCOMPARE(run({QStringLiteral("--connect"), address, QStringLiteral("--token-file"), bad}, &err), 1);
    QVERIFY2(err.contains(QStringLiteral("401 Unauthorized")), qPrintable(err));
    // Options of the embedded simulation do not go with --connect.
    QCOMPARE(run({QStringLiteral("--connect"), address, QStringLiteral("--scenario"), QStringLiteral("job")}, &err), 2);
    QVERIFY2(err.contains(QStringLiteral("--scenario cannot be combined with --connect")), qPrintable(err));
    QCOMPARE(run({QStringLiteral("--token-file"), good}, &err), 2);
    QVERIFY2(err.contains(QStringLiteral("--token-file needs --connect")), qPrintable(err));
    // Screenshots of the server's cluster once it is loaded.
    const QString shots = dir.filePath(QStringLiteral("shots"));
    QCOMPARE(run({QStringLiteral("--connect"), address, QStringLiteral("--token-file"), good, QStringLiteral("--screenshot"), shots,
                  QStringLiteral("--size"), QStringLiteral("1280x800"), QStringLiteral("--lang"), QStringLiteral("en")},
                 &err),
             0);
    for (const char* name : {"window.png", "cluster.png", "journey.png"})
        QVERIFY2(QFile::exists(shots + QLatin1Char('/') + QLatin1String(name)), name);
#endif
}

// The GUI over TLS, end to end: a server with a self-signed certificate, a window that trusts it
// (in this process, and the pilothouse program with --tls-ca), and clients that do not.
void RemoteWindowTest::windowOverTls() {
    pilothouse::testing::SelfSignedCertificate certificate;
    QVERIFY2(certificate.error.isEmpty(), qPrintable(certificate.error));
    const QString cert = certificate.certFile, key = certificate.keyFile;
    QTemporaryDir dir;
    Served served("single-pod-journey", Served::Auth::Tokens, "127.0.0.1:0", {cert.toStdString(), key.toStdString()});
    QVERIFY2(served.error.empty(), served.error.c_str());
    QVERIFY(served.runFor(std::chrono::seconds(10)).isOk());
    const std::string address = served.server->address();

    remote::ConnectOptions o;
    o.address = address;
    o.token = ui_remote_test::kAdminToken;
    o.tls = true;
    o.caCertFile = cert.toStdString();
    {
        auto c = RemoteConnection::open(o, MainWindow::Options{false});
        QVERIFY2(c.isOk(), c.status().message().c_str());
        MainWindow& w = *(*c)->window();
        w.show();
        QTRY_VERIFY_WITH_TIMEOUT(w.loaded(), kTimeout);
        QTRY_VERIFY_WITH_TIMEOUT(w.podsModel()->rowCount() > 0, kTimeout);
        QTRY_COMPARE_WITH_TIMEOUT(windowElapsedNanos(w), qint64(10'000'000'000), kTimeout);
        QTRY_COMPARE_WITH_TIMEOUT(w.connectionText(),
                                  QStringLiteral("Connected to %1 as alice").arg(QString::fromStdString(address)), kTimeout);
        // The simulation's stream over the same TLS channel: a step reaches the window.
        QVERIFY(w.stepAction()->isEnabled());
        w.stepAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(windowElapsedNanos(w) > qint64(10'000'000'000), kTimeout);
    }
    // Without TLS, or trusting the system's roots only, the server is not reached: what the Connect
    // dialog and --connect ask first fails.
    QVERIFY2(ui::RemoteClient::probe(o).isOk(), "the right CA was refused");
    for (bool tls : {false, true}) {
        remote::ConnectOptions wrong = o;
        wrong.tls = tls;
        wrong.caCertFile.clear();
        auto probe = ui::RemoteClient::probe(wrong, std::chrono::seconds(5));
        QVERIFY2(!probe.isOk(), tls ? "a certificate nobody vouches for was accepted" : "plaintext reached a TLS server");
        QCOMPARE(probe.status().code(), StatusCode::Unavailable);
        // What to do about it, after gRPC's words.
        const std::string hint = tls ? "give the CA certificate that signed it" : "if it serves TLS, connect with TLS";
        QVERIFY2(probe.status().message().find(hint) != std::string::npos, probe.status().message().c_str());
    }

#ifdef PH_PILOTHOUSE_BIN
    // The program as a user starts it.
    const QString token = writeFile(dir, QStringLiteral("alice.token"), QByteArray(ui_remote_test::kAdminToken) + "\n");
    const QString shots = dir.filePath(QStringLiteral("shots"));
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(PH_PILOTHOUSE_BIN),
            {QStringLiteral("--connect"), QString::fromStdString(address), QStringLiteral("--tls-ca"), cert,
             QStringLiteral("--token-file"), token, QStringLiteral("--screenshot"), shots, QStringLiteral("--size"),
             QStringLiteral("1280x800"), QStringLiteral("--lang"), QStringLiteral("en")});
    QVERIFY(p.waitForFinished(120000));
    QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0, p.readAllStandardError().constData());
    for (const char* name : {"window.png", "cluster.png", "journey.png"})
        QVERIFY2(QFile::exists(shots + QLatin1Char('/') + QLatin1String(name)), name);
#endif
}

QTEST_MAIN(RemoteWindowTest)
