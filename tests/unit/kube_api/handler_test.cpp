// The Kubernetes HTTP API's handlers, without a network: requests as kubectl sends them (paths,
// Accept and Content-Type headers, bodies) against a control plane, and the status codes, content
// types and bodies kube-apiserver v1.28 answers with.
#include <QTemporaryDir>
#include <QTest>

#include <chrono>
#include <fstream>

#include "api/codec/json.h"
#include "apiserver/endpoints/handler.h"
#include "controlplane/control_plane.h"
#include "remote/api_backend.h"

using namespace pilothouse;
using apiserver::endpoints::HttpRequest;
using apiserver::endpoints::HttpResponse;

namespace {

const char* kTableAccept =
    "application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json";
const char* kAggregatedAccept =
    "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json;g=apidiscovery.k8s.io;"
    "v=v2beta1;as=APIGroupDiscoveryList,application/json";
const char* kPod = R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"web","labels":{"app":"web"}},)"
                   R"("spec":{"containers":[{"name":"c","image":"nginx:1.25"}]}})";

codec::Value body(const HttpResponse& r) {
    auto v = codec::parseJson(r.body);
    if (!v) qFatal("not JSON: %s", r.body.c_str());
    return *v;
}

std::string str(const codec::Value* v) { return v && v->isString() ? v->asString() : std::string("<missing>"); }

}  // namespace

class HandlerTest : public QObject {
    Q_OBJECT
    sim::VirtualClock clock_;
    QTemporaryDir dir_;
    std::unique_ptr<controlplane::ControlPlane> cp_;
    std::unique_ptr<remote::DirectApiBackend> backend_;
    std::unique_ptr<apiserver::endpoints::Handler> handler_;

    HttpResponse call(const std::string& method, const std::string& target, const std::string& token = "admin-token",
                      const std::string& accept = "application/json", const std::string& contentType = "",
                      const std::string& requestBody = "") {
        HttpRequest r;
        r.method = method;
        r.target = target;
        if (!token.empty()) r.headers["authorization"] = "Bearer " + token;
        if (!accept.empty()) r.headers["accept"] = accept;
        if (!contentType.empty()) r.headers["content-type"] = contentType;
        r.body = requestBody;
        return handler_->serve(r);
    }

private slots:
    void init() {
        const std::string tokens = dir_.filePath(QStringLiteral("tokens.csv")).toStdString();
        std::ofstream(tokens) << "admin-token,admin,1,system:masters\nnobody-token,nobody,2\n";
        controlplane::Options o;
        o.tokenFile = tokens;
        auto cp = controlplane::ControlPlane::start(o, clock_);
        QVERIFY2(cp.isOk(), cp.status().message().c_str());
        cp_ = std::move(*cp);
        backend_ = std::make_unique<remote::DirectApiBackend>(cp_->apiServer());
        handler_ = std::make_unique<apiserver::endpoints::Handler>(*backend_, apiserver::endpoints::HandlerOptions{"127.0.0.1:6443"});
    }
    void cleanup() {
        handler_.reset();
        backend_.reset();
        cp_.reset();
    }

    // /version names v1.28 (kubectl's dispatcher picks its kubectl by it) and is never cached.
    void version() {
        auto r = call("GET", "/version?timeout=32s");
        QCOMPARE(r.status, 200);
        QCOMPARE(str(body(r).find("major")), std::string("1"));
        QCOMPARE(str(body(r).find("minor")), std::string("28"));
        bool noCache = false;
        for (const auto& [k, v] : r.headers) noCache = noCache || (k == "Cache-Control" && v == "no-cache, private");
        QVERIFY(noCache);
    }

