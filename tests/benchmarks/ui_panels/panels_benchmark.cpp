// The event log, the inspector's journey and the charts at scale, through a fake control plane
// client (the cost measured is the views' and models', not the simulation's):
//   - event log: a list of --events Events (a fifth of them Warning, repeated series among them)
//     loaded into EventTableModel behind the filter proxy and a shown 1920x1080 EventLogView; then
//     10,000 watch events (new events, and repeats that move a row to the end), one at a time;
//     LAST SEEN refreshed for a new second of view time; the filters set and cleared;
//   - journeys: --pods pods × 25 stages read into the JourneyCache, then one pod's journey
//     selected and followed over 1,000 view times;
//   - charts: 20 series sampled every 5 s for --hours hours read by MetricsHistory and drawn by
//     ChartsView, then one new sample read and appended, and the view moved in time.
// Prints wall times (best of 3 where repeated) and peak RSS.
#include <QApplication>
#include <QElapsedTimer>
#include <QTableView>
#include <QThread>

#include <sys/resource.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <functional>
#include <string>

#include "charts/charts_view.h"
#include "charts/metrics_chart.h"
#include "charts/metrics_history.h"
#include "core_v1.pb.h"
#include "events/event_filter_proxy_model.h"
#include "events/event_log_view.h"
#include "events/event_table_model.h"
#include "inspector/journey_cache.h"
#include "inspector/pod_journey_model.h"
#include "ui_events/fake_control_plane_client.h"
#include "util/rfc3339.h"

using namespace pilothouse;
namespace core = k8s::io::api::core::v1;

namespace {

constexpr qint64 kSecond = 1'000'000'000;

long peakRssMiB() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return u.ru_maxrss / 1024;
}

double ms(const std::function<void()>& f) {
    QElapsedTimer t;
    t.start();
    f();
    return double(t.nsecsElapsed()) / 1e6;
}

double best3(const std::function<void()>& f) { return std::min({ms(f), ms(f), ms(f)}); }

