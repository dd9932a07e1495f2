// pilothouse: the GUI on the embedded simulated cluster, or attached to a pilothouse-server (see ui/).
//   pilothouse [--store FILE] [--scenario NAME|FILE | --open SNAPSHOT.yaml ...] [--scheduler-config FILE]
//              [--at DURATION] [--select NAMESPACE/POD]
//              [--kube-api-listen HOST:PORT [--write-kubeconfig FILE]]
//              [--dark] [--lang en|de|ja] [--screenshot DIR] [--size WxH]
//   pilothouse --connect HOST:PORT [--token-file FILE] [--tls | --tls-ca FILE]
//              [--select NAMESPACE/POD] [--dark] [--lang en|de|ja] [--screenshot DIR] [--size WxH]
//   pilothouse --kubeconfig FILE [--context NAME] [--select NAMESPACE/POD] [--dark] [--lang en|de|ja]
//              [--screenshot DIR] [--size WxH]
//   pilothouse --version
#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QIcon>
#include <QElapsedTimer>
#include <QFile>
#include <QScreen>
#include <QSettings>
#include <QSize>
#include <QTimer>

#include <chrono>
#include <cstdio>
#include <functional>
#include <iostream>
#include <memory>

#include "client/in_process_client.h"
#include "client/remote_client.h"
#include "cluster/components.h"
#include "cluster/scenario.h"
#include "cluster/snapshot_scenario.h"
#include "i18n/language.h"
#include "client/kubernetes_client.h"
#include "mainwindow/connect_dialog.h"
#include "mainwindow/live_connection.h"
#include "mainwindow/main_window.h"
#include "mainwindow/remote_connection.h"
#include "preferences/preferences.h"
#include "models/selection_model.h"
#include "session/embedded_kube_api.h"
#include "session/embedded_session.h"
#include "session/scenario_file.h"
#include "theme/theme.h"
#include "util/phase_times.h"
#include "util/rfc3339.h"
#include "version/version.h"

