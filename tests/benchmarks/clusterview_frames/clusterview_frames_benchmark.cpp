// Frame time of the cluster view on a large cluster while pod changes stream in.
//
// Workload: 5,000 nodes (32 cpu, 128Gi, 110 pods, three zones; every 97th NotReady, every 89th
// cordoned, every 50th tainted) and 150,000 pods (30 per node of 100m-1 cpu / 128Mi-2Gi, Running,
// plus pending ones), built directly as objects and delivered through a fake ControlPlaneClient to
// a real ClusterState and ClusterView, as the informers would (list, then watch events) — no
// control plane behind it, so only the GUI's cost is measured.
//
// Per frame: --updates pod changes (default 1,000, as a running simulation produces between two
// frames: 40% phase changes, 20% new pending pods, 20% pending pods bound to a node, 20% pods
// deleted) delivered as watch events (objects built beforehand, outside the timing), then the view
// painted at 1920x1080 into an image. Three levels of detail: the heat map of the whole cluster
// (zoom 1), tiles, and cards zoomed in. Prints mean / p50 / p99 of the updates, the paint and both,
// the model's build time and memory, and peak RSS (VmHWM).
//
//   clusterview_frames_benchmark [--nodes 5000] [--pods-per-node 30] [--pending 2000]
//                                [--updates 1000] [--frames 60]
//   clusterview_frames_benchmark --screenshots DIR   (PNGs of the view: scenarios and a 1,000-node
//                                                     cluster, light and dark; no timing)
#include <QApplication>
#include <QElapsedTimer>
#include <QImage>
#include <QPainter>
#include <QRandomGenerator>
#include <QScrollBar>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <string>
#include <vector>

#include "client/in_process_client.h"
#include "cluster_objects.h"
#include "clusterview/cluster_view.h"
#include "fake_control_plane_client.h"
#include "session/embedded_session.h"
#include "theme/theme.h"

#include "../proc_status.h"

using pilothouse::benchmarks::procStatusKiB;

using namespace pilothouse;
using pilothouse::testing::FakeControlPlaneClient;
using pilothouse::ui::clusterview::ClusterView;
using pilothouse::ui::clusterview::DetailLevel;

namespace {

const QString kNodes = QStringLiteral("nodes");
const QString kPods = QStringLiteral("pods");

// CPU time of this thread: what a frame costs whatever else the machine runs.
double threadCpuMs() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
}

std::string nodeName(int i) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "node-%04d", i);
    return buf;
}

testing::NodeSpec nodeSpec(int i) {
    testing::NodeSpec n;
    n.name = nodeName(i);
    n.cpu = "32";
    n.memory = "128Gi";
    n.pods = "110";
    n.ready = i % 97 == 13 ? "False" : "True";
    n.unschedulable = i % 89 == 11;
    if (i % 50 == 7) n.taints = {{"dedicated=gpu", "NoSchedule"}};
    n.labels = {{"kubernetes.io/hostname", n.name},
                {"topology.kubernetes.io/zone", "zone-" + std::to_string(i % 3 + 1)},
                {"node-role.kubernetes.io/worker", ""},
                {"node.kubernetes.io/instance-type", i % 4 == 0 ? "m5.8xlarge" : "c5.9xlarge"}};
    return n;
}

// Pods of a few workloads: names like kubectl would show for ReplicaSet pods.
testing::PodSpec podSpec(QRandomGenerator& random, long serial, const std::string& node) {
    static const char* apps[] = {"web", "api", "cache", "worker", "search", "payments", "ingest", "auth"};
    static const char* cpus[] = {"100m", "250m", "500m", "1", "200m"};
    static const char* mems[] = {"128Mi", "256Mi", "512Mi", "1Gi", "2Gi"};
    testing::PodSpec p;
    const char* app = apps[random.bounded(8)];
    p.namespace_ = serial % 3 == 0 ? "shop" : "default";
    char name[64];
    std::snprintf(name, sizeof name, "%s-7d9f8c-%05lx", app, serial);
    p.name = name;
    p.node = node;
    p.phase = node.empty() ? "Pending" : "Running";
    p.containers = {{cpus[random.bounded(5)], mems[random.bounded(5)]}};
    p.createdSeconds = 1'700'000'000 + serial / 100;
    return p;
}

struct Cluster {
    FakeControlPlaneClient client;
    ui::Timeline timeline;
    ui::ClusterState state{&client, &timeline};
    std::vector<testing::PodSpec> pods;  // live pods, for the update stream
    std::vector<size_t> pendingIndex;    // indexes into pods of unbound ones
    long serial = 0;
};

