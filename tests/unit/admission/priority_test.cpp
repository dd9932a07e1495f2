#include "admission_test.h"

#include "apiserver/admission/priority.h"
#include "core_v1.pb.h"

using namespace pilothouse;
using namespace pilothouse::testing;
using apiserver::admission::Operation;
using apiserver::admission::Priority;
namespace core = k8s::io::api::core::v1;

namespace {

constexpr const char* kClasses = R"(
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: high}
value: 1000
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: polite}
value: 500
preemptionPolicy: Never
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: default-a}
value: 100
globalDefault: true
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: default-b}
value: 50
globalDefault: true
preemptionPolicy: Never
)";

constexpr const char* kNoDefault = R"(
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: high}
value: 1000
)";

QString pod(const QString& specExtra) {
    return "apiVersion: v1\nkind: Pod\nmetadata: {name: web, namespace: default}\nspec:\n" +
           specExtra + "  containers: [{name: app, image: nginx}]\n";
}

}  // namespace

void AdmissionTest::priorityAdmit_data() {
    QTest::addColumn<QString>("classes");
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<QString>("message");  // "" = admitted
    QTest::addColumn<QString>("className");
    QTest::addColumn<int>("priority");
    QTest::addColumn<QString>("preemption");
    QTest::addColumn<QString>("notes");
    const QString forbidden = "pods \"web\" is forbidden: ";
    QTest::newRow("named class") << kClasses << pod("  priorityClassName: high\n") << "" << "high"
                                 << 1000 << "PreemptLowerPriority"
                                 << "set priority=1000\nset preemptionPolicy=PreemptLowerPriority";
    QTest::newRow("class with preemptionPolicy Never")
        << kClasses << pod("  priorityClassName: polite\n") << "" << "polite" << 500 << "Never"
        << "set priority=500\nset preemptionPolicy=Never";
    QTest::newRow("no class: lowest globalDefault")
        << kClasses << pod("") << "" << "default-b" << 50 << "Never"
        << "set priorityClassName=default-b (globalDefault)\nset priority=50\nset "
           "preemptionPolicy=Never";
    QTest::newRow("no class, no default") << kNoDefault << pod("") << "" << "" << 0
                                          << "PreemptLowerPriority"
                                          << "set priority=0\nset preemptionPolicy=PreemptLowerPriority";
    QTest::newRow("system-node-critical built in")
        << kNoDefault << pod("  priorityClassName: system-node-critical\n") << ""
        << "system-node-critical" << 2000001000 << "PreemptLowerPriority"
        << "set priority=2000001000\nset preemptionPolicy=PreemptLowerPriority";
    QTest::newRow("system-cluster-critical built in")
        << kNoDefault << pod("  priorityClassName: system-cluster-critical\n") << ""
        << "system-cluster-critical" << 2000000000 << "PreemptLowerPriority"
        << "set priority=2000000000\nset preemptionPolicy=PreemptLowerPriority";
    QTest::newRow("unknown class") << kClasses << pod("  priorityClassName: nope\n")
                                   << forbidden + "no PriorityClass with name nope was found"
                                   << "nope" << -1 << "" << "";
    QTest::newRow("matching priority given") << kClasses
                                             << pod("  priorityClassName: high\n  priority: 1000\n")
                                             << "" << "high" << 1000 << "PreemptLowerPriority"
                                             << "set priority=1000\nset preemptionPolicy=PreemptLowerPriority";
    QTest::newRow("different priority given")
        << kClasses << pod("  priorityClassName: high\n  priority: 5\n")
        << forbidden +
               "the integer value of priority (5) must not be provided in pod spec; priority "
               "admission controller computed 1000 from the given PriorityClass name"
        << "high" << 5 << "" << "";
    QTest::newRow("priority given without class, no default")
        << kNoDefault << pod("  priority: 7\n")
        << forbidden +
               "the integer value of priority (7) must not be provided in pod spec; priority "
               "admission controller computed 0 from the given PriorityClass name"
        << "" << 7 << "" << "";
    QTest::newRow("different preemptionPolicy given")
        << kClasses << pod("  priorityClassName: high\n  preemptionPolicy: Never\n")
        << forbidden +
               "the string value of PreemptionPolicy (Never) must not be provided in pod spec; "
               "priority admission controller computed PreemptLowerPriority from the given "
               "PriorityClass name"
        << "high" << 1000 << "Never" << "set priority=1000";
    QTest::newRow("preemptionPolicy against a Never class")
        << kClasses << pod("  priorityClassName: polite\n  preemptionPolicy: PreemptLowerPriority\n")
        << forbidden +
               "the string value of PreemptionPolicy (PreemptLowerPriority) must not be provided "
               "in pod spec; priority admission controller computed Never from the given "
               "PriorityClass name"
        << "polite" << 500 << "PreemptLowerPriority" << "set priority=500";
}

