// A scenario's spec.kubeletTimings: how long each simulated kubelet step takes on the virtual
// clock. A pod whose sandbox takes 5 s is still ContainerCreating after 4 s; with every step at 0 s
// and an image already pulled it is Running in the second it was scheduled, as on the kubelet-less
// cluster the workshop traces were recorded on. Bad values name the document and field; the
// scenario writer keeps them.
#include <QTest>

#include <chrono>

#include "cluster/scenario.h"
#include "cluster/scenario_writer.h"
#include "cluster/session.h"
#include "core_v1.pb.h"

using namespace pilothouse;
using namespace std::chrono_literals;
namespace core = k8s::io::api::core::v1;

namespace {

std::string scenarioText(const std::string& spec) {
    return "apiVersion: pilothouse.dev/v1alpha1\nkind: Scenario\nmetadata: {name: timings}\nspec:\n  seed: 1\n" + spec +
           "---\napiVersion: v1\nkind: Node\nmetadata: {name: node-1}\n"
           "status: {capacity: {cpu: \"4\", memory: 8Gi, pods: \"110\"}}\n"
           "---\napiVersion: v1\nkind: Pod\nmetadata: {name: web, namespace: default}\n"
           "spec: {containers: [{name: web, image: nginx}]}\n";
}

StatusOr<cluster::Scenario> load(const std::string& spec) {
    return cluster::loadScenario(scenarioText(spec), "scenario.yaml", nullptr);
}

core::Pod web(cluster::Session& session) {
    apiserver::Request r;
    r.verb = "get";
    r.type = api::Scheme::instance().byName("pods");
    r.namespace_ = "default";
    r.name = "web";
    auto resp = session.cluster().apiServer().handle(r);
    if (!resp.ok()) qFatal("%s", resp.status.message().c_str());
    return static_cast<const core::Pod&>(*resp.object);
}

std::string waiting(const core::Pod& pod) {
    if (pod.status().container_statuses_size() == 0) return "";
    return pod.status().container_statuses(0).state().waiting().reason();
}

}  // namespace

class KubeletTimingsTest : public QObject {
    Q_OBJECT
private slots:
    // The pod's phase and container state a little after it was scheduled, by the timings.
    void stepsTakeWhatTheScenarioSays_data() {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<int>("afterMs");
        QTest::addColumn<QString>("phase");
        QTest::addColumn<QString>("waitingReason");
        // Defaults: sandbox 0.5 s, pulling nginx (50 MB at 100 MB/s) 0.5 s, create and start 0.3 s.
        QTest::newRow("defaults, after 0.5 s") << "" << 500 << "Pending" << "ContainerCreating";
        QTest::newRow("defaults, after 3 s") << "" << 3000 << "Running" << "";
        QTest::newRow("a 5 s sandbox, after 4 s") << "  kubeletTimings: {sandbox: 5s}\n" << 4000 << "Pending"
                                                  << "ContainerCreating";
        QTest::newRow("a 5 s sandbox, after 7 s") << "  kubeletTimings: {sandbox: 5s}\n" << 7000 << "Running" << "";
        QTest::newRow("every step 0 s, after 1 ms")
            << "  imagePullBandwidth: 1T\n"
               "  kubeletTimings: {podAdmission: 0s, sandbox: 0s, containerCreate: 0s, containerStart: 0s}\n"
            << 1 << "Running" << "";
    }
    void stepsTakeWhatTheScenarioSays() {
        QFETCH(QString, spec);
        QFETCH(int, afterMs);
        QFETCH(QString, phase);
        QFETCH(QString, waitingReason);
        auto scenario = load(spec.toStdString());
        QVERIFY2(scenario.isOk(), scenario.status().message().c_str());
        auto session = cluster::Session::start({}, std::move(*scenario));
        QVERIFY2(session.isOk(), session.status().message().c_str());
        // Until the pod is bound (the scheduler's first cycle), then the time asked for.
        for (int i = 0; i < 1000 && web(**session).spec().node_name().empty(); ++i)
            QVERIFY((*session)->runFor(1ms).isOk());
        QCOMPARE(web(**session).spec().node_name(), std::string("node-1"));
        QVERIFY((*session)->runFor(std::chrono::milliseconds(afterMs)).isOk());
        const core::Pod pod = web(**session);
        QCOMPARE(QString::fromStdString(pod.status().phase()), phase);
        QCOMPARE(QString::fromStdString(waiting(pod)), waitingReason);
    }

