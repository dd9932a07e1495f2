// The charts: the metrics history (only new samples are read and appended), the catalog's series
// (each one the sampler produces), and the charts on a simulated cluster — their points are the
// sampled values, they follow the timeline (points after a past moment hidden, the cursor there).
#include "charts_test.h"

#include <QSignalSpy>
#include <QtCharts/QLineSeries>
#include <QtCharts/QValueAxis>
#include <QtTest>

#include "charts/chart_catalog.h"
#include "charts/charts_view.h"
#include "charts/metrics_chart.h"
#include "charts/metrics_history.h"
#include "testing/scenario_simulation.h"
#include "ui_events/fake_control_plane_client.h"

using namespace pilothouse;
using namespace std::chrono_literals;

namespace {

constexpr qint64 kSecond = 1'000'000'000;

sim::Time at(const testing::FakeControlPlaneClient& c, double seconds) {
    return sim::fromUnixNanos(c.epoch + qint64(seconds * 1e9));
}

using Simulation = testing::ScenarioSimulation;

// A line's points as the sampler's series gives them, up to `until` seconds.
QList<QPointF> sampled(const std::map<std::string, cluster::Series>& metrics, const ui::ChartLine& line, qint64 epoch,
                       double until) {
    QList<QPointF> out;
    auto it = metrics.find(line.series.toStdString());
    if (it == metrics.end()) return out;
    for (const auto& [t, v] : it->second) {
        const double x = double(sim::toUnixNanos(t) - epoch) / 1e9;
        if (x <= until) out.append(QPointF(x, v * line.scale));
    }
    return out;
}

}  // namespace

void ChartsTest::historyAppendsOnlyNewSamples() {
    testing::FakeControlPlaneClient client;
    client.series["pods{phase=\"Pending\"}"] = {{at(client, 0), 0}, {at(client, 5), 2}};
    ui::Timeline timeline;
    timeline.setPresent(client.epoch, client.epoch + 5 * kSecond);
    ui::MetricsHistory history(&client, &timeline);
    QCOMPARE(history.points(QStringLiteral("pods{phase=\"Pending\"}")), (QVector<QPointF>{{0, 0}, {5, 2}}));
    QCOMPARE(history.lastSampleSeconds(), 5.0);
    QSignalSpy appended(&history, &ui::MetricsHistory::appended);
    const int calls = client.metricsCalls;
    // Before the next sample is due (5 s after the last), the client is not asked.
    client.now = client.epoch + 8 * kSecond;
    timeline.setPresent(client.epoch, client.now);
    QCOMPARE(client.metricsCalls, calls);
    client.series["pods{phase=\"Pending\"}"].push_back({at(client, 10), 1});
    client.now = client.epoch + 10 * kSecond;
    timeline.setPresent(client.epoch, client.now);
    QTRY_COMPARE(client.metricsCalls, calls + 1);
    QCOMPARE(appended.count(), 1);
    QCOMPARE(appended.at(0).at(1).toInt(), 2);  // the first new point
    QCOMPARE(history.points(QStringLiteral("pods{phase=\"Pending\"}")).size(), 3);
    QCOMPARE(history.points(QStringLiteral("pods{phase=\"Pending\"}")).last(), QPointF(10, 1));

    // Many samples in a burst (a fast simulation): read in one go, the last ones included.
    for (int s = 15; s <= 60; s += 5) {
        client.series["pods{phase=\"Pending\"}"].push_back({at(client, s), double(s)});
        client.now = client.epoch + s * kSecond;
        timeline.setPresent(client.epoch, client.now);
    }
    QTRY_COMPARE(history.points(QStringLiteral("pods{phase=\"Pending\"}")).size(), 13);
    QCOMPARE(history.points(QStringLiteral("pods{phase=\"Pending\"}")).last(), QPointF(60, 60));
    QVERIFY(client.metricsCalls <= calls + 3);
}

void ChartsTest::historyStartsOverWhenReplaced() {
    testing::FakeControlPlaneClient client;
    client.series["x"] = {{at(client, 0), 1}, {at(client, 5), 2}, {at(client, 10), 3}};
    ui::Timeline timeline;
    ui::MetricsHistory history(&client, &timeline);
    QCOMPARE(history.points(QStringLiteral("x")).size(), 3);
    QSignalSpy cleared(&history, &ui::MetricsHistory::cleared);
    client.series["x"] = {{at(client, 0), 7}};
    client.replace();
    QCOMPARE(cleared.count(), 1);
    QCOMPARE(history.points(QStringLiteral("x")), (QVector<QPointF>{{0, 7}}));
}

// Every line of every chart is a series the sampler writes (on a scenario that has them all).
void ChartsTest::catalogNamesSampledSeries() {
    Simulation sim;
    QVERIFY(sim.start("resource-pressure", 90s));
    const auto metrics = sim.client->metrics();
    const auto catalog = ui::chartCatalog();
    QCOMPARE(int(catalog.size()), 6);
    for (const ui::ChartSpec& spec : catalog) {
        QVERIFY(!spec.title.isEmpty());
        for (const ui::ChartLine& line : spec.lines)
            QVERIFY2(metrics.count(line.series.toStdString()), qPrintable(line.series));
    }
}

