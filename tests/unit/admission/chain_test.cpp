#include "admission_test.h"

#include <algorithm>

#include "apiserver/admission/chain.h"

using namespace pilothouse;
using namespace pilothouse::testing;
using namespace pilothouse::apiserver::admission;

namespace {

constexpr const char* kState = R"(
apiVersion: v1
kind: Namespace
metadata: {name: limited}
status: {phase: Active}
---
apiVersion: v1
kind: LimitRange
metadata: {name: defaults, namespace: limited}
spec:
  limits:
  - type: Container
    default: {cpu: 200m, memory: 128Mi}
---
apiVersion: v1
kind: ResourceQuota
metadata: {name: compute, namespace: limited}
spec:
  hard: {pods: "10", requests.cpu: 300m}
)";

QString pod(const char* ns, const char* name = "web") {
    return QString("apiVersion: v1\nkind: Pod\nmetadata: {name: %1, namespace: %2}\n"
                   "spec:\n  containers: [{name: app, image: nginx}]\n")
        .arg(name, ns);
}

QStringList names(const std::vector<std::string>& v) {
    QStringList l;
    for (const auto& s : v) l << QString::fromStdString(s);
    return l;
}

template <typename P>
QStringList pluginNames(const std::vector<std::shared_ptr<P>>& v) {
    QStringList l;
    for (const auto& p : v) l << QString::fromStdString(p->name());
    return l;
}

QString describeRuns(const std::vector<PluginRun>& runs) {
    QStringList out;
    for (const auto& r : runs) {
        QString line = QString("%1 %2 %3").arg(phaseName(r.phase), QString::fromStdString(r.plugin),
                                                r.status.isOk() ? "ok" : "failed");
        for (const auto& n : r.notes) line += " | " + QString::fromStdString(sim::english(n));
        out << line;
    }
    return out.join("\n");
}

}  // namespace

void AdmissionTest::chainOrder() {
    const QStringList expected = {"NamespaceLifecycle", "LimitRanger", "Priority",
                                  "DefaultTolerationSeconds", "ResourceQuota"};
    QCOMPARE(names(supportedPlugins()), expected);
    QCOMPARE(names(Chain::defaultChain().pluginNames()), expected);

    std::vector<std::shared_ptr<Plugin>> reversed;
    for (auto it = expected.rbegin(); it != expected.rend(); ++it)
        reversed.push_back(newPlugin(it->toStdString()));
    Chain chain(reversed);
    QCOMPARE(names(chain.pluginNames()), expected);
    QCOMPARE(pluginNames(chain.mutatingPlugins()),
             QStringList({"NamespaceLifecycle", "LimitRanger", "Priority", "DefaultTolerationSeconds"}));
    QCOMPARE(pluginNames(chain.validatingPlugins()),
             QStringList({"LimitRanger", "Priority", "ResourceQuota"}));

    // The supported plugins sit in upstream's full order.
    const auto& order = upstreamPluginOrder();
    QCOMPARE(int(order.size()), 35);
    QCOMPARE(QString::fromStdString(order.front()), QString("AlwaysAdmit"));
    QCOMPARE(QString::fromStdString(order.back()), QString("AlwaysDeny"));
    long last = -1;
    for (const auto& n : expected) {
        const long at = std::find(order.begin(), order.end(), n.toStdString()) - order.begin();
        QVERIFY2(at < long(order.size()), qPrintable(n));
        QVERIFY(at > last);
        last = at;
    }
    QVERIFY(newPlugin("AlwaysPullImages") == nullptr);
}

