#include "apply_test.h"

#include <QTest>

#include "api/codec/json.h"
#include "api/codec/yaml.h"
#include "api/object.h"
#include "controlplane/control_plane.h"
#include "core_v1.pb.h"
#include "kubectl/apply.h"
#include "kubectl/unified_diff.h"
#include "sim/clock.h"

using namespace pilothouse;
using namespace pilothouse::kubectl;
using codec::Value;

namespace {

Value json(const QString& text) {
    if (text.isEmpty())
        return Value();
    auto v = codec::parseJson(text.toStdString());
    if (!v)
        qFatal("bad test JSON %s: %s", qPrintable(text), v.status().message().c_str());
    return *v;
}

QString str(const std::string& s) {
    return QString::fromStdString(s);
}

// A control plane in memory and kubectl apply driven against its API server.
struct Cluster {
    sim::VirtualClock clock;
    std::unique_ptr<controlplane::ControlPlane> cp;
    int requests = 0;  // requests other than get

    Cluster() {
        auto started = controlplane::ControlPlane::start({}, clock);
        if (!started)
            qFatal("%s", started.status().message().c_str());
        cp = std::move(*started);
    }
    std::vector<std::unique_ptr<ObjectApply>> apply(const char* yaml, DryRun dryRun = DryRun::None,
                                                    ApplyMode mode = ApplyMode::Apply) {
        std::vector<std::unique_ptr<ObjectApply>> out;
        for (auto& o : readObjects(yaml)) {
            auto a = std::make_unique<ObjectApply>(std::move(o), mode, dryRun);
            while (const ApplyCall* call = a->next()) {
                apiserver::Request req = kubectl::toRequest(*call);
                if (call->verb != "get")
                    ++requests;
                auto resp = cp->apiServer().handle(req);
                a->onResponse(resp.status, resp.object.get(), resp.warnings);
            }
            out.push_back(std::move(a));
        }
        return out;
    }
    QStringList lines(const char* yaml, DryRun dryRun = DryRun::None) {
        QStringList out;
        for (const auto& a : apply(yaml, dryRun))
            out << str(a->ok() ? a->outputLine() : a->errorText());
        return out;
    }
    std::unique_ptr<google::protobuf::Message> get(const char* resource, const std::string& ns,
                                                   const std::string& name) {
        apiserver::Request req;
        req.verb = "get";
        req.type = api::Scheme::instance().byName(resource);
        req.namespace_ = ns;
        req.name = name;
        auto resp = cp->apiServer().handle(req);
        return resp.ok() ? std::move(resp.object) : nullptr;
    }
};

const char* kWeb = R"(apiVersion: v1
kind: Pod
metadata:
  name: web
  labels: {app: web, tier: front}
spec:
  containers:
  - name: web
    image: nginx:1.25
    ports: [{containerPort: 80}]
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: 2
  selector: {matchLabels: {app: d}}
  template:
    metadata: {labels: {app: d}}
    spec:
      containers: [{name: web, image: nginx}]
---
apiVersion: v1
kind: Service
metadata: {name: web}
spec:
  selector: {app: web}
  ports: [{port: 80}]
)";

// kWeb with the pod's tier label removed and the deployment scaled to 3.
const char* kWebChanged = R"(apiVersion: v1
kind: Pod
metadata:
  name: web
  labels: {app: web}
spec:
  containers:
  - name: web
    image: nginx:1.25
    ports: [{containerPort: 80}]
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: 3
  selector: {matchLabels: {app: d}}
  template:
    metadata: {labels: {app: d}}
    spec:
      containers: [{name: web, image: nginx}]
---
apiVersion: v1
kind: Service
metadata: {name: web}
spec:
  selector: {app: web}
  ports: [{port: 80}]
)";

}  // namespace