void AdmissionTest::priorityAdmit() {
    QFETCH(QString, classes);
    QFETCH(QString, yaml);
    QFETCH(QString, message);
    QFETCH(QString, className);
    QFETCH(int, priority);
    QFETCH(QString, preemption);
    QFETCH(QString, notes);
    FakeLister lister;
    QVERIFY(lister.load(classes.toStdString()).isOk());
    auto r = makeRequest(Operation::Create, yaml);
    Priority plugin;
    std::vector<sim::Phrase> got;
    const Status st = plugin.admit(r->attrs, lister, &got);
    QCOMPARE(QString::fromStdString(st.message()), message);
    if (!message.isEmpty()) QCOMPARE(st.httpCode(), 403);
    const auto& spec = dynamic_cast<const core::Pod&>(*r->object).spec();
    QCOMPARE(QString::fromStdString(spec.priority_class_name()), className);
    QCOMPARE(spec.has_priority() ? spec.priority() : -1, priority);
    QCOMPARE(spec.has_preemption_policy() ? QString::fromStdString(spec.preemption_policy()) : QString(),
             preemption);
    QCOMPARE(joinNotes(got), notes);
}

void AdmissionTest::priorityUpdateKeepsValues() {
    FakeLister lister;
    QVERIFY(lister.load(kClasses).isOk());
    Priority plugin;
    auto r = makeRequest(Operation::Update, pod("  priorityClassName: high\n"),
                         pod("  priorityClassName: high\n  priority: 1000\n  preemptionPolicy: Never\n"));
    QVERIFY(plugin.admit(r->attrs, lister, nullptr).isOk());
    const auto& spec = dynamic_cast<const core::Pod&>(*r->object).spec();
    QCOMPARE(spec.priority(), 1000);
    QCOMPARE(QString::fromStdString(spec.preemption_policy()), QString("Never"));

    // An update never re-resolves: a pod that sets its own value keeps it (validation decides).
    auto r2 = makeRequest(Operation::Update, pod("  priorityClassName: nope\n  priority: 3\n"),
                          pod("  priorityClassName: nope\n  priority: 1\n"));
    QVERIFY(plugin.admit(r2->attrs, lister, nullptr).isOk());
    QCOMPARE(dynamic_cast<const core::Pod&>(*r2->object).spec().priority(), 3);

    // Subresources are not looked at.
    auto r3 = makeRequest(Operation::Create, pod("  priorityClassName: nope\n"));
    r3->attrs.request.subresource = "status";
    QVERIFY(plugin.admit(r3->attrs, lister, nullptr).isOk());
    QVERIFY(!dynamic_cast<const core::Pod&>(*r3->object).spec().has_priority());
}

void AdmissionTest::priorityClassValidation_data() {
    QTest::addColumn<QString>("classes");
    QTest::addColumn<int>("op");
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<QString>("message");
    const int create = int(Operation::Create), update = int(Operation::Update);
    auto pc = [](const char* name, const char* extra) {
        return QString("apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata: {name: %1}\n"
                       "value: 10\n%2")
            .arg(name, extra);
    };
    QTest::newRow("second default on create")
        << kClasses << create << pc("another", "globalDefault: true\n")
        << "priorityclasses.scheduling.k8s.io \"another\" is forbidden: PriorityClass default-b is "
           "already marked as default. Only one default can exist";
    QTest::newRow("making another class the default")
        << kClasses << update << pc("default-a", "globalDefault: true\n")
        << "priorityclasses.scheduling.k8s.io \"default-a\" is forbidden: PriorityClass default-b is "
           "already marked as default. Only one default can exist";
    QTest::newRow("updating the default itself") << kClasses << update << pc("default-b", "globalDefault: true\n") << "";
    QTest::newRow("non-default class") << kClasses << create << pc("plain", "") << "";
    QTest::newRow("first default") << kNoDefault << create << pc("first", "globalDefault: true\n") << "";
}

void AdmissionTest::priorityClassValidation() {
    QFETCH(QString, classes);
    QFETCH(int, op);
    QFETCH(QString, yaml);
    QFETCH(QString, message);
    FakeLister lister;
    QVERIFY(lister.load(classes.toStdString()).isOk());
    auto r = makeRequest(Operation(op), yaml, Operation(op) == Operation::Update ? yaml : QString());
    Priority plugin;
    QVERIFY(plugin.handles(Operation(op)));
    const Status st = plugin.validate(r->attrs, lister, nullptr);
    QCOMPARE(QString::fromStdString(st.message()), message);
    // Pods are not validated by this plugin, and admit leaves PriorityClasses alone.
    QVERIFY(plugin.admit(r->attrs, lister, nullptr).isOk());
}
