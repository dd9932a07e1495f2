#include "admission_test.h"

#include "util/rfc3339.h"
#include "apiserver/admission/resource_quota.h"

using namespace pilothouse;
using namespace pilothouse::testing;
using apiserver::admission::Operation;
using apiserver::admission::ResourceQuota;

namespace {

constexpr const char* kState = R"(
apiVersion: v1
kind: ResourceQuota
metadata: {name: compute, namespace: q1}
spec:
  hard: {requests.cpu: "2", requests.memory: 2Gi, limits.cpu: "4", limits.memory: 4Gi, pods: "3"}
---
apiVersion: v1
kind: Pod
metadata: {name: p1, namespace: q1}
spec:
  containers:
  - {name: app, image: nginx, resources: {requests: {cpu: "1", memory: 1Gi}, limits: {cpu: "2", memory: 2Gi}}}
status: {phase: Running}
---
apiVersion: v1
kind: Pod
metadata: {name: p2, namespace: q1}
spec:
  containers:
  - {name: app, image: nginx, resources: {requests: {cpu: 500m, memory: 512Mi}, limits: {cpu: "1", memory: 1Gi}}}
status: {phase: Pending}
---
apiVersion: v1
kind: Pod
metadata: {name: p3, namespace: q1}
spec:
  containers:
  - {name: app, image: nginx, resources: {requests: {cpu: "1", memory: 1Gi}, limits: {cpu: "2", memory: 2Gi}}}
status: {phase: Succeeded}
---
apiVersion: v1
kind: ResourceQuota
metadata: {name: pod-count, namespace: q2}
spec:
  hard: {pods: "2", count/pods: "5"}
---
apiVersion: v1
kind: Pod
metadata: {name: r1, namespace: q2}
spec: {containers: [{name: app, image: nginx}]}
---
apiVersion: v1
kind: Pod
metadata: {name: r2, namespace: q2}
spec: {containers: [{name: app, image: nginx}]}
---
apiVersion: v1
kind: Pod
metadata: {name: f1, namespace: q2}
spec: {containers: [{name: app, image: nginx}]}
status: {phase: Failed}
---
apiVersion: v1
kind: Pod
metadata: {name: d1, namespace: q2, deletionTimestamp: "2024-01-01T00:00:00Z", deletionGracePeriodSeconds: 30}
spec: {containers: [{name: app, image: nginx}]}
status: {phase: Running}
---
apiVersion: v1
kind: ResourceQuota
metadata: {name: svc, namespace: q3}
spec:
  hard: {services: "1", services.nodeports: "2", services.loadbalancers: "0"}
---
apiVersion: v1
kind: Service
metadata: {name: existing, namespace: q3}
spec: {ports: [{port: 80}]}
---
apiVersion: v1
kind: ResourceQuota
metadata: {name: deploy-count, namespace: q4}
spec:
  hard: {count/deployments.apps: "1", count/events: "0"}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: d1, namespace: q4}
spec:
  selector: {matchLabels: {app: d1}}
  template:
    metadata: {labels: {app: d1}}
    spec: {containers: [{name: app, image: nginx}]}
---
apiVersion: v1
kind: ResourceQuota
metadata: {name: besteffort, namespace: q5}
spec:
  hard: {pods: "1"}
  scopes: [BestEffort]
---
apiVersion: v1
kind: Pod
metadata: {name: be1, namespace: q5}
spec: {containers: [{name: app, image: nginx}]}
)";

QString pod(const char* ns, const QString& containers, const QString& init = {}) {
    QString y = QString("apiVersion: v1\nkind: Pod\nmetadata: {name: web, namespace: %1}\nspec:\n").arg(ns);
    if (!init.isEmpty()) y += "  initContainers: [" + init + "]\n";
    return y + "  containers: [" + containers + "]\n";
}

QString c(const char* name, const char* requests, const char* limits) {
    QString r = QString("{name: %1, image: nginx, resources: {").arg(name);
    if (requests) r += QString("requests: {%1}").arg(requests);
    if (requests && limits) r += ", ";
    if (limits) r += QString("limits: {%1}").arg(limits);
    return r + "}}";
}

QString service(const char* name, const char* type, int ports) {
    QString y = QString("apiVersion: v1\nkind: Service\nmetadata: {name: %1, namespace: q3}\nspec:\n"
                        "  type: %2\n  ports:\n")
                    .arg(name, type);
    for (int i = 0; i < ports; ++i) y += QString("  - {name: p%1, port: %2}\n").arg(i).arg(80 + i);
    return y;
}

