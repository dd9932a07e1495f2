#include "kubelet_test.h"

#include <QtTest>

#include <algorithm>

#include "testing/create_manifests.h"
#include "api/codec/manifest.h"
#include "api/object.h"
#include "cluster/cluster.h"
#include "coordination_v1.pb.h"
#include "core_v1.pb.h"
#include "kubelet/kubelet.h"

using namespace pilothouse;
namespace core = k8s::io::api::core::v1;
using namespace std::chrono_literals;

namespace {

const char* kNode =
    "apiVersion: v1\nkind: Node\nmetadata: {name: node-1}\nspec: {podCIDR: 10.244.1.0/24}\n"
    "status: {capacity: {cpu: '4', memory: 8Gi, pods: '110'}, allocatable: {cpu: '4', memory: 8Gi, pods: '110'}}\n";

std::string podYaml(const std::string& name, const std::string& containerExtra = "", const std::string& meta = "",
                    const std::string& specExtra = "") {
    return "apiVersion: v1\nkind: Pod\nmetadata:\n  name: " + name + "\n" + meta + "spec:\n  nodeName: node-1\n" +
           specExtra + "  containers:\n  - name: web\n    image: nginx:1.25\n" + containerExtra;
}

struct Env {
    std::unique_ptr<cluster::Cluster> cluster;
    sim::JourneyLog journey;
    kubelet::Kubelet* kubelet = nullptr;
    sim::Time t0;

    explicit Env(kubelet::KubeletOptions options = {}, const std::string& node = kNode) {
        cluster::ClusterOptions co;
        co.features = options.features;  // one --feature-gates for the API server and the kubelet
        auto c = cluster::Cluster::create(co);
        if (!c) qFatal("%s", c.status().message().c_str());
        cluster = std::move(*c);
        t0 = cluster->clock().now();
        if (!node.empty()) apply(node);
        auto k = std::make_unique<kubelet::Kubelet>(cluster->apiServer(), cluster->clock(), options, &journey);
        kubelet = k.get();
        auto st = cluster->add(std::move(k));
        if (!st.isOk()) qFatal("%s", st.message().c_str());
    }

    void apply(const std::string& yaml) {
        testing::createManifests(cluster->apiServer(), yaml);
    }
    void runUntil(sim::Duration sinceStart) {
        auto st = cluster->runUntil(t0 + sinceStart);
        if (!st.isOk()) qFatal("%s", st.message().c_str());
    }
    std::optional<core::Pod> pod(const std::string& name) {
        apiserver::Request r;
        r.verb = "get";
        r.type = api::Scheme::instance().byName("pods");
        r.namespace_ = "default";
        r.name = name;
        auto resp = cluster->apiServer().handle(r);
        if (!resp.ok()) return std::nullopt;
        return static_cast<const core::Pod&>(*resp.object);
    }
    Status remove(const std::string& name) {
        apiserver::Request r;
        r.verb = "delete";
        r.type = api::Scheme::instance().byName("pods");
        r.namespace_ = "default";
        r.name = name;
        return cluster->apiServer().handle(r).status;
    }
    std::vector<core::Event> events(const std::string& involved) {
        apiserver::Request r;
        r.verb = "list";
        r.type = api::Scheme::instance().byName("events");
        r.fieldSelector = "involvedObject.name=" + involved;
        std::vector<core::Event> out;
        for (auto& e : cluster->apiServer().handle(r).items) out.push_back(static_cast<const core::Event&>(*e));
        std::stable_sort(out.begin(), out.end(),
                         [](const auto& a, const auto& b) { return a.first_timestamp() < b.first_timestamp(); });
        return out;
    }
    // "Reason: message" of each event, in order.
    std::vector<std::string> eventTexts(const std::string& involved) {
        std::vector<std::string> out;
        for (const auto& e : events(involved)) out.push_back(e.reason() + ": " + e.message());
        return out;
    }
    int countOf(const std::string& involved, const std::string& reason) {
        int n = 0;
        for (const auto& e : events(involved))
            if (e.reason() == reason) n += e.count();
        return n;
    }
    std::vector<sim::JourneyStage> stages(const std::string& pod, const char* stage) {
        std::vector<sim::JourneyStage> out;
        for (const auto& s : journey.of("default/" + pod))
            if (s.stage == stage) out.push_back(s);
        return out;
    }
    double secs(sim::Time t) const { return std::chrono::duration<double>(t - t0).count(); }
    std::string at(sim::Duration d) const { return sim::formatRfc3339(t0 + d); }
};

const core::PodCondition* condition(const core::Pod& p, const std::string& type) {
    for (const auto& c : p.status().conditions())
        if (c.type() == type) return &c;
    return nullptr;
}

bool near(double a, double b) { return std::abs(a - b) < 1e-6; }

}  // namespace

