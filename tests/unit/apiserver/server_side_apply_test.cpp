// Server-side apply and managedFields through the API server, step by step as kubectl 1.32 drove
// kube-apiserver v1.28.7 in ../shared/kubectl-traces/24-apply-server-side.md and 25-...: a pod
// created by client-side apply, applied server-side, kubectl's move of the client-side fields to
// its Apply entry, the final apply; then conflicts, force, and an apply that creates.
// The expected FieldsV1 are the ones the real server answered.
#include <QTemporaryDir>
#include <QtTest>

#include "api/codec/json.h"
#include "api/codec/manifest.h"
#include "api/object.h"
#include "controlplane/control_plane.h"
#include "core_v1.pb.h"
#include "sim/clock.h"
#include "server_side_apply_data.h"

using namespace pilothouse;
using apiserver::Request;
using apiserver::Response;
namespace core = k8s::io::api::core::v1;
using namespace pilothouse::ssa_test;

namespace {

const api::ResourceType* pods() { return api::Scheme::instance().byName("pods"); }

codec::Value json(const std::string& text) {
    auto v = codec::parseJson(text);
    if (!v) qFatal("bad test JSON: %s", v.status().message().c_str());
    return *v;
}

std::string entries(const google::protobuf::Message& object) {
    std::string out;
    for (const auto& e : api::metadata(object).managed_fields())
        out += e.manager() + "/" + e.operation() + (e.subresource().empty() ? "" : "/" + e.subresource()) +
               (e.time().empty() ? "" : "@t") + ";";
    return out;
}

const std::string kLastAppliedKey = "kubectl.kubernetes.io/last-applied-configuration";

const std::string& fieldsOf(const google::protobuf::Message& object, const std::string& manager, const std::string& op) {
    static const std::string none;
    for (const auto& e : api::metadata(object).managed_fields())
        if (e.manager() == manager && e.operation() == op) return e.fields_v1();
    return none;
}

}  // namespace

class ServerSideApplyTest : public QObject {
    Q_OBJECT
    sim::VirtualClock clock_;
    std::unique_ptr<controlplane::ControlPlane> cp_;

    // A create of the pod in `manifest` (kubectl's client-side applied one by default).
    static Request createRequest(const std::string& manifest = kClientSideApplied) {
        std::vector<std::string> warnings;
        auto ms = codec::loadManifests(manifest, "nginx-pod.yaml", &warnings);
        if (!ms) qFatal("%s", ms.status().message().c_str());
        Request r;
        r.verb = "create";
        r.type = pods();
        r.namespace_ = "default";
        r.body = std::shared_ptr<google::protobuf::Message>(std::move((*ms)[0].object));
        return r;
    }

    Response createClientSide(const std::string& manifest = kClientSideApplied) {
        Request r = createRequest(manifest);
        r.fieldManager = "kubectl-client-side-apply";
        return cp_->apiServer().handle(r);
    }

    Response apply(const std::string& body, const std::string& manager, bool force = false,
                   const std::string& name = "nginx") {
        Request r;
        r.verb = "patch";
        r.type = pods();
        r.namespace_ = "default";
        r.name = name;
        r.patchType = apiserver::PatchType::Apply;
        r.patch = json(body);
        r.fieldManager = manager;
        r.force = force;
        return cp_->apiServer().handle(r);
    }

private slots:
    void init() {
        auto cp = controlplane::ControlPlane::start(controlplane::Options{}, clock_);
        QVERIFY2(cp.isOk(), cp.status().message().c_str());
        cp_ = std::move(*cp);
    }
    void cleanup() { cp_.reset(); }

    void createRecordsTheDefaultedFieldsOfItsManager() {
        Response r = createClientSide();
        QVERIFY2(r.ok(), r.status.message().c_str());
        QCOMPARE(QString::fromStdString(entries(*r.object)), QStringLiteral("kubectl-client-side-apply/Update@t;"));
        QCOMPARE(QString::fromStdString(fieldsOf(*r.object, "kubectl-client-side-apply", "Update")),
                 QString::fromLatin1(kClientSideFields));
    }