void AdmissionTest::chainRunsAndNotes() {
    FakeLister lister;
    QVERIFY(lister.load(kState).isOk());
    const Chain chain = Chain::defaultChain();
    auto r = makeRequest(Operation::Create, pod("limited"));
    std::vector<PluginRun> runs;
    Status st = chain.admit(r->attrs, lister, &runs);
    QVERIFY2(st.isOk(), st.message().c_str());
    st = chain.validate(r->attrs, lister, &runs);
    QVERIFY2(st.isOk(), st.message().c_str());
    QCOMPARE(describeRuns(runs),
             QString("mutating NamespaceLifecycle ok\n"
                     "mutating LimitRanger ok | set cpu, memory request for container app "
                     "(LimitRange defaults) | set cpu, memory limit for container app (LimitRange "
                     "defaults)\n"
                     "mutating Priority ok | set priority=0 | set preemptionPolicy=PreemptLowerPriority\n"
                     "mutating DefaultTolerationSeconds ok | set tolerationSeconds=300 for "
                     "node.kubernetes.io/not-ready:NoExecute | set tolerationSeconds=300 for "
                     "node.kubernetes.io/unreachable:NoExecute\n"
                     "validating LimitRanger ok\n"
                     "validating Priority ok\n"
                     "validating ResourceQuota ok | quota compute: pods 1/10, requests.cpu 200m/300m"));
    QCOMPARE(describeResources(*r->object),
             QString("app: requests=cpu=200m,memory=128Mi limits=cpu=200m,memory=128Mi"));
}

void AdmissionTest::chainStopsAtFirstError() {
    FakeLister lister;
    QVERIFY(lister.load(kState).isOk());
    const Chain chain = Chain::defaultChain();

    auto missing = makeRequest(Operation::Create, pod("nowhere"));
    std::vector<PluginRun> runs;
    const Status st = chain.admit(missing->attrs, lister, &runs);
    QCOMPARE(QString::fromStdString(st.message()), QString("namespaces \"nowhere\" not found"));
    QCOMPARE(describeRuns(runs), QString("mutating NamespaceLifecycle failed"));
    QCOMPARE(QString::fromStdString(runs[0].status.reason()), QString("NotFound"));

    // Two pods of 200m do not fit a 300m quota: the second one stops in ResourceQuota.
    QVERIFY(lister.load(R"(
apiVersion: v1
kind: Pod
metadata: {name: first, namespace: limited}
spec:
  containers: [{name: app, image: nginx, resources: {requests: {cpu: 200m}}}]
)").isOk());
    auto second = makeRequest(Operation::Create, pod("limited", "second"));
    runs.clear();
    QVERIFY(chain.admit(second->attrs, lister, &runs).isOk());
    runs.clear();
    const Status quota = chain.validate(second->attrs, lister, &runs);
    QCOMPARE(QString::fromStdString(quota.message()),
             QString("pods \"second\" is forbidden: exceeded quota: compute, requested: "
                     "requests.cpu=200m, used: requests.cpu=200m, limited: requests.cpu=300m"));
    QCOMPARE(describeRuns(runs), QString("validating LimitRanger ok\nvalidating Priority ok\n"
                                         "validating ResourceQuota failed"));
}

void AdmissionTest::chainFromNames() {
    auto bad = Chain::fromNames({"NamespaceLifecycle", "AlwaysPullImages"});
    QVERIFY(!bad.isOk());
    QCOMPARE(bad.status().code(), StatusCode::InvalidArgument);
    QCOMPARE(QString::fromStdString(bad.status().message()),
             QString("unknown admission plugin: AlwaysPullImages"));

    auto two = Chain::fromNames({"ResourceQuota", "DefaultTolerationSeconds"});
    QVERIFY(two.isOk());
    QCOMPARE(names(two->pluginNames()), QStringList({"DefaultTolerationSeconds", "ResourceQuota"}));

    // Deletes reach only the plugins that handle them.
    FakeLister lister;
    QVERIFY(lister.load(kState).isOk());
    auto del = makeDelete("v1", "Pod", "limited", "web");
    std::vector<PluginRun> runs;
    const Chain chain = Chain::defaultChain();
    QVERIFY(chain.admit(del->attrs, lister, &runs).isOk());
    QVERIFY(chain.validate(del->attrs, lister, &runs).isOk());
    QCOMPARE(describeRuns(runs), QString("mutating NamespaceLifecycle ok\nmutating Priority ok\n"
                                         "validating Priority ok"));
}
