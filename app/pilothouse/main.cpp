// pilothouse: the GUI on the embedded simulated cluster (see ui/).
//   pilothouse [--store FILE] [--scenario NAME|FILE] [--at DURATION] [--select NAMESPACE/POD]
//              [--dark] [--screenshot DIR] [--size WxH]
#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QIcon>
#include <QElapsedTimer>
#include <QSettings>
#include <QSize>
#include <QTimer>

#include <cstdio>

#include "client/in_process_client.h"
#include "cluster/scenario.h"
#include "mainwindow/main_window.h"
#include "models/selection_model.h"
#include "session/embedded_session.h"
#include "theme/theme.h"

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Pilothouse"));
    QApplication::setOrganizationName(QStringLiteral("Pilothouse"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/pilothouse.svg")));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("A visual explorer of how Kubernetes places and runs pods."));
    parser.addHelpOption();
    QCommandLineOption store(QStringLiteral("store"), QStringLiteral("Store file (default: in memory)."), QStringLiteral("FILE"), QStringLiteral(":memory:"));
    QCommandLineOption scenario(QStringLiteral("scenario"),
                                QStringLiteral("Scenario to run: a name from resources/scenarios (e.g. node-failure) or a file (default: single-pod-journey)."),
                                QStringLiteral("NAME|FILE"), QStringLiteral("single-pod-journey"));
    QCommandLineOption at(QStringLiteral("at"), QStringLiteral("Run the scenario to this virtual time first (e.g. 30s, 2m), as fast as possible."), QStringLiteral("DURATION"));
    QCommandLineOption select(QStringLiteral("select"), QStringLiteral("Select this pod (the inspector shows it)."), QStringLiteral("NAMESPACE/POD"));
    QCommandLineOption dark(QStringLiteral("dark"), QStringLiteral("Start with the dark palette."));
    QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                  QStringLiteral("Write journey.png, cluster.png, inspector.png, explainer.png, what-if.png, events.png, charts.png, pod-editor.png, node-editor.png and window.png into DIR once the views are loaded, then exit."),
                                  QStringLiteral("DIR"));
    QCommandLineOption size(QStringLiteral("size"), QStringLiteral("Window size (default 1920x1080 for screenshots)."), QStringLiteral("WxH"));
    parser.addOptions({store, scenario, at, select, dark, screenshot, size});
    parser.process(app);

    // A scenario name is one of those built in; anything else is a file.
    QString scenarioPath = parser.value(scenario);
    if (!QFileInfo::exists(scenarioPath) && QFileInfo::exists(QStringLiteral(":/scenarios/") + scenarioPath + QStringLiteral(".yaml")))
        scenarioPath = QStringLiteral(":/scenarios/") + scenarioPath + QStringLiteral(".yaml");
    auto session = pilothouse::ui::EmbeddedSession::start(parser.value(store).toStdString(), scenarioPath);
    if (!session) {
        std::fprintf(stderr, "error: %s\n", session.status().message().c_str());
        return 2;
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
    namespace theme = pilothouse::ui::theme;
    theme::apply(app, parser.isSet(dark) ? theme::Mode::Dark : theme::Mode::Light);
    // The client follows the session's cluster through resets and rewinds, and the user's edits go
    // through the session (recorded, so a rewind replays them).
    pilothouse::ui::InProcessClient client(**session);
    // Screenshots do not depend on (or change) the user's saved layout.
    pilothouse::ui::MainWindow window(&client, session->get(),
                                      pilothouse::ui::MainWindow::Options{!parser.isSet(screenshot) && !parser.isSet(dark)});
    if (parser.isSet(dark)) window.setDark(true);
    if (parser.isSet(select)) {
        if (!parser.value(select).contains(QLatin1Char('/'))) {
            std::fprintf(stderr, "error: --select must look like NAMESPACE/POD\n");
            return 2;
        }
        window.selection()->select(pilothouse::ui::ObjectRef::pod(parser.value(select)));
    }
    int w = 1280, h = 800;
    if (parser.isSet(screenshot)) w = 1920, h = 1080;
    if (parser.isSet(size)) {
        const auto parts = parser.value(size).split(QLatin1Char('x'));
        if (parts.size() != 2 || parts[0].toInt() <= 0 || parts[1].toInt() <= 0) {
            std::fprintf(stderr, "error: --size must look like 1920x1080\n");
            return 2;
        }
        w = parts[0].toInt();
        h = parts[1].toInt();
    }
    // A saved layout keeps its size unless one is asked for.
    if (parser.isSet(size) || parser.isSet(screenshot) || !QSettings().contains(QStringLiteral("mainwindow/geometry")))
        window.resize(w, h);
    window.show();
    // A newcomer sees the scenario run at once; screenshots keep the moment asked for.
    if (!parser.isSet(screenshot)) (*session)->setPlaying(true);
    if (parser.isSet(screenshot)) {
        const QString dir = parser.value(screenshot);
        QDir().mkpath(dir);
        // Shoot once the informers have listed (or give up after 10 s).
        auto* poll = new QTimer(&window);
        QElapsedTimer waited;
        waited.start();
        QObject::connect(poll, &QTimer::timeout, &window, [&window, poll, dir, waited, w, h]() mutable {
            const bool loaded = window.loaded();
            if (!loaded && waited.elapsed() < 10000) return;
            poll->stop();
            if (auto st = window.writeScreenshots(dir, QSize(w, h)); !st.isOk()) {
                std::fprintf(stderr, "error: %s\n", st.message().c_str());
                QCoreApplication::exit(1);
                return;
            }
            if (!loaded) std::fprintf(stderr, "error: the views did not load within 10 s\n");
            QCoreApplication::exit(loaded ? 0 : 1);
        });
        poll->start(100);
    }
    return app.exec();
}
