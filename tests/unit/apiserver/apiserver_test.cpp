// The API server through the assembled control plane: each stage in order, each error class with
// Kubernetes' reason, code and text, the subresources, patches and watches.
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <fstream>

#include "api/codec/json.h"
#include "api/codec/manifest.h"
#include "api/object.h"
#include "apiserver/errors.h"
#include "controlplane/control_plane.h"
#include "core_v1.pb.h"
#include "sim/clock.h"
#include "store/sqlite_store.h"

using namespace pilothouse;
using apiserver::Request;
using apiserver::Response;
namespace core = k8s::io::api::core::v1;

namespace {

const api::ResourceType* type(const char* name) { return api::Scheme::instance().byName(name); }

std::shared_ptr<google::protobuf::Message> parse(const std::string& yaml) {
    std::vector<std::string> warnings;
    auto ms = codec::loadManifests(yaml, "test.yaml", &warnings);
    if (!ms || ms->empty()) qFatal("bad test manifest: %s", ms.status().message().c_str());
    return std::shared_ptr<google::protobuf::Message>(std::move((*ms)[0].object));
}

Request create(const char* resource, const std::string& yaml, const std::string& token = {}) {
    Request r;
    r.verb = "create";
    r.type = type(resource);
    r.body = parse(yaml);
    r.namespace_ = api::metadata(*r.body).namespace_();
    r.token = token;
    return r;
}

Request named(const char* verb, const char* resource, const std::string& ns, const std::string& name,
              const std::string& token = {}) {
    Request r;
    r.verb = verb;
    r.type = type(resource);
    r.namespace_ = ns;
    r.name = name;
    r.token = token;
    return r;
}

const char* kPod = "apiVersion: v1\nkind: Pod\nmetadata: {name: web, namespace: default}\nspec:\n  containers:\n  - {name: c, image: nginx, resources: {limits: {cpu: '0.5', memory: 1Gi}}}\n";

}  // namespace

class ApiServerTest : public QObject {
    Q_OBJECT
    sim::VirtualClock clock_;
    std::unique_ptr<controlplane::ControlPlane> cp_;
    QTemporaryDir dir_;

private slots:
    void init() {
        const std::string tokens = dir_.filePath(QStringLiteral("tokens.csv")).toStdString();
        std::ofstream(tokens) << "admin-token,alice,1,system:masters\n"
                                 "student-token,bob,2,\"students\"\n";
        controlplane::Options o;
        o.tokenFile = tokens;
        auto cp = controlplane::ControlPlane::start(o, clock_);
        QVERIFY2(cp.isOk(), cp.status().message().c_str());
        cp_ = std::move(*cp);
    }
    void cleanup() { cp_.reset(); }

    // Chunked lists (etcd3 store's GetList): limit, the continue token (upstream's encoding),
    // remainingItemCount without selectors, every chunk at the first chunk's revision, and 410
    // once that revision is compacted.
    void listLimitContinue() {
        auto& s = cp_->apiServer();
        for (const char* name : {"a", "b", "c"}) {
            auto r = create("pods", std::string(kPod).replace(std::string(kPod).find("web"), 3, name), "admin-token");
            QVERIFY2(s.handle(r).ok(), name);
        }
        Request list = named("list", "pods", "default", "", "admin-token");
        list.limit = 2;
        Response first = s.handle(list);
        QVERIFY(first.ok());
        QCOMPARE(first.items.size(), size_t(2));
        QVERIFY(first.remainingItemCount.has_value());
        QCOMPARE(*first.remainingItemCount, int64_t(1));
        const QByteArray token = QByteArray::fromBase64(QByteArray::fromStdString(first.continueToken),
                                                        QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals);
        QCOMPARE(token, QByteArray("{\"v\":\"meta.k8s.io/v1\",\"rv\":" + QByteArray::number(qint64(first.listRevision)) +
                                   ",\"start\":\"b\\u0000\"}"));
        QVERIFY(s.handle(create("pods", std::string(kPod).replace(std::string(kPod).find("web"), 3, "d"), "admin-token")).ok());
        list.continueToken = first.continueToken;
        Response second = s.handle(list);
        QVERIFY(second.ok());
        QCOMPARE(second.items.size(), size_t(1));  // "c"; "d" came after the first chunk's revision
        QCOMPARE(api::metadata(*second.items[0]).name(), std::string("c"));
        QCOMPARE(second.listRevision, first.listRevision);
        QVERIFY(second.continueToken.empty());
        QVERIFY(!second.remainingItemCount);
        // With a selector the remaining count is unknown.
        list.continueToken.clear();
        list.labelSelector = "!missing";
        QVERIFY(!s.handle(list).remainingItemCount);
        QVERIFY(cp_->store().compact(cp_->store().currentRevision()).isOk());
        list.labelSelector.clear();
        list.continueToken = first.continueToken;
        Response expired = s.handle(list);
        QCOMPARE(expired.status.reason(), std::string("Expired"));
        QCOMPARE(expired.status.httpCode(), 410);
        QCOMPARE(expired.status.message(), std::string("The provided continue parameter is too old to display a consistent "
                                                       "list result. You can start a new list without the continue parameter."));
    }

