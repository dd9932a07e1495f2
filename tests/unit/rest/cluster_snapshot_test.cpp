// A live cluster read as kube-scheduler's informers read it (kubectl/cluster_snapshot.h), from our
// HTTPS Kubernetes API: every kind scheduling reads, paged (limit + continue), list items that
// carry no apiVersion or kind decoded as their list's kind; a user RBAC lets list pods only in one
// namespace gets that namespace's, with warnings saying what is partial.
#include <QTemporaryDir>
#include <QTest>

#include <fstream>
#include <map>
#include <sstream>

#include "api/object.h"
#include "apiserver/endpoints/handler.h"
#include "apiserver/server/secure_serving.h"
#include "apiserver/server/self_signed_cert.h"
#include "client/rest/client.h"
#include "controlplane/control_plane.h"
#include "kubectl/cluster_snapshot.h"
#include "remote/api_backend.h"
#include "testing/create_manifests.h"

using namespace pilothouse;

namespace {

const char* kCluster = R"(
apiVersion: v1
kind: Namespace
metadata: {name: team}
---
apiVersion: v1
kind: Node
metadata: {name: node-1}
status: {capacity: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Node
metadata: {name: node-2}
status: {capacity: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Pod
metadata: {name: a, namespace: default}
spec: {containers: [{name: c, image: nginx}]}
---
apiVersion: v1
kind: Pod
metadata: {name: b, namespace: default}
spec: {containers: [{name: c, image: nginx}]}
---
apiVersion: v1
kind: Pod
metadata: {name: c, namespace: team}
spec: {containers: [{name: c, image: nginx}]}
---
apiVersion: v1
kind: Pod
metadata: {name: d, namespace: team}
spec: {containers: [{name: c, image: nginx}]}
---
apiVersion: v1
kind: Pod
metadata: {name: e, namespace: team}
spec: {containers: [{name: c, image: nginx}]}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata: {name: pod-reader, namespace: team}
rules: [{apiGroups: [""], resources: [pods], verbs: [get, list, watch]}]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: dev-reads-pods, namespace: team}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: Role, name: pod-reader}
subjects: [{kind: User, name: dev, apiGroup: rbac.authorization.k8s.io}]
)";

std::map<std::string, int> countByKind(const std::vector<codec::Manifest>& manifests) {
    std::map<std::string, int> out;
    for (const auto& m : manifests) ++out[m.kind];
    return out;
}

}  // namespace

class ClusterSnapshotTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    sim::VirtualClock clock_;
    std::unique_ptr<controlplane::ControlPlane> cp_;
    std::unique_ptr<remote::DirectApiBackend> backend_;
    std::unique_ptr<apiserver::endpoints::Handler> handler_;
    std::unique_ptr<apiserver::server::SecureServing> serving_;
    std::string ca_;

    std::unique_ptr<client::rest::RESTClient> client(const std::string& token) {
        client::rest::Config c;
        c.host = "https://127.0.0.1:" + std::to_string(serving_->port());
        c.caData = ca_;
        c.bearerToken = token;
        auto made = client::rest::RESTClient::create(c);
        if (!made) qFatal("%s", made.status().message().c_str());
        return std::move(*made);
    }

