// Screenshots of the event log, the inspector and the charts, for looking at them: each view at
// 1920x1080 and at a dock-like 600x1000, light and dark, after running scenarios. Not a test
// (built on demand: `ninja panels_screenshots`).
//
//   QT_QPA_PLATFORM=offscreen panels_screenshots OUTDIR [SCENARIO:SECONDS:POD ...]
#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QTabWidget>
#include <QThread>

#include <cstdio>

#include "charts/charts_view.h"
#include "client/in_process_client.h"
#include "events/event_log_view.h"
#include "inspector/inspector_view.h"
#include "inspector/journey_cache.h"
#include "session/embedded_session.h"
#include "theme/theme.h"

using namespace pilothouse;

namespace {

void settle(const std::function<bool()>& done) {
    QElapsedTimer t;
    t.start();
    while (!done() && t.elapsed() < 10'000) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
        QThread::msleep(10);
    }
    for (int i = 0; i < 20; ++i) QCoreApplication::processEvents();
}

void save(QWidget& w, const QSize& size, const QString& path) {
    w.resize(size);
    w.show();
    settle([] { return true; });
    if (!w.grab().save(path)) std::fprintf(stderr, "cannot write %s\n", qPrintable(path));
    else std::printf("%s\n", qPrintable(path));
}

}  // namespace

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() < 2) {
        std::fprintf(stderr, "usage: panels_screenshots OUTDIR [SCENARIO:SECONDS:POD ...]\n");
        return 2;
    }
    const QString out = args[1];
    QDir().mkpath(out);
    QStringList runs = args.mid(2);
    if (runs.isEmpty())
        runs = {QStringLiteral("single-pod-journey:40:default/web"), QStringLiteral("resource-pressure:90:"),
                QStringLiteral("rolling-update:60:")};
    for (const QString& run : runs) {
        const QStringList parts = run.split(QLatin1Char(':'));
        const QString scenario = parts.value(0);
        const int seconds = parts.value(1).toInt();
        QString pod = parts.value(2);
        auto session = ui::EmbeddedSession::start(":memory:", QStringLiteral(PH_SOURCE_DIR "/resources/scenarios/") + scenario +
                                                                  QStringLiteral(".yaml"));
        if (!session.isOk() || !(*session)->runFor(std::chrono::seconds(seconds)).isOk()) {
            std::fprintf(stderr, "%s: cannot run\n", qPrintable(scenario));
            return 1;
        }
        ui::InProcessClient client((*session)->cluster());
        ui::Timeline timeline;
        timeline.setPresent(client.epochNanos(), client.nowNanos());
        ui::ClusterState state(&client, &timeline);
        ui::SelectionModel selection;
        settle([&] { return !state.objects(QStringLiteral("pods")).isEmpty() && !state.objects(QStringLiteral("events")).isEmpty(); });
        if (pod.isEmpty()) {
            // The pod with the most eventful journey (a failed stage first).
            size_t best = 0;
            bool bestFailed = false;
            for (const auto& [key, stages] : (*session)->cluster().journeys().snapshot()) {
                bool failed = false;
                for (const auto& s : stages) failed = failed || s.failed;
                if (!state.objects(QStringLiteral("pods")).contains(QString::fromStdString(key))) continue;
                if ((failed && !bestFailed) || (failed == bestFailed && stages.size() > best)) {
                    best = stages.size();
                    bestFailed = failed;
                    pod = QString::fromStdString(key);
                }
            }
        }
        for (ui::theme::Mode mode : {ui::theme::Mode::Light, ui::theme::Mode::Dark}) {
            ui::theme::apply(app, mode);
            const QString prefix = out + QLatin1Char('/') + scenario + (mode == ui::theme::Mode::Dark ? QStringLiteral("-dark") : QString());
            for (const QSize size : {QSize(1920, 1080), QSize(600, 1000)}) {
                const QString suffix = QStringLiteral("-%1x%2.png").arg(size.width()).arg(size.height());
                {
                    ui::EventLogView events(&state, &timeline, &selection);
                    selection.select(ui::ObjectRef::pod(pod));
                    save(events, size, prefix + QStringLiteral("-events") + suffix);
                }
                {
                    ui::InspectorView inspector(&client, &state, &timeline, &selection);
                    selection.clear();
                    selection.select(ui::ObjectRef::pod(pod));
                    inspector.journeyCache()->updateAll();
                    for (auto [tab, name] : {std::pair{ui::InspectorView::JourneyTab, "journey"}, {ui::InspectorView::FieldsTab, "fields"},
                                             {ui::InspectorView::YamlTab, "yaml"}, {ui::InspectorView::EventsTab, "pod-events"}}) {
                        inspector.showTab(tab);
                        save(inspector, size, prefix + QStringLiteral("-inspector-") + QLatin1String(name) + suffix);
                    }
                    selection.select(ui::ObjectRef::node(QStringLiteral("node-1")));
                    inspector.showTab(ui::InspectorView::PodsTab);
                    save(inspector, size, prefix + QStringLiteral("-inspector-node") + suffix);
                }
                {
                    ui::ChartsView charts(&client, &timeline);
                    save(charts, size, prefix + QStringLiteral("-charts") + suffix);
                    // A past moment: the cursor there, later points hidden.
                    timeline.setView(client.epochNanos() + qint64(seconds) * 1'000'000'000 / 2);
                    state.flush();
                    save(charts, size, prefix + QStringLiteral("-charts-past") + suffix);
                    timeline.goLive();
                }
            }
        }
    }
    return 0;
}