const QString kFull = "cpu: 500m, memory: 256Mi";

}  // namespace

void AdmissionTest::resourceQuota_data() {
    QTest::addColumn<int>("op");
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<QString>("oldYaml");
    QTest::addColumn<QString>("subresource");
    QTest::addColumn<QString>("message");
    QTest::addColumn<QString>("notes");
    const int create = int(Operation::Create), update = int(Operation::Update);
    const QString fp = "pods \"web\" is forbidden: ";

    QTest::newRow("fits")
        << create << pod("q1", c("app", "cpu: 500m, memory: 256Mi", "cpu: 1, memory: 512Mi")) << ""
        << "" << ""
        << "quota compute: limits.cpu 4/4, limits.memory 3584Mi/4Gi, pods 3/3, requests.cpu 2/2, "
           "requests.memory 1792Mi/2Gi";
    QTest::newRow("requests.cpu exceeded")
        << create << pod("q1", c("app", "cpu: 600m, memory: 256Mi", "cpu: 1, memory: 512Mi")) << ""
        << ""
        << fp + "exceeded quota: compute, requested: requests.cpu=600m, used: requests.cpu=1500m, "
                "limited: requests.cpu=2"
        << "";
    QTest::newRow("two resources exceeded")
        << create << pod("q1", c("app", "cpu: 1, memory: 1Gi", "cpu: 1, memory: 1Gi")) << "" << ""
        << fp + "exceeded quota: compute, requested: requests.cpu=1,requests.memory=1Gi, used: "
                "requests.cpu=1500m,requests.memory=1536Mi, limited: "
                "requests.cpu=2,requests.memory=2Gi"
        << "";
    QTest::newRow("limits missing")
        << create << pod("q1", c("app", "cpu: 100m, memory: 64Mi", nullptr)) << "" << ""
        << fp + "failed quota: compute: must specify limits.cpu for: app; limits.memory for: app"
        << "";
    QTest::newRow("nothing specified, two containers")
        << create << pod("q1", "{name: b, image: nginx}, {name: a, image: nginx}") << "" << ""
        << fp + "failed quota: compute: must specify limits.cpu for: a,b; limits.memory for: a,b; "
                "requests.cpu for: a,b; requests.memory for: a,b"
        << "";
    QTest::newRow("one container partly specified")
        << create
        << pod("q1", c("a", kFull.toLatin1().constData(), kFull.toLatin1().constData()) + ", " +
                         c("b", "cpu: 100m", "cpu: 100m"))
        << "" << ""
        << fp + "failed quota: compute: must specify limits.memory for: b; requests.memory for: b"
        << "";
    QTest::newRow("init containers must specify too")
        << create
        << pod("q1", c("a", kFull.toLatin1().constData(), kFull.toLatin1().constData()),
               "{name: setup, image: busybox}")
        << "" << ""
        << fp + "failed quota: compute: must specify limits.cpu for: setup; limits.memory for: "
                "setup; requests.cpu for: setup; requests.memory for: setup"
        << "";
    QTest::newRow("pods count: terminal pods free, deleted ones charged")
        << create << pod("q2", "{name: app, image: nginx}") << "" << ""
        << fp + "exceeded quota: pod-count, requested: pods=1, used: pods=3, limited: pods=2" << "";
    QTest::newRow("services exceeded")
        << create << service("s2", "ClusterIP", 1) << "" << ""
        << "services \"s2\" is forbidden: exceeded quota: svc, requested: services=1, used: "
           "services=1, limited: services=1"
        << "";
    QTest::newRow("load balancer counts node ports and a load balancer")
        << create << service("lb", "LoadBalancer", 3) << "" << ""
        << "services \"lb\" is forbidden: exceeded quota: svc, requested: "
           "services=1,services.loadbalancers=1,services.nodeports=3, used: "
           "services=1,services.loadbalancers=0,services.nodeports=0, limited: "
           "services=1,services.loadbalancers=0,services.nodeports=2"
        << "";
    QTest::newRow("service update charges the difference")
        << update << service("existing", "NodePort", 1) << service("existing", "ClusterIP", 1) << ""
        << "" << "quota svc: services.nodeports 1/2";
    QTest::newRow("service update over the node port quota")
        << update << service("existing", "NodePort", 3) << service("existing", "ClusterIP", 1) << ""
        << "services \"existing\" is forbidden: exceeded quota: svc, requested: "
           "services.nodeports=3, used: services.nodeports=0, limited: services.nodeports=2"
        << "";
    QTest::newRow("object count of another group")
        << create
        << QString("apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d2, namespace: q4}\n"
                   "spec:\n  selector: {matchLabels: {app: d2}}\n  template:\n    metadata: "
                   "{labels: {app: d2}}\n    spec: {containers: [{name: app, image: nginx}]}\n")
        << "" << ""
        << "deployments.apps \"d2\" is forbidden: exceeded quota: deploy-count, requested: "
           "count/deployments.apps=1, used: count/deployments.apps=1, limited: "
           "count/deployments.apps=1"
        << "";
    QTest::newRow("events are not quota'd")
        << create
        << QString("apiVersion: v1\nkind: Event\nmetadata: {name: e1, namespace: q4}\n"
                   "involvedObject: {kind: Pod, name: p}\nreason: Test\n")
        << "" << "" << "" << "";
    QTest::newRow("quota for other resources does not apply")
        << create << pod("q4", "{name: app, image: nginx}") << "" << "" << "" << "";
    QTest::newRow("scope BestEffort: best-effort pod")
        << create << pod("q5", "{name: app, image: nginx}") << "" << ""
        << fp + "exceeded quota: besteffort, requested: pods=1, used: pods=1, limited: pods=1" << "";
    QTest::newRow("scope BestEffort: burstable pod not in scope")
        << create << pod("q5", c("app", "cpu: 100m", nullptr)) << "" << "" << "" << "";
    QTest::newRow("no quota in namespace")
        << create << pod("default", "{name: app, image: nginx}") << "" << "" << "" << "";
    QTest::newRow("pod updates are not charged")
        << update << pod("q1", c("app", "cpu: 64, memory: 64Gi", "cpu: 64, memory: 64Gi"))
        << pod("q1", c("app", kFull.toLatin1().constData(), kFull.toLatin1().constData())) << ""
        << "" << "";
    QTest::newRow("subresources are not charged")
        << create << pod("q1", "{name: app, image: nginx}") << "" << "binding" << "" << "";
}

