// Authorization: RBAC over Roles/ClusterRoles and their bindings read from manifests, the
// system:masters rule, the union, and the exact Forbidden texts kube-apiserver returns.
#include <QtTest>

#include "apiserver/authorization/authorizer.h"
#include "apiserver/authorization/rbac.h"
#include "apiserver/errors.h"
#include "authorization_test.h"

using namespace pilothouse;
using namespace pilothouse::apiserver;
using namespace pilothouse::apiserver::authorization;

namespace {

constexpr const char* kPolicy = R"(
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata: {name: pod-reader, namespace: default}
rules:
- apiGroups: [""]
  resources: ["pods"]
  verbs: ["get", "list", "watch"]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: alice-reads, namespace: default}
subjects:
- {kind: User, name: alice, apiGroup: rbac.authorization.k8s.io}
roleRef: {kind: Role, name: pod-reader, apiGroup: rbac.authorization.k8s.io}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata: {name: node-viewer}
rules:
- apiGroups: [""]
  resources: ["nodes"]
  verbs: ["get", "list"]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata: {name: ops-nodes}
subjects:
- {kind: User, name: nobody-here, apiGroup: rbac.authorization.k8s.io}
- {kind: Group, name: ops, apiGroup: rbac.authorization.k8s.io}
- {kind: ServiceAccount, name: monitor, namespace: kube-system}
roleRef: {kind: ClusterRole, name: node-viewer, apiGroup: rbac.authorization.k8s.io}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata: {name: deploy-admin}
rules:
- apiGroups: ["apps"]
  resources: ["deployments", "deployments/scale"]
  verbs: ["*"]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: carol-deploy, namespace: team-a}
subjects:
- {kind: User, name: carol, apiGroup: rbac.authorization.k8s.io}
roleRef: {kind: ClusterRole, name: deploy-admin, apiGroup: rbac.authorization.k8s.io}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata: {name: binder}
rules:
- apiGroups: [""]
  resources: ["pods/binding"]
  verbs: ["create"]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata: {name: scheduler-binds}
subjects:
- {kind: User, name: "system:kube-scheduler", apiGroup: rbac.authorization.k8s.io}
roleRef: {kind: ClusterRole, name: binder, apiGroup: rbac.authorization.k8s.io}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata: {name: web-only, namespace: default}
rules:
- apiGroups: [""]
  resources: ["services"]
  resourceNames: ["web"]
  verbs: ["get", "update"]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: dave-web, namespace: default}
subjects:
- {kind: User, name: dave, apiGroup: rbac.authorization.k8s.io}
roleRef: {kind: Role, name: web-only, apiGroup: rbac.authorization.k8s.io}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata: {name: scaler}
rules:
- apiGroups: ["*"]
  resources: ["*/scale"]
  verbs: ["get"]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata: {name: erin-scales}
subjects:
- {kind: User, name: erin, apiGroup: rbac.authorization.k8s.io}
roleRef: {kind: ClusterRole, name: scaler, apiGroup: rbac.authorization.k8s.io}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata: {name: pod-creator, namespace: ci}
rules:
- apiGroups: [""]
  resources: ["pods"]
  verbs: ["create"]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: builder, namespace: ci}
subjects:
- {kind: ServiceAccount, name: builder}
roleRef: {kind: Role, name: pod-creator, apiGroup: rbac.authorization.k8s.io}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: broken, namespace: default}
subjects:
- {kind: Group, name: flaky, apiGroup: rbac.authorization.k8s.io}
roleRef: {kind: Role, name: missing, apiGroup: rbac.authorization.k8s.io}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata: {name: dangling}
subjects:
- {kind: Group, name: flaky, apiGroup: rbac.authorization.k8s.io}
roleRef: {kind: ClusterRole, name: gone, apiGroup: rbac.authorization.k8s.io}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata: {name: everything}
rules:
- apiGroups: ["*"]
  resources: ["*"]
  verbs: ["*"]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata: {name: admins-everything}
