// The metrics sampler's series over whole scenarios, checked against what they measure: the
// objects in the store, the scheduler's attempts and the pods' journey records.
#include "metrics_sampler_test.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>

#include "api/resource/quantity.h"
#include "api/scheme.h"
#include "cluster/cluster.h"
#include "cluster/metrics_sampler.h"
#include "cluster/scenario.h"
#include "core_v1.pb.h"
#include "testing/scenario_run.h"

using namespace pilothouse;
namespace core = k8s::io::api::core::v1;
using namespace std::chrono_literals;

namespace {

struct Run : testing::ScenarioRun {
    using ScenarioRun::ScenarioRun;

    const std::map<std::string, cluster::Series>& series() {
        return dynamic_cast<cluster::MetricsSampler*>(cluster->find("metrics"))->series();
    }
    double seconds(sim::Time t) const { return std::chrono::duration<double>(t - cluster->loop().epoch()).count(); }
};

// The scenario run as `pilothousectl simulate` runs it, for `until` of virtual time.
std::unique_ptr<Run> runScenario(const QString& name, sim::Duration until) {
    std::vector<std::string> warnings;
    auto scenario = cluster::loadScenarioFile(PH_SOURCE_DIR "/resources/scenarios/" + name.toStdString() + ".yaml", &warnings);
    if (!scenario) {
        qWarning("%s", scenario.status().message().c_str());
        return nullptr;
    }
    auto run = std::make_unique<Run>(std::move(*scenario));
    if (!run->cluster->runUntil(run->cluster->loop().epoch() + until).isOk()) return nullptr;
    return run;
}

std::vector<std::unique_ptr<google::protobuf::Message>> list(cluster::Cluster& c, const char* resource) {
    apiserver::Request r;
    r.verb = "list";
    r.type = api::Scheme::instance().byName(resource);
    return std::move(c.apiServer().handle(r).items);
}

double amount(const google::protobuf::Map<std::string, std::string>& m, const char* name, double unit) {
    auto it = m.find(name);
    if (it == m.end()) return 0;
    auto q = resource::Quantity::parse(it->second);
    return q ? double(q->milliValue()) / 1000.0 / unit : 0;
}

double quantile(std::vector<double> v, double q) {
    std::sort(v.begin(), v.end());
    const size_t rank = size_t(std::ceil(q * double(v.size())));
    return v[std::min(v.size() - 1, rank > 0 ? rank - 1 : 0)];
}

}  // namespace

// Allocatable and requested totals at the end equal the sums over the store's nodes and bound,
// unfinished pods.
void MetricsSamplerTest::resourceTotals() {
    for (const char* name : {"single-pod-journey", "resource-pressure"}) {
        auto run = runScenario(QString::fromLatin1(name), 120s);
        QVERIFY2(run, name);
        double cpuAlloc = 0, memAlloc = 0, cpuReq = 0, memReq = 0;
        for (const auto& o : list(*run->cluster, "nodes")) {
            const auto& n = static_cast<const core::Node&>(*o);
            cpuAlloc += amount(n.status().allocatable(), "cpu", 1);
            memAlloc += amount(n.status().allocatable(), "memory", 1);
        }
        for (const auto& o : list(*run->cluster, "pods")) {
            const auto& p = static_cast<const core::Pod&>(*o);
            if (p.spec().node_name().empty() || p.status().phase() == "Succeeded" || p.status().phase() == "Failed") continue;
            for (const auto& c : p.spec().containers()) {
                cpuReq += amount(c.resources().requests(), "cpu", 1);
                memReq += amount(c.resources().requests(), "memory", 1);
            }
        }
        QVERIFY(cpuAlloc > 0 && cpuReq > 0);
        const auto& s = run->series();
        auto last = [&](const char* key) {
            auto it = s.find(key);
            return it == s.end() || it->second.empty() ? -1.0 : it->second.back().second;
        };
        QCOMPARE(last("kube_node_status_allocatable{resource=\"cpu\",unit=\"core\"}"), cpuAlloc);
        QCOMPARE(last("kube_node_status_allocatable{resource=\"memory\",unit=\"byte\"}"), memAlloc);
        QCOMPARE(last("kube_pod_container_resource_requests{resource=\"cpu\",unit=\"core\"}"), cpuReq);
        QCOMPARE(last("kube_pod_container_resource_requests{resource=\"memory\",unit=\"byte\"}"), memReq);
        // The ratio series agrees with the totals.
        QCOMPARE(last("node_requested_ratio{resource=\"cpu\"}"), cpuReq / cpuAlloc);
    }
}

void MetricsSamplerTest::attemptsByResult_data() {
    QTest::addColumn<QString>("scenario");
    QTest::newRow("single-pod-journey") << QStringLiteral("single-pod-journey");
    QTest::newRow("resource-pressure") << QStringLiteral("resource-pressure");
    QTest::newRow("taints-and-tolerations") << QStringLiteral("taints-and-tolerations");
}