void ChartsTest::seriesHoldTheSamples_data() {
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<int>("seconds");
    QTest::newRow("single-pod-journey") << QStringLiteral("single-pod-journey") << 40;
    QTest::newRow("resource-pressure") << QStringLiteral("resource-pressure") << 90;
}

// Each chart line holds exactly the sampled values (scaled to its unit), also as the simulation
// runs on (appended, not rebuilt).
void ChartsTest::seriesHoldTheSamples() {
    QFETCH(QString, scenario);
    QFETCH(int, seconds);
    Simulation sim;
    QVERIFY(sim.start(scenario.toLatin1().constData(), std::chrono::seconds(seconds)));
    ui::ChartsView view(sim.client.get(), &sim.timeline);
    auto check = [&] {
        const auto metrics = sim.client->metrics();
        int nonEmpty = 0;
        for (ui::MetricsChart* chart : view.charts())
            for (const ui::ChartLine& line : chart->spec().lines) {
                const QList<QPointF> want = sampled(metrics, line, sim.client->epochNanos(), 1e9);
                if (chart->series(line.series)->points() != want) return QStringLiteral("%1 differs").arg(line.series);
                nonEmpty += want.isEmpty() ? 0 : 1;
            }
        return nonEmpty >= 10 ? QString() : QStringLiteral("only %1 lines have points").arg(nonEmpty);
    };
    QString problem = check();
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    // Requested cpu: the first line of the first chart has the allocatable total (2 + 4 cores
    // on single-pod-journey); the scheduled pod's 250m is requested once it is bound.
    QLineSeries* requested = view.chartOf(QStringLiteral("kube_pod_container_resource_requests{resource=\"cpu\",unit=\"core\"}"))
                                 ->series(QStringLiteral("kube_pod_container_resource_requests{resource=\"cpu\",unit=\"core\"}"));
    QVERIFY(requested->count() > 3);
    QVERIFY(requested->points().last().y() > 0);

    QSignalSpy cleared(view.history(), &ui::MetricsHistory::cleared);
    QVERIFY(sim.runFor(20s));
    QTRY_VERIFY2((problem = check()).isEmpty(), qPrintable(problem));
    QCOMPARE(cleared.count(), 0);
}

// Looking at the past: the points after that moment are hidden and the cursor stands there;
// back to live, everything again.
void ChartsTest::chartsFollowTheTimeline() {
    Simulation sim;
    QVERIFY(sim.start("single-pod-journey", 40s));
    ui::ChartsView view(sim.client.get(), &sim.timeline);
    const auto metrics = sim.client->metrics();
    const qint64 epoch = sim.client->epochNanos();
    ui::MetricsChart* pending = view.chartOf(QStringLiteral("pods{phase=\"Pending\"}"));
    QVERIFY(pending);
    for (double seconds : {22.0, 7.5, 0.0, 33.0}) {
        sim.timeline.setView(epoch + qint64(seconds * 1e9));
        for (ui::MetricsChart* chart : view.charts()) {
            for (const ui::ChartLine& line : chart->spec().lines)
                QCOMPARE(chart->series(line.series)->points(), sampled(metrics, line, epoch, seconds));
            QCOMPARE(chart->cursor()->count(), 2);
            QCOMPARE(chart->cursor()->at(0).x(), seconds);
            QCOMPARE(chart->cursor()->at(1).x(), seconds);
            // The time axis still spans the whole run.
            QCOMPARE(chart->timeAxis()->max(), 40.0);
        }
    }
    sim.timeline.goLive();
    for (const ui::ChartLine& line : pending->spec().lines)
        QCOMPARE(pending->series(line.series)->points(), sampled(metrics, line, epoch, 1e9));
    QCOMPARE(pending->cursor()->at(0).x(), 40.0);
    // The value axis covers the highest point shown.
    double top = 0;
    for (const ui::ChartLine& line : pending->spec().lines)
        for (const QPointF& p : pending->series(line.series)->points()) top = std::max(top, p.y());
    QVERIFY(pending->valueAxis()->max() >= top);
}

void ChartsTest::layoutFitsTheWidth_data() {
    QTest::addColumn<int>("width");
    QTest::addColumn<int>("columns");
    QTest::newRow("full screen") << 1920 << 3;
    QTest::newRow("half screen") << 1200 << 2;
    QTest::newRow("dock") << 600 << 1;
}

void ChartsTest::layoutFitsTheWidth() {
    QFETCH(int, width);
    QFETCH(int, columns);
    testing::FakeControlPlaneClient client;
    ui::Timeline timeline;
    ui::ChartsView view(&client, &timeline);
    view.resize(width, 1000);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QSet<int> xs;
    for (ui::MetricsChart* chart : view.charts()) xs.insert(chart->x());
    QCOMPARE(int(xs.size()), columns);
}

QTEST_MAIN(ChartsTest)