subjects:
- {kind: Group, name: admins, apiGroup: rbac.authorization.k8s.io}
roleRef: {kind: ClusterRole, name: everything, apiGroup: rbac.authorization.k8s.io}
)";

Attributes attrs(const QString& user, const QString& groups, const QString& verb,
                 const QString& group, const QString& resource, const QString& subresource,
                 const QString& ns, const QString& name) {
    Attributes a;
    a.user.name = user.toStdString();
    for (const auto& g : groups.split(';', Qt::SkipEmptyParts)) a.user.groups.push_back(g.toStdString());
    a.verb = verb.toStdString();
    a.apiGroup = group.toStdString();
    a.apiVersion = "v1";
    a.resource = resource.toStdString();
    a.subresource = subresource.toStdString();
    a.namespace_ = ns.toStdString();
    a.name = name.toStdString();
    return a;
}

}  // namespace

void AuthorizationTest::initTestCase() {
    const Status st = lister_.load(kPolicy);
    QVERIFY2(st.isOk(), st.message().c_str());
    QCOMPARE(int(lister_.size()), 18);
}

void AuthorizationTest::rbac_data() {
    QTest::addColumn<QString>("user");
    QTest::addColumn<QString>("groups");
    QTest::addColumn<QString>("verb");
    QTest::addColumn<QString>("group");
    QTest::addColumn<QString>("resource");
    QTest::addColumn<QString>("subresource");
    QTest::addColumn<QString>("ns");
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("allowed");
    QTest::addColumn<QString>("reason");

    const QString aliceRB = R"(RBAC: allowed by RoleBinding "alice-reads/default" of Role "pod-reader" to User "alice")";
    QTest::newRow("role allows get") << "alice" << "system:authenticated" << "get" << "" << "pods" << "" << "default" << "web" << true << aliceRB;
    QTest::newRow("role allows list") << "alice" << "" << "list" << "" << "pods" << "" << "default" << "" << true << aliceRB;
    QTest::newRow("verb not in role") << "alice" << "" << "delete" << "" << "pods" << "" << "default" << "web" << false << "";
    QTest::newRow("other resource") << "alice" << "" << "get" << "" << "services" << "" << "default" << "web" << false << "";
    QTest::newRow("role only in its namespace") << "alice" << "" << "get" << "" << "pods" << "" << "kube-system" << "web" << false << "";
    QTest::newRow("role not cluster-wide") << "alice" << "" << "list" << "" << "pods" << "" << "" << "" << false << "";
    QTest::newRow("subresource needs its own rule") << "alice" << "" << "get" << "" << "pods" << "log" << "default" << "web" << false << "";
    QTest::newRow("api group must match") << "alice" << "" << "get" << "apps" << "pods" << "" << "default" << "web" << false << "";
    QTest::newRow("user name is exact") << "Alice" << "" << "get" << "" << "pods" << "" << "default" << "web" << false << "";

    const QString opsCRB = R"(RBAC: allowed by ClusterRoleBinding "ops-nodes" of ClusterRole "node-viewer" to Group "ops")";
    QTest::newRow("group subject, cluster scope") << "bob" << "ops;system:authenticated" << "list" << "" << "nodes" << "" << "" << "" << true << opsCRB;
    QTest::newRow("cluster binding applies in namespaces too") << "bob" << "ops" << "get" << "" << "nodes" << "" << "default" << "n1" << true << opsCRB;
    QTest::newRow("group subject, verb missing") << "bob" << "ops" << "delete" << "" << "nodes" << "" << "" << "n1" << false << "";
    QTest::newRow("not in the group") << "bob" << "dev" << "list" << "" << "nodes" << "" << "" << "" << false << "";
    QTest::newRow("service account with namespace")
        << "system:serviceaccount:kube-system:monitor" << "system:serviceaccounts" << "list" << "" << "nodes" << "" << "" << "" << true
        << R"(RBAC: allowed by ClusterRoleBinding "ops-nodes" of ClusterRole "node-viewer" to ServiceAccount "monitor/kube-system")";
    QTest::newRow("service account in another namespace") << "system:serviceaccount:default:monitor" << "" << "list" << "" << "nodes" << "" << "" << "" << false << "";

    const QString carolRB = R"(RBAC: allowed by RoleBinding "carol-deploy/team-a" of ClusterRole "deploy-admin" to User "carol")";
    QTest::newRow("cluster role via role binding") << "carol" << "" << "update" << "apps" << "deployments" << "" << "team-a" << "web" << true << carolRB;
    QTest::newRow("cluster role via role binding: scale subresource") << "carol" << "" << "patch" << "apps" << "deployments" << "scale" << "team-a" << "web" << true << carolRB;
    QTest::newRow("cluster role via role binding: only that namespace") << "carol" << "" << "update" << "apps" << "deployments" << "" << "default" << "web" << false << "";
    QTest::newRow("cluster role via role binding: not cluster-wide") << "carol" << "" << "list" << "apps" << "deployments" << "" << "" << "" << false << "";
    QTest::newRow("cluster role via role binding: core group differs") << "carol" << "" << "update" << "" << "deployments" << "" << "team-a" << "web" << false << "";
    QTest::newRow("cluster role via role binding: status not granted") << "carol" << "" << "update" << "apps" << "deployments" << "status" << "team-a" << "web" << false << "";

    const QString schedCRB = R"(RBAC: allowed by ClusterRoleBinding "scheduler-binds" of ClusterRole "binder" to User "system:kube-scheduler")";
    QTest::newRow("pods/binding rule") << "system:kube-scheduler" << "" << "create" << "" << "pods" << "binding" << "default" << "web" << true << schedCRB;
    QTest::newRow("pods/binding rule does not cover pods") << "system:kube-scheduler" << "" << "create" << "" << "pods" << "" << "default" << "web" << false << "";

    const QString daveRB = R"(RBAC: allowed by RoleBinding "dave-web/default" of Role "web-only" to User "dave")";
    QTest::newRow("resourceNames: named") << "dave" << "" << "get" << "" << "services" << "" << "default" << "web" << true << daveRB;
    QTest::newRow("resourceNames: other name") << "dave" << "" << "get" << "" << "services" << "" << "default" << "db" << false << "";
    QTest::newRow("resourceNames: no name (list)") << "dave" << "" << "list" << "" << "services" << "" << "default" << "" << false << "";
    QTest::newRow("resourceNames: update named") << "dave" << "" << "update" << "" << "services" << "" << "default" << "web" << true << daveRB;

    const QString erinCRB = R"(RBAC: allowed by ClusterRoleBinding "erin-scales" of ClusterRole "scaler" to User "erin")";
    QTest::newRow("*/scale: deployments") << "erin" << "" << "get" << "apps" << "deployments" << "scale" << "prod" << "web" << true << erinCRB;
    QTest::newRow("*/scale: replicasets") << "erin" << "" << "get" << "apps" << "replicasets" << "scale" << "prod" << "web" << true << erinCRB;
    QTest::newRow("*/scale: not the resource itself") << "erin" << "" << "get" << "apps" << "deployments" << "" << "prod" << "web" << false << "";
    QTest::newRow("*/scale: not another subresource") << "erin" << "" << "get" << "" << "pods" << "status" << "prod" << "web" << false << "";
    QTest::newRow("*/scale: verb") << "erin" << "" << "update" << "apps" << "deployments" << "scale" << "prod" << "web" << false << "";

    const QString builderRB = R"(RBAC: allowed by RoleBinding "builder/ci" of Role "pod-creator" to ServiceAccount "builder/ci")";
    QTest::newRow("service account defaults to binding namespace") << "system:serviceaccount:ci:builder" << "" << "create" << "" << "pods" << "" << "ci" << "p" << true << builderRB;
    QTest::newRow("service account of another namespace") << "system:serviceaccount:default:builder" << "" << "create" << "" << "pods" << "" << "ci" << "p" << false << "";

    QTest::newRow("missing role and cluster role")
        << "frank" << "flaky" << "get" << "" << "pods" << "" << "default" << "web" << false
        << R"(RBAC: [clusterrole.rbac.authorization.k8s.io "gone" not found, role.rbac.authorization.k8s.io "missing" not found])";
    QTest::newRow("missing cluster role only, cluster scope")
        << "frank" << "flaky" << "list" << "" << "nodes" << "" << "" << "" << false
        << R"(RBAC: clusterrole.rbac.authorization.k8s.io "gone" not found)";
    QTest::newRow("an allowing rule wins over resolution errors")
        << "frank" << "flaky;admins" << "get" << "" << "pods" << "" << "default" << "web" << true
        << R"(RBAC: allowed by ClusterRoleBinding "admins-everything" of ClusterRole "everything" to Group "admins")";
    QTest::newRow("stars") << "gina" << "admins" << "deletecollection" << "storage.k8s.io" << "storageclasses" << "" << "" << "" << true
        << R"(RBAC: allowed by ClusterRoleBinding "admins-everything" of ClusterRole "everything" to Group "admins")";
    QTest::newRow("system:masters is not RBAC") << "root" << "system:masters" << "get" << "" << "pods" << "" << "default" << "web" << false << "";
}

