#include "access_review_test.h"

#include <QtTest>

#include <google/protobuf/util/message_differencer.h>

#include <fstream>

#include "api/codec/json.h"
#include "api/codec/manifest.h"
#include "api/codec/proto_json.h"
#include "api/object.h"
#include "authentication_v1.pb.h"
#include "authorization_v1.pb.h"
#include "rbac_v1.pb.h"
#include "util/rfc3339.h"

using namespace pilothouse;
using apiserver::Request;
using apiserver::Response;
namespace authorizationv1 = k8s::io::api::authorization::v1;
namespace authenticationv1 = k8s::io::api::authentication::v1;

namespace {

// token,user,uid,"groups": every authenticated user also gets system:authenticated.
constexpr const char* kTokens =
    "admin-token,alice,1,system:masters\n"
    "bob-token,bob,2,students\n"
    "carol-token,carol,3,\"ops,students\"\n"
    "dave-token,dave,4\n"
    "flaky-token,frank,5,flaky\n"
    "sa-token,system:serviceaccount:ci:builder,6,\"system:serviceaccounts,system:serviceaccounts:ci\"\n"
    "erin-token,erin,7\n";

constexpr const char* kPolicy = R"(
apiVersion: v1
kind: Namespace
metadata: {name: team-a}
---
apiVersion: v1
kind: Namespace
metadata: {name: team-b}
---
apiVersion: v1
kind: Namespace
metadata: {name: ci}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata: {name: view-pods}
rules:
- {apiGroups: [""], resources: [pods], verbs: [get, list, watch]}
- {nonResourceURLs: ["/healthz", "/version"], verbs: [get]}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata: {name: students-view}
subjects: [{kind: Group, name: students, apiGroup: rbac.authorization.k8s.io}]
roleRef: {kind: ClusterRole, name: view-pods, apiGroup: rbac.authorization.k8s.io}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata: {name: deployer, namespace: team-a}
rules:
- {apiGroups: [apps], resources: [deployments], verbs: [create]}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: carol-deploys, namespace: team-a}
subjects: [{kind: User, name: carol, apiGroup: rbac.authorization.k8s.io}]
roleRef: {kind: Role, name: deployer, apiGroup: rbac.authorization.k8s.io}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata: {name: edit-workloads}
rules:
- {apiGroups: [apps], resources: [deployments, deployments/scale], verbs: [get, update, patch]}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: ops-edit, namespace: team-b}
subjects: [{kind: Group, name: ops, apiGroup: rbac.authorization.k8s.io}]
roleRef: {kind: ClusterRole, name: edit-workloads, apiGroup: rbac.authorization.k8s.io}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata: {name: pod-logs}
rules:
- {apiGroups: [""], resources: [pods/log], verbs: [get]}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata: {name: ops-logs}
subjects: [{kind: Group, name: ops, apiGroup: rbac.authorization.k8s.io}]
roleRef: {kind: ClusterRole, name: pod-logs, apiGroup: rbac.authorization.k8s.io}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata: {name: web-config, namespace: default}
rules:
- {apiGroups: [""], resources: [services], resourceNames: [web], verbs: [get]}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: dave-web, namespace: default}
subjects: [{kind: User, name: dave, apiGroup: rbac.authorization.k8s.io}]
roleRef: {kind: Role, name: web-config, apiGroup: rbac.authorization.k8s.io}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata: {name: pod-creator, namespace: ci}
rules:
- {apiGroups: [""], resources: [pods], verbs: [create]}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: builder, namespace: ci}
subjects: [{kind: ServiceAccount, name: builder}]
roleRef: {kind: Role, name: pod-creator, apiGroup: rbac.authorization.k8s.io}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata: {name: dangling}
subjects: [{kind: Group, name: flaky, apiGroup: rbac.authorization.k8s.io}]
roleRef: {kind: ClusterRole, name: gone, apiGroup: rbac.authorization.k8s.io}
)";

const api::ResourceType* type(const char* name) { return api::Scheme::instance().byName(name); }

std::shared_ptr<authorizationv1::SelfSubjectAccessReview> decodeReview(const std::string& json) {
    auto value = codec::parseJson(json);
    if (!value) qFatal("bad test JSON: %s", value.status().message().c_str());
    std::vector<std::string> warnings;
    auto object = codec::decodeObject(*value, *type("selfsubjectaccessreviews"), &warnings);
    if (!object) qFatal("cannot decode: %s", object.status().message().c_str());
    if (!warnings.empty()) qFatal("decode warning: %s", warnings[0].c_str());
    return std::shared_ptr<authorizationv1::SelfSubjectAccessReview>(
        static_cast<authorizationv1::SelfSubjectAccessReview*>(object->release()));
}