void ApplyTest::threeWayMergePatch_data() {
    QTest::addColumn<QString>("original");  // the last applied configuration ("" for none)
    QTest::addColumn<QString>("modified");  // the manifest
    QTest::addColumn<QString>("current");   // the live object
    QTest::addColumn<QString>("patch");

    QTest::newRow("nothing changed") << R"({"a":1})"
                                     << R"({"a":1})"
                                     << R"({"a":1,"b":2})"
                                     << "{}";
    QTest::newRow("value changed") << R"({"spec":{"replicas":1}})"
                                   << R"({"spec":{"replicas":3}})"
                                   << R"({"spec":{"replicas":1,"paused":false}})"
                                   << R"({"spec":{"replicas":3}})";
    QTest::newRow("removed since the last apply is deleted")
        << R"({"metadata":{"labels":{"a":"1","b":"2"}}})"
        << R"({"metadata":{"labels":{"a":"1"}}})"
        << R"({"metadata":{"labels":{"a":"1","b":"2","c":"3"}}})"
        << R"({"metadata":{"labels":{"b":null}}})";
    QTest::newRow("a whole field removed") << R"({"a":1,"spec":{"x":{"y":1}}})"
                                           << R"({"a":1})"
                                           << R"({"a":1,"spec":{"x":{"y":1}}})"
                                           << R"({"spec":null})";
    QTest::newRow("without a last apply, live-only fields stay")
        << ""
        << R"({"metadata":{"labels":{"a":"1"}}})"
        << R"({"metadata":{"labels":{"a":"1","c":"3"}}})"
        << "{}";
    QTest::newRow("a live change is overwritten") << R"({"a":1})"
                                                  << R"({"a":1})"
                                                  << R"({"a":2})"
                                                  << R"({"a":1})";
    QTest::newRow("added") << "{}"
                           << R"({"b":{"c":1}})"
                           << "{}"
                           << R"({"b":{"c":1}})";
    QTest::newRow("explicit null deletes") << ""
                                           << R"({"a":null})"
                                           << R"({"a":1})"
                                           << R"({"a":null})";
    QTest::newRow("defaulted container fields are no change")
        << R"({"spec":{"containers":[{"name":"web","image":"nginx"}]}})"
        << R"({"spec":{"containers":[{"name":"web","image":"nginx"}]}})"
        << R"({"spec":{"containers":[{"name":"web","image":"nginx","imagePullPolicy":"Always"}]}})"
        << "{}";
    QTest::newRow("a container's image changed, its defaults kept")
        << R"({"spec":{"containers":[{"name":"web","image":"nginx"}]}})"
        << R"({"spec":{"containers":[{"name":"web","image":"nginx:2"}]}})"
        << R"({"spec":{"containers":[{"name":"web","image":"nginx","imagePullPolicy":"Always"}]}})"
        << R"({"spec":{"containers":[{"name":"web","image":"nginx:2","imagePullPolicy":"Always"}]}})";
    QTest::newRow("a container removed from the manifest")
        << R"({"spec":{"containers":[{"name":"web","image":"a"},{"name":"side","image":"b"}]}})"
        << R"({"spec":{"containers":[{"name":"web","image":"a"}]}})"
        << R"({"spec":{"containers":[{"name":"web","image":"a","tty":false},{"name":"side","image":"b"}]}})"
        << R"({"spec":{"containers":[{"name":"web","image":"a","tty":false}]}})";
    QTest::newRow("an env var someone else added is kept")
        << R"({"env":[{"name":"A","value":"1"}]})"
        << R"({"env":[{"name":"A","value":"1"},{"name":"B","value":"2"}]})"
        << R"({"env":[{"name":"A","value":"1"},{"name":"X","value":"9"}]})"
        << R"({"env":[{"name":"A","value":"1"},{"name":"B","value":"2"},{"name":"X","value":"9"}]})";
    QTest::newRow("container ports merge by containerPort")
        << ""
        << R"({"ports":[{"containerPort":80}]})"
        << R"({"ports":[{"containerPort":80,"protocol":"TCP"}]})"
        << "{}";
    QTest::newRow("service ports merge by port")
        << ""
        << R"({"ports":[{"port":80}]})"
        << R"({"ports":[{"port":80,"protocol":"TCP","targetPort":80}]})"
        << "{}";
    QTest::newRow("other lists are replaced") << R"({"args":["a"]})"
                                              << R"({"args":["b"]})"
                                              << R"({"args":["a"]})"
                                              << R"({"args":["b"]})";
    QTest::newRow("a replaced list that differs only by defaults is replaced")
        << ""
        << R"({"tolerations":[{"key":"k","operator":"Exists"}]})"
        << R"({"tolerations":[{"key":"k","operator":"Exists","effect":"NoSchedule"}]})"
        << R"({"tolerations":[{"key":"k","operator":"Exists"}]})";
}