void AuthorizationTest::rbac() {
    QFETCH(QString, user);
    QFETCH(QString, groups);
    QFETCH(QString, verb);
    QFETCH(QString, group);
    QFETCH(QString, resource);
    QFETCH(QString, subresource);
    QFETCH(QString, ns);
    QFETCH(QString, name);
    QFETCH(bool, allowed);
    QFETCH(QString, reason);
    RBACAuthorizer rbac(lister_);
    const auto r = rbac.authorize(attrs(user, groups, verb, group, resource, subresource, ns, name));
    QCOMPARE(QString(decisionName(r.decision)), QString(allowed ? "Allow" : "NoOpinion"));
    QCOMPARE(QString::fromStdString(r.reason), reason);
}

void AuthorizationTest::rulesFor() {
    RBACAuthorizer rbac(lister_);
    std::vector<std::string> errors;
    UserInfo carol{"carol", "", {}};
    QCOMPARE(int(rbac.rulesFor(carol, "team-a", &errors).size()), 1);
    QCOMPARE(int(rbac.rulesFor(carol, "", &errors).size()), 0);
    QVERIFY(errors.empty());
    UserInfo frank{"frank", "", {"flaky", "ops"}};
    QCOMPARE(int(rbac.rulesFor(frank, "default", &errors).size()), 1);
    QCOMPARE(int(errors.size()), 2);
}