    // kube-apiserver's Service registry: a ClusterIP from 10.96.0.0/12 before validation, the
    // exact errors for a taken or out-of-range address, none for headless Services.
    void serviceGetsClusterIP() {
        auto svc = [](const std::string& name, const std::string& clusterIP) {
            return create("services", "apiVersion: v1\nkind: Service\nmetadata: {name: " + name +
                                          ", namespace: default}\nspec:\n  selector: {app: web}\n" + clusterIP +
                                          "  ports: [{port: 80}]\n", "admin-token");
        };
        Response a = cp_->apiServer().handle(svc("a", ""));
        QVERIFY2(a.ok(), a.status.message().c_str());
        const auto& spec = static_cast<const core::Service&>(*a.object).spec();
        QVERIFY(spec.cluster_ip().rfind("10.", 0) == 0);
        QCOMPARE(spec.cluster_ips_size(), 1);
        QCOMPARE(spec.cluster_ips(0), spec.cluster_ip());
        QCOMPARE(spec.ip_families(0), std::string("IPv4"));
        QCOMPARE(spec.ip_family_policy(), std::string("SingleStack"));
        bool allocated = false;
        for (const auto& st : a.trace) allocated |= st.stage == "registry" && st.passed;
        QVERIFY(allocated);
        // The same address again is refused with kube-apiserver's text.
        Response b = cp_->apiServer().handle(svc("b", "  clusterIP: " + spec.cluster_ip() + "\n"));
        QVERIFY(!b.ok());
        QCOMPARE(b.status.httpCode(), 422);
        QCOMPARE(b.status.message(), "Service \"b\" is invalid: spec.clusterIPs: Invalid value: []string{\"" + spec.cluster_ip() +
                                         "\"}: failed to allocate IP " + spec.cluster_ip() + ": provided IP is already allocated");
        Response c = cp_->apiServer().handle(svc("c", "  clusterIP: 192.168.0.1\n"));
        QVERIFY(!c.ok());
        QCOMPARE(c.status.message(), std::string("Service \"c\" is invalid: spec.clusterIPs: Invalid value: []string{\"192.168.0.1\"}: "
                                                 "failed to allocate IP 192.168.0.1: the provided IP (192.168.0.1) is not in the "
                                                 "valid range. The IP range is 10.96.0.0/12"));
        Response headless = cp_->apiServer().handle(svc("d", "  clusterIP: None\n"));
        QVERIFY2(headless.ok(), headless.status.message().c_str());
        QCOMPARE(static_cast<const core::Service&>(*headless.object).spec().cluster_ip(), std::string("None"));
        // A chosen free address in the range is kept.
        Response e = cp_->apiServer().handle(svc("e", "  clusterIP: 10.96.0.10\n"));
        QVERIFY2(e.ok(), e.status.message().c_str());
        QCOMPARE(static_cast<const core::Service&>(*e.object).spec().cluster_ip(), std::string("10.96.0.10"));
    }