void ApplyTest::threeWayMergePatch() {
    QFETCH(QString, original);
    QFETCH(QString, modified);
    QFETCH(QString, current);
    QFETCH(QString, patch);
    const Value got = kubectl::threeWayMergePatch(json(original), json(modified), json(current));
    if (!(got == json(patch))) {
        qWarning("got %s", codec::toJson(got, codec::JsonStyle::Compact).c_str());
        QFAIL("patch differs");
    }
}

void ApplyTest::readsDocuments_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("objects");  // "location | line | name | error (its start)"

    QTest::newRow("documents, comments, a List, namespaces")
        << R"(# web tier
---
apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  containers: [{name: web, image: nginx}]
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: prod}
spec: {replicas: 1}
---
---
apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: Node
  metadata: {name: node-a}
- apiVersion: v1
  kind: Service
  metadata: {name: db}
)"
        << QStringList{"document 1 | 3 | pod/web default | ",
                       "document 2 | 10 | deployment.apps/web prod | ",
                       "document 4, items[0] | 19 | node/node-a  | ",
                       "document 4, items[1] | 22 | service/db default | "};

    QTest::newRow("problems fail their own document only")
        << R"(apiVersion: v1
kind: Pod
metadata: {name: a}
spec: {containers: [{name: a, image: nginx}]}
---
apiVersion: v1
metadata: {name: b}
---
apiVersion: example.com/v1
kind: Widget
metadata: {name: w}
---
apiVersion: v1
kind: Pod
metadata: {name: d}
spec:
  containers:
  - name: d
    image: nginx
    ports:
    - containerPort: eighty
)"
        << QStringList{
               "document 1 | 1 | pod/a default | ",
               "document 2 | 6 | b  | STDIN: document 2: error validating data: [kind not set]",
               "document 3 | 9 | w  | STDIN: document 3: resource mapping not found for name: "
               "\"w\": no matches for kind "
               "\"Widget\" in version \"example.com/v1\"",
               "document 4 | 21 | pod/d default | STDIN: document 4: Pod in version \"v1\" cannot "
               "be handled as a Pod: "
               "spec.containers[0].ports[0].containerPort: json: cannot unmarshal string into Go "
               "struct field "
               "ContainerPort.spec.containers.ports.containerPort of type int32"};

    QTest::newRow("a syntax error names its line and ends the stream")
        << R"(apiVersion: v1
kind: Pod
metadata: {name: a}
spec: {containers: [{name: a, image: nginx}]}
---
apiVersion: v1
kind: Pod
metadata:
  name: b
  labels: [unclosed
---
apiVersion: v1
kind: Pod
metadata: {name: c}
)"
        << QStringList{"document 1 | 1 | pod/a default | ",
                       "document 2 | 10 |  | error parsing STDIN: error converting YAML to JSON: "
                       "yaml: line 5: did not find expected ',' or ']'"};  // real kubectl 1.28's words
}

void ApplyTest::readsDocuments() {
    QFETCH(QString, text);
    QFETCH(QStringList, objects);
    QStringList got;
    for (const auto& o : readObjects(text.toStdString())) {
        const int line =
            o.error.causes().empty() ? o.line : o.lineOf(o.error.causes().front().field);
        QString message = str(o.error.message());
        got << QStringLiteral("%1 | %2 | %3 %4 | %5")
                   .arg(str(o.location()))
                   .arg(line)
                   .arg(str(o.displayName()), str(o.namespace_), message);
    }
    QCOMPARE(got.size(), objects.size());
    for (int i = 0; i < got.size(); ++i) {
        // Location, line and name exactly; the error by its start (the parser's wording after
        // "line N: " is its own).
        const QStringList g = got[i].split(QStringLiteral(" | "));
        const QStringList e = objects[i].split(QStringLiteral(" | "));
        QCOMPARE(g.size(), 4);
        QCOMPARE(e.size(), 4);
        for (int k = 0; k < 3; ++k) QCOMPARE(g[k].trimmed(), e[k].trimmed());
        if (e[3].isEmpty() ? !g[3].isEmpty() : !g[3].startsWith(e[3]))
            QCOMPARE(g[3], e[3]);
    }
}