void AuthorizationTest::ruleHelpers_data() {
    QTest::addColumn<QString>("resources");  // rule resources, ";"-separated
    QTest::addColumn<QString>("combined");
    QTest::addColumn<QString>("subresource");
    QTest::addColumn<bool>("matches");
    QTest::newRow("exact") << "pods" << "pods" << "" << true;
    QTest::newRow("star") << "*" << "pods/log" << "log" << true;
    QTest::newRow("subresource exact") << "pods/log" << "pods/log" << "log" << true;
    QTest::newRow("resource does not cover subresource") << "pods" << "pods/log" << "log" << false;
    QTest::newRow("star-slash") << "*/log" << "pods/log" << "log" << true;
    QTest::newRow("star-slash other") << "*/log" << "pods/status" << "status" << false;
    QTest::newRow("star-slash needs a subresource") << "*/log" << "pods" << "" << false;
    QTest::newRow("star-slash suffix only") << "*/atus" << "pods/status" << "status" << false;
    QTest::newRow("subresource form without subresource") << "pods/log" << "pods" << "" << false;
}

void AuthorizationTest::ruleHelpers() {
    QFETCH(QString, resources);
    QFETCH(QString, combined);
    QFETCH(QString, subresource);
    QFETCH(bool, matches);
    k8s::io::api::rbac::v1::PolicyRule rule;
    for (const auto& r : resources.split(';')) rule.add_resources(r.toStdString());
    QCOMPARE(resourceMatches(rule, combined.toStdString(), subresource.toStdString()), matches);
}