    // Trace 24: the apply changes no value, so it conflicts with nobody and stamps no time.
    void applyOverClientSideApply() {
        QVERIFY(createClientSide().ok());
        Response r = apply(kApplied, "kubectl");
        QVERIFY2(r.ok(), r.status.message().c_str());
        QVERIFY(!r.created);
        QCOMPARE(QString::fromStdString(entries(*r.object)),
                 QStringLiteral("kubectl/Apply;kubectl-client-side-apply/Update@t;"));
        QCOMPARE(QString::fromStdString(fieldsOf(*r.object, "kubectl", "Apply")), QString::fromLatin1(kAppliedFields));
        QCOMPARE(QString::fromStdString(fieldsOf(*r.object, "kubectl-client-side-apply", "Update")),
                 QString::fromLatin1(kClientSideFields));
    }

    // kubectl's migration: a JSON patch gives the client-side fields to the Apply entry; the next
    // apply then drops what it no longer sets (defaulting puts the values back) and is stamped.
    void migrationFromClientSideApply() {
        QVERIFY(createClientSide().ok());
        Response r = apply(kApplied, "kubectl");
        QVERIFY(r.ok());
        const std::string rv = api::metadata(*r.object).resource_version();
        Request p;
        p.verb = "patch";
        p.type = pods();
        p.namespace_ = "default";
        p.name = "nginx";
        p.fieldManager = "kubectl";
        p.patchType = apiserver::PatchType::Json;
        codec::Value entry = codec::Value::object();
        entry.set("manager", "kubectl");
        entry.set("operation", "Apply");
        entry.set("apiVersion", "v1");
        entry.set("fieldsType", "FieldsV1");
        entry.set("fieldsV1", json(kClientSideFields));
        codec::Value list = codec::Value::array();
        list.push(entry);
        codec::Value op = codec::Value::object();
        op.set("op", "replace");
        op.set("path", "/metadata/managedFields");
        op.set("value", list);
        codec::Value rvOp = codec::Value::object();
        rvOp.set("op", "replace");
        rvOp.set("path", "/metadata/resourceVersion");
        rvOp.set("value", rv);
        p.patch = codec::Value::array();
        p.patch.push(op);
        p.patch.push(rvOp);
        r = cp_->apiServer().handle(p);
        QVERIFY2(r.ok(), r.status.message().c_str());
        QCOMPARE(QString::fromStdString(entries(*r.object)), QStringLiteral("kubectl/Apply;"));
        QCOMPARE(QString::fromStdString(fieldsOf(*r.object, "kubectl", "Apply")), QString::fromLatin1(kClientSideFields));

        r = apply(kApplied, "kubectl");
        QVERIFY2(r.ok(), r.status.message().c_str());
        QCOMPARE(QString::fromStdString(entries(*r.object)), QStringLiteral("kubectl/Apply@t;"));
        QCOMPARE(QString::fromStdString(fieldsOf(*r.object, "kubectl", "Apply")), QString::fromLatin1(kAppliedFields));
        const auto& pod = static_cast<const core::Pod&>(*r.object);
        QCOMPARE(pod.spec().containers(0).image_pull_policy(), std::string("IfNotPresent"));
        QCOMPARE(pod.spec().containers(0).ports(0).protocol(), std::string("TCP"));
        QCOMPARE(pod.spec().dns_policy(), std::string("ClusterFirst"));
        // The annotation nobody applies any more is gone.
        QVERIFY(api::metadata(pod).annotations().empty());
        QCOMPARE(api::metadata(pod).labels().at("tier"), std::string("web"));
    }