// A create of a review whose body is `fields` (the JSON object's members after kind/apiVersion).
Request ask(const QString& token, const QString& fields) {
    Request r;
    r.verb = "create";
    r.type = type("selfsubjectaccessreviews");
    r.token = token.toStdString();
    r.body = decodeReview(R"({"apiVersion":"authorization.k8s.io/v1","kind":"SelfSubjectAccessReview",)" +
                          fields.toStdString() + "}");
    return r;
}

const authorizationv1::SelfSubjectAccessReview& answer(const Response& resp) {
    return static_cast<const authorizationv1::SelfSubjectAccessReview&>(*resp.object);
}

QString compactJson(const google::protobuf::Message& m) {
    return QString::fromStdString(codec::toJson(codec::encodeMessage(m), codec::JsonStyle::Compact));
}

}  // namespace

void AccessReviewTest::init() {
    const std::string tokens = dir_.filePath(QStringLiteral("tokens.csv")).toStdString();
    std::ofstream(tokens) << kTokens;
    controlplane::Options o;
    o.tokenFile = tokens;
    o.anonymousAuth = true;
    auto cp = controlplane::ControlPlane::start(o, clock_);
    QVERIFY2(cp.isOk(), cp.status().message().c_str());
    cp_ = std::move(*cp);
    std::vector<std::string> warnings;
    auto manifests = codec::loadManifests(kPolicy, "policy.yaml", &warnings);
    QVERIFY2(manifests.isOk(), manifests.status().message().c_str());
    for (auto& m : *manifests) {
        Request r;
        r.verb = "create";
        r.type = m.type;
        r.token = "admin-token";
        r.namespace_ = api::metadata(*m.object).namespace_();
        r.body = std::shared_ptr<google::protobuf::Message>(std::move(m.object));
        Response resp = cp_->apiServer().handle(r);
        QVERIFY2(resp.ok(), resp.status.message().c_str());
    }
}

void AccessReviewTest::cleanup() { cp_.reset(); }