void AuthorizationTest::unionWithMasters_data() {
    QTest::addColumn<QString>("user");
    QTest::addColumn<QString>("groups");
    QTest::addColumn<QString>("decision");
    QTest::addColumn<QString>("reason");
    QTest::newRow("system:masters allowed without reason") << "root" << "system:masters" << "Allow" << "";
    QTest::newRow("rbac allows") << "alice" << "" << "Allow" << R"(RBAC: allowed by RoleBinding "alice-reads/default" of Role "pod-reader" to User "alice")";
    QTest::newRow("nobody: no opinion") << "mallory" << "system:authenticated" << "NoOpinion" << "";
    QTest::newRow("reasons carried") << "frank" << "flaky" << "NoOpinion" << R"(RBAC: [clusterrole.rbac.authorization.k8s.io "gone" not found, role.rbac.authorization.k8s.io "missing" not found])";
}

void AuthorizationTest::unionWithMasters() {
    QFETCH(QString, user);
    QFETCH(QString, groups);
    QFETCH(QString, decision);
    QFETCH(QString, reason);
    UnionAuthorizer u({std::make_shared<PrivilegedGroupAuthorizer>(),
                       std::make_shared<RBACAuthorizer>(lister_)});
    const auto r = u.authorize(attrs(user, groups, "get", "", "pods", "", "default", "web"));
    QCOMPARE(QString(decisionName(r.decision)), decision);
    QCOMPARE(QString::fromStdString(r.reason), reason);
}

void AuthorizationTest::unionOrderAndReasons() {
    // AlwaysDeny has no opinion with a reason; the reasons of every no-opinion are joined.
    UnionAuthorizer denyThenRbac({std::make_shared<AlwaysDenyAuthorizer>(),
                                  std::make_shared<RBACAuthorizer>(lister_)});
    auto r = denyThenRbac.authorize(attrs("frank", "flaky", "get", "", "pods", "", "default", "x"));
    QCOMPARE(r.decision, Decision::NoOpinion);
    QCOMPARE(QString::fromStdString(r.reason),
             QString("Everything is forbidden.\nRBAC: [clusterrole.rbac.authorization.k8s.io "
                     "\"gone\" not found, role.rbac.authorization.k8s.io \"missing\" not found]"));
    UnionAuthorizer allow({std::make_shared<AlwaysDenyAuthorizer>(),
                           std::make_shared<AlwaysAllowAuthorizer>()});
    QCOMPARE(allow.authorize(attrs("x", "", "get", "", "pods", "", "", "")).decision, Decision::Allow);
}