void KubeletTest::podGoesRunningAndReady() {
    Env env;
    env.apply(podYaml("web"));
    // Admission 10 ms, sandbox 0.5 s, pull 50 MB at 100 MB/s = 0.5 s, create 0.1 s, start 0.2 s.
    env.runUntil(1300ms);
    auto p = env.pod("web");
    QVERIFY(p);
    QCOMPARE(p->status().phase(), std::string("Pending"));
    QCOMPARE(p->status().container_statuses(0).state().waiting().reason(), std::string("ContainerCreating"));
    QCOMPARE(condition(*p, "Ready")->status(), std::string("False"));
    QCOMPARE(condition(*p, "Ready")->reason(), std::string("ContainersNotReady"));
    QCOMPARE(condition(*p, "Ready")->message(), std::string("containers with unready status: [web]"));
    QCOMPARE(p->status().pod_ip(), std::string("10.244.1.2"));
    env.runUntil(2s);
    p = env.pod("web");
    QCOMPARE(p->status().phase(), std::string("Running"));
    std::vector<std::string> types;
    for (const auto& c : p->status().conditions()) {
        types.push_back(c.type());
        QCOMPARE(c.status(), std::string("True"));
    }
    QCOMPARE(types, (std::vector<std::string>{"Initialized", "Ready", "ContainersReady", "PodScheduled"}));
    QCOMPARE(p->status().pod_ips(0).ip(), std::string("10.244.1.2"));
    QVERIFY(!p->status().host_ip().empty());
    QCOMPARE(p->status().start_time(), env.at(0s));
    const auto& cs = p->status().container_statuses(0);
    QVERIFY(cs.state().has_running());
    QVERIFY(cs.ready());
    QVERIFY(cs.started());
    QCOMPARE(cs.restart_count(), 0);
    QCOMPARE(cs.image(), std::string("docker.io/library/nginx:1.25"));
    QVERIFY(cs.image_id().rfind("docker.io/library/nginx@sha256:", 0) == 0);
    QVERIFY(cs.container_id().rfind("containerd://", 0) == 0);
    QCOMPARE(int(cs.container_id().size()), 13 + 64);
    QCOMPARE(env.eventTexts("web"),
             (std::vector<std::string>{"Pulling: Pulling image \"nginx:1.25\"",
                                       "Pulled: Successfully pulled image \"nginx:1.25\" in 500ms (500ms including waiting)",
                                       "Created: Created container web", "Started: Started container web"}));
    for (const auto& e : env.events("web")) {
        QCOMPARE(e.source().component(), std::string("kubelet"));
        QCOMPARE(e.source().host(), std::string("node-1"));
        QCOMPARE(e.involved_object().field_path(), std::string("spec.containers{web}"));
    }
    // The journey, at the right virtual times.
    auto sandbox = env.stages("web", sim::kStageSandbox);
    QCOMPARE(int(sandbox.size()), 1);
    QVERIFY(near(env.secs(sandbox[0].start), 0.01));
    QVERIFY(near(env.secs(sandbox[0].end), 0.51));
    QCOMPARE(sandbox[0].detail, std::string("10.244.1.2"));
    auto pull = env.stages("web", sim::kStageImagePull);
    QCOMPARE(int(pull.size()), 1);
    QVERIFY(near(env.secs(pull[0].end), 1.01));
    auto ready = env.stages("web", sim::kStageReady);
    QCOMPARE(int(ready.size()), 1);
    QVERIFY(near(env.secs(ready[0].start), 1.31));
    QCOMPARE(int(env.stages("web", sim::kStageKubeletAdmission).size()), 1);
    QCOMPARE(int(env.stages("web", sim::kStageRunning).size()), 1);
    // The pulled image joined the node's images.
    QVERIFY(env.kubelet->imageManager().present("nginx:1.25"));
}

void KubeletTest::imagePresentOrPulled_data() {
    QTest::addColumn<bool>("preloaded");
    QTest::addColumn<qint64>("size");
    QTest::addColumn<QString>("policy");
    QTest::addColumn<QString>("pulledMessage");
    QTest::addColumn<double>("readyAt");
    QTest::newRow("pulled 50MB") << false << qint64(50'000'000) << "IfNotPresent"
                                 << "Successfully pulled image \"nginx:1.25\" in 500ms (500ms including waiting)" << 1.31;
    QTest::newRow("pulled 250MB") << false << qint64(250'000'000) << "IfNotPresent"
                                  << "Successfully pulled image \"nginx:1.25\" in 2.5s (2.5s including waiting)" << 3.31;
    QTest::newRow("already present") << true << qint64(50'000'000) << "IfNotPresent"
                                     << "Container image \"nginx:1.25\" already present on machine" << 0.81;
    QTest::newRow("Always pulls again") << true << qint64(100'000'000) << "Always"
                                        << "Successfully pulled image \"nginx:1.25\" in 1s (1s including waiting)" << 1.81;
    QTest::newRow("Never, present") << true << qint64(50'000'000) << "Never"
                                    << "Container image \"nginx:1.25\" already present on machine" << 0.81;
}

