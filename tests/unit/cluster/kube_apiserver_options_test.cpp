// A scenario's kube-apiserver configuration: spec.featureGates (PodHostIPs) and
// spec.kubeAPIServer's enable/disableAdmissionPlugins, as a cluster built with those flags
// behaves; bad values are refused naming the field; the scenario writer keeps them.
#include <QTest>

#include <chrono>

#include "api/object.h"
#include "cluster/scenario.h"
#include "cluster/scenario_writer.h"
#include "cluster/session.h"
#include "core_v1.pb.h"

using namespace pilothouse;
using namespace std::chrono_literals;
namespace core = k8s::io::api::core::v1;

namespace {

std::string scenarioText(const std::string& spec) {
    return "apiVersion: pilothouse.dev/v1alpha1\nkind: Scenario\nmetadata: {name: flags}\nspec:\n" + spec +
           "---\napiVersion: v1\nkind: Node\nmetadata: {name: node-1}\n"
           "status: {capacity: {cpu: \"4\", memory: 8Gi, pods: \"110\"}}\n"
           "---\napiVersion: v1\nkind: Pod\nmetadata: {name: web, namespace: default}\n"
           "spec: {containers: [{name: web, image: nginx}]}\n";
}

StatusOr<cluster::Scenario> load(const std::string& spec) {
    std::vector<std::string> warnings;
    return cluster::loadScenario(scenarioText(spec), "scenario.yaml", &warnings);
}

// The pod "web" once it runs.
core::Pod runningPod(const std::string& spec) {
    auto scenario = load(spec);
    if (!scenario) qFatal("%s", scenario.status().message().c_str());
    auto session = cluster::Session::start({}, std::move(*scenario));
    if (!session) qFatal("%s", session.status().message().c_str());
    if (auto st = (*session)->runFor(30s); !st) qFatal("%s", st.message().c_str());
    apiserver::Request r;
    r.verb = "get";
    r.type = api::Scheme::instance().byName("pods");
    r.namespace_ = "default";
    r.name = "web";
    auto resp = (*session)->cluster().apiServer().handle(r);
    if (!resp.ok()) qFatal("%s", resp.status.message().c_str());
    return static_cast<const core::Pod&>(*resp.object);
}

}  // namespace

class KubeAPIServerOptionsTest : public QObject {
    Q_OBJECT
private slots:
    void defaultsAreV128s() {
        const core::Pod pod = runningPod("  seed: 1\n");
        QCOMPARE(pod.status().phase(), std::string("Running"));
        QVERIFY(!pod.status().host_ip().empty());
        // PodHostIPs is alpha in v1.28, off by default: the API server keeps no status.hostIPs.
        QCOMPARE(pod.status().host_ips_size(), 0);
        // DefaultTolerationSeconds is on by default.
        QCOMPARE(pod.spec().tolerations_size(), 2);
        QCOMPARE(pod.spec().tolerations(0).key(), std::string("node.kubernetes.io/not-ready"));
    }

    void podHostIPsGateAndDisabledPlugin() {
        const core::Pod pod = runningPod(
            "  featureGates: {PodHostIPs: true}\n"
            "  kubeAPIServer: {disableAdmissionPlugins: [DefaultTolerationSeconds]}\n");
        QCOMPARE(pod.status().host_ips_size(), 1);
        QCOMPARE(pod.status().host_ips(0).ip(), pod.status().host_ip());
        QCOMPARE(pod.spec().tolerations_size(), 0);
    }

    void admissionPluginsOverTheDefaults() {
        cluster::Scenario s;
        s.disableAdmissionPlugins = {"DefaultTolerationSeconds", "LimitRanger"};
        auto plugins = cluster::admissionPluginsOf(s);
        QVERIFY(plugins.isOk());
        QCOMPARE(*plugins, (std::vector<std::string>{"NamespaceLifecycle", "Priority", "ResourceQuota"}));
    }

    void badValuesNameTheField_data() {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown gate") << "  featureGates: {PodHostIP: true}\n"
                                      << "scenario.yaml: document 1: spec.featureGates: unrecognized feature gate: PodHostIP";
        QTest::newRow("not a bool") << "  featureGates: {PodHostIPs: yes please}\n"
                                    << "scenario.yaml: document 1: spec.featureGates.PodHostIPs: expected true or false";
        QTest::newRow("unknown plugin")
            << "  kubeAPIServer: {disableAdmissionPlugins: [Priority, AlwaysPullImages]}\n"
            << "scenario.yaml: document 1: spec.kubeAPIServer: disableAdmissionPlugins[1]: admission plugin "
               "\"AlwaysPullImages\" is unknown";
        QTest::newRow("both") << "  kubeAPIServer: {enableAdmissionPlugins: [Priority], disableAdmissionPlugins: [Priority]}\n"
                              << "scenario.yaml: document 1: spec.kubeAPIServer: admission plugin \"Priority\" is both "
                                 "enabled and disabled";
        QTest::newRow("unknown field") << "  kubeAPIServer: {admissionPlugins: [Priority]}\n"
                                       << "scenario.yaml: document 1: spec.kubeAPIServer.admissionPlugins: unknown field";
    }
    void badValuesNameTheField() {
        QFETCH(QString, spec);
        QFETCH(QString, message);
        auto s = load(spec.toStdString());
        QVERIFY(!s.isOk());
        QVERIFY2(s.status().message().rfind(message.toStdString(), 0) == 0, s.status().message().c_str());
    }

    void writerKeepsThem() {
        auto s = load("  featureGates: {PodHostIPs: true}\n"
                      "  kubeAPIServer: {disableAdmissionPlugins: [DefaultTolerationSeconds]}\n");
        QVERIFY(s.isOk());
        std::vector<std::string> warnings;
        auto again = cluster::loadScenario(cluster::writeScenario(*s), "written.yaml", &warnings);
        QVERIFY2(again.isOk(), again.status().message().c_str());
        QCOMPARE(again->featureGates, (std::map<std::string, bool>{{"PodHostIPs", true}}));
        QCOMPARE(again->disableAdmissionPlugins, std::vector<std::string>{"DefaultTolerationSeconds"});
        QVERIFY(again->enableAdmissionPlugins.empty());
    }
};

QTEST_GUILESS_MAIN(KubeAPIServerOptionsTest)
#include "kube_apiserver_options_test.moc"