void ApplyTest::lastAppliedConfigurationIsTheManifestAsSortedJson() {
    auto objects = readObjects(R"(kind: Pod
apiVersion: v1
metadata:
  name: web
  labels: {z: "1", a: "2"}
spec:
  containers: [{name: web, image: "nginx<1>"}]
)");
    QCOMPARE(int(objects.size()), 1);
    const ApplyObject& o = objects[0];
    QVERIFY(o.ok());
    // As kubectl writes it: sorted keys, the namespace it applied to, annotations {}, Go's
    // escaping, a final newline.
    QCOMPARE(str(o.lastApplied),
             QStringLiteral("{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"annotations\":"
                            "{},\"labels\":{\"a\":\"2\",\"z\":\"1\"},"
                            "\"name\":\"web\",\"namespace\":\"default\"},\"spec\":{\"containers\":["
                            "{\"image\":\"nginx\\u003c1\\u003e\","
                            "\"name\":\"web\"}]}}\n"));
    const auto& annotations = api::metadata(*o.modifiedObject).annotations();
    QCOMPARE(str(annotations.at(kLastAppliedConfigAnnotation)), str(o.lastApplied));
    QVERIFY(api::metadata(*o.localObject).annotations().empty());
}

void ApplyTest::resultLines_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("operation");
    QTest::addColumn<int>("dryRun");
    QTest::addColumn<QString>("line");
    QTest::newRow("created") << "pod/web" << int(ApplyOperation::Created) << int(DryRun::None)
                             << "pod/web created";
    QTest::newRow("configured") << "deployment.apps/web" << int(ApplyOperation::Configured)
                                << int(DryRun::None) << "deployment.apps/web configured";
    QTest::newRow("unchanged") << "service/x" << int(ApplyOperation::Unchanged) << int(DryRun::None)
                               << "service/x unchanged";
    QTest::newRow("server dry run") << "pod/web" << int(ApplyOperation::Created)
                                    << int(DryRun::Server) << "pod/web created (server dry run)";
    QTest::newRow("unchanged, server dry run")
        << "service/x" << int(ApplyOperation::Unchanged) << int(DryRun::Server)
        << "service/x unchanged (server dry run)";
    QTest::newRow("client dry run")
        << "deployment.apps/web" << int(ApplyOperation::Configured) << int(DryRun::Client)
        << "deployment.apps/web configured (dry run)";
}

void ApplyTest::resultLines() {
    QFETCH(QString, name);
    QFETCH(int, operation);
    QFETCH(int, dryRun);
    QFETCH(QString, line);
    QCOMPARE(str(applyResultLine(name.toStdString(), ApplyOperation(operation), DryRun(dryRun))),
             line);
}

void ApplyTest::unifiedDiff_data() {
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("to");
    QTest::addColumn<QString>("diff");  // after the two header lines
    QString ten, tenChanged, twenty, twentyChanged;
    for (int i = 1; i <= 10; ++i) ten += QStringLiteral("l%1\n").arg(i);
    tenChanged = QString(ten).replace(QStringLiteral("l5\n"), QStringLiteral("L5\n"));
    for (int i = 1; i <= 20; ++i) twenty += QStringLiteral("l%1\n").arg(i);
    twentyChanged = QString(twenty)
                        .replace(QStringLiteral("\nl2\n"), QStringLiteral("\nL2\n"))
                        .replace(QStringLiteral("l18\n"), QStringLiteral("L18\n"));
    // As GNU `diff -u` prints them.
    QTest::newRow("equal") << ten << ten << "";
    QTest::newRow("one line") << ten << tenChanged
                              << "@@ -2,7 +2,7 @@\n l2\n l3\n l4\n-l5\n+L5\n l6\n l7\n l8\n";
    QTest::newRow("new object") << ""
                                << "a\nb\n"
                                << "@@ -0,0 +1,2 @@\n+a\n+b\n";
    QTest::newRow("two hunks") << twenty << twentyChanged
                               << "@@ -1,5 +1,5 @@\n l1\n-l2\n+L2\n l3\n l4\n l5\n"
                                  "@@ -15,6 +15,6 @@\n l15\n l16\n l17\n-l18\n+L18\n l19\n l20\n";
}

void ApplyTest::unifiedDiff() {
    QFETCH(QString, from);
    QFETCH(QString, to);
    QFETCH(QString, diff);
    const QString got =
        str(kubectl::unifiedDiff(from.toStdString(), to.toStdString(), "LIVE/x", "MERGED/x"));
    QCOMPARE(got, diff.isEmpty() ? QString() : QStringLiteral("--- LIVE/x\n+++ MERGED/x\n") + diff);
}