    void createRunsEveryStageInOrder() {
        Response r = cp_->apiServer().handle(create("pods", kPod, "admin-token"));
        QVERIFY2(r.ok(), r.status.message().c_str());
        std::vector<std::string> stages;
        for (const auto& s : r.trace)
            if (stages.empty() || stages.back() != s.stage) stages.push_back(s.stage);
        const std::vector<std::string> expected = {"authentication", "authorization", "mutating admission",
                                                   "validation", "validating admission", "storage"};
        QCOMPARE(stages, expected);
        // Stages follow each other in virtual time.
        for (size_t i = 1; i < r.trace.size(); ++i) QVERIFY(r.trace[i].startNanos >= r.trace[i - 1].endNanos);
        const auto& pod = static_cast<const core::Pod&>(*r.object);
        // Defaulting (requests from limits, before the QoS class is computed),
        // DefaultTolerationSeconds, Priority and canonical quantities all happened.
        QCOMPARE(pod.spec().restart_policy(), std::string("Always"));
        QCOMPARE(pod.spec().containers(0).image_pull_policy(), std::string("Always"));
        QCOMPARE(pod.spec().containers(0).resources().requests().at("cpu"), std::string("500m"));
        QCOMPARE(pod.spec().tolerations_size(), 2);
        QCOMPARE(pod.spec().tolerations(0).toleration_seconds(), int64_t(300));
        QVERIFY(pod.spec().has_priority());
        QCOMPARE(pod.status().phase(), std::string("Pending"));
        QCOMPARE(pod.status().qos_class(), std::string("Guaranteed"));
        QVERIFY(!pod.metadata().uid().empty());
        QCOMPARE(pod.metadata().resource_version(), std::to_string(cp_->store().currentRevision()));
        // What each stage decided: Pilothouse's own words as phrases (the GUI translates them),
        // `detail` their English; RBAC's reason is kube-apiserver's text, not a phrase.
        std::vector<std::string> said;
        for (const auto& s : r.trace) {
            if (s.phrases.empty()) {
                said.push_back(s.step + " " + s.detail);
                continue;
            }
            QCOMPARE(s.detail, sim::english(s.phrases));
            for (const auto& p : s.phrases) said.push_back(s.step + " " + std::to_string(int(p.id)) + ":" + sim::english(p));
        }
        auto has = [&](sim::Phrase::Id id, const std::string& step, const std::string& english) {
            const std::string want = step + " " + std::to_string(int(id)) + ":" + english;
            return std::find(said.begin(), said.end(), want) != said.end();
        };
        using Id = sim::Phrase::Id;
        QVERIFY(has(Id::UserInGroups, "bearer token", "user alice (groups: system:masters, system:authenticated)"));
        QVERIFY(has(Id::AppliedDefaults, "defaulting", "applied Pod defaults"));
        QVERIFY(has(Id::SetField, "Priority", "set priority=0"));
        QVERIFY(has(Id::SetTolerationSeconds, "DefaultTolerationSeconds",
                    "set tolerationSeconds=300 for node.kubernetes.io/not-ready:NoExecute"));
        QVERIFY(has(Id::Valid, "Pod", "valid"));
        QVERIFY(has(Id::Stored, "etcd", "created /registry/pods/default/web at revision " + pod.metadata().resource_version()));
    }

    void errors_data() {
        QTest::addColumn<int>("step");  // which request to make
        QTest::addColumn<QString>("reason");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("message");
        QTest::newRow("401 unknown token") << 0 << "Unauthorized" << 401 << "Unauthorized";
        QTest::newRow("403 RBAC") << 1 << "Forbidden" << 403
            << "pods is forbidden: User \"bob\" cannot create resource \"pods\" in API group \"\" in the namespace \"default\"";
        QTest::newRow("404 get") << 2 << "NotFound" << 404 << "pods \"nope\" not found";
        QTest::newRow("409 exists") << 3 << "AlreadyExists" << 409 << "pods \"web\" already exists";
        QTest::newRow("409 conflict") << 4 << "Conflict" << 409
            << "Operation cannot be fulfilled on pods \"web\": the object has been modified; please apply your changes to the latest version and try again";
        QTest::newRow("422 invalid") << 5 << "Invalid" << 422 << "Pod \"bad\" is invalid: spec.containers[0].image: Required value";
        QTest::newRow("404 namespace") << 6 << "NotFound" << 404 << "namespaces \"ghost\" not found";
        QTest::newRow("403 subresource") << 7 << "Forbidden" << 403
            << "pods \"web\" is forbidden: User \"bob\" cannot create resource \"pods/binding\" in API group \"\" in the namespace \"default\"";
    }
    void errors() {
        QFETCH(int, step);
        QFETCH(QString, reason);
        QFETCH(int, code);
        QFETCH(QString, message);
        auto& s = cp_->apiServer();
        QVERIFY(s.handle(create("pods", kPod, "admin-token")).ok());
        Request r;
        switch (step) {
            case 0: r = create("pods", kPod, "wrong-token"); break;
            case 1: r = create("pods", kPod, "student-token"); break;
            case 2: r = named("get", "pods", "default", "nope", "admin-token"); break;
            case 3: r = create("pods", kPod, "admin-token"); break;
            case 4: {
                r = named("update", "pods", "default", "web", "admin-token");
                auto body = parse(kPod);
                api::mutableMetadata(body.get())->set_resource_version("1");
                r.body = body;
                break;
            }
            case 5: r = create("pods", "apiVersion: v1\nkind: Pod\nmetadata: {name: bad}\nspec:\n  containers: [{name: c}]\n", "admin-token"); break;
            case 6: r = create("pods", "apiVersion: v1\nkind: Pod\nmetadata: {name: p, namespace: ghost}\nspec:\n  containers: [{name: c, image: i}]\n", "admin-token"); break;
            case 7: {
                r = named("create", "pods", "default", "web", "student-token");
                r.subresource = "binding";
                r.body = parse("apiVersion: v1\nkind: Binding\nmetadata: {name: web}\ntarget: {kind: Node, name: n}\n");
                break;
            }
        }
        Response resp = s.handle(r);
        QVERIFY(!resp.ok());
        QCOMPARE(QString::fromStdString(resp.status.reason()), reason);
        QCOMPARE(resp.status.httpCode(), code);
        QCOMPARE(QString::fromStdString(resp.status.message()), message);
        // The trace says where it stopped.
        QVERIFY(!resp.trace.empty());
        QVERIFY(!resp.trace.back().passed || resp.trace.back().stage == std::string("storage"));
        // metav1.Status carries the same.
        auto status = apiserver::toStatusObject(resp.status);
        QCOMPARE(status.code(), code);
        QCOMPARE(QString::fromStdString(status.reason()), reason);
    }

