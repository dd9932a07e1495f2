// A scenario's KubeletConfiguration document (kubelet.config.k8s.io/v1beta1): every node's
// kubelet runs with it (nodeStatusMaxImages caps status.images; the lease and status periods),
// upstream's defaulting and validation messages, fields the simulated kubelet has no use for
// warned about and ignored, and the scenario writer keeps the document.
#include <QTest>

#include <chrono>

#include "api/object.h"
#include "cluster/scenario.h"
#include "cluster/scenario_writer.h"
#include "cluster/session.h"
#include "coordination_v1.pb.h"
#include "core_v1.pb.h"

using namespace pilothouse;
using namespace std::chrono_literals;
namespace core = k8s::io::api::core::v1;

namespace {

std::string scenarioText(const std::string& kubeletConfiguration) {
    return "apiVersion: pilothouse.dev/v1alpha1\nkind: Scenario\nmetadata: {name: kubelet}\nspec: {seed: 1}\n"
           "---\napiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\n" + kubeletConfiguration +
           "---\napiVersion: v1\nkind: Node\nmetadata: {name: node-1}\n"
           "status: {capacity: {cpu: \"4\", memory: 8Gi, pods: \"110\"}}\n"
           "---\napiVersion: v1\nkind: Pod\nmetadata: {name: web, namespace: default}\n"
           "spec: {containers: [{name: web, image: nginx}]}\n";
}

StatusOr<cluster::Scenario> load(const std::string& config, std::vector<std::string>* warnings = nullptr) {
    std::vector<std::string> ignored;
    return cluster::loadScenario(scenarioText(config), "scenario.yaml", warnings ? warnings : &ignored);
}

template <typename T>
T get(cluster::Session& session, const char* resource, const char* ns, const char* name) {
    apiserver::Request r;
    r.verb = "get";
    r.type = api::Scheme::instance().byName(resource);
    r.namespace_ = ns;
    r.name = name;
    auto resp = session.cluster().apiServer().handle(r);
    if (!resp.ok()) qFatal("%s", resp.status.message().c_str());
    return static_cast<const T&>(*resp.object);
}

}  // namespace

class KubeletConfigurationTest : public QObject {
    Q_OBJECT
private slots:
    // The node lists at most nodeStatusMaxImages images (pause and nginx are on it after 30 s).
    void nodeStatusMaxImages_data() {
        QTest::addColumn<QString>("config");
        QTest::addColumn<int>("images");
        QTest::newRow("default (50)") << "" << 2;
        QTest::newRow("0: none") << "nodeStatusMaxImages: 0\n" << 0;
        QTest::newRow("1: the largest") << "nodeStatusMaxImages: 1\n" << 1;
        QTest::newRow("-1: all") << "nodeStatusMaxImages: -1\n" << 2;
    }
    void nodeStatusMaxImages() {
        QFETCH(QString, config);
        QFETCH(int, images);
        auto scenario = load(config.toStdString());
        QVERIFY2(scenario.isOk(), scenario.status().message().c_str());
        auto session = cluster::Session::start({}, std::move(*scenario));
        QVERIFY2(session.isOk(), session.status().message().c_str());
        QVERIFY((*session)->runFor(30s).isOk());
        QCOMPARE(get<core::Pod>(**session, "pods", "default", "web").status().phase(), std::string("Running"));
        const auto node = get<core::Node>(**session, "nodes", "", "node-1");
        QCOMPARE(node.status().images_size(), images);
        if (images == 1) QCOMPARE(node.status().images(0).names(1), std::string("docker.io/library/nginx:latest"));
    }

    // nodeLeaseDurationSeconds is the Lease's spec.leaseDurationSeconds, renewed every quarter of it.
    void leaseDuration() {
        auto scenario = load("nodeLeaseDurationSeconds: 20\n");
        QVERIFY2(scenario.isOk(), scenario.status().message().c_str());
        auto session = cluster::Session::start({}, std::move(*scenario));
        QVERIFY2(session.isOk(), session.status().message().c_str());
        QVERIFY((*session)->runFor(17s).isOk());
        const auto lease = get<k8s::io::api::coordination::v1::Lease>(**session, "leases", "kube-node-lease", "node-1");
        QCOMPARE(lease.spec().lease_duration_seconds(), 20);
        // Renewed every 5 s: last at 15 s (every 10 s by default: last at 10 s).
        QCOMPARE(lease.spec().renew_time(), std::string("2024-01-01T00:00:15.000000Z"));
    }