void AccessReviewTest::review_data() {
    QTest::addColumn<QString>("token");
    QTest::addColumn<QString>("spec");
    QTest::addColumn<bool>("allowed");
    QTest::addColumn<QString>("reason");

    const QString students = R"(RBAC: allowed by ClusterRoleBinding "students-view" of ClusterRole "view-pods" to Group "students")";
    const QString opsEdit = R"(RBAC: allowed by RoleBinding "ops-edit/team-b" of ClusterRole "edit-workloads" to Group "ops")";
    auto res = [](const QString& attrs) { return R"({"resourceAttributes":)" + attrs + "}"; };
    auto url = [](const QString& verb, const QString& path) {
        return R"({"nonResourceAttributes":{"verb":")" + verb + R"(","path":")" + path + R"("}})";
    };

    // system:masters: the privileged-group authorizer allows with no reason.
    QTest::newRow("masters: anything") << "admin-token" << res(R"({"verb":"delete","resource":"nodes","name":"n1"})") << true << "";
    QTest::newRow("masters: a path") << "admin-token" << url("post", "/anything") << true << "";
    // A ClusterRoleBinding to a group: every namespace and all namespaces at once.
    QTest::newRow("group, ClusterRoleBinding")
        << "bob-token" << res(R"({"namespace":"default","verb":"get","resource":"pods","name":"web"})") << true << students;
    QTest::newRow("ClusterRoleBinding in any namespace")
        << "bob-token" << res(R"({"namespace":"team-b","verb":"list","resource":"pods"})") << true << students;
    QTest::newRow("ClusterRoleBinding in all namespaces")
        << "bob-token" << res(R"({"verb":"watch","resource":"pods","version":"v1"})") << true << students;
    // Not allowed: RBAC has no opinion, and says nothing.
    QTest::newRow("verb not granted")
        << "bob-token" << res(R"({"namespace":"default","verb":"delete","resource":"pods","name":"web"})") << false << "";
    QTest::newRow("resource not granted")
        << "bob-token" << res(R"({"namespace":"default","verb":"get","resource":"services"})") << false << "";
    QTest::newRow("* is not pods") << "bob-token" << res(R"({"namespace":"default","verb":"get","resource":"*"})") << false << "";
    // A Role, through a RoleBinding in its namespace, to a user.
    QTest::newRow("Role in its namespace")
        << "carol-token" << res(R"({"namespace":"team-a","verb":"create","group":"apps","resource":"deployments"})") << true
        << R"(RBAC: allowed by RoleBinding "carol-deploys/team-a" of Role "deployer" to User "carol")";
    QTest::newRow("Role not in another namespace")
        << "carol-token" << res(R"({"namespace":"team-b","verb":"create","group":"apps","resource":"deployments"})") << false << "";
    QTest::newRow("Role not cluster-wide")
        << "carol-token" << res(R"({"verb":"create","group":"apps","resource":"deployments"})") << false << "";
    QTest::newRow("API group must match")
        << "carol-token" << res(R"({"namespace":"team-a","verb":"create","resource":"deployments"})") << false << "";
    // A ClusterRole, through a RoleBinding: its rules in that namespace only.
    QTest::newRow("ClusterRole through RoleBinding")
        << "carol-token" << res(R"({"namespace":"team-b","verb":"update","group":"apps","resource":"deployments","name":"web"})")
        << true << opsEdit;
    QTest::newRow("ClusterRole through RoleBinding, other namespace")
        << "carol-token" << res(R"({"namespace":"team-a","verb":"update","group":"apps","resource":"deployments","name":"web"})")
        << false << "";
    QTest::newRow("subresource rule")
        << "carol-token" << res(R"({"namespace":"team-b","verb":"patch","group":"apps","resource":"deployments","subresource":"scale"})")
        << true << opsEdit;
    QTest::newRow("subresource of another group's rule")
        << "carol-token" << res(R"({"namespace":"default","verb":"get","resource":"pods","subresource":"log"})") << true
        << R"(RBAC: allowed by ClusterRoleBinding "ops-logs" of ClusterRole "pod-logs" to Group "ops")";
    QTest::newRow("subresource needs its own rule")
        << "bob-token" << res(R"({"namespace":"default","verb":"get","resource":"pods","subresource":"log"})") << false << "";
    // resourceNames: that name only.
    QTest::newRow("resourceNames: the name")
        << "dave-token" << res(R"({"namespace":"default","verb":"get","resource":"services","name":"web"})") << true
        << R"(RBAC: allowed by RoleBinding "dave-web/default" of Role "web-config" to User "dave")";
    QTest::newRow("resourceNames: another name")
        << "dave-token" << res(R"({"namespace":"default","verb":"get","resource":"services","name":"api"})") << false << "";
    QTest::newRow("resourceNames: no name")
        << "dave-token" << res(R"({"namespace":"default","verb":"get","resource":"services"})") << false << "";
    // A ServiceAccount subject whose namespace is the binding's.
    QTest::newRow("ServiceAccount")
        << "sa-token" << res(R"({"namespace":"ci","verb":"create","resource":"pods"})") << true
        << R"(RBAC: allowed by RoleBinding "builder/ci" of Role "pod-creator" to ServiceAccount "builder/ci")";
    // A binding to a role that does not exist: not allowed, and RBAC says why.
    QTest::newRow("dangling role reference")
        << "flaky-token" << res(R"({"namespace":"default","verb":"get","resource":"pods"})") << false
        << R"(RBAC: clusterrole.rbac.authorization.k8s.io "gone" not found)";
    // system:basic-user, bound to system:authenticated.
    QTest::newRow("any authenticated user may ask")
        << "erin-token" << res(R"({"verb":"create","group":"authorization.k8s.io","resource":"selfsubjectaccessreviews"})")
        << true
        << R"(RBAC: allowed by ClusterRoleBinding "system:basic-user" of ClusterRole "system:basic-user" to Group "system:authenticated")";
    QTest::newRow("but not much more") << "erin-token" << res(R"({"namespace":"default","verb":"list","resource":"pods"})") << false << "";
    // Non-resource requests: verb and path against nonResourceURLs.
    QTest::newRow("path granted") << "bob-token" << url("get", "/healthz") << true << students;
    QTest::newRow("path, other verb") << "bob-token" << url("post", "/healthz") << false << "";
    QTest::newRow("path not granted") << "erin-token" << url("get", "/metrics") << false << "";
}

void AccessReviewTest::review() {
    QFETCH(QString, token);
    QFETCH(QString, spec);
    QFETCH(bool, allowed);
    QFETCH(QString, reason);
    Response resp = cp_->apiServer().handle(ask(token, R"("spec":)" + spec));
    QVERIFY2(resp.ok(), resp.status.message().c_str());
    const auto& status = answer(resp).status();
    QCOMPARE(status.allowed(), allowed);
    QCOMPARE(status.denied(), false);  // RBAC never denies
    QCOMPARE(QString::fromStdString(status.reason()), reason);
    QCOMPARE(QString::fromStdString(status.evaluation_error()), QString());
}