// scheduler_schedule_attempts_total{result} counts every attempt the journeys recorded, by
// outcome, and never goes down.
void MetricsSamplerTest::attemptsByResult() {
    QFETCH(QString, scenario);
    auto run = runScenario(scenario, 150s);
    QVERIFY(run);
    const sim::Time lastSample = run->series().at("scheduler_schedule_attempts_total{result=\"scheduled\"}").back().first;
    int64_t scheduled = 0, failed = 0;
    for (const auto& [pod, stages] : run->cluster->journeys().snapshot())
        for (const auto& st : stages)
            if (st.stage == sim::kStageSchedulingAttempt && st.end <= lastSample) (st.failed ? failed : scheduled)++;
    QVERIFY(scheduled > 0);
    const auto& s = run->series();
    const double unschedulable = s.at("scheduler_schedule_attempts_total{result=\"unschedulable\"}").back().second;
    const double error = s.at("scheduler_schedule_attempts_total{result=\"error\"}").back().second;
    QCOMPARE(s.at("scheduler_schedule_attempts_total{result=\"scheduled\"}").back().second, double(scheduled));
    QCOMPARE(unschedulable + error, double(failed));
    for (const char* result : {"scheduled", "unschedulable", "error"}) {
        const auto& series = s.at("scheduler_schedule_attempts_total{result=\"" + std::string(result) + "\"}");
        for (size_t i = 1; i < series.size(); ++i) QVERIFY(series[i].second >= series[i - 1].second);
    }
    if (scenario == QLatin1String("resource-pressure")) QVERIFY(unschedulable > 0);
}

void MetricsSamplerTest::latencyQuantiles_data() {
    QTest::addColumn<QString>("scenario");
    QTest::newRow("single-pod-journey") << QStringLiteral("single-pod-journey");
    QTest::newRow("rolling-update") << QStringLiteral("rolling-update");
}

// Each quantile sample equals the quantile of the observations the journeys give for the window
// before it: the pod startup SLI (creation to Running, image pulls excluded) and the pod
// scheduling SLI (entering the queue to being scheduled).
void MetricsSamplerTest::latencyQuantiles() {
    QFETCH(QString, scenario);
    auto run = runScenario(scenario, 90s);
    QVERIFY(run);
    std::vector<std::pair<sim::Time, double>> startups, scheduling;
    for (const auto& [pod, stages] : run->cluster->journeys().snapshot()) {
        std::optional<sim::Time> created, queued;
        double pulls = 0;
        bool scheduled = false, running = false;
        for (const auto& st : stages) {
            if (st.stage.rfind("authentication", 0) == 0) {
                created.reset();
                queued.reset();
                pulls = 0;
                scheduled = running = false;
            }
            if (!created) created = st.start;
            if (st.stage == sim::kStageQueue && !queued) queued = st.start;
            if (st.stage == sim::kStageSchedulingAttempt && !st.failed && !scheduled) {
                scheduled = true;
                scheduling.push_back({st.end, std::chrono::duration<double>(st.end - queued.value_or(st.start)).count()});
            }
            if (st.stage == sim::kStageImagePull) pulls += std::chrono::duration<double>(st.end - st.start).count();
            if (st.stage == sim::kStageRunning && !running) {
                running = true;
                startups.push_back({st.start, std::chrono::duration<double>(st.start - *created).count() - pulls});
            }
        }
    }
    QVERIFY(!startups.empty());
    QVERIFY(!scheduling.empty());
    auto check = [&](const std::string& metric, const std::vector<std::pair<sim::Time, double>>& observations) {
        const auto& s = run->series();
        int samples = 0;
        for (const char* q : {"0.5", "0.9", "0.99"}) {
            auto it = s.find(metric + "{quantile=\"" + q + "\"}");
            QVERIFY2(it != s.end(), (metric + " " + q).c_str());
            for (const auto& [t, v] : it->second) {
                std::vector<double> window;
                for (const auto& [ot, ov] : observations)
                    if (ot > t - 1min && ot <= t) window.push_back(ov);
                QVERIFY2(!window.empty(), "a quantile is sampled only when the window holds observations");
                QCOMPARE(v, std::max(0.0, quantile(window, std::stod(q))));
                ++samples;
            }
        }
        QVERIFY(samples > 0);
    };
    check("kubelet_pod_start_sli_duration_seconds", startups);
    check("scheduler_pod_scheduling_sli_duration_seconds", scheduling);
}

// The single pod's startup (Running at 6.31 s) is in the window of the samples from 10 s to
// 65 s, and in none after.
void MetricsSamplerTest::latencyWindow() {
    auto run = runScenario(QStringLiteral("single-pod-journey"), 120s);
    QVERIFY(run);
    const auto& p50 = run->series().at("kubelet_pod_start_sli_duration_seconds{quantile=\"0.5\"}");
    const auto web = run->cluster->journeys().of("default/web");
    auto running = std::find_if(web.begin(), web.end(), [](const auto& s) { return s.stage == sim::kStageRunning; });
    QVERIFY(running != web.end());
    const double runningAt = run->seconds(running->start);
    QVERIFY(!p50.empty());
    for (const auto& [t, v] : p50) {
        QVERIFY(run->seconds(t) >= runningAt);
        QVERIFY(run->seconds(t) < runningAt + 60);
    }
    // Sampled every 5 s while the window holds it.
    const int expected = int(std::floor((runningAt + 60) / 5.0 - 1e-9)) - int(std::ceil(runningAt / 5.0)) + 1;
    QCOMPARE(int(p50.size()), expected);
}

QTEST_GUILESS_MAIN(MetricsSamplerTest)