void ApplyTest::appliesAgainstAControlPlane() {
    Cluster c;
    QCOMPARE(c.lines(kWeb), (QStringList{"pod/web created", "deployment.apps/web created",
                                         "service/web created"}));
    auto pod = c.get("pods", "default", "web");
    QVERIFY(pod);
    QCOMPARE(api::metadata(*pod).annotations().count(kLastAppliedConfigAnnotation), size_t(1));
    // Again: nothing to patch, no request at all.
    const int before = c.requests;
    QCOMPARE(c.lines(kWeb), (QStringList{"pod/web unchanged", "deployment.apps/web unchanged",
                                         "service/web unchanged"}));
    QCOMPARE(c.requests, before);
    // A label removed from the manifest is removed from the pod; a replica count changed.
    QCOMPARE(c.lines(kWebChanged),
             (QStringList{"pod/web configured", "deployment.apps/web configured",
                          "service/web unchanged"}));
    pod = c.get("pods", "default", "web");
    QCOMPARE(api::metadata(*pod).labels().count("tier"), size_t(0));
    QCOMPARE(str(api::metadata(*pod).labels().at("app")), QStringLiteral("web"));
    auto* p = dynamic_cast<k8s::io::api::core::v1::Pod*>(pod.get());
    QCOMPARE(str(p->spec().containers(0).image()), QStringLiteral("nginx:1.25"));
    QCOMPARE(c.lines(kWebChanged),
             (QStringList{"pod/web unchanged", "deployment.apps/web unchanged",
                          "service/web unchanged"}));
}

void ApplyTest::serverDryRunStoresNothing() {
    Cluster c;
    QCOMPARE(c.lines(kWeb, DryRun::Server),
             (QStringList{"pod/web created (server dry run)",
                          "deployment.apps/web created (server dry run)",
                          "service/web created (server dry run)"}));
    QVERIFY(!c.get("pods", "default", "web"));
    c.lines(kWeb);
    QCOMPARE(c.lines(kWebChanged, DryRun::Server),
             (QStringList{"pod/web configured (server dry run)",
                          "deployment.apps/web configured (server dry run)",
                          "service/web unchanged (server dry run)"}));
    QCOMPARE(api::metadata(*c.get("pods", "default", "web")).labels().count("tier"), size_t(1));
    QCOMPARE(c.lines(kWeb, DryRun::Client), (QStringList{"pod/web configured (dry run)",
                                                         "deployment.apps/web configured (dry run)",
                                                         "service/web configured (dry run)"}));
}

void ApplyTest::errorsAsKubectlPrintsThem() {
    Cluster c;
    auto applies = c.apply(R"(apiVersion: v1
kind: Pod
metadata: {name: bad}
spec:
  containers:
  - name: bad
---
apiVersion: v1
kind: Pod
metadata: {name: good}
spec: {containers: [{name: good, image: nginx}]}
---
apiVersion: v1
kind: Pod
metadata: {generateName: web-}
spec: {containers: [{name: web, image: nginx}]}
---
apiVersion: v1
kind: Pod
metadata: {labels: {a: b}}
spec: {containers: [{name: web, image: nginx}]}
)");
    QCOMPARE(int(applies.size()), 4);
    // The API server's message, in kubectl's words, at its document and field; the others go on.
    QCOMPARE(
        str(applies[0]->errorText()),
        QStringLiteral(
            "Error from server (Invalid): error when creating \"STDIN\": Pod \"bad\" is invalid: "
            "spec.containers[0].image: Required value"));
    QCOMPARE(str(applies[0]->errorField()), QStringLiteral("spec.containers[0].image"));
    QCOMPARE(applies[0]->object().lineOf(applies[0]->errorField()), 6);
    QCOMPARE(str(applies[1]->outputLine()), QStringLiteral("pod/good created"));
    QCOMPARE(str(applies[2]->errorText()),
             QStringLiteral("error: from web-: cannot use generate name with apply"));
    QCOMPARE(
        str(applies[3]->errorText()),
        QStringLiteral("error: error when retrieving current configuration of:\n"
                       "Resource: \"/v1, Resource=pods\", GroupVersionKind: \"/v1, Kind=Pod\"\n"
                       "Name: \"\", Namespace: \"default\"\n"
                       "from server for: \"STDIN\": resource name may not be empty"));
    QCOMPARE(str(applies[3]->errorField()), QStringLiteral("metadata.name"));
    // kubectl's summary: one Invalid error alone in its own form, several one per line.
    QCOMPARE(
        str(applyErrorSummary({applies[0].get()})),
        QStringLiteral("The Pod \"bad\" is invalid: spec.containers[0].image: Required value\n"));
    QCOMPARE(str(applyErrorSummary({applies[0].get(), applies[2].get()})),
             str(applies[0]->errorText() + "\n" + applies[2]->errorText() + "\n"));
    // A field the API server cannot change: the patch is shown as kubectl shows it.
    auto changed = c.apply(R"(apiVersion: v1
kind: Pod
metadata: {name: good}
spec: {containers: [{name: good, image: nginx}], hostname: other}
)");
    QVERIFY(!changed[0]->ok());
    QVERIFY2(changed[0]->errorText().rfind(
                 "Error from server (Invalid): error when applying patch:\n{", 0) == 0,
             changed[0]->errorText().c_str());
    QVERIFY2(
        changed[0]->errorText().find(
            "\nto:\nResource: \"/v1, Resource=pods\", GroupVersionKind: \"/v1, Kind=Pod\"\n"
            "Name: \"good\", Namespace: \"default\"\nfor: \"STDIN\": Pod \"good\" is invalid: ") !=
            std::string::npos,
        changed[0]->errorText().c_str());
}