void KubeletTest::imagePresentOrPulled() {
    QFETCH(bool, preloaded);
    QFETCH(qint64, size);
    QFETCH(QString, policy);
    QFETCH(QString, pulledMessage);
    QFETCH(double, readyAt);
    kubelet::KubeletOptions o;
    o.imageSizes["nginx:1.25"] = size;
    if (preloaded) o.preloadedImages["nginx:1.25"] = size;
    Env env(o);
    env.apply(podYaml("web", "    imagePullPolicy: " + policy.toStdString() + "\n"));
    env.runUntil(5s);
    std::string pulled;
    for (const auto& e : env.events("web"))
        if (e.reason() == "Pulled") pulled = e.message();
    QCOMPARE(QString::fromStdString(pulled), pulledMessage);
    auto ready = env.stages("web", sim::kStageReady);
    QCOMPARE(int(ready.size()), 1);
    QVERIFY2(near(env.secs(ready[0].start), readyAt), std::to_string(env.secs(ready[0].start)).c_str());
}

void KubeletTest::missingImageBacksOff() {
    Env env;
    env.kubelet->markImageMissing("nginx:nope");
    env.apply("apiVersion: v1\nkind: Pod\nmetadata: {name: bad}\nspec:\n  nodeName: node-1\n"
              "  containers: [{name: web, image: 'nginx:nope'}]\n");
    env.runUntil(2s);
    auto p = env.pod("bad");
    const std::string err =
        "rpc error: code = NotFound desc = failed to pull and unpack image \"docker.io/library/nginx:nope\": failed to "
        "resolve reference \"docker.io/library/nginx:nope\": docker.io/library/nginx:nope: not found";
    QCOMPARE(p->status().container_statuses(0).state().waiting().reason(), std::string("ErrImagePull"));
    QCOMPARE(p->status().container_statuses(0).state().waiting().message(), err);
    QCOMPARE(p->status().phase(), std::string("Pending"));
    QCOMPARE(env.eventTexts("bad"),
             (std::vector<std::string>{"Pulling: Pulling image \"nginx:nope\"",
                                       "Failed: Failed to pull image \"nginx:nope\": " + err,
                                       "Failed: Error: ErrImagePull"}));
    // Pull attempts: at 0.51 s (fails at 1.51), then each time the back-off (10 s, 20 s, 40 s)
    // has passed since the last failure, on the pod worker's 10 s retries.
    env.runUntil(23s);  // the retry at 22.51 s falls inside the 20 s back-off
    p = env.pod("bad");
    QCOMPARE(p->status().container_statuses(0).state().waiting().reason(), std::string("ImagePullBackOff"));
    QCOMPARE(p->status().container_statuses(0).state().waiting().message(),
             std::string("Back-off pulling image \"nginx:nope\""));
    env.runUntil(80s);
    auto pulls = env.stages("bad", sim::kStageImagePull);
    QCOMPARE(int(pulls.size()), 4);
    const double expected[] = {0.51, 11.51, 32.51, 73.51};
    for (int i = 0; i < 4; ++i) {
        QVERIFY(pulls[i].failed);
        QVERIFY2(near(env.secs(pulls[i].start), expected[i]), std::to_string(env.secs(pulls[i].start)).c_str());
    }
    QVERIFY(env.countOf("bad", "BackOff") >= 3);
    bool sawBackOffError = false;
    for (const auto& e : env.events("bad"))
        if (e.message() == "Error: ImagePullBackOff") sawBackOffError = e.type() == "Warning";
    QVERIFY(sawBackOffError);
    // The image appears: the next attempt pulls it and the pod runs.
    env.kubelet->markImageMissing("nginx:nope", false);
    env.runUntil(200s);
    QCOMPARE(env.pod("bad")->status().phase(), std::string("Running"));
}