    void conflictsAndForce() {
        QVERIFY(createClientSide().ok());
        QVERIFY(apply(kApplied, "kubectl").ok());
        std::string other = kApplied;
        other.replace(other.find("nginx:1.25"), 10, "nginx:1.27");
        Response r = apply(other, "ci");
        QCOMPARE(r.status.httpCode(), 409);
        QCOMPARE(QString::fromStdString(r.status.reason()), QStringLiteral("Conflict"));
        QCOMPARE(QString::fromStdString(r.status.message()),
                 QStringLiteral("Apply failed with 2 conflicts: conflicts with \"kubectl\":\n"
                                "- .spec.containers[name=\"nginx\"].image\n"
                                "conflicts with \"kubectl-client-side-apply\" using v1:\n"
                                "- .spec.containers[name=\"nginx\"].image"));
        QCOMPARE(int(r.status.causes().size()), 2);
        QCOMPARE(QString::fromStdString(r.status.causes()[0].type), QStringLiteral("FieldManagerConflict"));
        QCOMPARE(QString::fromStdString(r.status.causes()[0].field), QStringLiteral(".spec.containers[name=\"nginx\"].image"));

        // The same, through the labels both kubectl managers own.
        r = apply(kLabelOnly, "ci");
        QCOMPARE(r.status.httpCode(), 409);
        QVERIFY2(r.status.message().find("conflicts with \"kubectl\":\n- .metadata.labels.tier") != std::string::npos,
                 r.status.message().c_str());

        r = apply(other, "ci", true);
        QVERIFY2(r.ok(), r.status.message().c_str());
        QCOMPARE(static_cast<const core::Pod&>(*r.object).spec().containers(0).image(), std::string("nginx:1.27"));
        const std::string kubectlFields = fieldsOf(*r.object, "kubectl", "Apply");
        QVERIFY2(kubectlFields.find("f:image") == std::string::npos, kubectlFields.c_str());
        QVERIFY(fieldsOf(*r.object, "ci", "Apply").find("f:image") != std::string::npos);

        // One manager owns the image now: the single-conflict text.
        other.replace(other.find("nginx:1.27"), 10, "nginx:1.28");
        r = apply(other, "cd");
        QCOMPARE(QString::fromStdString(r.status.message()),
                 QStringLiteral("Apply failed with 1 conflict: conflict with \"ci\": .spec.containers[name=\"nginx\"].image"));
    }

    // Trace 25: an apply to a pod that does not exist creates it.
    void applyCreates() {
        Response r = apply(kNewObject, "kubectl", false, "nginx-ssa");
        QVERIFY2(r.ok(), r.status.message().c_str());
        QVERIFY(r.created);
        QCOMPARE(QString::fromStdString(entries(*r.object)), QStringLiteral("kubectl/Apply@t;"));
        QCOMPARE(QString::fromStdString(fieldsOf(*r.object, "kubectl", "Apply")),
                 QString::fromLatin1(kNewObjectFields));
        QCOMPARE(static_cast<const core::Pod&>(*r.object).spec().restart_policy(), std::string("Always"));
    }

    void badConfigurations_data() {
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QByteArray>("message");
        QTest::newRow("version") << QByteArray(kWrongVersion)
                                 << QByteArray("Incorrect version specified in apply patch. Specified patch version: apps/v1, expected: v1");
        QTest::newRow("name") << QByteArray(kWrongName)
                              << QByteArray("the name of the object (other) does not match the name on the URL (nginx)");
        QTest::newRow("key missing")
            << QByteArray(kKeyMissing)
            << QByteArray("failed to create typed patch object (/v1, Kind=Pod): .spec.containers: element 0: associative list "
                          "with keys has an element that omits key field \"name\" (and doesn't have default value)");
        QTest::newRow("managedFields") << QByteArray(kWithManagedFields)
                                       << QByteArray("metadata.managedFields must be nil");
    }
    void badConfigurations() {
        QFETCH(QByteArray, body);
        QFETCH(QByteArray, message);
        QVERIFY(createClientSide().ok());
        Response r = apply(body.toStdString(), "kubectl");
        QCOMPARE(r.status.httpCode(), 400);
        QCOMPARE(QByteArray::fromStdString(r.status.message()), message);
        // Nothing stored changed.
        Request get;
        get.verb = "get";
        get.type = pods();
        get.namespace_ = "default";
        get.name = "nginx";
        Response stored = cp_->apiServer().handle(get);
        QCOMPARE(QString::fromStdString(entries(*stored.object)), QStringLiteral("kubectl-client-side-apply/Update@t;"));
    }

