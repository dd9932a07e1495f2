// A live cluster read as kube-scheduler's informers read it (kubectl/cluster_snapshot.h), from our
// HTTPS Kubernetes API: every kind scheduling reads, paged (limit + continue), list items that
// carry no apiVersion or kind decoded as their list's kind; a user RBAC lets list pods only in one
// namespace gets that namespace's, with warnings saying what is partial.
#include <QTest>

#include <map>

#include "api/object.h"
#include "client/rest/client.h"
#include "kubectl/cluster_snapshot.h"
#include "testing/https_kube_api.h"
#include "testing/team_cluster.h"

using namespace pilothouse;

namespace {

std::map<std::string, int> countByKind(const std::vector<codec::Manifest>& manifests) {
    std::map<std::string, int> out;
    for (const auto& m : manifests) ++out[m.kind];
    return out;
}

}  // namespace

class ClusterSnapshotTest : public QObject {
    Q_OBJECT
    testing::HttpsKubeApi api_;

    std::unique_ptr<client::rest::RESTClient> client(const std::string& token) { return api_.client(token); }

private slots:
    void initTestCase() {
        const std::string error = api_.start(testing::kTeamTokens, testing::kTeamCluster, "admin-token");
        QVERIFY2(error.empty(), error.c_str());
    }

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
