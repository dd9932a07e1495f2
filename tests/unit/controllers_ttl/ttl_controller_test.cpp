// The TTL controller: node.alpha.kubernetes.io/ttl by cluster size, with upstream's overlapping
// steps, on every node of a running cluster.
#include <QTest>

#include <chrono>

#include "api/object.h"
#include "cluster/cluster.h"
#include "cluster/components.h"
#include "controllers/ttl/ttl_controller.h"
#include "core_v1.pb.h"

using namespace pilothouse;
using namespace std::chrono_literals;
namespace core = k8s::io::api::core::v1;
using controller::ttl::desiredTTL;
using controller::ttl::TTLStep;

class TTLControllerTest : public QObject {
    Q_OBJECT
private slots:
    void desiredTTLBySize_data() {
        QTest::addColumn<int>("fromStep");
        QTest::addColumn<int>("nodes");
        QTest::addColumn<int>("step");
        QTest::addColumn<int>("ttl");
        QTest::newRow("empty") << 0 << 0 << 0 << 0;
        QTest::newRow("100 nodes") << 0 << 100 << 0 << 0;
        QTest::newRow("101 nodes") << 0 << 101 << 1 << 15;
        QTest::newRow("shrunk to 95: stays") << 1 << 95 << 1 << 15;
        QTest::newRow("shrunk to 89: back") << 1 << 89 << 0 << 0;
        QTest::newRow("501") << 1 << 501 << 2 << 30;
        QTest::newRow("1001 at once") << 0 << 1001 << 3 << 60;
        QTest::newRow("5000") << 0 << 5000 << 4 << 300;
        QTest::newRow("1799 from the top") << 4 << 1799 << 3 << 60;
    }
    void desiredTTLBySize() {
        QFETCH(int, fromStep);
        QFETCH(int, nodes);
        QFETCH(int, step);
        QFETCH(int, ttl);
        const TTLStep got = desiredTTL({fromStep, 0}, nodes);
        QCOMPARE(got.step, step);
        QCOMPARE(got.ttlSeconds, ttl);
    }

    void everyNodeIsAnnotated() {
        auto c = cluster::Cluster::create({});
        QVERIFY(c);
        for (const char* name : {"node-1", "node-2"}) {
            auto node = std::make_shared<core::Node>();
            node->mutable_metadata()->set_name(name);
            // A wrong value is corrected.
            if (std::string(name) == "node-2") (*node->mutable_metadata()->mutable_annotations())[controller::ttl::kObjectTTLAnnotation] = "x";
            apiserver::Request create;
            create.verb = "create";
            create.type = api::Scheme::instance().byName("nodes");
            create.body = node;
            QVERIFY((*c)->apiServer().handle(create).ok());
        }
        QVERIFY((*c)->add(std::make_unique<controller::ttl::TTLController>((*c)->apiServer(), (*c)->clock())).isOk());
        QVERIFY((*c)->runFor(1s).isOk());
        for (const char* name : {"node-1", "node-2"}) {
            apiserver::Request get;
            get.verb = "get";
            get.type = api::Scheme::instance().byName("nodes");
            get.name = name;
            auto resp = (*c)->apiServer().handle(get);
            QVERIFY(resp.ok());
            const auto& annotations = api::metadata(*resp.object).annotations();
            QVERIFY2(annotations.count(controller::ttl::kObjectTTLAnnotation), name);
            QCOMPARE(annotations.at(controller::ttl::kObjectTTLAnnotation), std::string("0"));
            // Written by kube-controller-manager, as its managedFields say.
            bool byController = false;
            for (const auto& entry : api::metadata(*resp.object).managed_fields())
                byController = byController || (entry.manager() == "kube-controller-manager" &&
                                                 entry.fields_v1().find("node.alpha.kubernetes.io/ttl") != std::string::npos);
            QVERIFY2(byController, name);
        }
    }
};

QTEST_GUILESS_MAIN(TTLControllerTest)
#include "ttl_controller_test.moc"