void populate(Cluster& c, QRandomGenerator& random, int nodes, int podsPerNode, int pending) {
    QVector<ui::ObjectPtr> nodeObjects, podObjects;
    nodeObjects.reserve(nodes);
    for (int i = 0; i < nodes; ++i) nodeObjects.push_back(testing::makeNode(nodeSpec(i)));
    // Spread load unevenly so the heat map has something to show: some nodes nearly full.
    for (int i = 0; i < nodes; ++i) {
        const int n = std::max(0, podsPerNode + int(random.bounded(21)) - 10 + (i % 7 == 0 ? 10 : 0) - (i % 11 == 0 ? 10 : 0));
        for (int k = 0; k < n; ++k) c.pods.push_back(podSpec(random, c.serial++, nodeName(i)));
    }
    for (int k = 0; k < pending; ++k) {
        c.pendingIndex.push_back(c.pods.size());
        auto p = podSpec(random, c.serial++, "");
        if (k % 3 == 0) {
            p.scheduledReason = "Unschedulable";
            p.scheduledMessage = "0/" + std::to_string(nodes) + " nodes are available: " + std::to_string(nodes - 3) +
                                 " Insufficient cpu, 3 node(s) had untolerated taint {dedicated: gpu}. preemption: 0/" +
                                 std::to_string(nodes) + " nodes are available: " + std::to_string(nodes) +
                                 " No preemption victims found for incoming pod.";
        }
        c.pods.push_back(p);
    }
    podObjects.reserve(qsizetype(c.pods.size()));
    for (const auto& p : c.pods) podObjects.push_back(testing::makePod(p));
    c.client.list(kNodes, nodeObjects);
    c.client.list(kPods, podObjects);
}

struct Update {
    ui::ObjectPtr object;
    bool deleted = false;
};

// The next `count` watch events of a running simulation, built ahead of delivery.
std::vector<Update> nextUpdates(Cluster& c, QRandomGenerator& random, int count, int nodes) {
    std::vector<Update> out;
    out.reserve(size_t(count));
    for (int i = 0; i < count; ++i) {
        const int kind = int(random.bounded(10));
        if (kind < 4 && !c.pods.empty()) {  // a phase change on a bound pod
            auto& p = c.pods[random.bounded(quint32(c.pods.size()))];
            if (p.node.empty()) continue;
            static const char* phases[] = {"Running", "Running", "Pending", "Succeeded", "Failed"};
            p.phase = phases[random.bounded(5)];
            out.push_back({testing::makePod(p)});
        } else if (kind < 6) {  // a new pending pod
            c.pendingIndex.push_back(c.pods.size());
            c.pods.push_back(podSpec(random, c.serial++, ""));
            out.push_back({testing::makePod(c.pods.back())});
        } else if (kind < 8 && !c.pendingIndex.empty()) {  // bound by the scheduler
            const size_t at = c.pendingIndex.front();
            c.pendingIndex.erase(c.pendingIndex.begin());
            if (at >= c.pods.size() || !c.pods[at].node.empty()) continue;
            c.pods[at].node = nodeName(int(random.bounded(quint32(nodes))));
            c.pods[at].scheduledReason.clear();
            c.pods[at].scheduledMessage.clear();
            out.push_back({testing::makePod(c.pods[at])});
        } else if (!c.pods.empty()) {  // deleted (a bound pod: the lane keeps its order)
            const size_t at = random.bounded(quint32(c.pods.size()));
            if (c.pods[at].node.empty()) continue;
            out.push_back({testing::makePod(c.pods[at]), true});
            c.pods[at] = c.pods.back();
            c.pods.pop_back();
            for (auto& idx : c.pendingIndex)
                if (idx == c.pods.size()) idx = at;
        }
    }
    return out;
}

struct Stats {
    double mean = 0, p50 = 0, p99 = 0, max = 0;
};

Stats stats(std::vector<double> v) {
    Stats s;
    if (v.empty()) return s;
    std::sort(v.begin(), v.end());
    for (double x : v) s.mean += x;
    s.mean /= double(v.size());
    s.p50 = v[v.size() / 2];
    s.p99 = v[std::min(v.size() - 1, size_t(double(v.size()) * 0.99))];
    s.max = v.back();
    return s;
}

const char* levelName(DetailLevel l) {
    switch (l) {
        case DetailLevel::Card: return "cards";
        case DetailLevel::Tile: return "tiles";
        case DetailLevel::HeatMap: break;
    }
    return "heat map";
}

