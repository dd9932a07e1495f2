// What kube-controller-manager does for namespaces, on the standard components: every active
// namespace gets its `default` ServiceAccount (made again when deleted), and a deleted namespace
// is emptied — its pods after their graceful termination — then removed through
// namespaces/finalize, as `kubectl delete namespace` waits for.
#include <QtTest>

#include "api/object.h"
#include "core_v1.pb.h"
#include "core_v1_config.pb.h"
#include "testing/scenario_run.h"

using namespace pilothouse;
using namespace std::chrono_literals;

namespace {

const char* kScenario = R"(apiVersion: pilothouse.dev/v1alpha1
kind: Scenario
metadata: {name: namespaces}
spec: {seed: 3}
---
apiVersion: v1
kind: Node
metadata: {name: node-1, labels: {kubernetes.io/hostname: node-1}}
spec: {podCIDR: 10.244.1.0/24}
status: {capacity: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Namespace
metadata: {name: team}
---
apiVersion: v1
kind: Pod
metadata: {name: web, namespace: team}
spec: {containers: [{name: c, image: nginx:1.25}]}
---
apiVersion: v1
kind: ConfigMap
metadata: {name: settings, namespace: team}
data: {mode: fast}
)";

struct Run : testing::ScenarioRun {
    Run() : ScenarioRun(load()) {}
    static cluster::Scenario load() {
        std::vector<std::string> warnings;
        auto s = cluster::loadScenario(kScenario, "namespaces.yaml", &warnings);
        if (!s) qFatal("%s", s.status().message().c_str());
        return std::move(*s);
    }
    apiserver::Response call(const char* verb, const char* resource, const std::string& ns, const std::string& name) {
        apiserver::Request r;
        r.verb = verb;
        r.type = api::Scheme::instance().byName(resource);
        r.namespace_ = ns;
        r.name = name;
        return cluster->apiServer().handle(r);
    }
};

}  // namespace

class NamespaceLifecycleTest : public QObject {
    Q_OBJECT

private slots:
    void defaultServiceAccountInEveryNamespace() {
        Run run;
        run.runUntil(2s);
        for (const char* ns : {"default", "kube-system", "team"})
            QVERIFY2(run.call("get", "serviceaccounts", ns, "default").ok(), ns);
        QVERIFY(run.call("delete", "serviceaccounts", "team", "default").ok());
        run.runUntil(4s);
        QVERIFY(run.call("get", "serviceaccounts", "team", "default").ok());  // made again
    }

    void deletedNamespaceIsEmptiedThenRemoved() {
        Run run;
        run.runUntil(10s);
        QCOMPARE(static_cast<const k8s::io::api::core::v1::Pod&>(*run.call("get", "pods", "team", "web").object).status().phase(),
                 std::string("Running"));
        auto deleted = run.call("delete", "namespaces", "", "team");
        QVERIFY(deleted.ok());
        auto terminating = run.call("get", "namespaces", "", "team");
        QVERIFY(terminating.ok());
        QCOMPARE(static_cast<const k8s::io::api::core::v1::Namespace&>(*terminating.object).status().phase(),
                 std::string("Terminating"));
        run.runUntil(60s);
        QCOMPARE(run.call("get", "pods", "team", "web").status.reason(), std::string("NotFound"));
        QCOMPARE(run.call("get", "namespaces", "", "team").status.reason(), std::string("NotFound"));
        QVERIFY(!run.call("get", "serviceaccounts", "team", "default").ok());
    }
};

QTEST_GUILESS_MAIN(NamespaceLifecycleTest)
#include "namespace_lifecycle_test.moc"