ui::ObjectPtr event(qint64 epoch, int i, int pods, qint64 at, int count) {
    auto e = std::make_shared<core::Event>();
    const std::string pod = "web-" + std::to_string(i % pods);
    e->mutable_metadata()->set_name(pod + "." + std::to_string(i));
    e->mutable_metadata()->set_namespace_("default");
    e->mutable_involved_object()->set_kind("Pod");
    e->mutable_involved_object()->set_namespace_("default");
    e->mutable_involved_object()->set_name(pod);
    const bool warning = i % 5 == 0;
    e->set_type(warning ? "Warning" : "Normal");
    e->set_reason(warning ? "FailedScheduling" : (i % 3 == 0 ? "Pulled" : "Started"));
    e->set_message(warning ? "0/1000 nodes are available: 1000 Insufficient cpu." : "Started container nginx");
    e->set_first_timestamp(rfc3339::format(epoch + at));
    e->set_last_timestamp(rfc3339::format(epoch + at));
    e->set_count(count);
    return e;
}

}  // namespace

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    std::setvbuf(stdout, nullptr, _IOLBF, 0);
    int events = 150'000, pods = 30'000;
    double hours = 2;
    std::string only;  // "events", "journeys" or "charts": that part alone
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!std::strcmp(argv[i], "--events")) events = std::atoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--pods")) pods = std::atoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--hours")) hours = std::atof(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--only")) only = argv[i + 1];
    }
    testing::FakeControlPlaneClient client;
    const qint64 span = qint64(hours * 3600) * kSecond;
    client.now = client.epoch + span;
    ui::Timeline timeline;
    timeline.setPresent(client.epoch, client.now);
    ui::ClusterState state(&client, &timeline, {QStringLiteral("events")});
    ui::SelectionModel selection;

    std::printf("panels_benchmark: %d events, %d pods' journeys, %.1f h of metrics\n\n", events, pods, hours);
    std::printf("%-58s %12s\n", "what", "time");

    // ---- the event log ----
    if (only.empty() || only == "events") {
    QVector<ui::ObjectPtr> list;
    list.reserve(events);
    for (int i = 0; i < events; ++i) list << event(client.epoch, i, pods, span * i / events, 1 + i % 4);
    ui::EventLogView log(&state, &timeline, &selection);
    log.resize(1920, 1080);
    log.show();
    QCoreApplication::processEvents();
    const double load = ms([&] {
        client.list(QStringLiteral("events"), list);
        QCoreApplication::processEvents();
    });
    std::printf("%-58s %9.1f ms\n", "event log: list of all events (model reset, proxy, view)", load);
    // Live: one event per turn of the event loop (the worst case), then bursts of 100 (a busy
    // simulation delivers many per frame).
    const int live = 5'000;
    int next = events;
    const double adds = ms([&] {
        for (int i = 0; i < live; ++i) {
            client.change(QStringLiteral("events"), ui::ObjectEvent::Type::Added, event(client.epoch, next++, pods, span, 1));
            log.model()->flush();
        }
        QCoreApplication::processEvents();
    });
    std::printf("%-58s %9.1f µs\n", "event log: a new event, one per turn (inserted at the end)", adds * 1000 / live);
    const double bursts = ms([&] {
        for (int i = 0; i < live; ++i) {
            client.change(QStringLiteral("events"), ui::ObjectEvent::Type::Added, event(client.epoch, next++, pods, span, 1));
            if (i % 100 == 99) log.model()->flush();
        }
        QCoreApplication::processEvents();
    });
    std::printf("%-58s %9.1f µs\n", "event log: a new event, in bursts of 100 per turn", bursts * 1000 / live);
    const double moves = ms([&] {
        for (int i = 0; i < live; ++i) {
            client.change(QStringLiteral("events"), ui::ObjectEvent::Type::Modified, event(client.epoch, i * 7, pods, span + kSecond, 9));
            log.model()->flush();
        }
        QCoreApplication::processEvents();
    });
    std::printf("%-58s %9.1f µs\n", "event log: a repeat seen later, one per turn (to the end)", moves * 1000 / live);
    qint64 view = client.now - 10 * kSecond;
    const double refresh = best3([&] {
        view -= kSecond;
        timeline.setView(view);
        QCoreApplication::processEvents();
    });
    std::printf("%-58s %9.1f ms\n", "event log: LAST SEEN at a new second of view time", refresh);
    timeline.goLive();
    QCoreApplication::processEvents();
    const double filterType = ms([&] { log.proxy()->setTypeFilter(QStringLiteral("Warning")); });
    const double filterText = ms([&] { log.proxy()->setTextFilter(QStringLiteral("insufficient")); });
    const double filterObject = ms([&] { log.proxy()->setObjectFilter(QStringLiteral("pod/web-42")); });
    const double filterClear = ms([&] {
        log.proxy()->setTypeFilter({});
        log.proxy()->setTextFilter({});
        log.proxy()->setObjectFilter({});
    });
    std::printf("%-58s %9.1f ms\n", "event log: filter by type (Warning)", filterType);
    std::printf("%-58s %9.1f ms\n", "event log: then by text", filterText);
    std::printf("%-58s %9.1f ms\n", "event log: then by object", filterObject);
    std::printf("%-58s %9.1f ms\n", "event log: filters cleared", filterClear);
    const double select = ms([&] { selection.select(ui::ObjectRef::pod(QStringLiteral("default/web-42"))); });
    std::printf("%-58s %9.1f ms\n", "event log: a pod selected (its rows highlighted)", select);
    const double paint = best3([&] { log.grab(); });
    std::printf("%-58s %9.1f ms\n", "event log: a full 1920x1080 repaint", paint);
    std::printf("%-58s %9ld MiB\n", "peak RSS after the event log", peakRssMiB());
    }

    // ---- journeys ----
    if (only.empty() || only == "journeys") {
    client.journeys.reserve(size_t(pods) * 25);
    const char* stages[] = {"authentication: loopback", "authorization: RBAC", "mutating admission: defaulting",
                            "mutating admission: Priority", "validation: Pod", "storage: etcd", "scheduling queue",
                            "scheduling", "binding", "kubelet admission", "sandbox", "image pull", "containers",
                            "Running", "probes", "Ready"};
    qint64 seq = 0;
    for (int p = 0; p < pods; ++p) {
        const qint64 base = span * p / pods;
        for (int s = 0; s < 25; ++s) {
            sim::JourneyRecord r;
            r.seq = ++seq;
            r.pod = "default/web-" + std::to_string(p);
            r.stage.stage = stages[std::min(s, 15)];
            r.stage.start = sim::fromUnixNanos(client.epoch + base + qint64(s) * 100'000'000);
            r.stage.end = sim::fromUnixNanos(client.epoch + base + qint64(s) * 100'000'000 + 50'000'000);
            r.stage.detail = "node-" + std::to_string(p % 1000);
            client.journeys.push_back(std::move(r));
        }
    }
    ui::JourneyCache cache(&client, &timeline);
    const double read = ms([&] { cache.updateAll(); });
    std::printf("%-58s %9.1f ms\n", "journeys: every record read into the cache", read);
    ui::PodJourneyModel journey(&cache, &timeline);
    const double pick = ms([&] { journey.setPod(QStringLiteral("default/web-%1").arg(pods / 2)); });
    std::printf("%-58s %9.3f ms\n", "journeys: a pod's journey selected", pick);
    const qint64 podStart = client.epoch + span * (pods / 2) / pods;
    const double follow = ms([&] {
        for (int i = 0; i < 1000; ++i) timeline.setView(podStart + qint64(i) * 3'000'000);
    });
    std::printf("%-58s %9.1f µs\n", "journeys: the view time moved (rows in and out)", follow);
    std::printf("%-58s %9d\n", "journeys: stages shown at the end of that", journey.rowCount());
    timeline.goLive();
    std::printf("%-58s %9ld MiB\n", "peak RSS after the journeys", peakRssMiB());
    }
    if (!only.empty() && only != "charts") return 0;

    // ---- charts ----
    const int samples = int(hours * 3600 / 5);
    const char* names[] = {"kube_node_status_allocatable{resource=\"cpu\",unit=\"core\"}",
                           "kube_node_status_allocatable{resource=\"memory\",unit=\"byte\"}",
                           "kube_pod_container_resource_requests{resource=\"cpu\",unit=\"core\"}",
                           "kube_pod_container_resource_requests{resource=\"memory\",unit=\"byte\"}",
                           "pods{phase=\"Pending\"}", "scheduler_pending_pods{queue=\"active\"}",
                           "scheduler_pending_pods{queue=\"backoff\"}", "scheduler_pending_pods{queue=\"unschedulable\"}",
                           "scheduler_pod_scheduling_sli_duration_seconds{quantile=\"0.5\"}",
                           "scheduler_pod_scheduling_sli_duration_seconds{quantile=\"0.9\"}",
                           "scheduler_pod_scheduling_sli_duration_seconds{quantile=\"0.99\"}",
                           "kubelet_pod_start_sli_duration_seconds{quantile=\"0.5\"}",
                           "kubelet_pod_start_sli_duration_seconds{quantile=\"0.9\"}",
                           "kubelet_pod_start_sli_duration_seconds{quantile=\"0.99\"}",
                           "scheduler_schedule_attempts_total{result=\"scheduled\"}",
                           "scheduler_schedule_attempts_total{result=\"unschedulable\"}",
                           "scheduler_schedule_attempts_total{result=\"error\"}", "pods{phase=\"Running\"}",
                           "node_requested_ratio{resource=\"cpu\"}", "node_requested_ratio{resource=\"memory\"}"};
    for (const char* n : names)
        for (int i = 0; i < samples; ++i)
            client.series[n].push_back({sim::fromUnixNanos(client.epoch + qint64(i) * 5 * kSecond), double(i % 97)});
    client.now = client.epoch + qint64(samples - 1) * 5 * kSecond;
    timeline.setPresent(client.epoch, client.now);
    std::unique_ptr<ui::ChartsView> charts;
    const double build = ms([&] {
        charts = std::make_unique<ui::ChartsView>(&client, &timeline);
        charts->resize(1920, 1080);
        charts->show();
        QCoreApplication::processEvents();
    });
    std::printf("%-58s %9.1f ms\n", "charts: every sample read and drawn (6 charts, 20 lines)", build);
    for (const char* n : names) client.series[n].push_back({sim::fromUnixNanos(client.epoch + qint64(samples) * 5 * kSecond), 1});
    QThread::msleep(ui::MetricsHistory::kMinWallMillis + 20);  // past the wall-time limit: read at once
    const double append = ms([&] {
        client.now = client.epoch + qint64(samples) * 5 * kSecond;
        timeline.setPresent(client.epoch, client.now);
    });
    std::printf("%-58s %9.3f ms\n", "charts: a new sample read and appended to every line", append);
    const double idle = ms([&] {
        client.now += kSecond;
        timeline.setPresent(client.epoch, client.now);
    });
    std::printf("%-58s %9.3f ms\n", "charts: the present moved, no sample due", idle);
    double back = 0;
    for (int i = 1; i <= 10; ++i)
        back += ms([&] {
            timeline.setView(client.now - i * 60 * kSecond);
        });
    std::printf("%-58s %9.3f ms\n", "charts: the view moved back a minute (points removed)", back / 10);
    const double forward = ms([&] { timeline.goLive(); });
    std::printf("%-58s %9.3f ms\n", "charts: back to live (points appended again)", forward);
    const double chartPaint = best3([&] { charts->grab(); });
    std::printf("%-58s %9.1f ms\n", "charts: a full 1920x1080 repaint", chartPaint);
    std::printf("%-58s %9ld MiB\n", "peak RSS at the end", peakRssMiB());
    return 0;
}
