// remote::ApiClient against the KubernetesAPI service over loopback: a remote call answers as the
// API server in this process answers the same request — the same object, and for an error the
// same message, reason, HTTP code and field causes (rebuilt from the k8s-status-bin trailer).
#include "api_client_test.h"

#include <QTest>

#include "api/codec/json.h"
#include "api/object.h"
#include "api/scheme.h"
#include "core_v1.pb.h"
#include "remote/api_client.h"
#include "remote_test_cluster.h"

using namespace pilothouse;
using remote_test::kAdminToken;
using remote_test::kStudentToken;

namespace {

remote::ConnectOptions to(const std::string& address, const std::string& token) {
    remote::ConnectOptions o;
    o.address = address;
    o.token = token;
    return o;
}

const api::ResourceType* type(const char* resource) { return api::Scheme::instance().byName(resource); }

apiserver::Request request(const char* verb, const char* resource, const std::string& ns, const std::string& name,
                           const std::string& yaml = {}) {
    apiserver::Request r;
    r.verb = verb;
    r.type = type(resource);
    r.namespace_ = ns;
    r.name = name;
    if (!yaml.empty()) r.body = std::shared_ptr<google::protobuf::Message>(remote_test::object(yaml));
    return r;
}

}  // namespace

void ApiClientTest::errorsReadAsInProcess_data() {
    QTest::addColumn<QString>("token");
    QTest::addColumn<QString>("verb");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<QString>("reason");
    const std::string invalid = "apiVersion: v1\nkind: Pod\nmetadata: {name: bad, namespace: default}\nspec:\n"
                                "  containers:\n  - {name: c}\n  - {name: c, image: nginx}\n";
    QTest::newRow("NotFound") << kAdminToken << "get" << "missing" << "" << "NotFound";
    QTest::newRow("Invalid with causes") << kAdminToken << "create" << "" << QString::fromStdString(invalid) << "Invalid";
    QTest::newRow("AlreadyExists") << kAdminToken << "create" << ""
                                   << QString::fromStdString(remote_test::podYaml("default", "existing")) << "AlreadyExists";
    QTest::newRow("Forbidden") << kStudentToken << "create" << ""
                               << QString::fromStdString(remote_test::podYaml("default", "new")) << "Forbidden";
    QTest::newRow("Unauthorized") << "wrong-token" << "get" << "existing" << "" << "Unauthorized";
}

void ApiClientTest::errorsReadAsInProcess() {
    QFETCH(QString, token);
    QFETCH(QString, verb);
    QFETCH(QString, name);
    QFETCH(QString, yaml);
    QFETCH(QString, reason);
    remote_test::Cluster cluster;
    QVERIFY2(cluster.ok(), cluster.error().c_str());
    QVERIFY(!cluster.create("pods", remote_test::podYaml("default", "existing")).empty());

    apiserver::Request r = request(verb.toUtf8().constData(), "pods", "default", name.toStdString(), yaml.toStdString());
    r.token = token.toStdString();
    const apiserver::Response local = cluster.controlPlane().apiServer().handle(r);
    QCOMPARE(local.status.reason(), reason.toStdString());

    auto channel = remote::dial(to(cluster.address(), token.toStdString()));
    QVERIFY(bool(channel));
    remote::ApiClient client(*channel, token.toStdString());
    const apiserver::Response remote = client.call(r);
    QCOMPARE(remote.status.message(), local.status.message());
    QCOMPARE(remote.status.reason(), local.status.reason());
    QCOMPARE(remote.status.httpCode(), local.status.httpCode());
    QCOMPARE(remote.status.causes().size(), local.status.causes().size());
    QVERIFY(remote.status.causes() == local.status.causes());
    if (reason == "Invalid") QVERIFY(!remote.status.causes().empty());
}