    void rbacRoleBindingGrantsAccess() {
        auto& s = cp_->apiServer();
        QVERIFY(s.handle(create("roles", "apiVersion: rbac.authorization.k8s.io/v1\nkind: Role\nmetadata: {name: pod-reader, namespace: default}\nrules:\n- {apiGroups: [''], resources: [pods], verbs: [get, list]}\n", "admin-token")).ok());
        QVERIFY(!s.handle(named("list", "pods", "default", "", "student-token")).ok());
        QVERIFY(s.handle(create("rolebindings", "apiVersion: rbac.authorization.k8s.io/v1\nkind: RoleBinding\nmetadata: {name: students-read, namespace: default}\nsubjects:\n- {kind: Group, name: students}\nroleRef: {apiGroup: rbac.authorization.k8s.io, kind: Role, name: pod-reader}\n", "admin-token")).ok());
        QVERIFY(s.handle(named("list", "pods", "default", "", "student-token")).ok());
        QVERIFY(!s.handle(named("list", "pods", "kube-system", "", "student-token")).ok());
        QVERIFY(!s.handle(create("pods", kPod, "student-token")).ok());
    }

    void bindingAndStatusSubresources() {
        auto& s = cp_->apiServer();
        QVERIFY(s.handle(create("pods", kPod, "admin-token")).ok());
        Request bind = named("create", "pods", "default", "web", "admin-token");
        bind.subresource = "binding";
        bind.body = parse("apiVersion: v1\nkind: Binding\nmetadata: {name: web, namespace: default}\ntarget: {kind: Node, name: node-a}\n");
        Response r = s.handle(bind);
        QVERIFY2(r.ok(), r.status.message().c_str());
        auto pod = static_cast<const core::Pod&>(*r.object);
        QCOMPARE(pod.spec().node_name(), std::string("node-a"));
        QCOMPARE(pod.status().conditions(0).type(), std::string("PodScheduled"));
        QCOMPARE(pod.status().conditions(0).status(), std::string("True"));
        // A second binding is a conflict with upstream's text.
        r = s.handle(bind);
        QCOMPARE(QString::fromStdString(r.status.message()),
                 QStringLiteral("Operation cannot be fulfilled on pods \"web\": pod web is already assigned to node \"node-a\""));
        // Status updates change only status; main updates keep status.
        auto updated = std::make_shared<core::Pod>(pod);
        updated->mutable_status()->set_phase("Running");
        updated->mutable_spec()->set_node_name("elsewhere");
        Request st = named("update", "pods", "default", "web", "admin-token");
        st.subresource = "status";
        st.body = updated;
        r = s.handle(st);
        QVERIFY2(r.ok(), r.status.message().c_str());
        QCOMPARE(static_cast<const core::Pod&>(*r.object).status().phase(), std::string("Running"));
        QCOMPARE(static_cast<const core::Pod&>(*r.object).spec().node_name(), std::string("node-a"));
    }

    void mergeAndJsonPatch() {
        auto& s = cp_->apiServer();
        QVERIFY(s.handle(create("pods", kPod, "admin-token")).ok());
        Request p = named("patch", "pods", "default", "web", "admin-token");
        p.patch = *codec::parseJson("{\"metadata\":{\"labels\":{\"tier\":\"front\"}}}");
        Response r = s.handle(p);
        QVERIFY2(r.ok(), r.status.message().c_str());
        QCOMPARE(api::metadata(*r.object).labels().at("tier"), std::string("front"));
        p.patch = *codec::parseJson("{\"metadata\":{\"labels\":{\"tier\":null}}}");
        r = s.handle(p);
        QVERIFY(api::metadata(*r.object).labels().empty());
        p.patchType = apiserver::PatchType::Json;
        p.patch = *codec::parseJson("[{\"op\":\"replace\",\"path\":\"/spec/containers/0/image\",\"value\":\"nginx:1.26\"}]");
        r = s.handle(p);
        QVERIFY2(r.ok(), r.status.message().c_str());
        QCOMPARE(static_cast<const core::Pod&>(*r.object).spec().containers(0).image(), std::string("nginx:1.26"));
        // Changing an immutable field through a patch fails validation.
        p.patch = *codec::parseJson("[{\"op\":\"replace\",\"path\":\"/spec/containers/0/name\",\"value\":\"d\"}]");
        r = s.handle(p);
        QCOMPARE(QString::fromStdString(r.status.reason()), QStringLiteral("Invalid"));
    }

