// The GUI attached to a live cluster while the cluster changes: how long the GUI thread stays away
// from its event loop (no frame can be drawn meanwhile), measured as a user's window lives it —
// the real KubernetesClient (informers over HTTPS, observed journeys) and the real MainWindow
// (every view, offscreen), against whatever cluster the kubeconfig names.
//
// After the views have loaded, a 16 ms timer runs for --seconds; each gap between two of its ticks
// is one turn of the event loop with everything the window did in it: watch events taken in,
// journeys derived, models updated, views painted. Prints the time until loaded, the object
// changes received a second, the turns' p50 / p90 / p99 / max and how many took over 33 ms, and the
// peak RSS, and the slowest single deliveries (which object, which event: what to look at first).
// Each turn and delivery is also given the GUI thread's own CPU time: on 2 cores shared with the
// cluster being measured, a turn can be long because the thread waited for a core, not because it
// worked; the turns over 33 ms of CPU are the ones the window's code is to blame for.
// gui_live.sh runs it against pilothouse-server playing a large snapshot.
//
//   live_frames_benchmark --kubeconfig FILE [--context NAME] [--seconds 30] [--size 1920x1080]
#include <QApplication>
#include <QElapsedTimer>
#include <QTimer>

#include <algorithm>
#include <ctime>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "client/clientcmd/loader.h"
#include "client/control_plane_client.h"
#include "kubectl/kubeconfig_client.h"
#include "mainwindow/live_connection.h"
#include "mainwindow/main_window.h"

#include "../proc_status.h"

using namespace pilothouse;
using pilothouse::benchmarks::procStatusKiB;

namespace {

// The CPU time this thread has used, in milliseconds.
double threadCpuMs() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

// Times every event the loop delivers (not those sent from within one: they are inside its time).
class TimedApplication final : public QApplication {
public:
    using QApplication::QApplication;
    struct Slow {
        double ms;
        double cpuMs;
        QString what;
    };
    bool measuring = false;
    std::vector<Slow> slowest;

    bool notify(QObject* receiver, QEvent* event) override {
        if (!measuring || depth_ > 0) return QApplication::notify(receiver, event);
        ++depth_;
        QElapsedTimer t;
        t.start();
        const double cpu0 = threadCpuMs();
        const bool r = QApplication::notify(receiver, event);
        --depth_;
        const double ms = double(t.nsecsElapsed()) / 1e6;
        const double cpuMs = threadCpuMs() - cpu0;
        if (ms > 10) {
            QString what = QString::fromLatin1(receiver->metaObject()->className());
            if (!receiver->objectName().isEmpty()) what += QLatin1Char('(') + receiver->objectName() + QLatin1Char(')');
            // A timer: whose, and how often it fires.
            if (auto* timer = qobject_cast<QTimer*>(receiver)) {
                what += QStringLiteral(" %1 ms").arg(timer->interval());
                if (receiver->parent()) what += QStringLiteral(" of ") + QString::fromLatin1(receiver->parent()->metaObject()->className());
            }
            what += QStringLiteral(" event %1").arg(int(event->type()));
            slowest.push_back({ms, cpuMs, what});
        }
        return r;
    }

private:
    int depth_ = 0;
};

double percentile(std::vector<double> v, double p) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, size_t(p * double(v.size() - 1) + 0.5))];
}

int usage() {
    std::fprintf(stderr, "usage: live_frames_benchmark --kubeconfig FILE [--context NAME] [--seconds 30] [--size WxH]\n");
    return 2;
}

}  // namespace