void AccessReviewTest::answerIsNotStored() {
    const int64_t before = cp_->store().currentRevision();
    Request req = ask(QStringLiteral("bob-token"),
                      QStringLiteral(R"("metadata":{"namespace":"ignored"},"spec":{"resourceAttributes":{"namespace":"default","verb":"get","resource":"pods"}})"));
    Response resp = cp_->apiServer().handle(req);
    QVERIFY2(resp.ok(), resp.status.message().c_str());
    QCOMPARE(cp_->store().currentRevision(), before);
    // The review as asked (a cluster-scoped object loses its namespace), with kind and status;
    // no name, uid, resourceVersion or creation time.
    QCOMPARE(compactJson(*resp.object),
             QString(R"({"apiVersion":"authorization.k8s.io/v1","kind":"SelfSubjectAccessReview","metadata":{"creationTimestamp":null},)"
                     R"("spec":{"resourceAttributes":{"namespace":"default","resource":"pods","verb":"get"}},)"
                     R"("status":{"allowed":true,"reason":"RBAC: allowed by ClusterRoleBinding \"students-view\" of ClusterRole \"view-pods\" to Group \"students\""}})"));
    // A dry run answers the same.
    req.dryRun = true;
    Response dry = cp_->apiServer().handle(req);
    QVERIFY(dry.ok());
    QVERIFY(google::protobuf::util::MessageDifferencer::Equals(*dry.object, *resp.object));
    QCOMPARE(cp_->store().currentRevision(), before);
    // And there is nothing to list: the review was never kept.
    Request list;
    list.verb = "list";
    list.type = type("selfsubjectaccessreviews");
    list.token = "admin-token";
    QCOMPARE(cp_->apiServer().handle(list).status.reason(), std::string("MethodNotAllowed"));
}

void AccessReviewTest::whoMayAsk_data() {
    QTest::addColumn<QString>("token");
    QTest::addColumn<int>("code");  // 0: allowed to ask
    QTest::addColumn<QString>("reason");
    QTest::addColumn<QString>("message");
    QTest::newRow("user without bindings") << "erin-token" << 0 << "" << "";
    QTest::newRow("service account") << "sa-token" << 0 << "" << "";
    QTest::newRow("masters") << "admin-token" << 0 << "" << "";
    QTest::newRow("anonymous")
        << "" << 403 << "Forbidden"
        << R"(selfsubjectaccessreviews.authorization.k8s.io is forbidden: User "system:anonymous" cannot create resource "selfsubjectaccessreviews" in API group "authorization.k8s.io" at the cluster scope)";
    QTest::newRow("unknown token") << "nope" << 401 << "Unauthorized" << "Unauthorized";
}

void AccessReviewTest::whoMayAsk() {
    QFETCH(QString, token);
    QFETCH(int, code);
    QFETCH(QString, reason);
    QFETCH(QString, message);
    Response resp = cp_->apiServer().handle(
        ask(token, QStringLiteral(R"("spec":{"resourceAttributes":{"namespace":"default","verb":"get","resource":"pods"}})")));
    QCOMPARE(resp.status.httpCode(), code);
    QCOMPARE(QString::fromStdString(resp.status.reason()), reason);
    QCOMPARE(QString::fromStdString(resp.status.message()), message);
    QCOMPARE(resp.ok(), code == 0);
}