void AuthorizationTest::forbiddenText_data() {
    QTest::addColumn<QString>("user");
    QTest::addColumn<QString>("verb");
    QTest::addColumn<QString>("group");
    QTest::addColumn<QString>("resource");
    QTest::addColumn<QString>("subresource");
    QTest::addColumn<QString>("ns");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("authorizerReason");
    QTest::addColumn<QString>("reason");
    QTest::addColumn<QString>("error");
    QTest::newRow("namespaced create")
        << "bob" << "create" << "" << "pods" << "" << "default" << "" << ""
        << R"(User "bob" cannot create resource "pods" in API group "" in the namespace "default")"
        << R"(pods is forbidden: User "bob" cannot create resource "pods" in API group "" in the namespace "default")";
    QTest::newRow("named get")
        << "bob" << "get" << "" << "pods" << "" << "default" << "web" << ""
        << R"(User "bob" cannot get resource "pods" in API group "" in the namespace "default")"
        << R"(pods "web" is forbidden: User "bob" cannot get resource "pods" in API group "" in the namespace "default")";
    QTest::newRow("cluster scope")
        << "bob" << "list" << "" << "nodes" << "" << "" << "" << ""
        << R"(User "bob" cannot list resource "nodes" in API group "" at the cluster scope)"
        << R"(nodes is forbidden: User "bob" cannot list resource "nodes" in API group "" at the cluster scope)";
    QTest::newRow("subresource")
        << "bob" << "create" << "" << "pods" << "binding" << "default" << "web" << ""
        << R"(User "bob" cannot create resource "pods/binding" in API group "" in the namespace "default")"
        << R"(pods "web" is forbidden: User "bob" cannot create resource "pods/binding" in API group "" in the namespace "default")";
    QTest::newRow("api group")
        << "system:serviceaccount:ci:builder" << "patch" << "apps" << "deployments" << "scale" << "ci" << "web" << ""
        << R"(User "system:serviceaccount:ci:builder" cannot patch resource "deployments/scale" in API group "apps" in the namespace "ci")"
        << R"(deployments.apps "web" is forbidden: User "system:serviceaccount:ci:builder" cannot patch resource "deployments/scale" in API group "apps" in the namespace "ci")";
    QTest::newRow("cluster-scoped group resource")
        << "system:anonymous" << "delete" << "scheduling.k8s.io" << "priorityclasses" << "" << "" << "high" << ""
        << R"(User "system:anonymous" cannot delete resource "priorityclasses" in API group "scheduling.k8s.io" at the cluster scope)"
        << R"(priorityclasses.scheduling.k8s.io "high" is forbidden: User "system:anonymous" cannot delete resource "priorityclasses" in API group "scheduling.k8s.io" at the cluster scope)";
    QTest::newRow("authorizer reason appended")
        << "frank" << "get" << "" << "pods" << "" << "default" << "web" << R"(RBAC: role.rbac.authorization.k8s.io "missing" not found)"
        << R"(User "frank" cannot get resource "pods" in API group "" in the namespace "default")"
        << R"(pods "web" is forbidden: User "frank" cannot get resource "pods" in API group "" in the namespace "default": RBAC: role.rbac.authorization.k8s.io "missing" not found)";
    QTest::newRow("quotes escaped, html sanitized")
        << "a\"b<c>&" << "get" << "" << "pods" << "" << "default" << "" << ""
        << R"(User "a\"b&lt;c&gt;&amp;" cannot get resource "pods" in API group "" in the namespace "default")"
        << R"(pods is forbidden: User "a\"b&lt;c&gt;&amp;" cannot get resource "pods" in API group "" in the namespace "default")";
}

void AuthorizationTest::forbiddenText() {
    QFETCH(QString, user);
    QFETCH(QString, verb);
    QFETCH(QString, group);
    QFETCH(QString, resource);
    QFETCH(QString, subresource);
    QFETCH(QString, ns);
    QFETCH(QString, name);
    QFETCH(QString, authorizerReason);
    QFETCH(QString, reason);
    QFETCH(QString, error);
    const Attributes a = attrs(user, "", verb, group, resource, subresource, ns, name);
    QCOMPARE(QString::fromStdString(forbiddenReason(a)), reason);
    const Status st = forbiddenError(a, authorizerReason.toStdString());
    QCOMPARE(QString::fromStdString(st.message()), error);
    QCOMPARE(QString::fromStdString(st.reason()), QString("Forbidden"));
    QCOMPARE(st.httpCode(), 403);
    // The API server builds the same error from the reason text it is handed.
    std::string q = a.resource + (a.apiGroup.empty() ? "" : "." + a.apiGroup);
    QCOMPARE(QString::fromStdString(
                 newForbidden(q, a.name, forbiddenMessage(a, authorizerReason.toStdString())).message()),
             error);
}

