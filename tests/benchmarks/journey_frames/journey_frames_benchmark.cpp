// The journey view's frame time with a thousand pods in flight. A Deployment of --replicas pods
// (nginx, 100m cpu, a readiness probe) on --nodes nodes runs in an EmbeddedSession until every
// pod is Ready; then the timeline sweeps the pods' journeys — from the first create to the last
// Ready — at 60 frames per virtual second, and each frame is what the view does while the
// simulation plays: the model evaluated at the frame's moment, the items moved, and the whole
// scene rendered to a 1920x1080 offscreen image (a worst case: a real viewport repaints only
// what moved). Reports mean, p50, p99 and max frame time, the fps they allow, the model's share,
// and how many tokens were on the diagram and travelling.
#include <QApplication>
#include <QGraphicsScene>
#include <QElapsedTimer>
#include <QImage>
#include <QPainter>
#include <QTemporaryFile>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <numeric>
#include <string>
#include <vector>

#include "client/in_process_client.h"
#include "journey/journey_view.h"
#include "models/cluster_state.h"
#include "models/selection_model.h"
#include "models/timeline.h"
#include "session/embedded_session.h"
#include "theme/theme.h"

using namespace pilothouse;

namespace {

std::string scenarioYaml(int nodes, int replicas) {
    std::string y =
        "apiVersion: pilothouse.dev/v1alpha1\nkind: Scenario\nmetadata: {name: journey-frames}\n"
        "spec:\n  description: A thousand pods on their way.\n  seed: 7\n  actions:\n"
        "  - {at: 2s, action: apply, manifest: {apiVersion: apps/v1, kind: Deployment, metadata: {name: web, namespace: default},\n"
        "      spec: {replicas: " + std::to_string(replicas) + ", selector: {matchLabels: {app: web}}, template: {metadata: {labels: {app: web}},\n"
        "        spec: {containers: [{name: nginx, image: \"nginx:1.25\", resources: {requests: {cpu: 100m}},\n"
        "          readinessProbe: {httpGet: {path: /, port: 80}, periodSeconds: 5}}]}}}}}\n";
    for (int i = 0; i < nodes; ++i) {
        char name[32];
        std::snprintf(name, sizeof name, "node-%03d", i);
        y += "---\napiVersion: v1\nkind: Node\nmetadata: {name: " + std::string(name) +
             ", labels: {kubernetes.io/hostname: " + name + "}}\nspec: {podCIDR: 10." + std::to_string(i / 256) + "." +
             std::to_string(i % 256) + ".0/24}\nstatus: {capacity: {cpu: \"32\", memory: 128Gi, pods: \"110\"}}\n";
    }
    return y;
}

double percentile(std::vector<double> v, double p) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, size_t(p / 100.0 * double(v.size() - 1) + 0.5))];
}

}  // namespace

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    int nodes = 20, replicas = 1000;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!std::strcmp(argv[i], "--nodes")) nodes = std::atoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--replicas")) replicas = std::atoi(argv[i + 1]);
        else {
            std::fprintf(stderr, "usage: %s [--replicas N] [--nodes N]\n", argv[0]);
            return 2;
        }
    }
    ui::theme::apply(app, ui::theme::Mode::Light);

    QTemporaryFile file(QStringLiteral("journey-frames-XXXXXX.yaml"));
    if (!file.open()) return 1;
    file.write(QByteArray::fromStdString(scenarioYaml(nodes, replicas)));
    file.flush();
    QElapsedTimer setup;
    setup.start();
    auto started = ui::EmbeddedSession::start(":memory:", file.fileName());
    if (!started.isOk()) {
        std::fprintf(stderr, "%s\n", started.status().message().c_str());
        return 1;
    }
    ui::EmbeddedSession& session = **started;
    if (Status st = session.runFor(std::chrono::seconds(40)); !st.isOk()) {
        std::fprintf(stderr, "%s\n", st.message().c_str());
        return 1;
    }
    ui::InProcessClient client(session.cluster());
    ui::Timeline timeline;
    timeline.setPresent(client.epochNanos(), client.nowNanos());
    ui::SelectionModel selection;
    ui::JourneyView view(&client, &timeline, &selection, nullptr);
    view.resize(1920, 1080);
    view.updateFrame();
    auto* model = view.model();

    // The journeys' span: from the first create to the last Ready.
    const auto journeys = session.cluster().journeys().snapshot();
    qint64 first = std::numeric_limits<qint64>::max(), last = 0;
    for (const auto& [pod, stages] : journeys) {
        if (stages.empty()) continue;
        first = std::min<qint64>(first, sim::toUnixNanos(stages.front().start));
        last = std::max<qint64>(last, sim::toUnixNanos(stages.back().end));
    }
    std::printf("journey log: %zu pods, %lld records, journeys from %.3f s to %.3f s (setup %.1f s wall)\n",
                journeys.size(), static_cast<long long>(session.cluster().journeys().lastSeq()),
                double(first - client.epochNanos()) / 1e9, double(last - client.epochNanos()) / 1e9,
                double(setup.elapsed()) / 1000.0);

    QImage image(1920, 1080, QImage::Format_ARGB32_Premultiplied);
    std::vector<double> frameMs, modelMs, updateMs;
    int maxOnDiagram = 0, maxTravelling = 0, maxItems = 0;
    // Warm up (caches, glyphs), then the sweep: 60 frames per virtual second.
    for (int pass = 0; pass < 2; ++pass) {
        const bool measure = pass == 1;
        for (qint64 t = first - 100'000'000; t <= last + 200'000'000; t += 1'000'000'000 / 60) {
            QElapsedTimer frame;
            frame.start();
            timeline.setView(t);
            QElapsedTimer items;
            items.start();
            view.updateFrame();
            const double itemsTime = double(items.nsecsElapsed()) / 1e6;
            QPainter painter(&image);
            painter.setRenderHints(view.renderHints());
            painter.fillRect(image.rect(), view.backgroundBrush());
            view.scene()->render(&painter, QRectF(image.rect()), view.sceneRect());
            painter.end();
            if (!measure) continue;
            frameMs.push_back(double(frame.nsecsElapsed()) / 1e6);
            // The model alone (again, outside the frame).
            QElapsedTimer m;
            m.start();
            model->evaluate(timeline.viewNanos());
            modelMs.push_back(double(m.nsecsElapsed()) / 1e6);
            updateMs.push_back(itemsTime);
            const auto& tokens = model->tokens();
            const int travelling = int(std::count_if(tokens.begin(), tokens.end(), [](const auto& tok) { return !tok.atStation(); }));
            maxOnDiagram = std::max(maxOnDiagram, int(tokens.size()));
            maxTravelling = std::max(maxTravelling, travelling);
            maxItems = std::max(maxItems, view.visibleTokenItems());
        }
    }
    // The same sweep through the view widget (its paint event, as on screen), once.
    std::vector<double> widgetMs;
    for (qint64 t = first - 100'000'000; t <= last + 200'000'000; t += 1'000'000'000 / 60) {
        QElapsedTimer frame;
        frame.start();
        timeline.setView(t);
        view.updateFrame();
        QPainter painter(&image);
        view.render(&painter);
        painter.end();
        widgetMs.push_back(double(frame.nsecsElapsed()) / 1e6);
    }
    const double mean = std::accumulate(frameMs.begin(), frameMs.end(), 0.0) / double(frameMs.size());
    std::printf("frames: %zu at 1920x1080 (model evaluate + items + full scene render to an image)\n", frameMs.size());
    std::printf("tokens: up to %d on the diagram, %d travelling at once, %d token items drawn\n", maxOnDiagram,
                maxTravelling, maxItems);
    std::printf("frame ms: mean %.2f  p50 %.2f  p99 %.2f  max %.2f  -> %.0f fps at the mean, %.0f at p99\n", mean,
                percentile(frameMs, 50), percentile(frameMs, 99), percentile(frameMs, 100), 1000.0 / mean,
                1000.0 / percentile(frameMs, 99));
    const double widgetMean = std::accumulate(widgetMs.begin(), widgetMs.end(), 0.0) / double(widgetMs.size());
    std::printf("through the view widget (QWidget::render): mean %.2f  p50 %.2f  p99 %.2f ms -> %.0f fps at the mean\n",
                widgetMean, percentile(widgetMs, 50), percentile(widgetMs, 99), 1000.0 / widgetMean);
    std::printf("of which model evaluate ms: mean %.3f  p99 %.3f; the view's update (model + items) ms: mean %.3f  p99 %.3f\n",
                std::accumulate(modelMs.begin(), modelMs.end(), 0.0) / double(modelMs.size()), percentile(modelMs, 99),
                std::accumulate(updateMs.begin(), updateMs.end(), 0.0) / double(updateMs.size()), percentile(updateMs, 99));
    return 0;
}