int main(int argc, char** argv) {
    qputenv("QT_QPA_PLATFORM", "offscreen");
    TimedApplication app(argc, argv);
    kubectl::KubeconfigFlags flags;
    int seconds = 30, width = 1920, height = 1080;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const char* v = i + 1 < argc ? argv[i + 1] : nullptr;
        if (a == "--kubeconfig" && v) flags.kubeconfig = argv[++i];
        else if (a == "--context" && v) flags.context = argv[++i];
        else if (a == "--seconds" && v) seconds = std::atoi(argv[++i]);
        else if (a == "--size" && v && std::sscanf(argv[++i], "%dx%d", &width, &height) == 2) continue;
        else return usage();
    }
    if (flags.kubeconfig.empty() || seconds <= 0) return usage();

    QElapsedTimer clock;
    clock.start();
    auto connected = kubectl::connectWithKubeconfig(flags, client::clientcmd::Environment::fromProcess());
    if (!connected) {
        std::fprintf(stderr, "%s\n", connected.status().message().c_str());
        return 1;
    }
    auto connection = ui::LiveConnection::open(std::move(*connected), ui::MainWindow::Options{false});
    ui::MainWindow* window = connection->window();
    window->resize(width, height);
    window->show();
    long changes = 0;
    QObject::connect(window->client(), &ui::ControlPlaneClient::objectChanged, [&changes] { ++changes; });

    std::vector<double> turns, turnsCpu;
    double loadedAt = -1, lastCpu = 0;
    long changesAtStart = 0;
    QElapsedTimer measured, lastTick;
    QTimer tick;
    tick.setTimerType(Qt::PreciseTimer);
    tick.setInterval(16);
    QObject::connect(&tick, &QTimer::timeout, [&] {
        if (loadedAt < 0) {
            if (!window->loaded()) return;
            loadedAt = double(clock.elapsed()) / 1e3;
            changesAtStart = changes;
            measured.start();
            lastTick.start();
            lastCpu = threadCpuMs();
            app.measuring = true;
            return;
        }
        turns.push_back(double(lastTick.nsecsElapsed()) / 1e6);
        lastTick.start();
        const double cpu = threadCpuMs();
        turnsCpu.push_back(cpu - lastCpu);
        lastCpu = cpu;
        if (measured.elapsed() >= qint64(seconds) * 1000) app.quit();
    });
    tick.start();
    app.exec();

    const double span = double(measured.elapsed()) / 1e3;
    const long over = std::count_if(turns.begin(), turns.end(), [](double t) { return t > 33.0; });
    std::printf("views loaded after %.2f s; then %d s live: %.0f object changes/s\n", loadedAt, seconds,
                double(changes - changesAtStart) / std::max(span, 1e-9));
    std::printf("event-loop turns (16 ms timer): %zu, p50 %.1f ms, p90 %.1f ms, p99 %.1f ms, max %.1f ms, over 33 ms: %ld (%.1f%%)\n",
                turns.size(), percentile(turns, 0.5), percentile(turns, 0.9), percentile(turns, 0.99),
                turns.empty() ? 0.0 : *std::max_element(turns.begin(), turns.end()), over,
                turns.empty() ? 0.0 : 100.0 * double(over) / double(turns.size()));
    const long overCpu = std::count_if(turnsCpu.begin(), turnsCpu.end(), [](double t) { return t > 33.0; });
    std::printf("the GUI thread's CPU time a turn: p99 %.1f ms, max %.1f ms, over 33 ms: %ld (%.1f%%)\n",
                percentile(turnsCpu, 0.99), turnsCpu.empty() ? 0.0 : *std::max_element(turnsCpu.begin(), turnsCpu.end()),
                overCpu, turnsCpu.empty() ? 0.0 : 100.0 * double(overCpu) / double(turnsCpu.size()));
    std::printf("peak RSS %ld MiB\n", procStatusKiB("VmHWM") / 1024);
    std::sort(app.slowest.begin(), app.slowest.end(), [](const auto& a, const auto& b) { return a.ms > b.ms; });
    std::printf("deliveries over 10 ms: %zu; the slowest:\n", app.slowest.size());
    for (size_t i = 0; i < std::min<size_t>(app.slowest.size(), 12); ++i)
        std::printf("  %7.1f ms (CPU %5.1f ms)  %s\n", app.slowest[i].ms, app.slowest[i].cpuMs, app.slowest[i].what.toUtf8().constData());
    return 0;
}