void KubeletTest::admissionRejectsOutOfCpu() {
    Env env;
    env.apply(podYaml("first", "    resources: {requests: {cpu: '3'}}\n"));
    env.runUntil(1s);
    env.apply(podYaml("second", "    resources: {requests: {cpu: '2'}}\n"));
    env.runUntil(2s);
    auto p = env.pod("second");
    QCOMPARE(p->status().phase(), std::string("Failed"));
    QCOMPARE(p->status().reason(), std::string("OutOfcpu"));
    QCOMPARE(p->status().message(),
             std::string("Pod was rejected: Node didn't have enough resource: cpu, requested: 2000, used: 3000, capacity: 4000"));
    auto events = env.events("second");
    QCOMPARE(int(events.size()), 1);
    QCOMPARE(events[0].type(), std::string("Warning"));
    QCOMPARE(events[0].reason(), std::string("OutOfcpu"));
    QCOMPARE(events[0].message(), std::string("Node didn't have enough resource: cpu, requested: 2000, used: 3000, capacity: 4000"));
    QVERIFY(env.stages("second", sim::kStageKubeletAdmission)[0].failed);
    QCOMPARE(env.pod("first")->status().phase(), std::string("Running"));
    // Memory is checked after cpu, in bytes.
    env.apply(podYaml("big", "    resources: {requests: {memory: 9Gi}}\n"));
    env.runUntil(3s);
    QCOMPARE(env.pod("big")->status().reason(), std::string("OutOfmemory"));
    QCOMPARE(env.pod("big")->status().message(),
             std::string("Pod was rejected: Node didn't have enough resource: memory, requested: 9663676416, used: 0, capacity: 8589934592"));
}

void KubeletTest::initContainersRunFirst() {
    Env env;
    env.apply("apiVersion: v1\nkind: Pod\nmetadata: {name: init}\nspec:\n  nodeName: node-1\n"
              "  initContainers: [{name: setup, image: 'busybox:1.36'}, {name: migrate, image: 'busybox:1.36'}]\n"
              "  containers: [{name: web, image: 'nginx:1.25'}]\n");
    env.runUntil(1s);
    auto p = env.pod("init");
    QCOMPARE(p->status().phase(), std::string("Pending"));
    QCOMPARE(condition(*p, "Initialized")->status(), std::string("False"));
    QCOMPARE(condition(*p, "Initialized")->reason(), std::string("ContainersNotInitialized"));
    QCOMPARE(condition(*p, "Initialized")->message(), std::string("containers with incomplete status: [setup migrate]"));
    QCOMPARE(p->status().container_statuses(0).state().waiting().reason(), std::string("PodInitializing"));
    env.runUntil(10s);
    p = env.pod("init");
    QCOMPARE(p->status().phase(), std::string("Running"));
    QCOMPARE(condition(*p, "Initialized")->status(), std::string("True"));
    for (const auto& s : p->status().init_container_statuses()) {
        QCOMPARE(s.state().terminated().reason(), std::string("Completed"));
        QVERIFY(s.ready());
    }
    std::vector<std::string> order;
    for (const auto& e : env.events("init"))
        if (e.reason() == "Started") order.push_back(e.involved_object().field_path());
    QCOMPARE(order, (std::vector<std::string>{"spec.initContainers{setup}", "spec.initContainers{migrate}",
                                              "spec.containers{web}"}));
}

void KubeletTest::brokenReadinessProbe() {
    Env env;
    env.apply(podYaml("web", "    readinessProbe: {httpGet: {path: /healthz, port: 80}, periodSeconds: 5}\n"));
    env.runUntil(4s);
    auto p = env.pod("web");
    QCOMPARE(p->status().phase(), std::string("Running"));
    QCOMPARE(condition(*p, "Ready")->status(), std::string("False"));  // first probe at 5 s
    env.runUntil(6s);
    QCOMPARE(condition(*env.pod("web"), "Ready")->status(), std::string("True"));
    // Probe ticks run from when the pod was admitted (0.01 s): the first at 5.01 s.
    QVERIFY(near(env.secs(env.stages("web", sim::kStageReady)[0].start), 5.01));
    QVERIFY(env.kubelet->breakProbe("default/web", "web", kubelet::prober::ProbeType::Readiness, true).isOk());
    env.runUntil(16s);  // failures at 10.01 s and 15.01 s: below failureThreshold 3
    QCOMPARE(condition(*env.pod("web"), "Ready")->status(), std::string("True"));
    env.runUntil(21s);  // the third at 20.01 s
    p = env.pod("web");
    QCOMPARE(condition(*p, "Ready")->status(), std::string("False"));
    QCOMPARE(condition(*p, "Ready")->reason(), std::string("ContainersNotReady"));
    QCOMPARE(condition(*p, "Ready")->message(), std::string("containers with unready status: [web]"));
    QCOMPARE(condition(*p, "ContainersReady")->message(), std::string("containers with unready status: [web]"));
    QCOMPARE(condition(*p, "Ready")->last_transition_time(), env.at(20s));
    QCOMPARE(p->status().phase(), std::string("Running"));
    QVERIFY(!p->status().container_statuses(0).ready());
    QCOMPARE(env.countOf("web", "Unhealthy"), 3);
    for (const auto& e : env.events("web"))
        if (e.reason() == "Unhealthy") {
            QCOMPARE(e.type(), std::string("Warning"));
            QCOMPARE(e.message(), std::string("Readiness probe failed: HTTP probe failed with statuscode: 500"));
        }
    QVERIFY(env.kubelet->breakProbe("default/web", "web", kubelet::prober::ProbeType::Readiness, false).isOk());
    env.runUntil(26s);
    QCOMPARE(condition(*env.pod("web"), "Ready")->status(), std::string("True"));
    QCOMPARE(env.pod("web")->status().container_statuses(0).restart_count(), 0);
}