void ApplyTest::diffModeComparesLiveAndMerged() {
    Cluster c;
    c.lines(kWeb);
    const int before = c.requests;
    auto diffs = c.apply(kWebChanged, DryRun::None, ApplyMode::Diff);
    QCOMPARE(int(diffs.size()), 3);
    for (const auto& d : diffs) QVERIFY2(d->ok(), d->errorText().c_str());
    // Nothing stored, no output lines.
    QCOMPARE(api::metadata(*c.get("pods", "default", "web")).labels().count("tier"), size_t(1));
    QCOMPARE(str(diffs[0]->outputLine()), QString());
    const std::string deployment = kubectl::unifiedDiff(
        codec::toYaml(diffs[1]->live()), codec::toYaml(diffs[1]->merged()),
        "LIVE/" + diffs[1]->object().diffName(), "MERGED/" + diffs[1]->object().diffName());
    QVERIFY2(deployment.find("--- LIVE/apps.v1.Deployment.default.web\n+++ "
                             "MERGED/apps.v1.Deployment.default.web\n") == 0,
             deployment.c_str());
    QVERIFY2(deployment.find("\n-  replicas: 2\n+  replicas: 3\n") != std::string::npos,
             deployment.c_str());
    // kubectl diff leaves the annotation out of its patch: the old one stays.
    QVERIFY2(deployment.find("\n+    kubectl.kubernetes.io/last-applied-configuration") ==
                 std::string::npos,
             deployment.c_str());
    QVERIFY2(deployment.find(
                 "\n       "
                 "{\"apiVersion\":\"apps/"
                 "v1\",\"kind\":\"Deployment\",\"metadata\":{\"annotations\":{},\"name\":\"web\","
                 "\"namespace\":\"default\"},\"spec\":{\"replicas\":2,") != std::string::npos,
             deployment.c_str());
    const std::string pod = kubectl::unifiedDiff(codec::toYaml(diffs[0]->live()),
                                                 codec::toYaml(diffs[0]->merged()), "a", "b");
    QVERIFY2(pod.find("\n-    tier: front\n") != std::string::npos, pod.c_str());
    QCOMPARE(diffs[2]->operation(), ApplyOperation::Unchanged);
    QVERIFY(diffs[2]->live() == diffs[2]->merged());
    QCOMPARE(c.requests, before + 2);  // the two dry-run patches
    // A new object: nothing live, all of it merged.
    auto created = c.apply(R"(apiVersion: v1
kind: Pod
metadata: {name: new}
spec: {containers: [{name: new, image: nginx}]}
)",
                           DryRun::None, ApplyMode::Diff);
    QVERIFY(created[0]->ok());
    QVERIFY(created[0]->live().isNull());
    QCOMPARE(str(created[0]->object().diffName()), QStringLiteral("v1.Pod.default.new"));
    QVERIFY(!created[0]->merged().isNull());
    QVERIFY(!c.get("pods", "default", "new"));
}

QTEST_GUILESS_MAIN(ApplyTest)