    // v1beta1 defaulting: a nodeStatusUpdateFrequency set alone is also the report frequency.
    void reportFrequencyFollowsUpdateFrequency_data() {
        QTest::addColumn<QString>("config");
        QTest::addColumn<int>("updateSeconds");
        QTest::addColumn<int>("reportSeconds");
        QTest::newRow("defaults") << "" << 10 << 300;
        QTest::newRow("update alone") << "nodeStatusUpdateFrequency: 20s\n" << 20 << 20;
        QTest::newRow("both") << "nodeStatusUpdateFrequency: 20s\nnodeStatusReportFrequency: 1m\n" << 20 << 60;
    }
    void reportFrequencyFollowsUpdateFrequency() {
        QFETCH(QString, config);
        QFETCH(int, updateSeconds);
        QFETCH(int, reportSeconds);
        auto scenario = load(config.toStdString());
        QVERIFY2(scenario.isOk(), scenario.status().message().c_str());
        auto parsed = cluster::kubeletConfigurationOf(*scenario);
        QVERIFY(parsed.isOk());
        QCOMPARE(parsed->nodeStatusUpdateFrequency, sim::Duration(std::chrono::seconds(updateSeconds)));
        QCOMPARE(parsed->nodeStatusReportFrequency, sim::Duration(std::chrono::seconds(reportSeconds)));
    }

    void badValuesNameTheDocument_data() {
        QTest::addColumn<QString>("config");
        QTest::addColumn<QString>("message");
        QTest::newRow("max images below -1")
            << "nodeStatusMaxImages: -2\n"
            << "scenario.yaml: document 2: invalid configuration: nodeStatusMaxImages (--node-status-max-images) -2 "
               "must be -1 or greater";
        QTest::newRow("lease 0") << "nodeLeaseDurationSeconds: 0\n"
                                 << "scenario.yaml: document 2: invalid configuration: nodeLeaseDurationSeconds must "
                                    "be greater than 0";
        QTest::newRow("two errors")
            << "nodeLeaseDurationSeconds: 0\nnodeStatusMaxImages: -5\n"
            << "scenario.yaml: document 2: [invalid configuration: nodeLeaseDurationSeconds must be greater than 0, "
               "invalid configuration: nodeStatusMaxImages (--node-status-max-images) -5 must be -1 or greater]";
        QTest::newRow("not an integer") << "nodeStatusMaxImages: many\n"
                                        << "scenario.yaml: document 2: nodeStatusMaxImages: expected a 32-bit integer, "
                                           "got string";
        QTest::newRow("not a duration") << "nodeStatusUpdateFrequency: 10\n"
                                        << "scenario.yaml: document 2: nodeStatusUpdateFrequency: expected a duration "
                                           "such as \"10s\", got number";
        QTest::newRow("bad duration") << "nodeStatusReportFrequency: 5 minutes\n"
                                      << "scenario.yaml: document 2: nodeStatusReportFrequency: ";
        QTest::newRow("zero period") << "nodeStatusUpdateFrequency: 0s\n"
                                     << "scenario.yaml: document 2: [invalid configuration: nodeStatusUpdateFrequency "
                                        "must be greater than 0 in a simulation, invalid configuration: "
                                        "nodeStatusReportFrequency must be greater than 0 in a simulation]";
    }
    void badValuesNameTheDocument() {
        QFETCH(QString, config);
        QFETCH(QString, message);
        auto s = load(config.toStdString());
        QVERIFY(!s.isOk());
        QVERIFY2(s.status().message().rfind(message.toStdString(), 0) == 0, s.status().message().c_str());
    }

    void twoDocumentsAreRefused() {
        auto s = cluster::loadScenario(
            scenarioText("nodeStatusMaxImages: 0\n") +
                "---\napiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nnodeStatusMaxImages: 1\n",
            "scenario.yaml", nullptr);
        QVERIFY(!s.isOk());
        QCOMPARE(s.status().message(),
                 std::string("scenario.yaml: document 5: kind: a file holds at most one KubeletConfiguration"));
    }

    // A real kubelet's file sets much more: those fields are named in a warning and left out.
    void otherFieldsAreWarnedAbout() {
        std::vector<std::string> warnings;
        auto s = load("nodeStatusMaxImages: 0\nevictionHard: {memory.available: 100Mi}\n", &warnings);
        QVERIFY2(s.isOk(), s.status().message().c_str());
        QCOMPARE(warnings.size(), size_t(1));
        QCOMPARE(warnings[0], std::string("scenario.yaml: document 2: evictionHard: not simulated by Pilothouse's kubelet "
                                          "(it honours nodeLeaseDurationSeconds, nodeStatusMaxImages, "
                                          "nodeStatusReportFrequency, nodeStatusUpdateFrequency); ignored"));
    }

    void writerKeepsIt() {
        auto s = load("nodeStatusMaxImages: 0\nnodeLeaseDurationSeconds: 20\n");
        QVERIFY(s.isOk());
        std::vector<std::string> warnings;
        auto again = cluster::loadScenario(cluster::writeScenario(*s), "written.yaml", &warnings);
        QVERIFY2(again.isOk(), again.status().message().c_str());
        auto config = cluster::kubeletConfigurationOf(*again);
        QVERIFY(config.isOk());
        QCOMPARE(config->nodeStatusMaxImages, 0);
        QCOMPARE(config->nodeLeaseDurationSeconds, 20);
    }
};

QTEST_GUILESS_MAIN(KubeletConfigurationTest)
#include "kubelet_configuration_test.moc"