void KubeletTest::brokenLivenessProbeRestarts() {
    Env env;
    env.apply(podYaml("live", "    livenessProbe: {tcpSocket: {port: 8080}, periodSeconds: 5, failureThreshold: 2}\n"));
    env.runUntil(3s);
    QVERIFY(env.kubelet->breakProbe("default/live", "web", kubelet::prober::ProbeType::Liveness, true).isOk());
    // Failures at 5 s and 10 s: killed at 10 s, stopped at 10.5 s, restarted at once.
    env.runUntil(12s);
    auto p = env.pod("live");
    const auto& cs = p->status().container_statuses(0);
    QCOMPARE(cs.restart_count(), 1);
    QVERIFY(cs.state().has_running());
    QCOMPARE(cs.last_state().terminated().reason(), std::string("Completed"));
    QCOMPARE(cs.last_state().terminated().finished_at(), env.at(10s));
    std::vector<std::string> texts = env.eventTexts("live");
    QVERIFY(std::find(texts.begin(), texts.end(),
                      "Killing: Container web failed liveness probe, will be restarted") != texts.end());
    QVERIFY(std::find(texts.begin(), texts.end(),
                      "Unhealthy: Liveness probe failed: dial tcp 10.244.1.2:8080: connect: connection refused") !=
            texts.end());
    QCOMPARE(env.countOf("live", "Unhealthy"), 2);
    QCOMPARE(env.countOf("live", "Started"), 2);
    // Still broken: it keeps being killed and restarted.
    env.runUntil(60s);
    QVERIFY(env.pod("live")->status().container_statuses(0).restart_count() >= 3);
}

void KubeletTest::crashLoopBackOffDelays() {
    kubelet::KubeletOptions o;
    o.preloadedImages["nginx:1.25"] = 1000;
    Env env(o);
    env.apply(podYaml("crash", "", "  annotations: {pilothouse.dev/exit-after: 5s, pilothouse.dev/exit-code: '2'}\n"));
    env.runUntil(20s);
    auto p = env.pod("crash");
    // Ran 0.81..5.81; restarted at once (no back-off yet), exited again at 11.x.
    QCOMPARE(p->status().phase(), std::string("Running"));
    const auto& cs = p->status().container_statuses(0);
    QCOMPARE(cs.state().waiting().reason(), std::string("CrashLoopBackOff"));
    QCOMPARE(cs.state().waiting().message(),
             "back-off 10s restarting failed container=web pod=crash_default(" + p->metadata().uid() + ")");
    QCOMPARE(cs.last_state().terminated().exit_code(), 2);
    QCOMPARE(cs.last_state().terminated().reason(), std::string("Error"));
    QCOMPARE(cs.restart_count(), 1);
    QCOMPARE(condition(*p, "Ready")->status(), std::string("False"));
    bool backOffEvent = false;
    for (const auto& e : env.events("crash"))
        if (e.reason() == "BackOff") {
            backOffEvent = true;
            QCOMPARE(e.type(), std::string("Warning"));
            QCOMPARE(e.message(), "Back-off restarting failed container web in pod crash_default(" +
                                      p->metadata().uid() + ")");
        }
    QVERIFY(backOffEvent);
    // Restart delays after each exit: ~0, then 10 s, 20 s, 40 s (plus the PLEG relist, < 1 s).
    env.runUntil(200s);
    auto starts = env.stages("crash", sim::kStageContainers);
    QVERIFY(starts.size() >= 5);
    const double backoff[] = {0, 10, 20, 40};
    for (int i = 0; i < 4; ++i) {
        const double exited = env.secs(starts[i].end) + 5.0;
        const double delay = env.secs(starts[i + 1].start) - exited;
        QVERIFY2(delay >= backoff[i] && delay < backoff[i] + 1.0,
                 ("restart " + std::to_string(i + 1) + " after " + std::to_string(delay) + " s").c_str());
    }
}