void AccessReviewTest::validation_data() {
    QTest::addColumn<QString>("fields");
    QTest::addColumn<QString>("message");  // "": valid
    QTest::addColumn<QStringList>("causes");  // "type field: body"

    const QString neither = R"(spec.resourceAttributes: Invalid value: "null": exactly one of nonResourceAttributes or resourceAttributes must be specified)";
    const QString neitherCause = R"(FieldValueInvalid spec.resourceAttributes: Invalid value: "null": exactly one of nonResourceAttributes or resourceAttributes must be specified)";
    const QString emptyMeta =
        "Generation:0,CreationTimestamp:0001-01-01 00:00:00 +0000 UTC,DeletionTimestamp:<nil>,DeletionGracePeriodSeconds:nil,";
    QTest::newRow("neither") << R"("spec":{})" << R"(.authorization.k8s.io "" is invalid: )" + neither << QStringList{neitherCause};
    QTest::newRow("null is neither") << R"("spec":{"resourceAttributes":null,"nonResourceAttributes":null})"
                                     << R"(.authorization.k8s.io "" is invalid: )" + neither << QStringList{neitherCause};
    QTest::newRow("no spec") << "\"status\":{\"allowed\":true}" << R"(.authorization.k8s.io "" is invalid: )" + neither
                             << QStringList{neitherCause};
    QTest::newRow("both")
        << R"("spec":{"resourceAttributes":{"verb":"get","resource":"pods"},"nonResourceAttributes":{"path":"/healthz","verb":"get"}})"
        << R"(.authorization.k8s.io "" is invalid: spec.nonResourceAttributes: Invalid value: authorization.NonResourceAttributes{Path:"/healthz", Verb:"get"}: cannot be specified in combination with resourceAttributes)"
        << QStringList{R"(FieldValueInvalid spec.nonResourceAttributes: Invalid value: authorization.NonResourceAttributes{Path:"/healthz", Verb:"get"}: cannot be specified in combination with resourceAttributes)"};
    const QString nameMeta = "&ObjectMeta{Name:x,GenerateName:,Namespace:,SelfLink:,UID:,ResourceVersion:," + emptyMeta +
                             "Labels:map[string]string{},Annotations:map[string]string{},OwnerReferences:[]OwnerReference{},"
                             "Finalizers:[],ManagedFields:[]ManagedFieldsEntry{},}";
    QTest::newRow("metadata must be empty")
        << R"("metadata":{"name":"x"},"spec":{"resourceAttributes":{}})"
        << R"(.authorization.k8s.io "" is invalid: metadata: Invalid value: )" + nameMeta + ": must be empty"
        << QStringList{"FieldValueInvalid metadata: Invalid value: " + nameMeta + ": must be empty"};
    const QString labelsMeta = "&ObjectMeta{Name:,GenerateName:,Namespace:,SelfLink:,UID:,ResourceVersion:," + emptyMeta +
                               "Labels:map[string]string{a: b,z: y,},Annotations:map[string]string{},OwnerReferences:[]OwnerReference{},"
                               "Finalizers:[f],ManagedFields:[]ManagedFieldsEntry{},}";
    QTest::newRow("two errors, in upstream's order")
        << R"("metadata":{"labels":{"z":"y","a":"b"},"finalizers":["f"]},"spec":{})"
        << R"(.authorization.k8s.io "" is invalid: [)" + neither + ", metadata: Invalid value: " + labelsMeta + ": must be empty]"
        << QStringList{neitherCause, "FieldValueInvalid metadata: Invalid value: " + labelsMeta + ": must be empty"};
    // Valid: an empty attribute set counts as set (a pointer in Go); the namespace is dropped
    // before validation (cluster-scoped); managedFields are the field manager's.
    QTest::newRow("empty resourceAttributes") << R"("spec":{"resourceAttributes":{}})" << "" << QStringList{};
    QTest::newRow("empty nonResourceAttributes") << R"("spec":{"nonResourceAttributes":{}})" << "" << QStringList{};
    QTest::newRow("namespace only") << R"("metadata":{"namespace":"default"},"spec":{"resourceAttributes":{}})" << ""
                                    << QStringList{};
    QTest::newRow("managedFields only")
        << R"("metadata":{"managedFields":[{"manager":"kubectl","operation":"Update"}]},"spec":{"resourceAttributes":{}})" << ""
        << QStringList{};
}

void AccessReviewTest::validation() {
    QFETCH(QString, fields);
    QFETCH(QString, message);
    QFETCH(QStringList, causes);
    Response resp = cp_->apiServer().handle(ask(QStringLiteral("bob-token"), fields));
    if (message.isEmpty()) {
        QVERIFY2(resp.ok(), resp.status.message().c_str());
        return;
    }
    QCOMPARE(resp.status.httpCode(), 422);
    QCOMPARE(QString::fromStdString(resp.status.reason()), QString("Invalid"));
    QCOMPARE(QString::fromStdString(resp.status.message()), message);
    QStringList got;
    for (const auto& c : resp.status.causes())
        got << QString::fromStdString(c.type + " " + c.field + ": " + c.message);
    QCOMPARE(got, causes);
}