    void noOpUpdateKeepsResourceVersion() {
        auto& s = cp_->apiServer();
        Response created = s.handle(create("pods", kPod, "admin-token"));
        Request u = named("update", "pods", "default", "web", "admin-token");
        u.body = std::shared_ptr<google::protobuf::Message>(created.object->New());
        const_cast<google::protobuf::Message&>(*u.body).CopyFrom(*created.object);
        Response r = s.handle(u);
        QVERIFY2(r.ok(), r.status.message().c_str());
        QCOMPARE(api::metadata(*r.object).resource_version(), api::metadata(*created.object).resource_version());
    }

    void gracefulDeletionOfBoundPod() {
        auto& s = cp_->apiServer();
        QVERIFY(s.handle(create("pods", "apiVersion: v1\nkind: Pod\nmetadata: {name: bound, namespace: default}\nspec:\n  nodeName: node-a\n  containers: [{name: c, image: i}]\n", "admin-token")).ok());
        Response r = s.handle(named("delete", "pods", "default", "bound", "admin-token"));
        QVERIFY2(r.ok(), r.status.message().c_str());
        QVERIFY(api::metadata(*r.object).has_deletion_timestamp());
        QCOMPARE(api::metadata(*r.object).deletion_grace_period_seconds(), int64_t(30));
        QVERIFY(s.handle(named("get", "pods", "default", "bound", "admin-token")).ok());
        Request force = named("delete", "pods", "default", "bound", "admin-token");
        force.gracePeriodSeconds = 0;
        QVERIFY(s.handle(force).ok());
        QCOMPARE(QString::fromStdString(s.handle(named("get", "pods", "default", "bound", "admin-token")).status.reason()), QStringLiteral("NotFound"));
    }

    // DeleteOptions.propagationPolicy: the garbage collector's finalizers, the kinds' defaults
    // (core/v1 ReplicationController orphans), the UID precondition and the invalid value.
    void deletePropagationPolicy() {
        auto& s = cp_->apiServer();
        const std::string rs = "apiVersion: apps/v1\nkind: ReplicaSet\nmetadata: {name: web, namespace: default}\nspec:\n  selector: {matchLabels: {app: web}}\n  template:\n    metadata: {labels: {app: web}}\n    spec: {containers: [{name: c, image: i}]}\n";
        const std::string rc = "apiVersion: v1\nkind: ReplicationController\nmetadata: {name: old, namespace: default}\nspec:\n  selector: {app: old}\n  template:\n    metadata: {labels: {app: old}}\n    spec: {containers: [{name: c, image: i}]}\n";
        QVERIFY(s.handle(create("replicasets", rs, "admin-token")).ok());
        QVERIFY(s.handle(create("replicationcontrollers", rc, "admin-token")).ok());

        Request bad = named("delete", "replicasets", "default", "web", "admin-token");
        bad.propagationPolicy = "Cascade";
        Response r = s.handle(bad);
        QCOMPARE(QString::fromStdString(r.status.message()),
                 QStringLiteral("DeleteOptions.meta.k8s.io \"\" is invalid: propagationPolicy: Unsupported value: \"Cascade\": supported values: \"Foreground\", \"Background\", \"Orphan\", \"nil\""));
        Request wrongUid = named("delete", "replicasets", "default", "web", "admin-token");
        wrongUid.preconditionUID = "not-the-uid";
        r = s.handle(wrongUid);
        QCOMPARE(QString::fromStdString(r.status.reason()), QStringLiteral("Conflict"));
        QVERIFY(QString::fromStdString(r.status.message()).contains(QStringLiteral("Precondition failed: UID in precondition: not-the-uid")));

        const struct {
            const char* resource;
            const char* name;
            const char* policy;
            const char* finalizer;  // nullptr: deleted at once
        } cases[] = {
            {"replicationcontrollers", "old", "", "orphan"},  // v1 RC: orphan by default
            {"replicasets", "web", "Foreground", "foregroundDeletion"},
        };
        for (const auto& c : cases) {
            Request d = named("delete", c.resource, "default", c.name, "admin-token");
            d.propagationPolicy = c.policy;
            r = s.handle(d);
            QVERIFY2(r.ok(), r.status.message().c_str());
            Response got = s.handle(named("get", c.resource, "default", c.name, "admin-token"));
            QVERIFY2(got.ok(), c.name);
            const auto& m = api::metadata(*got.object);
            QVERIFY(m.has_deletion_timestamp());
            QCOMPARE(m.finalizers_size(), 1);
            QCOMPARE(m.finalizers(0), std::string(c.finalizer));
        }
        // Changing its mind: a second delete with Orphan swaps the finalizer.
        Request again = named("delete", "replicasets", "default", "web", "admin-token");
        again.propagationPolicy = "Orphan";
        QVERIFY(s.handle(again).ok());
        Response got = s.handle(named("get", "replicasets", "default", "web", "admin-token"));
        QCOMPARE(api::metadata(*got.object).finalizers(0), std::string("orphan"));
        // Background on a fresh object: no finalizer, gone at once.
        QVERIFY(s.handle(create("replicasets", "apiVersion: apps/v1\nkind: ReplicaSet\nmetadata: {name: bg, namespace: default}\nspec:\n  selector: {matchLabels: {app: bg}}\n  template:\n    metadata: {labels: {app: bg}}\n    spec: {containers: [{name: c, image: i}]}\n", "admin-token")).ok());
        Request bg = named("delete", "replicasets", "default", "bg", "admin-token");
        bg.propagationPolicy = "Background";
        QVERIFY(s.handle(bg).ok());
        QCOMPARE(QString::fromStdString(s.handle(named("get", "replicasets", "default", "bg", "admin-token")).status.reason()), QStringLiteral("NotFound"));
    }