    // Aggregated discovery when asked for, the legacy documents otherwise; pods with their
    // short name, category and subresources.
    void discovery() {
        auto aggregated = call("GET", "/api", "admin-token", kAggregatedAccept);
        QCOMPARE(aggregated.status, 200);
        QCOMPARE(aggregated.contentType, std::string("application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList"));
        const auto doc = body(aggregated);
        QCOMPARE(str(doc.find("kind")), std::string("APIGroupDiscoveryList"));
        bool pods = false;
        for (const auto& r : doc.find("items")->asArray()[0].find("versions")->asArray()[0].find("resources")->asArray()) {
            if (str(r.find("resource")) != "pods") continue;
            pods = true;
            QCOMPARE(str(r.find("scope")), std::string("Namespaced"));
            QCOMPARE(str(&r.find("shortNames")->asArray()[0]), std::string("po"));
            QCOMPARE(str(&r.find("categories")->asArray()[0]), std::string("all"));
            // attach, binding, eviction, exec, log, portforward, status
            QCOMPARE(r.find("subresources")->size(), size_t(7));
        }
        QVERIFY(pods);
        auto legacy = call("GET", "/api");
        QCOMPARE(str(body(legacy).find("kind")), std::string("APIVersions"));
        const auto apps = body(call("GET", "/apis/apps/v1"));
        QCOMPARE(str(apps.find("groupVersion")), std::string("apps/v1"));
        bool scale = false;
        for (const auto& r : apps.find("resources")->asArray())
            scale = scale || (str(r.find("name")) == "deployments/scale" && str(r.find("group")) == "autoscaling");
        QVERIFY(scale);
        QCOMPARE(call("GET", "/apis/nonexistent.io/v1").status, 404);
    }