void AccessReviewTest::unsupportedVerbs_data() {
    QTest::addColumn<QString>("verb");
    QTest::addColumn<QString>("token");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("subresource");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("reason");
    QTest::addColumn<QString>("message");
    const QString noRoute = "the server could not find the requested resource";
    const QString noMethod = "the server does not allow this method on the requested resource";
    // No route for a named review: 404. The collection has no such method: 405.
    QTest::newRow("get") << "get" << "admin-token" << "x" << "" << 404 << "NotFound" << noRoute;
    QTest::newRow("update") << "update" << "admin-token" << "x" << "" << 404 << "NotFound" << noRoute;
    QTest::newRow("patch") << "patch" << "admin-token" << "x" << "" << 404 << "NotFound" << noRoute;
    QTest::newRow("delete") << "delete" << "admin-token" << "x" << "" << 404 << "NotFound" << noRoute;
    QTest::newRow("create a subresource") << "create" << "admin-token" << "x" << "status" << 404 << "NotFound" << noRoute;
    QTest::newRow("list") << "list" << "admin-token" << "" << "" << 405 << "MethodNotAllowed" << noMethod;
    QTest::newRow("watch") << "watch" << "admin-token" << "" << "" << 405 << "MethodNotAllowed" << noMethod;
    // Authorization comes first: system:basic-user grants create only.
    QTest::newRow("list, not authorized")
        << "list" << "bob-token" << "" << "" << 403 << "Forbidden"
        << R"(selfsubjectaccessreviews.authorization.k8s.io is forbidden: User "bob" cannot list resource "selfsubjectaccessreviews" in API group "authorization.k8s.io" at the cluster scope)";
    QTest::newRow("get, not authorized")
        << "get" << "bob-token" << "x" << "" << 403 << "Forbidden"
        << R"(selfsubjectaccessreviews.authorization.k8s.io "x" is forbidden: User "bob" cannot get resource "selfsubjectaccessreviews" in API group "authorization.k8s.io" at the cluster scope)";
}

void AccessReviewTest::unsupportedVerbs() {
    QFETCH(QString, verb);
    QFETCH(QString, token);
    QFETCH(QString, name);
    QFETCH(QString, subresource);
    QFETCH(int, code);
    QFETCH(QString, reason);
    QFETCH(QString, message);
    Request r = ask(token, QStringLiteral(R"("spec":{"resourceAttributes":{}})"));
    r.verb = verb.toStdString();
    r.name = name.toStdString();
    r.subresource = subresource.toStdString();
    r.patch = codec::Value::object();
    Status st;
    if (verb == "watch") {
        auto w = cp_->apiServer().watch(r);
        QVERIFY(!w.isOk());
        st = w.status();
    } else {
        st = cp_->apiServer().handle(r).status;
    }
    QCOMPARE(st.httpCode(), code);
    QCOMPARE(QString::fromStdString(st.reason()), reason);
    QCOMPARE(QString::fromStdString(st.message()), message);
}

void AccessReviewTest::jsonRoundTrip_data() {
    QTest::addColumn<QString>("in");
    QTest::addColumn<QString>("out");  // encoded again: keys sorted, upstream's omitempty
    const QString head = R"({"apiVersion":"authorization.k8s.io/v1","kind":"SelfSubjectAccessReview",)";
    QTest::newRow("resourceAttributes")
        << head + R"("spec":{"resourceAttributes":{"namespace":"team-a","verb":"update","group":"apps","version":"v1","resource":"deployments","subresource":"scale","name":"web"}}})"
        << head + R"("metadata":{"creationTimestamp":null},"spec":{"resourceAttributes":{"group":"apps","name":"web","namespace":"team-a","resource":"deployments","subresource":"scale","verb":"update","version":"v1"}},"status":{"allowed":false}})";
    QTest::newRow("nonResourceAttributes and a full status")
        << head + R"("spec":{"nonResourceAttributes":{"path":"/healthz","verb":"get"}},"status":{"allowed":false,"denied":true,"reason":"no","evaluationError":"broken"}})"
        << head + R"("metadata":{"creationTimestamp":null},"spec":{"nonResourceAttributes":{"path":"/healthz","verb":"get"}},"status":{"allowed":false,"denied":true,"evaluationError":"broken","reason":"no"}})";
    // An empty attribute set stays set (Go's pointer): {} in, {} out.
    QTest::newRow("empty resourceAttributes")
        << head + R"("metadata":{},"spec":{"resourceAttributes":{}},"status":{"allowed":true}})"
        << head + R"("metadata":{"creationTimestamp":null},"spec":{"resourceAttributes":{}},"status":{"allowed":true}})";
    QTest::newRow("nothing") << head + R"("spec":{}})"
                             << head + R"("metadata":{"creationTimestamp":null},"spec":{},"status":{"allowed":false}})";
}

void AccessReviewTest::jsonRoundTrip() {
    QFETCH(QString, in);
    QFETCH(QString, out);
    auto review = decodeReview(in.toStdString());
    QCOMPARE(compactJson(*review), out);
    auto again = decodeReview(out.toStdString());
    QCOMPARE(compactJson(*again), out);
    QVERIFY(google::protobuf::util::MessageDifferencer::Equals(again->spec(), review->spec()));
    QVERIFY(google::protobuf::util::MessageDifferencer::Equals(again->status(), review->status()));
    QCOMPARE(again->spec().has_resource_attributes(), review->spec().has_resource_attributes());
    QCOMPARE(again->spec().has_non_resource_attributes(), review->spec().has_non_resource_attributes());
}

