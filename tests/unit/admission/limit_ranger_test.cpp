#include "admission_test.h"

#include "api/object.h"
#include "apiserver/admission/limit_ranger.h"

using namespace pilothouse;
using namespace pilothouse::testing;
using apiserver::admission::LimitRanger;
using apiserver::admission::Operation;

namespace {

constexpr const char* kLimitRanges = R"(
apiVersion: v1
kind: LimitRange
metadata: {name: defaults, namespace: limited}
spec:
  limits:
  - type: Container
    default: {cpu: 500m, memory: 256Mi}
    defaultRequest: {cpu: 100m}
    max: {cpu: "2", memory: 1Gi}
    min: {cpu: 50m, memory: 64Mi}
---
apiVersion: v1
kind: LimitRange
metadata: {name: cap, namespace: lr-max}
spec:
  limits:
  - type: Container
    max: {cpu: "1"}
---
apiVersion: v1
kind: LimitRange
metadata: {name: floor, namespace: lr-min}
spec:
  limits:
  - type: Container
    min: {memory: 64Mi}
---
apiVersion: v1
kind: LimitRange
metadata: {name: ratio, namespace: lr-ratio}
spec:
  limits:
  - type: Container
    maxLimitRequestRatio: {cpu: "2"}
---
apiVersion: v1
kind: LimitRange
metadata: {name: per-pod, namespace: lr-pod}
spec:
  limits:
  - type: Pod
    max: {cpu: "1"}
---
apiVersion: v1
kind: LimitRange
metadata: {name: both, namespace: lr-both}
spec:
  limits:
  - type: Container
    max: {cpu: "1"}
    min: {memory: 64Mi}
)";

// A pod in `ns` whose containers are given as YAML flow items.
QString pod(const char* ns, const QString& containers, const QString& initContainers = {}) {
    QString y = QString("apiVersion: v1\nkind: Pod\nmetadata: {name: web, namespace: %1}\nspec:\n")
                    .arg(ns);
    if (!initContainers.isEmpty()) y += "  initContainers: [" + initContainers + "]\n";
    y += "  containers: [" + containers + "]\n";
    return y;
}

QString c(const char* name, const char* requests = nullptr, const char* limits = nullptr) {
    QString r = QString("{name: %1, image: nginx").arg(name);
    if (requests || limits) {
        r += ", resources: {";
        if (requests) r += QString("requests: {%1}").arg(requests);
        if (requests && limits) r += ", ";
        if (limits) r += QString("limits: {%1}").arg(limits);
        r += "}";
    }
    return r + "}";
}

}  // namespace

void AdmissionTest::limitRangerDefaults_data() {
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<QString>("resources");
    QTest::addColumn<QString>("annotation");  // "" = none
    QTest::addColumn<bool>("valid");           // passes the range's validation afterwards
    QTest::newRow("all defaults")
        << pod("limited", c("app"))
        << "app: requests=cpu=100m,memory=256Mi limits=cpu=500m,memory=256Mi"
        << "LimitRanger plugin set: cpu, memory request for container app; cpu, memory limit for "
           "container app" << true;
    QTest::newRow("request kept, rest defaulted")
        << pod("limited", c("app", "cpu: 200m"))
        << "app: requests=cpu=200m,memory=256Mi limits=cpu=500m,memory=256Mi"
        << "LimitRanger plugin set: memory request for container app; cpu, memory limit for "
           "container app" << true;
    QTest::newRow("limits kept")
        << pod("limited", c("app", "cpu: 200m, memory: 128Mi", "cpu: 300m, memory: 128Mi"))
        << "app: requests=cpu=200m,memory=128Mi limits=cpu=300m,memory=128Mi" << "" << true;
    QTest::newRow("several containers and an init container")
        << pod("limited", c("app") + ", " + c("side", "cpu: 50m, memory: 64Mi", "cpu: 50m, memory: 64Mi"),
               c("setup", nullptr, "memory: 100Mi"))
        << "init/setup: requests=cpu=100m,memory=256Mi limits=cpu=500m,memory=100Mi; "
           "app: requests=cpu=100m,memory=256Mi limits=cpu=500m,memory=256Mi; "
           "side: requests=cpu=50m,memory=64Mi limits=cpu=50m,memory=64Mi"
        << "LimitRanger plugin set: cpu, memory request for container app; cpu, memory limit for "
           "container app; cpu, memory request for init container setup; cpu limit for init "
           "container setup" << true;
    QTest::newRow("default limit and request from max")
        << pod("lr-max", c("app")) << "app: requests=cpu=1 limits=cpu=1"
        << "LimitRanger plugin set: cpu request for container app; cpu limit for container app" << true;
    QTest::newRow("default request from min")
        << pod("lr-min", c("app")) << "app: requests=memory=64Mi limits="
        << "LimitRanger plugin set: memory request for container app" << true;
    QTest::newRow("no defaults in a ratio-only range")
        << pod("lr-ratio", c("app")) << "app: requests= limits=" << "" << false;
    QTest::newRow("pod items give no defaults") << pod("lr-pod", c("app")) << "app: requests= limits=" << "" << false;
    QTest::newRow("namespace without LimitRange") << pod("default", c("app")) << "app: requests= limits=" << "" << true;
}

