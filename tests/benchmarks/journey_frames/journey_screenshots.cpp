// The journey view of a scenario at given virtual times, written as PNGs (light and dark) for a
// person to look at: journey-<time>-<light|dark>.png in OUTDIR, 1920x1080 unless --size.
//   journey_screenshots OUTDIR SCENARIO.yaml 8s 20s [--size 1280x720] [--select default/web]
#include <QApplication>
#include <QDir>
#include <QImage>
#include <QPainter>
#include <QThread>

#include <cstdio>

#include "client/in_process_client.h"
#include "journey/journey_view.h"
#include "models/cluster_state.h"
#include "models/selection_model.h"
#include "models/timeline.h"
#include "session/embedded_session.h"
#include "cluster/scenario.h"
#include "theme/theme.h"

using namespace pilothouse;

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() < 4) {
        std::fprintf(stderr, "usage: %s OUTDIR SCENARIO TIME... [--size WxH] [--select ns/pod]\n", argv[0]);
        return 2;
    }
    const QString out = args[1];
    QDir().mkpath(out);
    QSize size(1920, 1080);
    QString select;
    QStringList times;
    for (int i = 3; i < args.size(); ++i) {
        if (args[i] == QLatin1String("--size") && i + 1 < args.size()) {
            const QStringList wh = args[++i].split(QLatin1Char('x'));
            size = QSize(wh.value(0).toInt(), wh.value(1).toInt());
        } else if (args[i] == QLatin1String("--select") && i + 1 < args.size()) {
            select = args[++i];
        } else {
            times << args[i];
        }
    }
    auto started = ui::EmbeddedSession::start(":memory:", args[2]);
    if (!started.isOk()) {
        std::fprintf(stderr, "%s\n", started.status().message().c_str());
        return 1;
    }
    ui::EmbeddedSession& session = **started;
    ui::InProcessClient client(session.cluster());
    ui::Timeline timeline;
    ui::SelectionModel selection;
    ui::ClusterState state(&client, &timeline);
    ui::JourneyView view(&client, &timeline, &selection, &state);
    view.resize(size);
    view.show();
    if (!select.isEmpty()) selection.select(ui::ObjectRef::pod(select));
    for (const QString& time : times) {
        auto d = cluster::parseDuration(time.toStdString());
        if (!d) {
            std::fprintf(stderr, "%s: not a duration\n", qPrintable(time));
            return 2;
        }
        if (Status st = session.runFor(*d - session.elapsed()); !st.isOk()) {
            std::fprintf(stderr, "%s\n", st.message().c_str());
            return 1;
        }
        timeline.setPresent(client.epochNanos(), client.nowNanos());
        // Let the informers bring the cluster state up to date.
        for (int i = 0; i < 30; ++i) {
            QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
            QThread::msleep(10);
        }
        for (auto mode : {ui::theme::Mode::Light, ui::theme::Mode::Dark}) {
            ui::theme::apply(app, mode);
            view.refreshTheme();
            view.updateFrame();
            QImage image(size, QImage::Format_ARGB32_Premultiplied);
            QPainter painter(&image);
            view.render(&painter);
            painter.end();
            const QString path = QDir(out).filePath(QStringLiteral("journey-%1-%2.png")
                                                        .arg(time, mode == ui::theme::Mode::Dark ? QStringLiteral("dark")
                                                                                                 : QStringLiteral("light")));
            image.save(path);
            std::printf("%s\n", qPrintable(path));
        }
    }
    return 0;
}