    // Errors are metav1.Status with upstream's code, reason and message.
    void errors_data() {
        QTest::addColumn<QString>("method");
        QTest::addColumn<QString>("target");
        QTest::addColumn<QString>("token");
        QTest::addColumn<QString>("accept");
        QTest::addColumn<QString>("contentType");
        QTest::addColumn<QString>("requestBody");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("reason");
        QTest::addColumn<QString>("message");
        QTest::newRow("not found") << "GET" << "/api/v1/namespaces/default/pods/nope" << "admin-token" << "application/json" << "" << ""
                                   << 404 << "NotFound" << R"(pods "nope" not found)";
        QTest::newRow("unknown resource") << "GET" << "/api/v1/widgets" << "admin-token" << "application/json" << "" << ""
                                          << 404 << "NotFound" << "the server could not find the requested resource";
        QTest::newRow("unauthorized") << "GET" << "/api/v1/pods" << "bad-token" << "application/json" << "" << "" << 401
                                      << "Unauthorized" << "Unauthorized";
        QTest::newRow("forbidden") << "GET" << "/api/v1/namespaces/default/pods" << "nobody-token" << "application/json" << ""
                                   << "" << 403 << "Forbidden"
                                   << R"(pods is forbidden: User "nobody" cannot list resource "pods" in API group "" in the namespace "default")";
        QTest::newRow("not acceptable") << "GET" << "/api/v1/pods" << "admin-token" << "text/html" << "" << "" << 406
                                        << "NotAcceptable" << "only the following media types are accepted: application/json, application/yaml";
        QTest::newRow("unsupported media type") << "POST" << "/api/v1/namespaces/default/pods" << "admin-token" << "application/json"
                                                << "text/plain" << kPod << 415 << "UnsupportedMediaType"
                                                << "the body of the request was in an unknown format - accepted media types include: "
                                                   "application/json, application/yaml, application/vnd.kubernetes.protobuf";
        QTest::newRow("malformed JSON") << "POST" << "/api/v1/namespaces/default/pods" << "admin-token" << "application/json"
                                        << "application/json" << "{\"metadata\":" << 400 << "BadRequest" << "";
        QTest::newRow("strict unknown field")
            << "POST" << "/api/v1/namespaces/default/pods?fieldValidation=Strict" << "admin-token" << "application/json"
            << "application/json"
            << R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"x"},"spec":{"bogus":1,"containers":[{"name":"c","image":"i"}]}})"
            << 400 << "BadRequest" << R"(strict decoding error: unknown field "spec.bogus")";
        QTest::newRow("namespace mismatch")
            << "POST" << "/api/v1/namespaces/default/pods" << "admin-token" << "application/json" << "application/json"
            << R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"x","namespace":"other"},"spec":{"containers":[{"name":"c","image":"i"}]}})"
            << 400 << "BadRequest" << "the namespace of the provided object does not match the namespace sent on the request";
        QTest::newRow("invalid") << "POST" << "/api/v1/namespaces/default/pods" << "admin-token" << "application/json"
                                 << "application/json" << R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"x"},"spec":{}})"
                                 << 422 << "Invalid" << R"(Pod "x" is invalid: spec.containers: Required value)";
        QTest::newRow("too large") << "POST" << "/api/v1/namespaces/default/configmaps" << "admin-token" << "application/json"
                                   << "application/json" << QString(3 * 1024 * 1024 + 1, QLatin1Char(' ')) << 413
                                   << "RequestEntityTooLarge" << "Request entity too large: limit is 3145728";
    }
    void errors() {
        QFETCH(QString, method);
        QFETCH(QString, target);
        QFETCH(QString, token);
        QFETCH(QString, accept);
        QFETCH(QString, contentType);
        QFETCH(QString, requestBody);
        QFETCH(int, code);
        QFETCH(QString, reason);
        QFETCH(QString, message);
        auto r = call(method.toStdString(), target.toStdString(), token.toStdString(), accept.toStdString(),
                      contentType.toStdString(), requestBody.toStdString());
        QCOMPARE(r.status, code);
        QCOMPARE(r.contentType, std::string("application/json"));
        const auto status = body(r);
        QCOMPARE(str(status.find("kind")), std::string("Status"));
        QCOMPARE(str(status.find("status")), std::string("Failure"));
        QCOMPARE(QString::fromStdString(str(status.find("reason"))), reason);
        QCOMPARE(status.find("code")->asInt(), int64_t(code));
        if (!message.isEmpty()) QCOMPARE(QString::fromStdString(str(status.find("message"))), message);
    }

    // Create, read as a Table (upstream's pod columns, with -o wide's at priority 1), list with a
    // label selector, delete.
    void createReadListDelete() {
        auto created = call("POST", "/api/v1/namespaces/default/pods?fieldManager=kubectl-client-side-apply",
                            "admin-token", "application/json", "application/json", kPod);
        QCOMPARE(created.status, 201);
        QCOMPARE(str(body(created).find("metadata")->find("name")), std::string("web"));
        QCOMPARE(str(body(created).find("kind")), std::string("Pod"));

        auto table = call("GET", "/api/v1/namespaces/default/pods/web", "admin-token", kTableAccept);
        QCOMPARE(table.status, 200);
        const auto t = body(table);
        QCOMPARE(str(t.find("kind")), std::string("Table"));
        QStringList columns;
        for (const auto& c : t.find("columnDefinitions")->asArray())
            columns << QString::fromStdString(str(c.find("name")) + "/" + std::to_string(c.find("priority")->asInt()));
        QCOMPARE(columns.join(','), QStringLiteral("Name/0,Ready/0,Status/0,Restarts/0,Age/0,IP/1,Node/1,Nominated Node/1,Readiness Gates/1"));
        const auto& row = t.find("rows")->asArray().at(0);
        QCOMPARE(str(&row.find("cells")->asArray()[0]), std::string("web"));
        QCOMPARE(str(&row.find("cells")->asArray()[1]), std::string("0/1"));
        QCOMPARE(str(row.find("object")->find("kind")), std::string("PartialObjectMetadata"));

        auto none = call("GET", "/api/v1/namespaces/default/pods?labelSelector=app%3Dother");
        QCOMPARE(body(none).find("items")->size(), size_t(0));
        auto some = call("GET", "/api/v1/namespaces/default/pods?labelSelector=app%3Dweb&limit=500");
        QCOMPARE(str(body(some).find("kind")), std::string("PodList"));
        QCOMPARE(body(some).find("items")->size(), size_t(1));

        auto deleted = call("DELETE", "/api/v1/namespaces/default/pods/web", "admin-token", "application/json",
                            "application/json", R"({"propagationPolicy":"Background"})");
        QCOMPARE(deleted.status, 200);
        QCOMPARE(call("GET", "/api/v1/namespaces/default/pods/web").status, 404);
    }

    // A watch answers with the current objects as ADDED (no resourceVersion), then changes, one
    // JSON object per line.
    void watchStreams() {
        QCOMPARE(call("POST", "/api/v1/namespaces/default/pods", "admin-token", "application/json", "application/json", kPod).status, 201);
        auto w = call("GET", "/api/v1/namespaces/default/pods?watch=true&timeoutSeconds=30");
        QCOMPARE(w.status, 200);
        QVERIFY(w.watch);
        std::string lines = w.watch->take();
        QVERIFY2(lines.find(R"("type":"ADDED")") != std::string::npos, lines.c_str());
        QVERIFY(lines.back() == '\n');
        QCOMPARE(call("PATCH", "/api/v1/namespaces/default/pods/web", "admin-token", "application/json",
                      "application/merge-patch+json", R"({"metadata":{"labels":{"tier":"web"}}})")
                     .status,
                 200);
        lines = w.watch->take();
        QVERIFY2(lines.find(R"("type":"MODIFIED")") != std::string::npos, lines.c_str());
        QVERIFY(!w.watch->done());
    }

    // allowWatchBookmarks=true: a BOOKMARK (the kind, only metadata.resourceVersion) every
    // interval while nothing else is sent.
    void watchBookmarks() {
        apiserver::endpoints::HandlerOptions options;
        options.serverAddress = "127.0.0.1:6443";
        options.bookmarkInterval = std::chrono::milliseconds(1);
        apiserver::endpoints::Handler handler(*backend_, options);
        HttpRequest r;
        r.method = "GET";
        r.target = "/api/v1/pods?watch=true&allowWatchBookmarks=true&resourceVersion=1";
        r.headers["authorization"] = "Bearer admin-token";
        auto w = handler.serve(r);
        QCOMPARE(w.status, 200);
        QVERIFY(w.watch);
        QTest::qWait(5);
        const std::string lines = w.watch->take();
        QVERIFY2(lines.find("{\"type\":\"BOOKMARK\",\"object\":{\"kind\":\"Pod\",\"apiVersion\":\"v1\",\"metadata\":{\"resourceVersion\":\"") == 0,
                 lines.c_str());
        QVERIFY(w.watch->nextWake() <= w.watch->deadline());
        // Without the parameter, none.
        r.target = "/api/v1/pods?watch=true&resourceVersion=1";
        auto plain = handler.serve(r);
        QTest::qWait(5);
        QCOMPARE(plain.watch->take(), std::string());
    }

    // A watcher that does not read is cut off once more than the limit of live events wait for
    // it: its queue is let go, and what it gets when it reads again is what it had, then a 429
    // ERROR naming the resourceVersion to watch again from.
    void slowWatcherIsCutOff() {
        apiserver::endpoints::HandlerOptions options;
        options.watchBufferLimit = 3;
        apiserver::endpoints::Handler handler(*backend_, options);
        HttpRequest r;
        r.method = "GET";
        r.target = "/api/v1/namespaces/default/configmaps?watch=true&resourceVersion=1";
        r.headers["authorization"] = "Bearer admin-token";
        auto w = handler.serve(r);
        QCOMPARE(w.status, 200);
        auto create = [&](int i) {
            return call("POST", "/api/v1/namespaces/default/configmaps", "admin-token", "application/json", "application/json",
                        R"({"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"cm-)" + std::to_string(i) + R"("}})")
                .status;
        };
        for (int i = 0; i < 3; ++i) QCOMPARE(create(i), 201);
        w.watch->absorb();  // what the server does while a write to the client is in flight
        QVERIFY(!w.watch->done());
        QCOMPARE(create(3), 201);
        w.watch->absorb();  // a fourth: over the limit
        const std::string lines = w.watch->take();
        QVERIFY2(lines.find("TooManyRequests") != std::string::npos, lines.c_str());
        QVERIFY2(lines.find("the watcher fell behind and was closed; watch again from resourceVersion ") != std::string::npos,
                 lines.c_str());
        QVERIFY(lines.find("cm-0") == std::string::npos);  // the backlog was let go
        QVERIFY(w.watch->done());
    }

    // pods/log, exec, attach and portforward: authorized and checked as kube-apiserver checks
    // them, then a clear 400 — the containers are simulated and have nothing to stream.
    void podStreamsSayTheContainersAreSimulated() {
        QCOMPARE(call("GET", "/api/v1/namespaces/default/pods/web/log").status, 404);
        QCOMPARE(call("POST", "/api/v1/namespaces/default/pods", "admin-token", "application/json", "application/json", kPod).status, 201);
        auto message = [&](const HttpResponse& r) { return str(body(r).find("message")); };
        auto log = call("GET", "/api/v1/namespaces/default/pods/web/log");
        QCOMPARE(log.status, 400);
        QCOMPARE(message(log), std::string("pod web does not have a host assigned"));
        QCOMPARE(call("GET", "/api/v1/namespaces/default/pods/web/log", "nobody-token").status, 403);
        auto wrong = call("GET", "/api/v1/namespaces/default/pods/web/log?container=sidecar");
        QCOMPARE(message(wrong), std::string("container sidecar is not valid for pod web"));

        QCOMPARE(call("POST", "/api/v1/namespaces/default/pods/web/binding", "admin-token", "application/json", "application/json",
                      R"({"apiVersion":"v1","kind":"Binding","metadata":{"name":"web"},"target":{"kind":"Node","name":"node-1"}})")
                     .status,
                 201);
        QCOMPARE(message(call("GET", "/api/v1/namespaces/default/pods/web/log")),
                 std::string("container \"c\" in pod \"web\" is waiting to start: ContainerCreating"));
        QCOMPARE(call("PATCH", "/api/v1/namespaces/default/pods/web/status", "admin-token", "application/json",
                      "application/merge-patch+json",
                      R"({"status":{"phase":"Running","containerStatuses":[{"name":"c","image":"nginx:1.25","imageID":"","ready":true,"restartCount":0,"state":{"running":{"startedAt":"2024-01-01T00:00:01Z"}}}]}})")
                     .status,
                 200);
        log = call("GET", "/api/v1/namespaces/default/pods/web/log");
        QCOMPARE(log.status, 400);
        QVERIFY2(message(log).rfind("container \"c\" in pod \"web\" is simulated by Pilothouse: it runs no process and writes no log", 0) == 0,
                 message(log).c_str());
        auto exec = call("POST", "/api/v1/namespaces/default/pods/web/exec?command=sh&stdin=true&tty=true");
        QCOMPARE(exec.status, 400);
        QVERIFY2(message(exec).find("nothing to exec into") != std::string::npos, message(exec).c_str());
        QCOMPARE(call("POST", "/api/v1/namespaces/default/pods/web/portforward?ports=80").status, 400);
    }

    // kubectl scale: PATCH .../deployments/web/scale with a merge patch, answered with a Scale.
    void scaleSubresource() {
        const char* deployment =
            R"({"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web"},"spec":{"replicas":1,)"
            R"("selector":{"matchLabels":{"app":"web"}},"template":{"metadata":{"labels":{"app":"web"}},)"
            R"("spec":{"containers":[{"name":"c","image":"nginx"}]}}}})";
        QCOMPARE(call("POST", "/apis/apps/v1/namespaces/default/deployments", "admin-token", "application/json",
                      "application/json", deployment)
                     .status,
                 201);
        auto scale = call("PATCH", "/apis/apps/v1/namespaces/default/deployments/web/scale", "admin-token",
                          "application/json", "application/merge-patch+json", R"({"spec":{"replicas":5}})");
        QCOMPARE(scale.status, 200);
        QCOMPARE(str(body(scale).find("kind")), std::string("Scale"));
        QCOMPARE(str(body(scale).find("apiVersion")), std::string("autoscaling/v1"));
        QCOMPARE(body(scale).find("spec")->find("replicas")->asInt(), int64_t(5));
        QCOMPARE(str(body(scale).find("status")->find("selector")), std::string("app=web"));
        auto read = call("GET", "/apis/apps/v1/namespaces/default/deployments/web");
        QCOMPARE(body(read).find("spec")->find("replicas")->asInt(), int64_t(5));
    }

    // kubectl 1.32's `create deployment`: a protobuf body in the k8s\0 envelope, with upstream's
    // field numbers and its Time and Quantity messages.
    void protobufBody() {
        auto bytes = [](std::initializer_list<std::string> parts) {
            std::string out;
            for (const auto& p : parts) out += p;
            return out;
        };
        auto field = [](int number, const std::string& value) {
            std::string out;
            out += char(number << 3 | 2);
            out += char(value.size());
            return out + value;
        };
        // ConfigMap {metadata {name: "settings", creationTimestamp: Time{}}, data {"k": "v"}}.
        const std::string meta = bytes({field(1, "settings"), field(8, "")});
        const std::string entry = bytes({field(1, "k"), field(2, "v")});
        const std::string raw = bytes({field(1, meta), field(2, entry)});
        const std::string typeMeta = bytes({field(1, "v1"), field(2, "ConfigMap")});
        const std::string envelope = std::string("k8s\0", 4) + bytes({field(1, typeMeta), field(2, raw)});
        auto created = call("POST", "/api/v1/namespaces/default/configmaps?fieldManager=kubectl-create&fieldValidation=Strict",
                            "admin-token", "application/vnd.kubernetes.protobuf,application/json",
                            "application/vnd.kubernetes.protobuf", envelope);
        QCOMPARE(created.status, 201);
        QCOMPARE(created.contentType, std::string("application/json"));
        QCOMPARE(str(body(created).find("data")->find("k")), std::string("v"));
        auto broken = call("POST", "/api/v1/namespaces/default/configmaps", "admin-token", "application/json",
                           "application/vnd.kubernetes.protobuf", "not protobuf");
        QCOMPARE(broken.status, 400);
    }

    // The OpenAPI documents kubectl reads: v2 as protobuf (1.27/1.28), the v3 index and a
    // group-version whose PATCH operations list fieldValidation.
    void openapi() {
        auto v2 = call("GET", "/openapi/v2?timeout=32s", "admin-token",
                       "application/com.github.proto-openapi.spec.v2@v1.0+protobuf");
        QCOMPARE(v2.status, 200);
        QCOMPARE(v2.contentType, std::string("application/com.github.proto-openapi.spec.v2.v1.0+protobuf"));
        QVERIFY(v2.body.size() > 10000);
        auto index = call("GET", "/openapi/v3");
        const auto url = str(body(index).find("paths")->find("api/v1")->find("serverRelativeURL"));
        QVERIFY2(url.rfind("/openapi/v3/api/v1?hash=", 0) == 0, url.c_str());
        auto doc = call("GET", url);
        QCOMPARE(doc.status, 200);
        const auto d = body(doc);
        const auto* pod = d.find("components")->find("schemas")->find("io.k8s.api.core.v1.Pod");
        QVERIFY(pod);
        QCOMPARE(str(pod->find("x-kubernetes-group-version-kind")->asArray()[0].find("kind")), std::string("Pod"));
        const auto* containers = d.find("components")->find("schemas")->find("io.k8s.api.core.v1.PodSpec")->find("properties")->find("containers");
        QCOMPARE(str(containers->find("x-kubernetes-patch-merge-key")), std::string("name"));
        QVERIFY(!containers->find("x-kubernetes-list-type"));  // no +listType marker upstream: inferred
        // Upstream's +listType=map, +listMapKey and +structType=atomic markers, as v1.28 serves them.
        const auto* ports = d.find("components")->find("schemas")->find("io.k8s.api.core.v1.Container")->find("properties")->find("ports");
        QCOMPARE(str(ports->find("x-kubernetes-list-type")), std::string("map"));
        QCOMPARE(codec::toJson(*ports->find("x-kubernetes-list-map-keys"), codec::JsonStyle::Compact),
                 std::string(R"(["containerPort","protocol"])"));
        const auto* selector = d.find("components")->find("schemas")->find("io.k8s.apimachinery.pkg.apis.meta.v1.LabelSelector");
        QCOMPARE(str(selector->find("x-kubernetes-map-type")), std::string("atomic"));
        bool fieldValidation = false;
        for (const auto& p : d.find("paths")->find("/api/v1/namespaces/{namespace}/pods/{name}")->find("patch")->find("parameters")->asArray())
            fieldValidation = fieldValidation || str(p.find("name")) == "fieldValidation";
        QVERIFY(fieldValidation);
        // An old hash is sent to the current document.
        QCOMPARE(call("GET", "/openapi/v3/api/v1?hash=0").status, 301);
    }
};

QTEST_GUILESS_MAIN(HandlerTest)
#include "handler_test.moc"