    void watchThroughTheApiServer() {
        auto& s = cp_->apiServer();
        Request w = named("watch", "pods", "default", "", "admin-token");
        w.resourceVersion = cp_->store().currentRevision();
        auto stream = s.watch(w);
        QVERIFY(stream.isOk());
        QVERIFY(s.handle(create("pods", kPod, "admin-token")).ok());
        QVERIFY(s.handle(named("delete", "pods", "default", "web", "admin-token")).ok());
        std::vector<apiserver::WatchEvent> got;
        for (int i = 0; i < 20 && got.size() < 2; ++i) {
            auto events = (*stream)->next(std::chrono::milliseconds(50));
            QVERIFY(events.isOk());
            for (auto& e : *events) got.push_back(std::move(e));
        }
        QCOMPARE(int(got.size()), 2);
        QVERIFY(got[0].type == store::EventType::Added);
        QVERIFY(got[1].type == store::EventType::Deleted);
        QCOMPARE(api::metadata(*got[1].object).name(), std::string("web"));
        // Label selectors filter, and a student without RBAC cannot watch.
        w.token = "student-token";
        auto denied = s.watch(w);
        QCOMPARE(QString::fromStdString(denied.status().reason()), QStringLiteral("Forbidden"));
        // Watching below the compacted revision is 410 Expired.
        QVERIFY(cp_->store().compact(cp_->store().currentRevision()).isOk());
        w.token = "admin-token";
        w.resourceVersion = 1;
        auto gone = s.watch(w);
        QCOMPARE(gone.status().httpCode(), 410);
        // Ahead of the store (a revision read off a store a rewind replaced): 504 "Too large
        // resource version", which clients answer by listing again.
        const int64_t current = cp_->store().currentRevision();
        w.resourceVersion = current + 5;
        auto ahead = s.watch(w);
        QCOMPARE(ahead.status().httpCode(), 504);
        QCOMPARE(QString::fromStdString(ahead.status().reason()), QStringLiteral("Timeout"));
        QCOMPARE(ahead.status().message(), "Timeout: Too large resource version: " + std::to_string(current + 5) +
                                               ", current: " + std::to_string(current));
        QVERIFY(apiserver::isTooLargeResourceVersion(ahead.status()));
        QVERIFY(!apiserver::isTooLargeResourceVersion(gone.status()));
    }

    void listAtPastRevisionAndSelectors() {
        auto& s = cp_->apiServer();
        QVERIFY(s.handle(create("pods", kPod, "admin-token")).ok());
        const int64_t before = cp_->store().currentRevision();
        QVERIFY(s.handle(create("pods", "apiVersion: v1\nkind: Pod\nmetadata: {name: other, namespace: default, labels: {app: x}}\nspec:\n  nodeName: node-b\n  containers: [{name: c, image: i}]\n", "admin-token")).ok());
        Request l = named("list", "pods", "default", "", "admin-token");
        QCOMPARE(int(s.handle(l).items.size()), 2);
        l.resourceVersion = before;
        QCOMPARE(int(s.handle(l).items.size()), 1);
        l.resourceVersion = 0;
        l.labelSelector = "app=x";
        QCOMPARE(int(s.handle(l).items.size()), 1);
        l.labelSelector.clear();
        l.fieldSelector = "spec.nodeName=node-b";
        QCOMPARE(int(s.handle(l).items.size()), 1);
        l.fieldSelector = "spec.colour=red";
        QCOMPARE(QString::fromStdString(s.handle(l).status.message()), QStringLiteral("field label not supported: spec.colour"));
    }