void AdmissionTest::limitRangerDefaults() {
    QFETCH(QString, yaml);
    QFETCH(QString, resources);
    QFETCH(QString, annotation);
    QFETCH(bool, valid);
    FakeLister lister;
    QVERIFY(lister.load(kLimitRanges).isOk());
    auto r = makeRequest(Operation::Create, yaml);
    LimitRanger plugin;
    std::vector<sim::Phrase> notes;
    const Status st = plugin.admit(r->attrs, lister, &notes);
    QVERIFY2(st.isOk(), st.message().c_str());
    QCOMPARE(describeResources(*r->object), resources);
    const auto& annotations = api::metadata(*r->object).annotations();
    const auto it = annotations.find("kubernetes.io/limit-ranger");
    QCOMPARE(it == annotations.end() ? QString() : QString::fromStdString(it->second), annotation);
    QCOMPARE(notes.empty(), annotation.isEmpty());
    // A defaulted pod passes the range's own validation.
    QCOMPARE(plugin.validate(r->attrs, lister, nullptr).isOk(), valid);
}

void AdmissionTest::limitRangerValidation_data() {
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<QString>("message");  // "" = admitted
    QTest::newRow("max: limit over")
        << pod("lr-max", c("app", "cpu: 500m", "cpu: \"2\""))
        << "pods \"web\" is forbidden: maximum cpu usage per Container is 1, but limit is 2";
    QTest::newRow("max: no limit")
        << pod("lr-max", c("app", "cpu: 500m"))
        << "pods \"web\" is forbidden: maximum cpu usage per Container is 1.  No limit is specified";
    QTest::newRow("max: request over")
        << pod("lr-max", c("app", "cpu: 1500m", "cpu: \"1\""))
        << "pods \"web\" is forbidden: maximum cpu usage per Container is 1, but request is 1500m";
    QTest::newRow("max: at the limit") << pod("lr-max", c("app", "cpu: \"1\"", "cpu: 1000m")) << "";
    QTest::newRow("max: same error of two containers reported once")
        << pod("lr-max", c("a", nullptr, "cpu: \"2\"") + ", " + c("b", nullptr, "cpu: \"2\""))
        << "pods \"web\" is forbidden: maximum cpu usage per Container is 1, but limit is 2";
    QTest::newRow("max: init containers too")
        << pod("lr-max", c("app", nullptr, "cpu: \"1\""), c("setup", nullptr, "cpu: 3"))
        << "pods \"web\" is forbidden: maximum cpu usage per Container is 1, but limit is 3";
    QTest::newRow("min: request under")
        << pod("lr-min", c("app", "memory: 32Mi"))
        << "pods \"web\" is forbidden: minimum memory usage per Container is 64Mi, but request is 32Mi";
    QTest::newRow("min: no request")
        << pod("lr-min", c("app", "cpu: 1"))
        << "pods \"web\" is forbidden: minimum memory usage per Container is 64Mi.  No request is "
           "specified";
    QTest::newRow("min: limit under")
        << pod("lr-min", c("app", "memory: 64Mi", "memory: 32Mi"))
        << "pods \"web\" is forbidden: minimum memory usage per Container is 64Mi, but limit is 32Mi";
    QTest::newRow("min: ok") << pod("lr-min", c("app", "memory: 0.0625Gi")) << "";
    QTest::newRow("ratio: over")
        << pod("lr-ratio", c("app", "cpu: 250m", "cpu: \"1\""))
        << "pods \"web\" is forbidden: cpu max limit to request ratio per Container is 2, but "
           "provided ratio is 4.000000";
    QTest::newRow("ratio: fractional")
        << pod("lr-ratio", c("app", "cpu: 300m", "cpu: \"1\""))
        << "pods \"web\" is forbidden: cpu max limit to request ratio per Container is 2, but "
           "provided ratio is 3.333333";
    QTest::newRow("ratio: exactly the maximum") << pod("lr-ratio", c("app", "cpu: 500m", "cpu: \"1\"")) << "";
    QTest::newRow("ratio: no request")
        << pod("lr-ratio", c("app", nullptr, "cpu: \"1\""))
        << "pods \"web\" is forbidden: cpu max limit to request ratio per Container is 2, but no "
           "request is specified or request is 0";
    QTest::newRow("ratio: zero request")
        << pod("lr-ratio", c("app", "cpu: \"0\"", "cpu: \"1\""))
        << "pods \"web\" is forbidden: cpu max limit to request ratio per Container is 2, but no "
           "request is specified or request is 0";
    QTest::newRow("ratio: no limit")
        << pod("lr-ratio", c("app", "cpu: 100m"))
        << "pods \"web\" is forbidden: cpu max limit to request ratio per Container is 2, but no "
           "limit is specified or limit is 0";
    QTest::newRow("pod: summed limits over")
        << pod("lr-pod", c("a", nullptr, "cpu: 600m") + ", " + c("b", nullptr, "cpu: 600m"))
        << "pods \"web\" is forbidden: maximum cpu usage per Pod is 1, but limit is 1200m";
    QTest::newRow("pod: no limits")
        << pod("lr-pod", c("a", "cpu: 100m"))
        << "pods \"web\" is forbidden: maximum cpu usage per Pod is 1.  No limit is specified";
    QTest::newRow("pod: init container is the maximum")
        << pod("lr-pod", c("a", nullptr, "cpu: 600m"), c("setup", nullptr, "cpu: \"2\""))
        << "pods \"web\" is forbidden: maximum cpu usage per Pod is 1, but limit is 2";
    QTest::newRow("pod: sidecar init container adds up")
        << pod("lr-pod", c("a", nullptr, "cpu: 600m"),
               "{name: proxy, image: envoy, restartPolicy: Always, resources: {limits: {cpu: 500m}}}")
        << "pods \"web\" is forbidden: maximum cpu usage per Pod is 1, but limit is 1100m";
    QTest::newRow("pod: within") << pod("lr-pod", c("a", nullptr, "cpu: 600m") + ", " + c("b", nullptr, "cpu: 400m")) << "";
    QTest::newRow("several errors aggregated")
        << pod("lr-both", c("app", nullptr, "cpu: \"2\""))
        << "pods \"web\" is forbidden: [minimum memory usage per Container is 64Mi.  No request is "
           "specified, maximum cpu usage per Container is 1, but limit is 2]";
    QTest::newRow("no LimitRange") << pod("default", c("app", nullptr, "cpu: \"64\"")) << "";
}