namespace {

// What the window is asked for, whichever control plane it shows.
struct WindowArgs {
    QString select;         // --select NAMESPACE/POD ("" none)
    QString size;           // --size WxH ("" none)
    QString screenshotDir;  // --screenshot DIR ("" none)
    bool dark = false;
    pilothouse::util::PhaseTimes* phases = nullptr;  // PILOTHOUSE_PHASE_TIMES marks (embedded session only)
    pilothouse::ui::EmbeddedSession* starting = nullptr;  // a session whose control plane starts behind the window
    int loadSeconds = 10;  // how long --screenshot waits for the views to load
};

// Selects, sizes and shows the window, then runs the application: until it quits, or — with
// --screenshot — until the views have loaded and the pictures are written. `shown` runs once
// the window is on screen (the embedded simulation starts playing there).
int runWindow(pilothouse::ui::MainWindow& window, const WindowArgs& args, const QString& fallbackSelection,
              const std::function<void()>& shown) {
    namespace ui = pilothouse::ui;
    if (args.dark) window.setDark(true);
    if (!args.select.isEmpty()) {
        if (!args.select.contains(QLatin1Char('/'))) {
            std::fprintf(stderr, "error: --select must look like NAMESPACE/POD\n");
            return 2;
        }
        window.selection()->select(ui::ObjectRef::pod(args.select));
    } else if (!fallbackSelection.isEmpty()) {
        window.selection()->select(ui::ObjectRef::fromPath(fallbackSelection));
    }
    const bool screenshots = !args.screenshotDir.isEmpty();
    int w = 1280, h = 800;
    if (screenshots) w = 1920, h = 1080;
    if (!args.size.isEmpty()) {
        const auto parts = args.size.split(QLatin1Char('x'));
        if (parts.size() != 2 || parts[0].toInt() <= 0 || parts[1].toInt() <= 0) {
            std::fprintf(stderr, "error: --size must look like 1920x1080\n");
            return 2;
        }
        w = parts[0].toInt();
        h = parts[1].toInt();
    }
    // A saved layout keeps its size unless one is asked for. The first start fills the screen's
    // available room: maximized on a laptop or projector, else 90% of it, centred.
    const bool firstStart = !QSettings().contains(QStringLiteral("mainwindow/geometry"));
    if (!args.size.isEmpty() || screenshots) {
        window.resize(w, h);
        window.show();
    } else if (firstStart && window.screen()) {
        const QRect room = window.screen()->availableGeometry();
        if (room.width() <= 1440 || room.height() <= 900) {
            window.showMaximized();
        } else {
            const QSize size = room.size() * 0.9;
            window.setGeometry(QRect(room.center() - QPoint(size.width() / 2, size.height() / 2), size));
            window.show();
        }
    } else {
        window.show();
    }
    if (shown) shown();
    if (screenshots) {
        const QString dir = args.screenshotDir;
        QDir().mkpath(dir);
        // Shoot once the informers have listed (or give up after 10 s). A control plane starting
        // behind the window is waited for, and the window is shot first as it shows the pod
        // explained before the start (starting.png).
        auto* poll = new QTimer(&window);
        QElapsedTimer waited;
        waited.start();
        bool shotStarting = false;
        QObject::connect(poll, &QTimer::timeout, &window, [&window, poll, dir, waited, w, h, phases = args.phases,
                                                          starting = args.starting, shotStarting,
                                                          loadMillis = qint64(args.loadSeconds) * 1000]() mutable {
            if (starting && !starting->isStarted()) {
                if (!starting->startError().isEmpty()) {
                    poll->stop();
                    std::fprintf(stderr, "error: the control plane could not start: %s\n", starting->startError().toUtf8().constData());
                    QCoreApplication::exit(1);
                    return;
                }
                if (!shotStarting && starting->startingExplanation()) {
                    shotStarting = true;
                    if (phases) phases->mark("explained", std::cerr);
                    if (!window.grab().save(dir + QStringLiteral("/starting.png"))) {
                        poll->stop();
                        std::fprintf(stderr, "error: cannot write %s/starting.png\n", dir.toUtf8().constData());
                        QCoreApplication::exit(1);
                        return;
                    }
                }
                waited.restart();
                return;
            }
            const bool loaded = window.loaded();
            if (!loaded && waited.elapsed() < loadMillis) return;
            poll->stop();
            if (phases) phases->mark("loaded", std::cerr);
            if (auto st = window.writeScreenshots(dir, QSize(w, h)); !st.isOk()) {
                std::fprintf(stderr, "error: %s\n", st.message().c_str());
                QCoreApplication::exit(1);
                return;
            }
            if (phases) phases->mark("pictures", std::cerr);
            if (!loaded) std::fprintf(stderr, "error: the views did not load within %lld s\n", loadMillis / 1000);
            QCoreApplication::exit(loaded ? 0 : 1);
        });
        poll->start(100);
    }
    return QApplication::exec();
}

}  // namespace