void AccessReviewTest::traceRecordsTheAnswer() {
    Response resp = cp_->apiServer().handle(ask(
        QStringLiteral("bob-token"),
        QStringLiteral(R"("spec":{"resourceAttributes":{"namespace":"default","verb":"get","resource":"pods","name":"web"}})")));
    QVERIFY(resp.ok());
    QStringList stages;
    for (const auto& r : resp.trace) stages << QString::fromStdString(r.stage + "/" + r.step + (r.passed ? "" : " FAILED"));
    QCOMPARE(stages, (QStringList{"authentication/bearer token", "authorization/RBAC", "validation/SelfSubjectAccessReview",
                                  "registry/SelfSubjectAccessReview"}));
    // The request itself was allowed by system:basic-user ...
    QCOMPARE(QString::fromStdString(resp.trace[1].detail),
             QString(R"(RBAC: allowed by ClusterRoleBinding "system:basic-user" of ClusterRole "system:basic-user" to Group "system:authenticated")"));
    // ... and what it asked by the students' binding.
    QCOMPARE(QString::fromStdString(resp.trace[3].detail),
             QString(R"(may "bob" get pods "web" in "default": Allow (RBAC: allowed by ClusterRoleBinding "students-view" of ClusterRole "view-pods" to Group "students"))"));
    Response no = cp_->apiServer().handle(
        ask(QStringLiteral("erin-token"), QStringLiteral(R"("spec":{"nonResourceAttributes":{"verb":"get","path":"/metrics"}})")));
    QVERIFY(no.ok());
    QCOMPARE(QString::fromStdString(no.trace.back().detail), QString(R"(may "erin" get path "/metrics": NoOpinion)"));
    Response invalid = cp_->apiServer().handle(ask(QStringLiteral("bob-token"), QStringLiteral(R"("spec":{})")));
    QVERIFY(!invalid.ok());
    QCOMPARE(QString::fromStdString(invalid.trace.back().stage), QString("validation"));
    QVERIFY(!invalid.trace.back().passed);
}

void AccessReviewTest::basicUserBootstrap() {
    auto get = [&](const char* resource, const char* name) {
        Request r;
        r.verb = "get";
        r.type = type(resource);
        r.name = name;
        r.token = "admin-token";
        Response resp = cp_->apiServer().handle(r);
        if (!resp.ok()) qFatal("%s", resp.status.message().c_str());
        return codec::encodeMessage(*resp.object);
    };
    // plugin/pkg/auth/authorizer/rbac/bootstrappolicy/testdata/cluster-roles.yaml (v1.28).
    const codec::Value role = get("clusterroles", "system:basic-user");
    QCOMPARE(QString::fromStdString(codec::toJson(*role.find("rules"), codec::JsonStyle::Compact)),
             QString(R"([{"apiGroups":["authorization.k8s.io"],"resources":["selfsubjectaccessreviews","selfsubjectrulesreviews"],"verbs":["create"]},)"
                     R"({"apiGroups":["authentication.k8s.io"],"resources":["selfsubjectreviews"],"verbs":["create"]}])"));
    const codec::Value* meta = role.find("metadata");
    QCOMPARE(QString::fromStdString(codec::toJson(*meta->find("labels"), codec::JsonStyle::Compact)),
             QString(R"({"kubernetes.io/bootstrapping":"rbac-defaults"})"));
    QCOMPARE(QString::fromStdString(codec::toJson(*meta->find("annotations"), codec::JsonStyle::Compact)),
             QString(R"({"rbac.authorization.kubernetes.io/autoupdate":"true"})"));
    // cluster-role-bindings.yaml.
    const codec::Value binding = get("clusterrolebindings", "system:basic-user");
    QCOMPARE(QString::fromStdString(codec::toJson(*binding.find("subjects"), codec::JsonStyle::Compact)),
             QString(R"([{"apiGroup":"rbac.authorization.k8s.io","kind":"Group","name":"system:authenticated"}])"));
    QCOMPARE(QString::fromStdString(codec::toJson(*binding.find("roleRef"), codec::JsonStyle::Compact)),
             QString(R"({"apiGroup":"rbac.authorization.k8s.io","kind":"ClusterRole","name":"system:basic-user"})"));
}

namespace {

// A create of a SelfSubjectReview (what `kubectl auth whoami` sends: an empty one).
Request whoAmI(const QString& token) {
    Request r;
    r.verb = "create";
    r.type = type("selfsubjectreviews");
    r.token = token.toStdString();
    auto review = std::make_shared<authenticationv1::SelfSubjectReview>();
    review->mutable_metadata()->set_name("ignored");
    r.body = review;
    return r;
}

}  // namespace

