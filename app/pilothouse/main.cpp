// pilothouse: the GUI on the embedded simulated cluster (see ui/).
//   pilothouse [--store FILE] [--scenario NAME|FILE] [--at DURATION] [--screenshot DIR] [--size WxH]
#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QIcon>
#include <QTimer>

#include <cstdio>

#include "client/in_process_client.h"
#include "cluster/scenario.h"
#include "mainwindow/main_window.h"
#include "models/object_table_model.h"
#include "session/embedded_session.h"

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
    QCommandLineOption screenshot(QStringLiteral("screenshot"), QStringLiteral("Write window.png into DIR once the views are loaded, then exit."), QStringLiteral("DIR"));
    QCommandLineOption size(QStringLiteral("size"), QStringLiteral("Window size (default 1920x1080 for screenshots)."), QStringLiteral("WxH"));
    parser.addOptions({store, scenario, at, screenshot, size});
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
    pilothouse::ui::InProcessClient client((*session)->controlPlane());
    pilothouse::ui::MainWindow window(&client, session->get());
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
    window.resize(w, h);
    window.show();
    // A newcomer sees the scenario run at once; screenshots keep the moment asked for.
    if (!parser.isSet(screenshot)) (*session)->setPlaying(true);
    if (parser.isSet(screenshot)) {
        const QString dir = parser.value(screenshot);
        QDir().mkpath(dir);
        // Shoot once both informers have listed (or give up after 10 s).
        auto* poll = new QTimer(&window);
        QElapsedTimer waited;
        waited.start();
        QObject::connect(poll, &QTimer::timeout, &window, [&, dir, waited]() mutable {
            const bool loaded = window.nodesModel()->revision() > 0 && window.podsModel()->revision() > 0;
            if (!loaded && waited.elapsed() < 10000) return;
            window.tabs()->setCurrentIndex(0);
            window.grab().save(dir + QStringLiteral("/window.png"));
            window.tabs()->setCurrentIndex(1);
            window.grab().save(dir + QStringLiteral("/window-pods.png"));
            QCoreApplication::exit(loaded ? 0 : 1);
        });
        poll->start(100);
    }
    return app.exec();
}