void KubeletTest::restartPolicyNeverFails() {
    kubelet::KubeletOptions o;
    o.preloadedImages["nginx:1.25"] = 1000;
    Env env(o);
    env.apply(podYaml("job", "", "  annotations: {pilothouse.dev/exit-after: 3s}\n", "  restartPolicy: Never\n"));
    env.apply(podYaml("ok", "", "  annotations: {pilothouse.dev/exit-after: 3s, pilothouse.dev/exit-code: '0'}\n",
                      "  restartPolicy: OnFailure\n"));
    env.runUntil(30s);
    auto job = env.pod("job");
    QCOMPARE(job->status().phase(), std::string("Failed"));
    QCOMPARE(job->status().container_statuses(0).state().terminated().exit_code(), 1);
    QCOMPARE(job->status().container_statuses(0).restart_count(), 0);
    auto ok = env.pod("ok");
    QCOMPARE(ok->status().phase(), std::string("Succeeded"));
    QCOMPARE(condition(*ok, "Ready")->reason(), std::string("PodCompleted"));
    QCOMPARE(condition(*ok, "Initialized")->reason(), std::string("PodCompleted"));
}

void KubeletTest::gracefulDeletion_data() {
    QTest::addColumn<QString>("annotations");
    QTest::addColumn<double>("goneAfter");
    QTest::addColumn<int>("exitCode");
    QTest::newRow("stops in 0.5 s") << "" << 0.5 << 0;
    QTest::newRow("killed at the 30 s grace period")
        << "  annotations: {pilothouse.dev/stop-after: 45s}\n" << 30.0 << 137;
}

void KubeletTest::gracefulDeletion() {
    QFETCH(QString, annotations);
    QFETCH(double, goneAfter);
    QFETCH(int, exitCode);
    Env env;
    env.apply(podYaml("web", "", annotations.toStdString()));
    env.runUntil(5s);
    QCOMPARE(env.pod("web")->status().phase(), std::string("Running"));
    QVERIFY(env.remove("web").isOk());
    env.runUntil(5s + std::chrono::duration_cast<sim::Duration>(std::chrono::duration<double>(goneAfter - 0.1)));
    auto p = env.pod("web");
    QVERIFY(p);
    QVERIFY(p->metadata().has_deletion_timestamp());
    QCOMPARE(env.eventTexts("web").back(), std::string("Killing: Stopping container web"));
    env.runUntil(5s + std::chrono::duration_cast<sim::Duration>(std::chrono::duration<double>(goneAfter + 0.1)));
    QVERIFY(!env.pod("web"));
    auto term = env.stages("web", sim::kStageTermination);
    QCOMPARE(int(term.size()), 1);
    QVERIFY(near(env.secs(term[0].end) - env.secs(term[0].start), goneAfter));
    QVERIFY(env.kubelet->podKeys().empty());
    Q_UNUSED(exitCode);
    // The IP is free again: the next pod gets the next address in order (host-local).
    env.apply(podYaml("next"));
    env.runUntil(40s);
    QCOMPARE(env.pod("next")->status().pod_ip(), std::string("10.244.1.3"));
}

void KubeletTest::nodeStatusAndLease() {
    kubelet::KubeletOptions o;
    o.nodeName = "fresh";
    Env env(o, "");  // the kubelet registers its Node
    apiserver::Request get;
    get.verb = "get";
    get.type = api::Scheme::instance().byName("nodes");
    get.name = "fresh";
    auto resp = env.cluster->apiServer().handle(get);
    QVERIFY(resp.ok());
    const auto& node = static_cast<const core::Node&>(*resp.object);
    std::vector<std::string> conds;
    for (const auto& c : node.status().conditions()) conds.push_back(c.type() + "=" + c.status() + " " + c.reason() + ": " + c.message());
    QCOMPARE(conds, (std::vector<std::string>{
                        "MemoryPressure=False KubeletHasSufficientMemory: kubelet has sufficient memory available",
                        "DiskPressure=False KubeletHasNoDiskPressure: kubelet has no disk pressure",
                        "PIDPressure=False KubeletHasSufficientPID: kubelet has sufficient PID available",
                        "Ready=True KubeletReady: kubelet is posting ready status"}));
    QCOMPARE(node.metadata().labels().at("kubernetes.io/hostname"), std::string("fresh"));
    for (const char* key : {"hugepages-1Gi", "hugepages-2Mi"}) {
        QCOMPARE(node.status().capacity().at(key), std::string("0"));
        QCOMPARE(node.status().allocatable().at(key), std::string("0"));
    }
    QVERIFY(!node.status().capacity().contains("hugepages-64Ki"));
    QCOMPARE(node.status().addresses(0).type(), std::string("InternalIP"));
    QCOMPARE(node.status().node_info().kubelet_version(), std::string("v1.28.7"));
    QCOMPARE(node.status().images(0).names(1), std::string("registry.k8s.io/pause:3.9"));
    QCOMPARE(env.eventTexts("fresh"),
             (std::vector<std::string>{"Starting: Starting kubelet.",
                                       "NodeHasSufficientMemory: Node fresh status is now: NodeHasSufficientMemory",
                                       "NodeHasNoDiskPressure: Node fresh status is now: NodeHasNoDiskPressure",
                                       "NodeHasSufficientPID: Node fresh status is now: NodeHasSufficientPID",
                                       "NodeAllocatableEnforced: Updated Node Allocatable limit across pods"}));
    // Pressure shows with the next status update (every 10 s).
    QVERIFY(env.kubelet->setCondition("MemoryPressure", true).isOk());
    QVERIFY(!env.kubelet->setCondition("Bogus", true).isOk());
    env.runUntil(11s);
    resp = env.cluster->apiServer().handle(get);
    const auto& n2 = static_cast<const core::Node&>(*resp.object);
    QCOMPARE(n2.status().conditions(0).status(), std::string("True"));
    QCOMPARE(n2.status().conditions(0).reason(), std::string("KubeletHasInsufficientMemory"));
    QCOMPARE(n2.status().conditions(0).last_transition_time(), env.at(10s));
    QCOMPARE(env.countOf("fresh", "NodeHasInsufficientMemory"), 1);
}