    // A terminating pod's containers stop in containerStop (the grace period caps it).
    void containerStop() {
        auto scenario = load("  kubeletTimings: {containerStop: 20s}\n");
        QVERIFY2(scenario.isOk(), scenario.status().message().c_str());
        auto session = cluster::Session::start({}, std::move(*scenario));
        QVERIFY2(session.isOk(), session.status().message().c_str());
        QVERIFY((*session)->runFor(5s).isOk());
        QCOMPARE(web(**session).status().phase(), std::string("Running"));
        apiserver::Request del;
        del.verb = "delete";
        del.type = api::Scheme::instance().byName("pods");
        del.namespace_ = "default";
        del.name = "web";
        QVERIFY((*session)->cluster().apiServer().handle(del).ok());
        QVERIFY((*session)->runFor(15s).isOk());
        QVERIFY(web(**session).metadata().has_deletion_timestamp());  // still stopping
        QVERIFY((*session)->runFor(20s).isOk());
        apiserver::Request get;
        get.verb = "get";
        get.type = del.type;
        get.namespace_ = "default";
        get.name = "web";
        // Gone once the grace period (30 s) ran out at the latest.
        QCOMPARE((*session)->cluster().apiServer().handle(get).status.code(), StatusCode::NotFound);
    }

    void badValuesNameTheField_data() {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("message");
        QTest::newRow("not a map") << "  kubeletTimings: 5s\n"
                                   << "scenario.yaml: document 1: spec.kubeletTimings: expected a map of kubelet steps "
                                      "to durations such as \"500ms\"";
        QTest::newRow("unknown step")
            << "  kubeletTimings: {imagePull: 1s}\n"
            << "scenario.yaml: document 1: spec.kubeletTimings.imagePull: unknown kubelet step (known: podAdmission, "
               "sandbox, containerCreate, containerStart, containerStop, initContainerRun)";
        QTest::newRow("a number") << "  kubeletTimings: {sandbox: 5}\n"
                                  << "scenario.yaml: document 1: spec.kubeletTimings.sandbox: expected a duration such "
                                     "as \"500ms\", got number";
        QTest::newRow("bad duration") << "  kubeletTimings: {sandbox: 5 seconds}\n"
                                      << "scenario.yaml: document 1: spec.kubeletTimings.sandbox: unknown unit "
                                         "\" seconds\" in duration \"5 seconds\"";
        QTest::newRow("negative") << "  kubeletTimings: {containerStart: -1s}\n"
                                  << "scenario.yaml: document 1: spec.kubeletTimings.containerStart: must not be "
                                     "negative";
    }
    void badValuesNameTheField() {
        QFETCH(QString, spec);
        QFETCH(QString, message);
        auto s = load(spec.toStdString());
        QVERIFY(!s.isOk());
        QCOMPARE(QString::fromStdString(s.status().message()), message);
    }

    void writerKeepsThem() {
        auto s = load("  kubeletTimings: {sandbox: 2.5s, containerStart: 0s}\n");
        QVERIFY2(s.isOk(), s.status().message().c_str());
        auto again = cluster::loadScenario(cluster::writeScenario(*s), "written.yaml", nullptr);
        QVERIFY2(again.isOk(), again.status().message().c_str());
        QCOMPARE(again->kubeletTimings.size(), size_t(2));
        QCOMPARE(again->kubeletTimings.at("sandbox"), sim::Duration(2500ms));
        QCOMPARE(again->kubeletTimings.at("containerStart"), sim::Duration::zero());
    }
};

QTEST_GUILESS_MAIN(KubeletTimingsTest)
#include "kubelet_timings_test.moc"