    // A kubelet's lists (spec.nodeName=<node> on pods, metadata.name=<node> on nodes) are served from
    // the watch cache's index and by the key alone; whatever is stored, they answer what reading every
    // object from the store answers (a list with a limit still reads them all).
    void listsByNodeAndNameAnswerAsTheStore() {
        auto& s = cp_->apiServer();
        auto pod = [](const std::string& name, const std::string& ns, const std::string& node) {
            return "apiVersion: v1\nkind: Pod\nmetadata: {name: " + name + ", namespace: " + ns + "}\nspec:\n" +
                   (node.empty() ? "" : "  nodeName: " + node + "\n") + "  containers: [{name: c, image: i}]\n";
        };
        QVERIFY(s.handle(create("namespaces", "apiVersion: v1\nkind: Namespace\nmetadata: {name: team}\n", "admin-token")).ok());
        for (int i = 0; i < 12; ++i)
            QVERIFY(s.handle(create("pods", pod("p" + std::to_string(i), i % 3 ? "default" : "team",
                                                i % 4 == 3 ? "" : "node-" + std::to_string(i % 2)), "admin-token")).ok());
        std::string problem;  // the first list answered otherwise
        auto same = [&](const char* resource, const std::string& ns, const std::string& selector) {
            Request indexed = named("list", resource, ns, "", "admin-token");
            indexed.fieldSelector = selector;
            Request scanned = indexed;
            scanned.limit = 1000;
            Request cached = indexed;  // an informer's: from the watch cache and its index
            cached.shareItems = true;
            const Response a = s.handle(indexed), b = s.handle(scanned), c = s.handle(cached);
            auto names = [](const Response& r) {
                std::string out = r.status.message() + " at " + std::to_string(r.listRevision) + ":";
                for (const auto& o : r.items)
                    out += " " + api::metadata(*o).namespace_() + "/" + api::metadata(*o).name() + "@" + api::metadata(*o).resource_version();
                for (const auto& o : r.sharedItems)
                    out += " " + api::metadata(*o).namespace_() + "/" + api::metadata(*o).name() + "@" + api::metadata(*o).resource_version();
                return out;
            };
            if (problem.empty() && (!a.ok() || names(a) != names(b) || names(c) != names(b)))
                problem = std::string(resource) + " " + ns + " " + selector + ": " + names(a) + " / " + names(b) + " / " + names(c);
            return int(a.items.size());
        };
        auto all = [&] {
            int pods = 0;
            for (const std::string ns : {"", "default", "team"})
                for (const std::string node : {"node-0", "node-1", "node-9", ""}) pods += same("pods", ns, "spec.nodeName=" + node);
            return pods;
        };
        QCOMPARE(all(), 2 * 12);  // all namespaces, then default and team
        QVERIFY2(problem.empty(), problem.c_str());
        // Changes after the index was made: deleted (an unbound pod at once; a bound one waits for its
        // kubelet, terminating), created, bound.
        QVERIFY(s.handle(named("delete", "pods", "team", "p3", "admin-token")).ok());
        QVERIFY(s.handle(named("delete", "pods", "default", "p1", "admin-token")).ok());
        QVERIFY(s.handle(create("pods", pod("late", "team", "node-1"), "admin-token")).ok());
        Request binding = named("create", "pods", "default", "p7", "admin-token");
        binding.subresource = "binding";
        binding.body = parse("apiVersion: v1\nkind: Binding\nmetadata: {name: p7, namespace: default}\ntarget: {kind: Node, name: node-9}\n");
        QVERIFY2(s.handle(binding).ok(), s.handle(binding).status.message().c_str());
        QCOMPARE(all(), 2 * 12);  // all namespaces, then default and team
        QCOMPARE(same("pods", "", "spec.nodeName=node-9"), 1);
        // A Node by name, present or not; a pod by name in a namespace.
        QVERIFY(s.handle(create("nodes", "apiVersion: v1\nkind: Node\nmetadata: {name: node-0}\n", "admin-token")).ok());
        QCOMPARE(same("nodes", "", "metadata.name=node-0"), 1);
        QCOMPARE(same("nodes", "", "metadata.name=node-7"), 0);
        QCOMPARE(same("pods", "team", "metadata.name=late"), 1);
        QCOMPARE(same("pods", "", "metadata.name=p2"), 1);
        QVERIFY2(problem.empty(), problem.c_str());
    }