// tryRegisterWithAPIServer with a Node that exists: the kubelet's default labels (the machine's
// os and arch as the Node says, else linux/amd64) and the attach/detach annotation.
void KubeletTest::existingNodeGetsDefaultLabels() {
    Env env({}, "apiVersion: v1\nkind: Node\nmetadata: {name: node-1, labels: {kubernetes.io/arch: arm64, zone: a}}\n"
                "status: {capacity: {cpu: '4', memory: 8Gi, pods: '110'}}\n");
    env.runUntil(1s);
    apiserver::Request get;
    get.verb = "get";
    get.type = api::Scheme::instance().byName("nodes");
    get.name = "node-1";
    auto resp = env.cluster->apiServer().handle(get);
    QVERIFY(resp.ok());
    const auto& meta = static_cast<const core::Node&>(*resp.object).metadata();
    using Labels = std::map<std::string, std::string>;
    QCOMPARE(Labels(meta.labels().begin(), meta.labels().end()),
             (Labels{{"beta.kubernetes.io/arch", "arm64"},
                                                 {"beta.kubernetes.io/os", "linux"},
                                                 {"kubernetes.io/arch", "arm64"},
                                                 {"kubernetes.io/hostname", "node-1"},
                                                 {"kubernetes.io/os", "linux"},
                                                 {"zone", "a"}}));
    QCOMPARE(meta.annotations().at("volumes.kubernetes.io/controller-managed-attach-detach"), std::string("true"));
}

// The machine's facts in status.nodeInfo: the Node's own where it has them (a scenario's or a
// snapshot's machine), else the simulated machine's, with the OS and architecture of its labels;
// the kubelet and kube-proxy versions are always the kubelet's own.
void KubeletTest::nodeInfoKeepsTheMachinesFacts_data() {
    QTest::addColumn<QString>("nodeYaml");
    QTest::addColumn<QStringList>("want");  // field=value of nodeInfo
    const QString meta = "apiVersion: v1\nkind: Node\nmetadata: {name: node-1, labels: {kubernetes.io/arch: %1}}\n";
    QTest::newRow("given") << meta.arg("amd64") + "status: {nodeInfo: {machineID: \"00000000000000000000000000000001\", "
                                                  "kernelVersion: 5.15.0-1057-aws, osImage: Ubuntu 22.04.4 LTS, "
                                                  "containerRuntimeVersion: containerd://1.6.28, kubeletVersion: v1.27.3}}\n"
                           << QStringList{"machineID=00000000000000000000000000000001", "kernelVersion=5.15.0-1057-aws",
                                          "osImage=Ubuntu 22.04.4 LTS", "containerRuntimeVersion=containerd://1.6.28",
                                          "architecture=amd64", "operatingSystem=linux", "kubeletVersion=v1.28.7",
                                          "kubeProxyVersion=v1.28.7"};
    QTest::newRow("arm64 machine") << meta.arg("arm64")
                                   << QStringList{"kernelVersion=6.1.0-18-arm64",
                                                  "osImage=Debian GNU/Linux 12 (bookworm)",
                                                  "containerRuntimeVersion=containerd://1.7.13", "architecture=arm64",
                                                  "operatingSystem=linux", "kubeletVersion=v1.28.7",
                                                  "kubeProxyVersion=v1.28.7"};
}

