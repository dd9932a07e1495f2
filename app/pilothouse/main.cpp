// pilothouse: the GUI on the embedded control plane (see ui/).
//   pilothouse [--store FILE] [--scenario FILE] [--screenshot DIR] [--size WxH]
#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QIcon>
#include <QTimer>

#include <cstdio>

#include "client/in_process_client.h"
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
    QCommandLineOption scenario(QStringLiteral("scenario"), QStringLiteral("Manifests to create at start (default: the demo cluster)."), QStringLiteral("FILE"), QStringLiteral(":/scenarios/demo-cluster.yaml"));
    QCommandLineOption screenshot(QStringLiteral("screenshot"), QStringLiteral("Write window.png into DIR once the views are loaded, then exit."), QStringLiteral("DIR"));
    QCommandLineOption size(QStringLiteral("size"), QStringLiteral("Window size (default 1920x1080 for screenshots)."), QStringLiteral("WxH"));
    parser.addOptions({store, scenario, screenshot, size});
    parser.process(app);

    auto session = pilothouse::ui::EmbeddedSession::start(parser.value(store).toStdString());
    if (!session) {
        std::fprintf(stderr, "error: %s\n", session.status().message().c_str());
        return 1;
    }
    if (auto st = (*session)->applyManifests(parser.value(scenario)); !st.isOk()) {
        std::fprintf(stderr, "error: %s\n", st.message().c_str());
        return 1;
    }
    pilothouse::ui::InProcessClient client((*session)->controlPlane());
    pilothouse::ui::MainWindow window(&client);
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