int runBenchmark(int nodes, int podsPerNode, int pending, int updates, int frames) {
    QRandomGenerator random(42);
    const long rssStart = procStatusKiB("VmRSS");
    Cluster c;
    QElapsedTimer timer;
    timer.start();
    populate(c, random, nodes, podsPerNode, pending);
    const double populateMs = double(timer.nsecsElapsed()) / 1e6;
    const long rssObjects = procStatusKiB("VmRSS");

    ui::SelectionModel selection;
    timer.restart();
    ClusterView view(&c.state, &selection);
    const double buildMs = double(timer.nsecsElapsed()) / 1e6;
    const long rssModel = procStatusKiB("VmRSS");
    view.resize(1920, 1080);
    view.show();
    QApplication::processEvents();

    std::printf("cluster view frames: %d nodes, %lld pods (%zu pending), %d updates per frame, %d frames per level, 1920x1080\n",
                view.model()->nodeCount(), static_cast<long long>(view.model()->podCount()), view.model()->pendingPods().size(),
                updates, frames);
    std::printf("objects built and listed into ClusterState: %.0f ms, +%ld MiB RSS\n", populateMs, (rssObjects - rssStart) / 1024);
    std::printf("model built (reset): %.0f ms, +%ld MiB RSS (the model's own memory)\n", buildMs, (rssModel - rssObjects) / 1024);

    QImage image(view.size(), QImage::Format_ARGB32_Premultiplied);
    struct Level {
        const char* what;
        double scrollFraction;
    };
    // The whole cluster (zoom 1), then zoomed in to tiles and to cards, scrolled to the middle.
    const std::vector<Level> levels = {{"whole cluster", 0}, {"zoomed to tiles", 0.5}, {"zoomed to cards", 0.5}};
    std::printf("\nms per frame, mean / p50 / p99 (wall clock; CPU: this thread's CPU time)\n");
    std::printf("%-16s %-8s %8s %7s | %-20s | %-20s | %-20s | %-20s\n", "view", "level", "cell", "visible", "updates", "paint",
                "frame", "frame CPU");
    for (size_t li = 0; li < levels.size(); ++li) {
        view.zoomToFit();
        if (li == 1) {
            // Tiles of about 220 px.
            for (int i = 0; i < 60 && (view.detailLevel() != DetailLevel::Tile || view.cellSize().width() < 200); ++i) view.zoomIn();
        } else if (li == 2) {
            for (int i = 0; i < 80 && (view.detailLevel() != DetailLevel::Card || view.cellSize().width() < 440); ++i) view.zoomIn();
        }
        view.verticalScrollBar()->setValue(int(view.verticalScrollBar()->maximum() * levels[li].scrollFraction));
        // Warm up (fonts, caches).
        view.render(&image);
        std::vector<double> upd, paint, frame, cpu;
        int visible = 0;
        for (int f = 0; f < frames; ++f) {
            const auto batch = nextUpdates(c, random, updates, nodes);
            const double cpu0 = threadCpuMs();
            timer.restart();
            for (const auto& u : batch) {
                if (u.deleted) c.client.remove(kPods, u.object);
                else c.client.put(kPods, u.object);
            }
            const double u = double(timer.nsecsElapsed()) / 1e6;
            timer.restart();
            view.render(&image);
            const double p = double(timer.nsecsElapsed()) / 1e6;
            cpu.push_back(threadCpuMs() - cpu0);
            upd.push_back(u);
            paint.push_back(p);
            frame.push_back(u + p);
        }
        for (int i = 0; i < view.model()->nodeCount(); ++i)
            if (!view.nodeRect(view.model()->nodeAt(i).summary.name).isNull()) ++visible;
        const Stats su = stats(upd), sp = stats(paint), sf = stats(frame), sc = stats(cpu);
        const QString cell = QStringLiteral("%1x%2").arg(qRound(view.cellSize().width())).arg(qRound(view.cellSize().height()));
        std::printf("%-16s %-8s %8s %7d | %6.2f %6.2f %6.2f | %6.2f %6.2f %6.2f | %6.2f %6.2f %6.2f | %6.2f %6.2f %6.2f\n",
                    levels[li].what, levelName(view.detailLevel()), qPrintable(cell), visible, su.mean, su.p50, su.p99, sp.mean,
                    sp.p50, sp.p99, sf.mean, sf.p50, sf.p99, sc.mean, sc.p50, sc.p99);
    }
    std::printf("\nafter the stream: %lld pods (%zu pending)\n", static_cast<long long>(view.model()->podCount()),
                view.model()->pendingPods().size());
    std::printf("peak RSS (VmHWM): %ld MiB\n", procStatusKiB("VmHWM") / 1024);
    return 0;
}

// --- screenshots --------------------------------------------------------------------------------

bool save(QWidget& w, const QString& path) {
    const QImage shot = w.grab().toImage();
    if (!shot.save(path)) {
        std::fprintf(stderr, "cannot write %s\n", qPrintable(path));
        return false;
    }
    std::printf("wrote %s\n", qPrintable(path));
    return true;
}