int main(int argc, char** argv) {
    // Answered before the application starts, so that it needs no display.
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--version" || a == "-v") {
            std::printf("%s\n", pilothouse::version::versionLine("pilothouse").c_str());
            return 0;
        }
    }
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Pilothouse"));
    QApplication::setOrganizationName(QStringLiteral("Pilothouse"));
    QApplication::setApplicationVersion(QString::fromStdString(pilothouse::version::pilothouseVersion()));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/pilothouse.svg")));

    // The language: --lang, else the one last chosen in View > Language, else the system's;
    // screenshots are in English unless --lang asks otherwise. Looked for before the parser is set
    // up, so that --help speaks it too.
    namespace i18n = pilothouse::ui::i18n;
    {
        QString lang;
        bool screenshots = false;
        const QStringList args = QCoreApplication::arguments();
        for (qsizetype i = 1; i < args.size(); ++i) {
            if (args[i] == QLatin1String("--lang") && i + 1 < args.size()) lang = args[i + 1];
            else if (args[i].startsWith(QLatin1String("--lang="))) lang = args[i].mid(7);
            else if (args[i] == QLatin1String("--screenshot") || args[i].startsWith(QLatin1String("--screenshot=")))
                screenshots = true;
        }
        if (!i18n::isSupported(lang)) lang = screenshots ? QStringLiteral("en") : i18n::startupLanguage();
        i18n::setLanguage(lang);
    }
    auto text = [](const char* source) { return QCoreApplication::translate("main", source); };

    QCommandLineParser parser;
    parser.setApplicationDescription(text(QT_TRANSLATE_NOOP("main", "A visual explorer of how Kubernetes places and runs pods.")));
    parser.addHelpOption();
    parser.addVersionOption();  // answered at the top of main()
    QCommandLineOption store(QStringLiteral("store"), text(QT_TRANSLATE_NOOP("main", "Store file (default: in memory).")),
                             text(QT_TRANSLATE_NOOP("main", "FILE")), QStringLiteral(":memory:"));
    QCommandLineOption scenario(QStringLiteral("scenario"),
                                text(QT_TRANSLATE_NOOP("main", "Scenario to run: a name from resources/scenarios (e.g. node-failure) or a file (default: single-pod-journey).")),
                                text(QT_TRANSLATE_NOOP("main", "NAME|FILE")), QStringLiteral("single-pod-journey"));
    QCommandLineOption open(QStringLiteral("open"),
                            text(QT_TRANSLATE_NOOP("main", "Start from a real cluster's snapshot instead of a scenario: the output of kubectl get nodes,pods,priorityclasses -A -o yaml. Repeat it (or name more files after the options) for several files.")),
                            text(QT_TRANSLATE_NOOP("main", "SNAPSHOT.yaml")));
    QCommandLineOption workspace(QStringLiteral("workspace"),
                                 text(QT_TRANSLATE_NOOP("main", "Open a workspace saved with File > Save workspace: the cluster at the moment it was saved.")),
                                 text(QT_TRANSLATE_NOOP("main", "FILE")));
    QCommandLineOption schedulerConfig(QStringLiteral("scheduler-config"),
                                       text(QT_TRANSLATE_NOOP("main", "kube-scheduler's configuration: a KubeSchedulerConfiguration file (default: the scenario's, else v1.28's defaults).")),
                                       text(QT_TRANSLATE_NOOP("main", "FILE")));
    QCommandLineOption at(QStringLiteral("at"), text(QT_TRANSLATE_NOOP("main", "Run the scenario to this virtual time first (e.g. 30s, 2m), as fast as possible.")),
                          text(QT_TRANSLATE_NOOP("main", "DURATION")));
    QCommandLineOption select(QStringLiteral("select"), text(QT_TRANSLATE_NOOP("main", "Select this pod (the inspector shows it).")),
                              text(QT_TRANSLATE_NOOP("main", "NAMESPACE/POD")));
    QCommandLineOption dark(QStringLiteral("dark"), text(QT_TRANSLATE_NOOP("main", "Start with the dark palette.")));
    QCommandLineOption lang(QStringLiteral("lang"),
                            text(QT_TRANSLATE_NOOP("main", "Language of the user interface: en, de or ja (default: the one last chosen in View > Language, else the system's).")),
                            QStringLiteral("en|de|ja"));
    QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                  text(QT_TRANSLATE_NOOP("main", "Write journey.png, cluster.png, inspector.png, explainer.png, what-if.png, events.png, charts.png, pod-editor.png, node-editor.png and window.png into DIR once the views are loaded, then exit.")),
                                  text(QT_TRANSLATE_NOOP("main", "DIR")));
    QCommandLineOption size(QStringLiteral("size"), text(QT_TRANSLATE_NOOP("main", "Window size (default 1920x1080 for screenshots).")),
                            text(QT_TRANSLATE_NOOP("main", "WxH")));
    QCommandLineOption connectTo(QStringLiteral("connect"),
                                 text(QT_TRANSLATE_NOOP("main", "Attach to a running pilothouse-server at this address instead of simulating here (its simulation is shared with its other clients).")),
                                 text(QT_TRANSLATE_NOOP("main", "HOST:PORT")));
    QCommandLineOption tokenFile(QStringLiteral("token-file"),
                                 text(QT_TRANSLATE_NOOP("main", "With --connect: a file holding the bearer token (a line of the server's --tokens file).")),
                                 text(QT_TRANSLATE_NOOP("main", "FILE")));
    QCommandLineOption tls(QStringLiteral("tls"), text(QT_TRANSLATE_NOOP("main", "With --connect: the server speaks TLS, its certificate signed by an authority the system trusts.")));
    QCommandLineOption tlsCa(QStringLiteral("tls-ca"),
                             text(QT_TRANSLATE_NOOP("main", "With --connect: the server speaks TLS, its certificate signed by this CA certificate (PEM).")),
                             text(QT_TRANSLATE_NOOP("main", "FILE")));
    QCommandLineOption kubeApiListen(QStringLiteral("kube-api-listen"),
                                     text(QT_TRANSLATE_NOOP("main", "Also serve the Kubernetes API over HTTPS at this loopback address (e.g. 127.0.0.1:6443), so that kubectl on this machine drives the simulated cluster.")),
                                     text(QT_TRANSLATE_NOOP("main", "HOST:PORT")));
    QCommandLineOption writeKubeconfig(QStringLiteral("write-kubeconfig"),
                                       text(QT_TRANSLATE_NOOP("main", "With --kube-api-listen: write a kubeconfig for it (its address, the CA of its certificate, context pilothouse) to FILE.")),
                                       text(QT_TRANSLATE_NOOP("main", "FILE")));
    QCommandLineOption kubeconfig(QStringLiteral("kubeconfig"),
                                  text(QT_TRANSLATE_NOOP("main", "Attach to a real Kubernetes cluster through this kubeconfig file, as kubectl would (read-only until you allow changes). --context picks the context; $KUBECONFIG or ~/.kube/config when FILE is \"\".")),
                                  text(QT_TRANSLATE_NOOP("main", "FILE")));
    QCommandLineOption context(QStringLiteral("context"),
                               text(QT_TRANSLATE_NOOP("main", "With --kubeconfig: the kubeconfig context to use (default: its current-context).")),
                               text(QT_TRANSLATE_NOOP("main", "NAME")));
    parser.addOptions({store, scenario, open, workspace, schedulerConfig, at, select, dark, lang, screenshot, size, connectTo,
                       tokenFile, tls, tlsCa, kubeApiListen, writeKubeconfig, kubeconfig, context});
    parser.addPositionalArgument(QStringLiteral("SNAPSHOT.yaml"), text(QT_TRANSLATE_NOOP("main", "More snapshot files for --open.")),
                                 QStringLiteral("[SNAPSHOT.yaml...]"));
    parser.process(app);
    if (parser.isSet(lang) && !i18n::isSupported(parser.value(lang))) {
        std::fprintf(stderr, "error: --lang must be en, de or ja\n");
        return 2;
    }
    namespace theme = pilothouse::ui::theme;
    WindowArgs windowArgs{parser.value(select), parser.value(size), parser.value(screenshot), parser.isSet(dark)};
    // Screenshots do not depend on (or change) the user's saved layout.
    const pilothouse::ui::MainWindow::Options windowOptions{!parser.isSet(screenshot) && !parser.isSet(dark)};

    // Attached to a real cluster: its objects, read through its Kubernetes API.
    if (parser.isSet(kubeconfig) || parser.isSet(context)) {
        for (const QCommandLineOption* o : {&store, &scenario, &open, &workspace, &schedulerConfig, &at, &kubeApiListen, &writeKubeconfig,
                                            &connectTo, &tokenFile, &tls, &tlsCa}) {
            if (parser.isSet(*o)) {
                std::fprintf(stderr, "error: --%s cannot be combined with --kubeconfig (the window shows the cluster itself)\n",
                             o->names().front().toUtf8().constData());
                return 2;
            }
        }
        if (!parser.positionalArguments().isEmpty()) {
            std::fprintf(stderr, "error: unexpected argument \"%s\"\n", parser.positionalArguments().front().toUtf8().constData());
            return 2;
        }
        pilothouse::kubectl::KubeconfigFlags flags;
        flags.kubeconfig = parser.value(kubeconfig).toStdString();
        flags.context = parser.value(context).toStdString();
        flags.userAgent = "pilothouse";
        theme::apply(app, parser.isSet(dark) ? theme::Mode::Dark : theme::Mode::Light);
        auto connected = pilothouse::kubectl::connectWithKubeconfig(flags, pilothouse::client::clientcmd::Environment::fromProcess());
        if (!connected) {
            std::fprintf(stderr, "error: %s\n", connected.status().message().c_str());
            return 1;
        }
        // Said at once, before a window: nobody there, an unknown authority, a refused token.
        if (auto answer = pilothouse::ui::KubernetesClient::probe(*connected->client); !answer) {
            std::fprintf(stderr, "error: %s\n", answer.status().message().c_str());
            return 1;
        }
        auto connection = pilothouse::ui::LiveConnection::open(std::move(*connected), windowOptions);
        // Opened to see why pods are pending: the explainer is in front. A large cluster's lists
        // take a while over the network (150,000 pods: about half a minute).
        connection->window()->showExplainer();
        windowArgs.loadSeconds = 300;
        return runWindow(*connection->window(), windowArgs, QString(), {});
    }
    // Attached to a server: its simulation, nothing to start here.
    if (parser.isSet(connectTo)) {
        for (const QCommandLineOption* o : {&store, &scenario, &open, &workspace, &schedulerConfig, &at, &kubeApiListen, &writeKubeconfig}) {
            if (parser.isSet(*o)) {
                std::fprintf(stderr, "error: --%s cannot be combined with --connect (the server has its own simulation)\n",
                             o->names().front().toUtf8().constData());
                return 2;
            }
        }
        if (!parser.positionalArguments().isEmpty()) {
            std::fprintf(stderr, "error: unexpected argument \"%s\"\n", parser.positionalArguments().front().toUtf8().constData());
            return 2;
        }
        pilothouse::remote::ConnectOptions options;
        options.address = parser.value(connectTo).toStdString();
        options.tls = parser.isSet(tls) || parser.isSet(tlsCa);
        options.caCertFile = parser.value(tlsCa).toStdString();
        if (parser.isSet(tokenFile)) {
            QFile file(parser.value(tokenFile));
            if (!file.open(QIODevice::ReadOnly)) {
                std::fprintf(stderr, "error: %s: cannot read the token file: %s\n", parser.value(tokenFile).toUtf8().constData(),
                             file.errorString().toUtf8().constData());
                return 2;
            }
            options.token = QString::fromUtf8(file.readLine()).trimmed().toStdString();
            if (options.token.empty()) {
                std::fprintf(stderr, "error: %s: the token file is empty\n", parser.value(tokenFile).toUtf8().constData());
                return 2;
            }
        }
        // Said at once, before a window: nobody there, or a token the server does not take.
        if (auto answer = pilothouse::ui::RemoteClient::probe(options); !answer) {
            std::fprintf(stderr, "error: %s\n",
                         pilothouse::ui::ConnectDialog::errorMessage(answer.status(), parser.value(connectTo)).toUtf8().constData());
            return 1;
        }
        theme::apply(app, parser.isSet(dark) ? theme::Mode::Dark : theme::Mode::Light);
        auto connection = pilothouse::ui::RemoteConnection::open(options, windowOptions);
        if (!connection) {
            std::fprintf(stderr, "error: %s\n", connection.status().message().c_str());
            return 2;
        }
        return runWindow(*(*connection)->window(), windowArgs, QString(), {});
    }
    for (const QCommandLineOption* o : {&tokenFile, &tls, &tlsCa}) {
        if (parser.isSet(*o)) {
            std::fprintf(stderr, "error: --%s needs --connect\n", o->names().front().toUtf8().constData());
            return 2;
        }
    }
    if (parser.isSet(writeKubeconfig) && !parser.isSet(kubeApiListen)) {
        std::fprintf(stderr, "error: --write-kubeconfig needs --kube-api-listen HOST:PORT (the address the kubeconfig names)\n");
        return 2;
    }

    // The starting cluster: a snapshot (--open), or a scenario — a name is one of those built in,
    // anything else is a file.
    QStringList snapshots = parser.values(open);
    if (!parser.positionalArguments().isEmpty()) {
        if (snapshots.isEmpty()) {
            std::fprintf(stderr, "error: unexpected argument \"%s\" (snapshot files follow --open)\n",
                         parser.positionalArguments().front().toUtf8().constData());
            return 2;
        }
        snapshots += parser.positionalArguments();
    }
    if (!snapshots.isEmpty() && parser.isSet(scenario)) {
        std::fprintf(stderr, "error: --open and --scenario cannot both be given\n");
        return 2;
    }
    if (parser.isSet(workspace) && (!snapshots.isEmpty() || parser.isSet(scenario) || parser.isSet(schedulerConfig))) {
        std::fprintf(stderr, "error: --workspace cannot be combined with --open, --scenario or --scheduler-config\n");
        return 2;
    }
    pilothouse::util::PhaseTimes phases;
    windowArgs.phases = &phases;
    pilothouse::cluster::Scenario start;
    std::vector<std::string> warnings;
    if (!snapshots.isEmpty()) {
        std::vector<std::string> paths;
        for (const QString& f : snapshots) paths.push_back(f.toStdString());
        auto loaded = pilothouse::cluster::scenarioFromSnapshotFiles(paths, &warnings);
        if (!loaded) {
            std::fprintf(stderr, "error: %s\n", loaded.status().message().c_str());
            return 2;
        }
        start = std::move(*loaded);
        phases.mark("load", std::cerr);
    } else if (!parser.isSet(workspace)) {
        QString scenarioPath = parser.value(scenario);
        if (!QFileInfo::exists(scenarioPath) && QFileInfo::exists(QStringLiteral(":/scenarios/") + scenarioPath + QStringLiteral(".yaml")))
            scenarioPath = QStringLiteral(":/scenarios/") + scenarioPath + QStringLiteral(".yaml");
        auto loaded = pilothouse::ui::readScenarioFile(scenarioPath, &warnings);
        if (!loaded) {
            std::fprintf(stderr, "error: %s\n", loaded.status().message().c_str());
            return 2;
        }
        start = std::move(*loaded);
    }
    for (const auto& w : warnings) std::fprintf(stderr, "warning: %s\n", w.c_str());
    if (parser.isSet(schedulerConfig)) {
        const std::string path = parser.value(schedulerConfig).toStdString();
        QFile file(parser.value(schedulerConfig));
        if (!file.open(QIODevice::ReadOnly)) {
            std::fprintf(stderr, "error: %s: cannot open the file\n", path.c_str());
            return 2;
        }
        start.schedulerConfiguration = file.readAll().toStdString();
        start.schedulerConfigurationSource = path;
        if (auto config = pilothouse::cluster::schedulerConfigurationOf(start); !config) {
            std::fprintf(stderr, "error: %s\n", config.status().message().c_str());
            return 2;
        }
    }
    // The user's preferences (File > Preferences…); screenshots use the defaults.
    const auto preferences = parser.isSet(screenshot) ? pilothouse::ui::Preferences{} : pilothouse::ui::Preferences::load();
    preferences.fillScenario(start);
    // Serving kubectl: the clock starts at the wall clock's now, so that the ages kubectl works out
    // from timestamps (describe, events) read as on a real cluster.
    if ((parser.isSet(kubeApiListen) || preferences.serveKubeApi) && start.epoch.empty())
        start.epoch = pilothouse::rfc3339::format(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                                      std::chrono::system_clock::now().time_since_epoch())
                                                      .count());
    // A snapshot is opened to see why its pending pods are pending: the first is selected.
    QString firstPending;
    if (!snapshots.isEmpty())
        if (const auto pending = pilothouse::cluster::unboundPods(start); !pending.empty())
            firstPending = QString::fromStdString(pending.front());
    // A snapshot's control plane starts behind the window (150,000 pods take it many seconds), its
    // first pending pod explained first; a scenario's is small and starts before the window does.
    const bool startBehind = !snapshots.isEmpty() && !parser.isSet(at);
    auto session = startBehind ? pilothouse::StatusOr<std::unique_ptr<pilothouse::ui::EmbeddedSession>>(pilothouse::ui::EmbeddedSession::startInBackground(
                                     parser.value(store).toStdString(), std::move(start), parser.isSet(select) ? parser.value(select) : firstPending))
                               : pilothouse::ui::EmbeddedSession::start(parser.value(store).toStdString(), std::move(start));
    if (!session) {
        std::fprintf(stderr, "error: %s\n", session.status().message().c_str());
        return 2;
    }
    phases.mark("session", std::cerr);
    if (startBehind) {
        windowArgs.starting = session->get();
        QObject::connect(session->get(), &pilothouse::ui::EmbeddedSession::started, [&phases] { phases.mark("started", std::cerr); });
        if (!parser.isSet(screenshot))
            QObject::connect(session->get(), &pilothouse::ui::EmbeddedSession::startFailed, [](const QString& message) {
                std::fprintf(stderr, "error: the control plane could not start: %s\n", message.toUtf8().constData());
            });
    }
    if (preferences.startSpeed == 0) (*session)->setAsFastAsPossible(true);
    else if (auto st = (*session)->setSpeed(preferences.startSpeed); !st.isOk()) std::fprintf(stderr, "warning: %s\n", st.message().c_str());
    std::string workspaceSelection;
    if (parser.isSet(workspace)) {
        auto opened = (*session)->openWorkspace(parser.value(workspace).toStdString());
        if (!opened) {
            std::fprintf(stderr, "error: %s\n", opened.status().message().c_str());
            return 2;
        }
        if (!opened->warning.empty()) std::fprintf(stderr, "warning: %s\n", opened->warning.c_str());
        workspaceSelection = opened->selection;
    }
    if (parser.isSet(at)) {
        auto d = pilothouse::cluster::parseDuration(parser.value(at).toStdString());
        if (!d || *d < pilothouse::sim::Duration::zero()) {
            std::fprintf(stderr, "error: invalid argument \"%s\" for \"--at\": %s\n", parser.value(at).toUtf8().constData(),
                         d ? "must not be negative" : d.status().message().c_str());
            return 2;
        }
        if (auto st = (*session)->runFor(*d); !st.isOk()) {
            std::fprintf(stderr, "error: the simulation stopped: %s\n", st.message().c_str());
            return 1;
        }
    }
    theme::apply(app, parser.isSet(dark) ? theme::Mode::Dark : theme::Mode::Light);
    // The client follows the session's cluster through resets and rewinds, and the user's edits go
    // through the session (recorded, so a rewind replays them).
    pilothouse::ui::InProcessClient client(**session);
    pilothouse::ui::MainWindow window(&client, session->get(), windowOptions);
    // A snapshot is opened to see why its pending pods are pending: the explainer in front.
    if (!firstPending.isEmpty()) window.showExplainer();
    if (parser.isSet(kubeApiListen)) {
        pilothouse::ui::EmbeddedKubeApi::Options o;
        o.listenAddress = parser.value(kubeApiListen).toStdString();
        o.kubeconfigPath = parser.value(writeKubeconfig).toStdString();
        if (auto st = window.kubeApi()->start(o); !st.isOk()) {
            std::fprintf(stderr, "error: %s\n", st.message().c_str());
            return 2;
        }
        // One line a script can wait for.
        std::printf("pilothouse: serving the Kubernetes API on %s%s\n", window.kubeApi()->url().toUtf8().constData(),
                    o.kubeconfigPath.empty() ? "" : (", kubeconfig " + o.kubeconfigPath).c_str());
        std::fflush(stdout);
    }
    phases.mark("window", std::cerr);
    // A snapshot is opened to see why its pending pods are pending; a workspace selects what was.
    const QString fallbackSelection = !firstPending.isEmpty()
                                          ? pilothouse::ui::ObjectRef::pod(firstPending).path()
                                          : QString::fromStdString(workspaceSelection);
    // A newcomer sees the scenario run at once (unless the preferences say otherwise); screenshots
    // keep the moment asked for.
    const bool play = !parser.isSet(screenshot) && !parser.isSet(workspace) && preferences.playOnStart;
    return runWindow(window, windowArgs, fallbackSelection, [&] {
        if (play) (*session)->setPlaying(true);
    });
}
