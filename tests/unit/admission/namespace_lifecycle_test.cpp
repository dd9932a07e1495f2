#include "admission_test.h"

#include "apiserver/admission/namespace_lifecycle.h"

using namespace pilothouse;
using namespace pilothouse::testing;
using apiserver::admission::NamespaceLifecycle;
using apiserver::admission::Operation;

namespace {

constexpr const char* kNamespaces = R"(
apiVersion: v1
kind: Namespace
metadata: {name: default}
status: {phase: Active}
---
apiVersion: v1
kind: Namespace
metadata: {name: kube-system}
status: {phase: Active}
---
apiVersion: v1
kind: Namespace
metadata: {name: kube-public}
status: {phase: Active}
---
apiVersion: v1
kind: Namespace
metadata: {name: team-a}
status: {phase: Active}
---
apiVersion: v1
kind: Namespace
metadata: {name: doomed, deletionTimestamp: "2024-01-01T00:00:00Z"}
status: {phase: Terminating}
)";

QString pod(const char* ns, const char* name = "web") {
    return QString("apiVersion: v1\nkind: Pod\nmetadata: {name: %1, namespace: %2}\n"
                   "spec:\n  containers: [{name: app, image: nginx}]\n")
        .arg(name, ns);
}

}  // namespace

void AdmissionTest::namespaceLifecycle_data() {
    QTest::addColumn<int>("op");
    QTest::addColumn<QString>("yaml");      // Create/Update body
    QTest::addColumn<QString>("deleteOf");  // Delete: "apiVersion|kind|namespace|name"
    QTest::addColumn<QString>("reason");    // "" = admitted
    QTest::addColumn<int>("http");
    QTest::addColumn<QString>("message");
    const int create = int(Operation::Create), update = int(Operation::Update),
              del = int(Operation::Delete);
    QTest::newRow("create in an active namespace") << create << pod("team-a") << "" << "" << 0 << "";
    QTest::newRow("create in a missing namespace")
        << create << pod("missing") << "" << "NotFound" << 404 << "namespaces \"missing\" not found";
    QTest::newRow("update in a missing namespace")
        << update << pod("missing") << "" << "NotFound" << 404 << "namespaces \"missing\" not found";
    QTest::newRow("create in a terminating namespace")
        << create << pod("doomed") << "" << "Forbidden" << 403
        << "pods \"web\" is forbidden: unable to create new content in namespace doomed because it "
           "is being terminated";
    QTest::newRow("generateName used when there is no name")
        << create
        << QString("apiVersion: v1\nkind: Pod\nmetadata: {generateName: web-, namespace: doomed}\n"
                   "spec:\n  containers: [{name: app, image: nginx}]\n")
        << "" << "Forbidden" << 403
        << "pods \"web-\" is forbidden: unable to create new content in namespace doomed because it "
           "is being terminated";
    QTest::newRow("other group in a terminating namespace")
        << create
        << QString("apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: api, namespace: doomed}\n"
                   "spec:\n  selector: {matchLabels: {app: api}}\n  template:\n    metadata: "
                   "{labels: {app: api}}\n    spec:\n      containers: [{name: app, image: nginx}]\n")
        << "" << "Forbidden" << 403
        << "deployments.apps \"api\" is forbidden: unable to create new content in namespace doomed "
           "because it is being terminated";
    QTest::newRow("update in a terminating namespace") << update << pod("doomed") << "" << "" << 0 << "";
    QTest::newRow("delete in a missing namespace") << del << "" << "v1|Pod|missing|web" << "" << 0 << "";
    QTest::newRow("delete default")
        << del << "" << "v1|Namespace||default" << "Forbidden" << 403
        << "namespaces \"default\" is forbidden: this namespace may not be deleted";
    QTest::newRow("delete kube-system")
        << del << "" << "v1|Namespace||kube-system" << "Forbidden" << 403
        << "namespaces \"kube-system\" is forbidden: this namespace may not be deleted";
    QTest::newRow("delete kube-public")
        << del << "" << "v1|Namespace||kube-public" << "Forbidden" << 403
        << "namespaces \"kube-public\" is forbidden: this namespace may not be deleted";
    QTest::newRow("delete an ordinary namespace") << del << "" << "v1|Namespace||team-a" << "" << 0 << "";
    QTest::newRow("create a namespace")
        << create << QString("apiVersion: v1\nkind: Namespace\nmetadata: {name: fresh}\n") << ""
        << "" << 0 << "";
    QTest::newRow("cluster-scoped object")
        << create << QString("apiVersion: v1\nkind: Node\nmetadata: {name: node-1}\n") << "" << ""
        << 0 << "";
    QTest::newRow("cluster-scoped object of another group")
        << create
        << QString("apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata: {name: high}\n"
                   "value: 1000\n")
        << "" << "" << 0 << "";
}

void AdmissionTest::namespaceLifecycle() {
    QFETCH(int, op);
    QFETCH(QString, yaml);
    QFETCH(QString, deleteOf);
    QFETCH(QString, reason);
    QFETCH(int, http);
    QFETCH(QString, message);
    FakeLister lister;
    QVERIFY(lister.load(kNamespaces).isOk());
    std::unique_ptr<TestRequest> r;
    if (Operation(op) == Operation::Delete) {
        const QStringList p = deleteOf.split('|');
        const std::string apiVersion = p[0].toStdString(), kind = p[1].toStdString();
        r = makeDelete(apiVersion.c_str(), kind.c_str(), p[2], p[3]);
    } else {
        r = makeRequest(Operation(op), yaml);
    }
    NamespaceLifecycle plugin;
    QVERIFY(plugin.handles(Operation(op)));
    std::vector<sim::Phrase> notes;
    const std::string before = r->object ? r->object->SerializeAsString() : "";
    const Status st = plugin.admit(r->attrs, lister, &notes);
    QCOMPARE(QString::fromStdString(st.reason()), reason);
    QCOMPARE(st.httpCode(), http);
    QCOMPARE(QString::fromStdString(st.message()), message);
    QVERIFY(notes.empty());
    if (r->object) QCOMPARE(r->object->SerializeAsString(), before);  // never mutates
}

void AdmissionTest::namespaceTerminatingCause() {
    FakeLister lister;
    QVERIFY(lister.load(kNamespaces).isOk());
    auto r = makeRequest(Operation::Create, pod("doomed"));
    NamespaceLifecycle plugin;
    const Status st = plugin.admit(r->attrs, lister, nullptr);
    QCOMPARE(st.code(), StatusCode::PermissionDenied);
    QCOMPARE(int(st.causes().size()), 1);
    QCOMPARE(QString::fromStdString(st.causes()[0].type), QString("NamespaceTerminating"));
    QCOMPARE(QString::fromStdString(st.causes()[0].message),
             QString("namespace doomed is being terminated"));
    QCOMPARE(QString::fromStdString(st.causes()[0].field), QString("metadata.namespace"));
    QCOMPARE(QString::fromStdString(plugin.name()), QString("NamespaceLifecycle"));

    // Custom immortal namespaces.
    NamespaceLifecycle custom({"team-a"});
    auto d = makeDelete("v1", "Namespace", "", "team-a");
    QCOMPARE(QString::fromStdString(custom.admit(d->attrs, lister, nullptr).message()),
             QString("namespaces \"team-a\" is forbidden: this namespace may not be deleted"));
    auto d2 = makeDelete("v1", "Namespace", "", "default");
    QVERIFY(custom.admit(d2->attrs, lister, nullptr).isOk());
}