private slots:
    void initTestCase() {
        const std::string tokens = dir_.filePath(QStringLiteral("tokens.csv")).toStdString();
        std::ofstream(tokens) << "admin-token,admin,1,\"system:masters\"\ndev-token,dev,2\n";
        controlplane::Options options;
        options.tokenFile = tokens;
        auto cp = controlplane::ControlPlane::start(options, clock_);
        QVERIFY2(cp.isOk(), cp.status().message().c_str());
        cp_ = std::move(*cp);
        testing::createManifests(cp_->apiServer(), kCluster, "admin-token");
        backend_ = std::make_unique<remote::DirectApiBackend>(cp_->apiServer());
        handler_ = std::make_unique<apiserver::endpoints::Handler>(*backend_, apiserver::endpoints::HandlerOptions{});
        auto cert = apiserver::server::ensureServingCertificate(dir_.filePath(QStringLiteral("pki")).toStdString(),
                                                                {"localhost", "127.0.0.1"});
        QVERIFY(cert.isOk());
        std::ifstream in(cert->caFile);
        std::stringstream ss;
        ss << in.rdbuf();
        ca_ = ss.str();
        apiserver::server::SecureServingOptions so;
        so.listenAddress = "127.0.0.1:0";
        so.certFile = cert->certFile;
        so.keyFile = cert->keyFile;
        so.authenticates = true;
        so.niceness = 0;
        auto serving = apiserver::server::SecureServing::start(*handler_, so);
        QVERIFY2(serving.isOk(), serving.status().message().c_str());
        serving_ = std::move(*serving);
    }
    void cleanupTestCase() { serving_->shutdown(); }

    // Pages of 2: five pods in three pages, each decoded as a Pod though the items name no kind.
    void readsEveryKindPaged_data() {
        QTest::addColumn<int>("pageSize");
        QTest::newRow("pages of 2") << 2;
        QTest::newRow("pages of 500") << 500;
        QTest::newRow("unpaged") << 0;
    }
    void readsEveryKindPaged() {
        QFETCH(int, pageSize);
        auto admin = client("admin-token");
        kubectl::ClusterSnapshotOptions options;
        options.pageSize = pageSize;
        std::vector<std::string> warnings;
        auto snapshot = kubectl::readClusterSnapshot(*admin, options, &warnings);
        QVERIFY2(snapshot.isOk(), snapshot.status().message().c_str());
        QVERIFY(!snapshot->partial);
        QVERIFY(warnings.empty());
        QVERIFY(snapshot->serverVersion.rfind("v1.28.", 0) == 0);
        const auto counts = countByKind(snapshot->manifests);
        QCOMPARE(counts.at("Pod"), 5);
        QCOMPARE(counts.at("Node"), 2);
        QVERIFY(counts.at("Namespace") >= 2);  // default, team (and the system ones)
        QVERIFY(!counts.contains("Role"));      // RBAC is not what scheduling reads
        std::vector<std::string> pods;
        for (const auto& m : snapshot->manifests)
            if (m.kind == "Pod") pods.push_back(api::metadata(*m.object).namespace_() + "/" + api::metadata(*m.object).name());
        QCOMPARE(pods, (std::vector<std::string>{"default/a", "default/b", "team/c", "team/d", "team/e"}));
    }

    // -n: the namespaced kinds of one namespace.
    void oneNamespace() {
        auto admin = client("admin-token");
        kubectl::ClusterSnapshotOptions options;
        options.namespace_ = "team";
        std::vector<std::string> warnings;
        auto snapshot = kubectl::readClusterSnapshot(*admin, options, &warnings);
        QVERIFY(snapshot.isOk());
        QCOMPARE(countByKind(snapshot->manifests).at("Pod"), 3);
        QCOMPARE(countByKind(snapshot->manifests).at("Node"), 2);
    }

    // A user who may list pods only in "team": pods from there, the rest left out, each said.
    void rbacLimitedUserGetsAPartialSnapshot() {
        auto dev = client("dev-token");
        kubectl::ClusterSnapshotOptions options;
        options.fallbackNamespace = "team";
        std::vector<std::string> warnings;
        auto snapshot = kubectl::readClusterSnapshot(*dev, options, &warnings);
        QVERIFY2(snapshot.isOk(), snapshot.status().message().c_str());
        QVERIFY(snapshot->partial);
        const auto counts = countByKind(snapshot->manifests);
        QCOMPARE(counts.at("Pod"), 3);
        QVERIFY(!counts.contains("Node"));
        bool podsSaid = false, nodesSaid = false;
        for (const auto& w : warnings) {
            podsSaid |= w == "pods: pods is forbidden: User \"dev\" cannot list resource \"pods\" in API group \"\" at the "
                             "cluster scope; reading namespace \"team\" only";
            nodesSaid |= w == "nodes: nodes is forbidden: User \"dev\" cannot list resource \"nodes\" in API group \"\" at "
                              "the cluster scope; left out";
        }
        QVERIFY2(podsSaid && nodesSaid, (warnings.empty() ? std::string("no warnings") : warnings[0]).c_str());
    }

    void unknownTokenIsAnError() {
        auto stranger = client("who-knows");
        std::vector<std::string> warnings;
        auto snapshot = kubectl::readClusterSnapshot(*stranger, {}, &warnings);
        QVERIFY(!snapshot.isOk());
        QCOMPARE(snapshot.status().message(), std::string("error: You must be logged in to the server (Unauthorized)"));
    }
};

QTEST_GUILESS_MAIN(ClusterSnapshotTest)
#include "cluster_snapshot_test.moc"