void KubeletTest::nodeInfoKeepsTheMachinesFacts() {
    QFETCH(QString, nodeYaml);
    QFETCH(QStringList, want);
    Env env({}, nodeYaml.toStdString());
    env.runUntil(11s);  // the registration's status and the next update
    apiserver::Request get;
    get.verb = "get";
    get.type = api::Scheme::instance().byName("nodes");
    get.name = "node-1";
    auto resp = env.cluster->apiServer().handle(get);
    QVERIFY(resp.ok());
    const auto& info = static_cast<const core::Node&>(*resp.object).status().node_info();
    const std::map<QString, std::string> got{
        {"machineID", info.machine_id()}, {"kernelVersion", info.kernel_version()}, {"osImage", info.os_image()},
        {"containerRuntimeVersion", info.container_runtime_version()}, {"architecture", info.architecture()},
        {"operatingSystem", info.operating_system()}, {"kubeletVersion", info.kubelet_version()},
        {"kubeProxyVersion", info.kube_proxy_version()}};
    for (const QString& w : want) {
        const QString field = w.section('=', 0, 0);
        QCOMPARE(QString::fromStdString(got.at(field)), w.section('=', 1));
    }
    QCOMPARE(info.machine_id().size(), size_t(32));
    QCOMPARE(info.boot_id().size(), size_t(36));
}

// PodHostIPs (alpha in v1.28): the kubelet reports status.hostIPs only with the gate on.
void KubeletTest::podHostIPsGate() {
    for (bool gate : {false, true}) {
        kubelet::KubeletOptions o;
        o.features.podHostIPs = gate;
        Env env(o);
        env.apply(podYaml("web"));
        env.runUntil(10s);
        auto p = env.pod("web");
        QVERIFY(p);
        QCOMPARE(p->status().phase(), std::string("Running"));
        QCOMPARE(p->status().host_ips_size(), gate ? 1 : 0);
        if (gate) QCOMPARE(p->status().host_ips(0).ip(), p->status().host_ip());
    }
}

void KubeletTest::stoppedNodeStopsRenewing() {
    Env env;
    apiserver::Request get;
    get.verb = "get";
    get.type = api::Scheme::instance().byName("leases");
    get.namespace_ = "kube-node-lease";
    get.name = "node-1";
    auto lease = [&] {
        auto resp = env.cluster->apiServer().handle(get);
        if (!resp.ok()) qFatal("%s", resp.status.message().c_str());
        return static_cast<const k8s::io::api::coordination::v1::Lease&>(*resp.object);
    };
    QCOMPARE(lease().spec().holder_identity(), std::string("node-1"));
    QCOMPARE(lease().spec().lease_duration_seconds(), 40);
    QCOMPARE(lease().metadata().owner_references(0).kind(), std::string("Node"));
    env.runUntil(25s);
    QCOMPARE(lease().spec().renew_time(), sim::formatRfc3339Micro(env.t0 + 20s));
    env.kubelet->stop();
    env.apply(podYaml("web"));
    env.runUntil(100s);
    QCOMPARE(lease().spec().renew_time(), sim::formatRfc3339Micro(env.t0 + 20s));
    QVERIFY(!env.cluster->find("kubelet/node-1")->nextWakeup());
    QCOMPARE(env.pod("web")->status().phase(), std::string("Pending"));
    QVERIFY(env.pod("web")->status().container_statuses().empty());
    env.kubelet->recover();
    env.runUntil(100s);
    QCOMPARE(lease().spec().renew_time(), sim::formatRfc3339Micro(env.t0 + 100s));
    env.runUntil(105s);
    QCOMPARE(env.pod("web")->status().phase(), std::string("Running"));
}

void KubeletTest::sameInputsSameEvents() {
    auto run = [] {
        Env env;
        env.kubelet->markImageMissing("nginx:nope");
        env.apply(podYaml("a", "    readinessProbe: {httpGet: {path: /, port: 80}}\n"));
        env.apply(podYaml("b", "", "  annotations: {pilothouse.dev/exit-after: 7s}\n"));
        env.apply("apiVersion: v1\nkind: Pod\nmetadata: {name: c}\nspec:\n  nodeName: node-1\n"
                  "  containers: [{name: web, image: 'nginx:nope'}]\n");
        env.runUntil(90s);
        (void)env.remove("a");
        env.runUntil(200s);
        apiserver::Request r;
        r.verb = "list";
        r.type = api::Scheme::instance().byName("events");
        std::string all;
        for (auto& e : env.cluster->apiServer().handle(r).items) {
            auto ev = static_cast<const core::Event&>(*e);
            ev.mutable_metadata()->clear_uid();
            ev.mutable_metadata()->clear_resource_version();
            ev.mutable_involved_object()->clear_resource_version();
            all += ev.DebugString();
        }
        return all;
    };
    const std::string first = run();
    QVERIFY(first.find("Back-off pulling image") != std::string::npos);
    QCOMPARE(run(), first);
}

QTEST_GUILESS_MAIN(KubeletTest)