    // kubectl apply --server-side (manager "kubectl") keeps the client-side annotation, where there
    // is one, equal to what it applied; other managers and objects without it are left alone.
    void lastAppliedFollowsKubectl() {
        QVERIFY(createClientSide().ok());
        std::string newer = kApplied;
        newer.replace(newer.find("nginx:1.25"), 10, "nginx:1.27");
        Response r = apply(newer, "kubectl", true);
        QVERIFY2(r.ok(), r.status.message().c_str());
        QCOMPARE(QString::fromStdString(api::metadata(*r.object).annotations().at(kLastAppliedKey)),
                 QString::fromStdString(newer + "\n"));
        // Keys come sorted, as Go writes a map, and the annotation itself is left out.
        const std::string unsorted =
            R"({"kind":"Pod","apiVersion":"v1","metadata":{"name":"nginx","namespace":"default","annotations":{)"
            R"("kubectl.kubernetes.io/last-applied-configuration":"x"},"labels":{"tier":"web","app":"nginx"}},)"
            R"("spec":{"containers":[{"name":"nginx","image":"nginx:1.28","ports":[{"containerPort":80}]}]}})";
        r = apply(unsorted, "kubectl", true);
        QVERIFY2(r.ok(), r.status.message().c_str());
        std::string expected = kApplied;
        expected.replace(expected.find("nginx:1.25"), 10, "nginx:1.28");
        expected.replace(expected.find("{\"labels\""), 1, "{\"annotations\":{},");
        QCOMPARE(QString::fromStdString(api::metadata(*r.object).annotations().at(kLastAppliedKey)),
                 QString::fromStdString(expected + "\n"));
        // Another manager's apply does not touch it.
        r = apply(kApplied, "ci", true);
        QVERIFY2(r.ok(), r.status.message().c_str());
        QCOMPARE(QString::fromStdString(api::metadata(*r.object).annotations().at(kLastAppliedKey)),
                 QString::fromStdString(expected + "\n"));
        // Nor is one made where there was none.
        r = apply(kNewObject, "kubectl", false, "nginx-ssa");
        QVERIFY2(r.ok(), r.status.message().c_str());
        QVERIFY(!api::metadata(*r.object).annotations().count(kLastAppliedKey));
    }

    // kubectl apply --server-side over a client-side applied object: a change to what the
    // annotation applied (and the object still holds) is no conflict with the client-side
    // manager; a field someone else changed since still is.
    void kubectlTakesOverWhatItAppliedClientSide() {
        std::string manifest = kClientSideApplied;
        const std::string minimal = R"('{"apiVersion":"v1","kind":"Pod"}')";
        manifest.replace(manifest.find(minimal), minimal.size(), "'" + std::string(kApplied) + "'");
        QVERIFY(createClientSide(manifest).ok());

        std::string newer = kApplied;
        newer.replace(newer.find("nginx:1.25"), 10, "nginx:1.27");
        Response r = apply(newer, "kubectl");
        QVERIFY2(r.ok(), r.status.message().c_str());
        QCOMPARE(static_cast<const core::Pod&>(*r.object).spec().containers(0).image(), std::string("nginx:1.27"));
        QVERIFY(fieldsOf(*r.object, "kubectl", "Apply").find("\"f:image\"") != std::string::npos);
        QVERIFY(fieldsOf(*r.object, "kubectl-client-side-apply", "Update").find("\"f:image\"") == std::string::npos);
        // Another manager is not forgiven.
        std::string other = newer;
        other.replace(other.find("nginx:1.27"), 10, "nginx:1.28");
        QCOMPARE(apply(other, "ci").status.httpCode(), 409);

        // Someone edits the label the annotation set: that one conflicts again, with them only.
        Request p;
        p.verb = "patch";
        p.type = pods();
        p.namespace_ = "default";
        p.name = "nginx";
        p.patchType = apiserver::PatchType::Merge;
        p.fieldManager = "editor";
        p.patch = json(R"({"metadata":{"labels":{"tier":"db"}}})");
        QVERIFY(cp_->apiServer().handle(p).ok());
        r = apply(newer, "kubectl");
        QCOMPARE(r.status.httpCode(), 409);
        QCOMPARE(QString::fromStdString(r.status.message()),
                 QStringLiteral("Apply failed with 1 conflict: conflict with \"editor\" using v1: .metadata.labels.tier"));
    }