    // An informer's list (shareItems) comes from the watch cache: the same objects, bytes and
    // revision as a list read from the store, whatever changed since the cache was filled; objects
    // decoded once (the same in every list, and the same a watch delivers); and a watch from the
    // list's revision sees exactly the changes after it.
    void sharedListsAnswerAsTheStore() {
        auto& s = cp_->apiServer();
        auto pod = [](const std::string& name, const std::string& ns, const std::string& tier) {
            return "apiVersion: v1\nkind: Pod\nmetadata: {name: " + name + ", namespace: " + ns + ", labels: {tier: " + tier +
                   "}}\nspec:\n  containers: [{name: c, image: i}]\n";
        };
        QVERIFY(s.handle(create("namespaces", "apiVersion: v1\nkind: Namespace\nmetadata: {name: team}\n", "admin-token")).ok());
        for (int i = 0; i < 9; ++i)
            QVERIFY(s.handle(create("pods", pod("p" + std::to_string(i), i % 3 ? "default" : "team", i % 2 ? "web" : "db"),
                                    "admin-token")).ok());
        std::string problem;  // the first list answered otherwise
        auto same = [&](const char* resource, const std::string& ns, const std::string& labels, const std::string& fields) {
            Request shared = named("list", resource, ns, "", "admin-token");
            shared.labelSelector = labels;
            shared.fieldSelector = fields;
            shared.shareItems = true;
            Request stored = shared;
            stored.shareItems = false;
            const Response a = s.handle(shared), b = s.handle(stored);
            std::string as = a.status.message() + " at " + std::to_string(a.listRevision) + ":";
            std::string bs = b.status.message() + " at " + std::to_string(b.listRevision) + ":";
            for (const auto& o : a.sharedItems) as += " " + o->SerializeAsString();
            for (const auto& o : b.items) bs += " " + o->SerializeAsString();
            if (problem.empty() && (!a.ok() || !a.items.empty() || as != bs))
                problem = std::string(resource) + " " + ns + " " + labels + " " + fields + " differ";
            return int(a.sharedItems.size());
        };
        auto all = [&] {
            int n = 0;
            for (const std::string ns : {"", "default", "team"})
                for (const std::string labels : {"", "tier=web", "tier!=web"}) n += same("pods", ns, labels, "");
            n += same("pods", "", "", "metadata.namespace=team");
            n += same("namespaces", "", "", "");
            return n;
        };
        const int before = all();
        QVERIFY2(problem.empty(), problem.c_str());
        // Decoded once: two lists hand out the same objects.
        Request list = named("list", "pods", "", "", "admin-token");
        list.shareItems = true;
        const Response first = s.handle(list), again = s.handle(list);
        QCOMPARE(first.sharedItems.size(), size_t(9));
        QCOMPARE(again.sharedItems.front().get(), first.sharedItems.front().get());
        // Changes after the cache was filled: deleted, created, relabelled (by update).
        Request watchFrom = named("watch", "pods", "", "", "admin-token");
        watchFrom.resourceVersion = first.listRevision;
        auto watch = s.watch(watchFrom);
        QVERIFY(watch.isOk());
        QVERIFY(s.handle(named("delete", "pods", "team", "p3", "admin-token")).ok());
        QVERIFY(s.handle(create("pods", pod("late", "team", "web"), "admin-token")).ok());
        Response got = s.handle(named("get", "pods", "default", "p1", "admin-token"));
        QVERIFY(got.ok());
        auto relabelled = std::shared_ptr<google::protobuf::Message>(got.object->New());
        relabelled->CopyFrom(*got.object);
        (*api::mutableMetadata(relabelled.get())->mutable_labels())["tier"] = "db";
        Request update = named("update", "pods", "default", "p1", "admin-token");
        update.body = relabelled;
        QVERIFY(s.handle(update).ok());
        QCOMPARE(all(), before);  // one pod fewer in team, one more; p1 moved from web to db
        QVERIFY2(problem.empty(), problem.c_str());
        // The watch from the first list's revision: exactly those three changes, and the objects
        // it delivers are the ones the cache lists.
        auto events = (*watch)->nextShared(std::chrono::milliseconds(100));
        QVERIFY(events.isOk());
        QCOMPARE(events->size(), size_t(3));
        const Response after = s.handle(list);
        QCOMPARE(after.listRevision, events->back().revision);
        const auto p1 = std::find_if(after.sharedItems.begin(), after.sharedItems.end(),
                                     [](const auto& o) { return api::metadata(*o).name() == "p1"; });
        QVERIFY(p1 != after.sharedItems.end());
        QCOMPARE(p1->get(), events->back().object.get());
        // The cache takes changes in as they are published: with no list for a while, its watch
        // holds no backlog (the API watch above, undrained, holds its own).
        watch->reset();
        auto* sqlite = dynamic_cast<store::SqliteStore*>(&cp_->store());
        QVERIFY(sqlite);
        const size_t queued = sqlite->queuedWatchEvents();  // other watchers' (admission's caches)
        for (int i = 0; i < 20; ++i)
            QVERIFY(s.handle(create("pods", pod("more" + std::to_string(i), "default", "web"), "admin-token")).ok());
        QCOMPARE(sqlite->queuedWatchEvents(), queued);
        QCOMPARE(int(s.handle(list).sharedItems.size()), 9 - 1 + 1 + 20);
    }

    void bootstrapObjectsExist() {
        auto& s = cp_->apiServer();
        for (const char* ns : {"default", "kube-system", "kube-public", "kube-node-lease"})
            QVERIFY(s.handle(named("get", "namespaces", "", ns, "admin-token")).ok());
        Response pc = s.handle(named("get", "priorityclasses", "", "system-node-critical", "admin-token"));
        QVERIFY(pc.ok());
        QCOMPARE(api::metadata(*pc.object).generation(), int64_t(1));
    }
};

QTEST_APPLESS_MAIN(ApiServerTest)
#include "apiserver_test.moc"
