// kube-proxy's routing and cluster DNS over Services and EndpointSlices written through the API
// server (the EndpointSlice controller's output, written here by hand).
#include "proxy_test.h"

#include <QtTest>

#include "api/object.h"
#include "cluster/cluster.h"
#include "core_v1.pb.h"
#include "dns/cluster_dns.h"
#include "proxy/proxier.h"
#include "testing/create_manifests.h"

using namespace pilothouse;
namespace core = k8s::io::api::core::v1;
using namespace std::chrono_literals;

namespace {

std::unique_ptr<cluster::Cluster> c;

void apply(const std::string& yaml) { testing::createManifests(c->apiServer(), yaml); }

std::string clusterIP(const std::string& name) {
    apiserver::Request r;
    r.verb = "get";
    r.type = api::Scheme::instance().byName("services");
    r.namespace_ = "default";
    r.name = name;
    auto resp = c->apiServer().handle(r);
    return resp.ok() ? static_cast<const core::Service&>(*resp.object).spec().cluster_ip() : "";
}

const char* kWeb = R"(apiVersion: v1
kind: Service
metadata: {name: web, namespace: default}
spec:
  selector: {app: web}
  ports: [{name: http, port: 80, targetPort: 8080}]
---
apiVersion: discovery.k8s.io/v1
kind: EndpointSlice
metadata: {name: web-abc12, namespace: default, labels: {kubernetes.io/service-name: web}}
addressType: IPv4
ports: [{name: http, port: 8080, protocol: TCP}]
endpoints:
- {addresses: [10.244.1.5], conditions: {ready: true}, nodeName: node-1, targetRef: {kind: Pod, namespace: default, name: web-1}}
- {addresses: [10.244.2.7], conditions: {ready: true}, nodeName: node-2, targetRef: {kind: Pod, namespace: default, name: web-2}}
- {addresses: [10.244.2.9], conditions: {ready: false}, nodeName: node-2, targetRef: {kind: Pod, namespace: default, name: web-3}}
)";

}  // namespace

void ProxyTest::init() {
    auto created = cluster::Cluster::create({});
    QVERIFY(created);
    c = std::move(*created);
}

void ProxyTest::cleanup() { c.reset(); }

void ProxyTest::roundRobinOverReadyEndpoints() {
    apply(kWeb);
    proxy::Proxier p(c->apiServer(), c->clock(), "node-1");
    QVERIFY(p.start().isOk());
    const std::string ip = clusterIP("web");
    std::vector<std::string> got;
    for (int i = 0; i < 4; ++i) {
        auto r = p.route("10.244.1.20", ip, 80);
        QVERIFY2(r.ok, r.message.c_str());
        QCOMPARE(r.service, std::string("default/web"));
        got.push_back(r.endpoint);
    }
    // The not-ready endpoint never gets traffic.
    QCOMPARE(got, (std::vector<std::string>{"10.244.1.5:8080", "10.244.2.7:8080", "10.244.1.5:8080", "10.244.2.7:8080"}));
    auto r = p.route("10.244.1.20", ip, 80);
    QCOMPARE(r.pod, std::string("default/web-1"));
    QCOMPARE(r.node, std::string("node-1"));
    QCOMPARE(int(r.hops.size()), 4);
}

void ProxyTest::sessionAffinityKeepsTheEndpoint() {
    apply(kWeb);
    apiserver::Request patch;
    patch.verb = "patch";
    patch.type = api::Scheme::instance().byName("services");
    patch.namespace_ = "default";
    patch.name = "web";
    patch.patch = codec::Value::object();
    patch.patch["spec"].set("sessionAffinity", "ClientIP");
    patch.patch["spec"]["sessionAffinityConfig"]["clientIP"].set("timeoutSeconds", codec::Value(int64_t(60)));
    auto resp = c->apiServer().handle(patch);
    QVERIFY2(resp.ok(), resp.status.message().c_str());
    proxy::Proxier p(c->apiServer(), c->clock(), "node-1");
    QVERIFY(p.start().isOk());
    const std::string ip = clusterIP("web");
    const auto first = p.route("10.0.0.1", ip, 80).endpoint;
    QCOMPARE(p.route("10.0.0.1", ip, 80).endpoint, first);
    QCOMPARE(p.route("10.0.0.2", ip, 80).endpoint == first, false);  // another client, the next endpoint
    c->loop().runFor(30s);
    QCOMPARE(p.route("10.0.0.1", ip, 80).endpoint, first);  // still within the timeout
    c->loop().runFor(61s);
    QVERIFY(p.route("10.0.0.1", ip, 80).ok);  // affinity expired: round robin again
}

void ProxyTest::noEndpointsIsRejected() {
    apply("apiVersion: v1\nkind: Service\nmetadata: {name: empty, namespace: default}\nspec:\n  ports: [{port: 80}]\n");
    proxy::Proxier p(c->apiServer(), c->clock(), "node-1");
    QVERIFY(p.start().isOk());
    auto r = p.route("10.0.0.1", clusterIP("empty"), 80);
    QVERIFY(!r.ok);
    QCOMPARE(r.message, std::string("no endpoints"));
    auto none = p.route("10.0.0.1", "10.96.99.99", 80);
    QVERIFY(!none.ok);
    QCOMPARE(none.message, std::string("no service at 10.96.99.99:80/TCP"));
}

void ProxyTest::dnsRecords_data() {
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("answer");  // "clusterIP" for the web Service's ClusterIP
    QTest::newRow("fqdn") << "default" << "web.default.svc.cluster.local" << "clusterIP";
    QTest::newRow("trailing dot") << "default" << "web.default.svc.cluster.local." << "clusterIP";
    QTest::newRow("short name in namespace") << "default" << "web" << "clusterIP";
    QTest::newRow("name.namespace") << "other" << "web.default" << "clusterIP";
    QTest::newRow("short name elsewhere") << "other" << "web" << "NXDOMAIN";
    QTest::newRow("headless") << "default" << "db.default.svc.cluster.local" << "10.244.1.5,10.244.2.7";
    QTest::newRow("pod record") << "default" << "10-244-1-5.default.pod.cluster.local" << "10.244.1.5";
    QTest::newRow("unknown") << "default" << "nothing.default.svc.cluster.local" << "NXDOMAIN";
}

void ProxyTest::dnsRecords() {
    QFETCH(QString, from);
    QFETCH(QString, name);
    QFETCH(QString, answer);
    apply(kWeb);
    apply(R"(apiVersion: v1
kind: Service
metadata: {name: db, namespace: default}
spec: {clusterIP: None, selector: {app: db}, ports: [{port: 5432}]}
---
apiVersion: discovery.k8s.io/v1
kind: EndpointSlice
metadata: {name: db-x1, namespace: default, labels: {kubernetes.io/service-name: db}}
addressType: IPv4
ports: [{port: 5432}]
endpoints:
- {addresses: [10.244.2.7], conditions: {ready: true}}
- {addresses: [10.244.1.5]}
)");
    dns::ClusterDNS d(c->apiServer());
    QVERIFY(d.start().isOk());
    auto a = d.resolveFrom(from.toStdString(), name.toStdString());
    QString got;
    if (a.rcode != "NOERROR") got = QString::fromStdString(a.rcode);
    else
        for (const auto& ip : a.ips) got += (got.isEmpty() ? "" : ",") + QString::fromStdString(ip);
    if (answer == "clusterIP") answer = QString::fromStdString(clusterIP("web"));
    QCOMPARE(got, answer);
}

QTEST_GUILESS_MAIN(ProxyTest)