void AdmissionTest::resourceQuota() {
    QFETCH(int, op);
    QFETCH(QString, yaml);
    QFETCH(QString, oldYaml);
    QFETCH(QString, subresource);
    QFETCH(QString, message);
    QFETCH(QString, notes);
    FakeLister lister;
    const Status loaded = lister.load(kState);
    QVERIFY2(loaded.isOk(), loaded.message().c_str());
    auto r = makeRequest(Operation(op), yaml, oldYaml);
    r->attrs.request.subresource = subresource.toStdString();
    ResourceQuota plugin;
    QVERIFY(plugin.handles(Operation(op)));
    QVERIFY(!plugin.handles(Operation::Delete));
    std::vector<sim::Phrase> got;
    const Status st = plugin.validate(r->attrs, lister, &got);
    QCOMPARE(QString::fromStdString(st.message()), message);
    if (!message.isEmpty()) {
        QCOMPARE(QString::fromStdString(st.reason()), QString("Forbidden"));
        QCOMPARE(st.httpCode(), 403);
    }
    QCOMPARE(joinNotes(got), notes);
}

void AdmissionTest::resourceQuotaDeletedPodsAndClock() {
    FakeLister lister;
    QVERIFY(lister.load(kState).isOk());
    const QString newPod = pod("q2", "{name: app, image: nginx}");
    const int64_t deleted = *rfc3339::parse("2024-01-01T00:00:00Z");

    // Within the grace period the deleted pod is still charged.
    ResourceQuota during([deleted] { return deleted + 10'000'000'000LL; });
    auto r1 = makeRequest(Operation::Create, newPod);
    QCOMPARE(QString::fromStdString(during.validate(r1->attrs, lister, nullptr).message()),
             QString("pods \"web\" is forbidden: exceeded quota: pod-count, requested: pods=1, used: "
                     "pods=3, limited: pods=2"));

    // Past it, only count/pods still counts it.
    ResourceQuota after([deleted] { return deleted + 31'000'000'000LL; });
    auto r2 = makeRequest(Operation::Create, newPod);
    QCOMPARE(QString::fromStdString(after.validate(r2->attrs, lister, nullptr).message()),
             QString("pods \"web\" is forbidden: exceeded quota: pod-count, requested: pods=1, used: "
                     "pods=2, limited: pods=2"));
}