void AdmissionTest::limitRangerValidation() {
    QFETCH(QString, yaml);
    QFETCH(QString, message);
    FakeLister lister;
    QVERIFY(lister.load(kLimitRanges).isOk());
    auto r = makeRequest(Operation::Create, yaml);
    LimitRanger plugin;
    const Status st = plugin.validate(r->attrs, lister, nullptr);
    QCOMPARE(QString::fromStdString(st.message()), message);
    if (!message.isEmpty()) {
        QCOMPARE(QString::fromStdString(st.reason()), QString("Forbidden"));
        QCOMPARE(st.httpCode(), 403);
    }
}

void AdmissionTest::limitRangerIgnoresUpdatesAndSubresources() {
    FakeLister lister;
    QVERIFY(lister.load(kLimitRanges).isOk());
    LimitRanger plugin;
    QVERIFY(plugin.handles(Operation::Create));
    QVERIFY(plugin.handles(Operation::Update));
    QVERIFY(!plugin.handles(Operation::Delete));

    const QString bad = pod("lr-max", c("app", nullptr, "cpu: \"5\""));
    auto update = makeRequest(Operation::Update, bad, bad);
    QVERIFY(plugin.validate(update->attrs, lister, nullptr).isOk());
    QVERIFY(plugin.admit(update->attrs, lister, nullptr).isOk());
    QCOMPARE(describeResources(*update->object), QString("app: requests= limits=cpu=5"));

    auto sub = makeRequest(Operation::Create, bad);
    sub->attrs.request.subresource = "status";
    QVERIFY(plugin.validate(sub->attrs, lister, nullptr).isOk());

    auto create = makeRequest(Operation::Create, bad);
    QVERIFY(!plugin.validate(create->attrs, lister, nullptr).isOk());
}