void ApiClientTest::everyVerb() {
    remote_test::Cluster cluster;
    QVERIFY2(cluster.ok(), cluster.error().c_str());
    auto channel = remote::dial(to(cluster.address(), kAdminToken));
    QVERIFY(bool(channel));
    remote::ApiClient client(*channel, kAdminToken);

    auto created = client.call(request("create", "pods", "default", "", remote_test::podYaml("default", "web", ", labels: {app: web}")));
    QVERIFY2(created.ok(), created.status.message().c_str());
    const auto& meta = api::metadata(*created.object);
    QCOMPARE(meta.name(), std::string("web"));
    QVERIFY(!meta.uid().empty());

    auto got = client.call(request("get", "pods", "default", "web"));
    QVERIFY(got.ok());
    QCOMPARE(api::metadata(*got.object).uid(), meta.uid());
    QVERIFY(dynamic_cast<k8s::io::api::core::v1::Pod*>(got.object.get()));

    auto list = request("list", "pods", "default", "");
    list.labelSelector = "app=web";
    auto listed = client.call(list);
    QVERIFY(listed.ok());
    QCOMPARE(listed.items.size(), size_t(1));
    QVERIFY(listed.listRevision >= std::stoll(meta.resource_version()));

    auto patch = request("patch", "pods", "default", "web");
    patch.patch = *codec::parseJson(R"({"metadata":{"labels":{"tier":"front"}}})");
    auto patched = client.call(patch);
    QVERIFY2(patched.ok(), patched.status.message().c_str());
    QCOMPARE(api::metadata(*patched.object).labels().at("tier"), std::string("front"));

    // An update with the object as first created is stale: Conflict, as in-process.
    auto stale = request("update", "pods", "default", "web");
    stale.body = std::shared_ptr<google::protobuf::Message>(std::move(created.object));
    auto conflict = client.call(stale);
    QCOMPARE(conflict.status.reason(), std::string("Conflict"));
    QCOMPARE(conflict.status.httpCode(), 409);

    auto del = request("delete", "pods", "default", "web");
    del.gracePeriodSeconds = 0;
    QVERIFY(client.call(del).ok());
    QCOMPARE(client.call(request("get", "pods", "default", "web")).status.reason(), std::string("NotFound"));
}

void ApiClientTest::watchFromRevision() {
    remote_test::Cluster cluster;
    QVERIFY2(cluster.ok(), cluster.error().c_str());
    const std::string rv = cluster.create("pods", remote_test::podYaml("default", "a"));
    auto channel = remote::dial(to(cluster.address(), kAdminToken));
    QVERIFY(bool(channel));
    remote::ApiClient client(*channel, kAdminToken);
    auto watch = client.watch(*type("pods"), "", 0);  // the current objects first
    remote::ApiClient::Watch::Event event;
    QVERIFY(watch->next(&event));
    QCOMPARE(event.type, std::string("ADDED"));
    QCOMPARE(api::metadata(*event.object).name(), std::string("a"));
    QCOMPARE(event.revision, std::stoll(rv));
    QVERIFY(!cluster.create("pods", remote_test::podYaml("default", "b")).empty());
    QVERIFY(watch->next(&event));
    QCOMPARE(event.type, std::string("ADDED"));
    QCOMPARE(api::metadata(*event.object).name(), std::string("b"));
    watch->cancel();
    QVERIFY(!watch->next(&event));
    QCOMPARE(watch->finish().code(), StatusCode::Cancelled);
}

void ApiClientTest::dialErrors() {
    QCOMPARE(remote::dial({}).status().code(), StatusCode::InvalidArgument);
    remote::ConnectOptions tls = to("127.0.0.1:1", "");
    tls.tls = true;
    tls.caCertFile = "/nonexistent/ca.pem";
    auto missing = remote::dial(tls);
    QCOMPARE(missing.status().code(), StatusCode::NotFound);
    QVERIFY(missing.status().message().find("/nonexistent/ca.pem") != std::string::npos);
    // Nobody listens: the call fails with gRPC's UNAVAILABLE, not an API error.
    auto channel = remote::dial(to("127.0.0.1:1", kAdminToken));
    QVERIFY(bool(channel));
    remote::ApiClient client(*channel, kAdminToken);
    auto r = client.call(request("get", "pods", "default", "x"), std::chrono::seconds(5));
    QCOMPARE(r.status.code(), StatusCode::Unavailable);
    QVERIFY(r.status.reason().empty());
}

QTEST_GUILESS_MAIN(ApiClientTest)