void AccessReviewTest::selfSubjectReview_data() {
    QTest::addColumn<QString>("token");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("message");
    QTest::addColumn<QString>("username");
    QTest::addColumn<QString>("uid");
    QTest::addColumn<QStringList>("groups");
    QTest::newRow("masters") << "admin-token" << 0 << "" << "alice" << "1"
                             << QStringList{"system:masters", "system:authenticated"};
    QTest::newRow("two groups") << "carol-token" << 0 << "" << "carol" << "3"
                                << QStringList{"ops", "students", "system:authenticated"};
    QTest::newRow("no group of its own") << "erin-token" << 0 << "" << "erin" << "7" << QStringList{"system:authenticated"};
    QTest::newRow("service account") << "sa-token" << 0 << "" << "system:serviceaccount:ci:builder" << "6"
                                     << QStringList{"system:serviceaccounts", "system:serviceaccounts:ci", "system:authenticated"};
    QTest::newRow("anonymous")
        << "" << 403
        << R"(selfsubjectreviews.authentication.k8s.io is forbidden: User "system:anonymous" cannot create resource "selfsubjectreviews" in API group "authentication.k8s.io" at the cluster scope)"
        << "" << "" << QStringList{};
    QTest::newRow("unknown token") << "nope" << 401 << "Unauthorized" << "" << "" << QStringList{};
}

void AccessReviewTest::selfSubjectReview() {
    QFETCH(QString, token);
    QFETCH(int, code);
    QFETCH(QString, message);
    QFETCH(QString, username);
    QFETCH(QString, uid);
    QFETCH(QStringList, groups);
    const int64_t before = cp_->store().currentRevision();
    Response resp = cp_->apiServer().handle(whoAmI(token));
    QCOMPARE(resp.status.httpCode(), code);
    QCOMPARE(QString::fromStdString(resp.status.message()), message);
    QCOMPARE(cp_->store().currentRevision(), before);
    if (code != 0) return;
    const auto* review = dynamic_cast<const authenticationv1::SelfSubjectReview*>(resp.object.get());
    QVERIFY(review);
    const auto& user = review->status().user_info();
    QCOMPARE(QString::fromStdString(user.username()), username);
    QCOMPARE(QString::fromStdString(user.uid()), uid);
    QStringList got;
    for (const auto& g : user.groups()) got << QString::fromStdString(g);
    QCOMPARE(got, groups);
    // A new review: what the body said (its name) is not kept.
    QVERIFY(review->metadata().name().empty());
}

void AccessReviewTest::selfSubjectReviewJson() {
    Response resp = cp_->apiServer().handle(whoAmI(QStringLiteral("bob-token")));
    QVERIFY2(resp.ok(), resp.status.message().c_str());
    // rest.go: created now, nothing else in metadata; extra is empty and omitted.
    const QString now = QString::fromStdString(rfc3339::format(clock_.nowUnixNanos()));
    QCOMPARE(compactJson(*resp.object),
             QString(R"({"apiVersion":"authentication.k8s.io/v1","kind":"SelfSubjectReview","metadata":{"creationTimestamp":")" +
                     now + R"("},"status":{"userInfo":{"groups":["students","system:authenticated"],"uid":"2","username":"bob"}}})"));
    // A body of another kind is refused as upstream's REST does.
    Request wrong = ask(QStringLiteral("bob-token"), QStringLiteral(R"("spec":{"resourceAttributes":{}})"));
    wrong.type = type("selfsubjectreviews");
    Response bad = cp_->apiServer().handle(wrong);
    QCOMPARE(bad.status.httpCode(), 400);
    QVERIFY2(bad.status.message().rfind("not a SelfSubjectReview: ", 0) == 0, bad.status.message().c_str());
}

void AccessReviewTest::selfSubjectReviewVerbs_data() {
    QTest::addColumn<QString>("verb");
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("code");
    QTest::newRow("get") << "get" << "x" << 404;
    QTest::newRow("delete") << "delete" << "x" << 404;
    QTest::newRow("list") << "list" << "" << 405;
}

void AccessReviewTest::selfSubjectReviewVerbs() {
    QFETCH(QString, verb);
    QFETCH(QString, name);
    QFETCH(int, code);
    Request r = whoAmI(QStringLiteral("admin-token"));
    r.verb = verb.toStdString();
    r.name = name.toStdString();
    QCOMPARE(cp_->apiServer().handle(r).status.httpCode(), code);
}

QTEST_GUILESS_MAIN(AccessReviewTest)