int scenarioShots(const QString& dir, const QString& scenario, const QString& select) {
    auto session = ui::EmbeddedSession::start(":memory:", QStringLiteral(PH_SOURCE_DIR "/resources/scenarios/%1.yaml").arg(scenario));
    if (!session.isOk()) {
        std::fprintf(stderr, "%s\n", session.status().message().c_str());
        return 1;
    }
    if (auto s = (*session)->runFor(std::chrono::seconds(30)); !s.isOk()) {
        std::fprintf(stderr, "%s\n", s.message().c_str());
        return 1;
    }
    ui::InProcessClient client((*session)->cluster());
    ui::Timeline timeline;
    ui::ClusterState state(&client, &timeline);
    ui::SelectionModel selection;
    ClusterView view(&state, &selection);
    view.resize(1920, 1080);
    view.show();
    const auto pods = client.listAt(kPods, 0);
    QElapsedTimer wait;
    wait.start();
    while (wait.elapsed() < 10000 && (!pods.isOk() || view.model()->podCount() < pods->size())) QApplication::processEvents(QEventLoop::AllEvents, 50);
    if (!select.isEmpty()) selection.select(ui::ObjectRef::pod(select));
    for (auto mode : {ui::theme::Mode::Light, ui::theme::Mode::Dark}) {
        ui::theme::apply(*qApp, mode);
        QApplication::processEvents();
        if (!save(view, QStringLiteral("%1/%2-%3.png").arg(dir, scenario, mode == ui::theme::Mode::Dark ? QStringLiteral("dark") : QStringLiteral("light"))))
            return 1;
    }
    // A projector's font scale.
    ui::theme::apply(*qApp, ui::theme::Mode::Light);
    ui::theme::setFontScale(1.5);
    view.update();
    QApplication::processEvents();
    const bool ok = save(view, QStringLiteral("%1/%2-light-font-1.5.png").arg(dir, scenario));
    ui::theme::setFontScale(1.0);
    return ok ? 0 : 1;
}

int largeShots(const QString& dir, int nodes, int podsPerNode, int pending) {
    QRandomGenerator random(7);
    Cluster c;
    populate(c, random, nodes, podsPerNode, pending);
    ui::SelectionModel selection;
    ClusterView view(&c.state, &selection);
    view.resize(1920, 1080);
    view.show();
    QApplication::processEvents();
    const QString base = QStringLiteral("%1/%2-nodes").arg(dir).arg(nodes);
    for (auto mode : {ui::theme::Mode::Light, ui::theme::Mode::Dark}) {
        ui::theme::apply(*qApp, mode);
        const QString suffix = mode == ui::theme::Mode::Dark ? QStringLiteral("dark") : QStringLiteral("light");
        view.zoomToFit();
        selection.select(ui::ObjectRef::node(QString::fromStdString(nodeName(nodes / 3))));
        if (!save(view, QStringLiteral("%1-heatmap-%2.png").arg(base, suffix))) return 1;
        if (nodes > 1000) continue;
        while (view.detailLevel() != DetailLevel::Tile) view.zoomIn();
        view.zoomIn();
        view.reveal(selection.selected());
        if (!save(view, QStringLiteral("%1-tiles-%2.png").arg(base, suffix))) return 1;
        while (view.detailLevel() != DetailLevel::Card) view.zoomIn();
        view.zoomIn();
        const auto* node = &view.model()->nodeAt(nodes / 3);
        if (!node->pods.empty()) selection.select(ui::ObjectRef::pod(node->pods.front()->summary.key));
        view.reveal(selection.selected());
        if (!save(view, QStringLiteral("%1-cards-%2.png").arg(base, suffix))) return 1;
    }
    ui::theme::apply(*qApp, ui::theme::Mode::Light);
    return 0;
}

int screenshots(const QString& dir) {
    int rc = scenarioShots(dir, QStringLiteral("demo-cluster"), QStringLiteral("shop/web-1"));
    rc |= scenarioShots(dir, QStringLiteral("taints-and-tolerations"), QString());
    rc |= largeShots(dir, 1000, 30, 120);
    rc |= largeShots(dir, 5000, 30, 2000);
    return rc;
}

}  // namespace

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    ui::theme::apply(app, ui::theme::Mode::Light);
    int nodes = 5000, podsPerNode = 30, pending = 2000, updates = 1000, frames = 60;
    QString shots;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!std::strcmp(argv[i], "--nodes")) nodes = std::atoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--pods-per-node")) podsPerNode = std::atoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--pending")) pending = std::atoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--updates")) updates = std::atoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--frames")) frames = std::atoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--screenshots")) shots = QString::fromLocal8Bit(argv[i + 1]);
        else {
            std::fprintf(stderr,
                         "usage: %s [--nodes N] [--pods-per-node N] [--pending N] [--updates N] [--frames N] | --screenshots DIR\n",
                         argv[0]);
            return 2;
        }
    }
    if (!shots.isEmpty()) return screenshots(shots);
    return runBenchmark(nodes, podsPerNode, pending, updates, frames);
}