    // At most ten Update entries: the oldest merge into "ancient-changes" (same time here: by
    // manager).
    void updateEntriesAreCappedAtTen() {
        QVERIFY(createClientSide().ok());
        Response r;
        for (int i = 1; i <= 10; ++i) {
            Request p;
            p.verb = "patch";
            p.type = pods();
            p.namespace_ = "default";
            p.name = "nginx";
            p.patchType = apiserver::PatchType::Merge;
            char manager[8];
            std::snprintf(manager, sizeof manager, "m%02d", i);
            p.fieldManager = manager;
            p.patch = json(R"({"metadata":{"labels":{"l)" + std::to_string(i) + R"(":"v"}}})");
            r = cp_->apiServer().handle(p);
            QVERIFY2(r.ok(), r.status.message().c_str());
        }
        QCOMPARE(QString::fromStdString(entries(*r.object)),
                 QStringLiteral("ancient-changes/Update@t;m02/Update@t;m03/Update@t;m04/Update@t;m05/Update@t;"
                                "m06/Update@t;m07/Update@t;m08/Update@t;m09/Update@t;m10/Update@t;"));
        // The bucket holds both: the client-side fields and m01's label.
        const std::string bucket = fieldsOf(*r.object, "ancient-changes", "Update");
        QVERIFY2(bucket.find("\"f:l1\"") != std::string::npos, bucket.c_str());
        QVERIFY2(bucket.find("\"f:image\"") != std::string::npos, bucket.c_str());
    }

    // A write that names no manager: the User-Agent's first part; nothing over HTTP is recorded
    // as "" (as upstream), an in-process caller's (a scenario, the GUI) as "pilothouse".
    void managerOfAWriteThatNamesNone_data() {
        QTest::addColumn<QString>("userAgent");
        QTest::addColumn<QString>("httpMethod");
        QTest::addColumn<QString>("manager");
        QTest::newRow("kubectl") << "kubectl.1.32/v1.32.5 (linux/amd64) kubernetes/9894294" << "POST" << "kubectl.1.32";
        QTest::newRow("HTTP without a User-Agent") << "" << "POST" << "";
        QTest::newRow("in-process") << "" << "" << "pilothouse";
    }
    void managerOfAWriteThatNamesNone() {
        QFETCH(QString, userAgent);
        QFETCH(QString, httpMethod);
        QFETCH(QString, manager);
        Request r = createRequest();
        r.userAgent = userAgent.toStdString();
        r.httpMethod = httpMethod.toStdString();
        Response created = cp_->apiServer().handle(r);
        QVERIFY2(created.ok(), created.status.message().c_str());
        const auto& entries = api::metadata(*created.object).managed_fields();
        QCOMPARE(entries.size(), 1);
        QCOMPARE(QString::fromStdString(entries[0].manager()), manager);
    }

    // A status write is recorded under the status subresource and owns only status fields.
    void statusWritesOwnStatus() {
        Response r = createClientSide();
        QVERIFY(r.ok());
        auto updated = std::shared_ptr<google::protobuf::Message>(r.object->New());
        updated->CopyFrom(*r.object);
        static_cast<core::Pod&>(*updated).mutable_status()->set_phase("Running");
        static_cast<core::Pod&>(*updated).mutable_spec()->set_dns_policy("Default");  // ignored by status
        Request st;
        st.verb = "update";
        st.type = pods();
        st.namespace_ = "default";
        st.name = "nginx";
        st.subresource = "status";
        st.body = updated;
        st.fieldManager = "kubelet";
        r = cp_->apiServer().handle(st);
        QVERIFY2(r.ok(), r.status.message().c_str());
        QCOMPARE(QString::fromStdString(entries(*r.object)),
                 QStringLiteral("kubectl-client-side-apply/Update@t;kubelet/Update/status@t;"));
        QCOMPARE(QString::fromStdString(fieldsOf(*r.object, "kubelet", "Update")),
                 QString::fromLatin1(kKubeletFields));
    }
};

QTEST_GUILESS_MAIN(ServerSideApplyTest)
#include "server_side_apply_test.moc"