void AuthorizationTest::nonResource_data() {
    QTest::addColumn<QString>("user");
    QTest::addColumn<QString>("groups");
    QTest::addColumn<QString>("verb");
    QTest::addColumn<QString>("path");
    QTest::addColumn<bool>("allowed");
    QTest::addColumn<QString>("reason");
    const QString probes = R"(RBAC: allowed by ClusterRoleBinding "probes" of ClusterRole "health" to Group "system:authenticated")";
    QTest::newRow("exact path") << "bob" << "system:authenticated" << "get" << "/healthz" << true << probes;
    QTest::newRow("prefix with *") << "bob" << "system:authenticated" << "get" << "/apis/apps/v1" << true << probes;
    QTest::newRow("prefix itself") << "bob" << "system:authenticated" << "get" << "/apis" << true << probes;
    QTest::newRow("not under the prefix") << "bob" << "system:authenticated" << "get" << "/api" << false << "";
    QTest::newRow("verb must match") << "bob" << "system:authenticated" << "post" << "/healthz" << false << "";
    QTest::newRow("not a subject") << "bob" << "" << "get" << "/healthz" << false << "";
    QTest::newRow("* covers every path and verb")
        << "root" << "" << "delete" << "/metrics"
        << true << R"(RBAC: allowed by ClusterRoleBinding "root-urls" of ClusterRole "all-urls" to User "root")";
    // A resource rule never allows a path, not even with verbs and resources "*".
    QTest::newRow("resource rules do not apply") << "eve" << "admins" << "get" << "/healthz" << false << "";
}

void AuthorizationTest::nonResource() {
    QFETCH(QString, user);
    QFETCH(QString, groups);
    QFETCH(QString, verb);
    QFETCH(QString, path);
    QFETCH(bool, allowed);
    QFETCH(QString, reason);
    testing::FakeLister lister;
    const Status st = lister.load(kPolicy + std::string(R"(
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata: {name: health}
rules:
- nonResourceURLs: ["/healthz", "/apis*"]
  verbs: ["get"]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata: {name: probes}
subjects:
- {kind: Group, name: "system:authenticated", apiGroup: rbac.authorization.k8s.io}
roleRef: {kind: ClusterRole, name: health, apiGroup: rbac.authorization.k8s.io}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata: {name: all-urls}
rules:
- nonResourceURLs: ["*"]
  verbs: ["*"]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata: {name: root-urls}
subjects:
- {kind: User, name: root, apiGroup: rbac.authorization.k8s.io}
roleRef: {kind: ClusterRole, name: all-urls, apiGroup: rbac.authorization.k8s.io}
)"));
    QVERIFY2(st.isOk(), st.message().c_str());
    Attributes a;
    a.user.name = user.toStdString();
    for (const auto& g : groups.split(';', Qt::SkipEmptyParts)) a.user.groups.push_back(g.toStdString());
    a.resourceRequest = false;
    a.verb = verb.toStdString();
    a.path = path.toStdString();
    const auto r = RBACAuthorizer(lister).authorize(a);
    QCOMPARE(r.decision == Decision::Allow, allowed);
    QCOMPARE(QString::fromStdString(r.reason), reason);
}

void AuthorizationTest::nonResourceForbiddenText() {
    Attributes a;
    a.user.name = "bob";
    a.resourceRequest = false;
    a.verb = "get";
    a.path = "/healthz";
    QCOMPARE(QString::fromStdString(forbiddenReason(a)), QString(R"(User "bob" cannot get path "/healthz")"));
    // NewForbidden with no resource: "forbidden: <why>".
    QCOMPARE(QString::fromStdString(forbiddenError(a, "").message()),
             QString(R"(forbidden: User "bob" cannot get path "/healthz")"));
}

QTEST_APPLESS_MAIN(AuthorizationTest)
