#include "admission_test.h"

#include "apiserver/admission/default_toleration_seconds.h"

using namespace pilothouse;
using namespace pilothouse::testing;
using apiserver::admission::DefaultTolerationSeconds;
using apiserver::admission::Operation;

namespace {

QString pod(const QString& tolerations) {
    QString y = "apiVersion: v1\nkind: Pod\nmetadata: {name: web}\nspec:\n";
    if (!tolerations.isEmpty()) y += "  tolerations: [" + tolerations + "]\n";
    return y + "  containers: [{name: app, image: nginx}]\n";
}

const QString kNotReady = "node.kubernetes.io/not-ready|Exists|NoExecute|300";
const QString kUnreachable = "node.kubernetes.io/unreachable|Exists|NoExecute|300";
const QString kNoteNotReady = "set tolerationSeconds=300 for node.kubernetes.io/not-ready:NoExecute";
const QString kNoteUnreachable =
    "set tolerationSeconds=300 for node.kubernetes.io/unreachable:NoExecute";

}  // namespace

void AdmissionTest::defaultTolerationSeconds_data() {
    QTest::addColumn<int>("op");
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<QString>("subresource");
    QTest::addColumn<QString>("tolerations");
    QTest::addColumn<QString>("notes");
    const int create = int(Operation::Create), update = int(Operation::Update);
    QTest::newRow("none: both added") << create << pod("") << "" << kNotReady + ";" + kUnreachable
                                      << kNoteNotReady + "\n" + kNoteUnreachable;
    QTest::newRow("on update too") << update << pod("") << "" << kNotReady + ";" + kUnreachable
                                   << kNoteNotReady + "\n" + kNoteUnreachable;
    QTest::newRow("not-ready present keeps its seconds")
        << create
        << pod("{key: node.kubernetes.io/not-ready, operator: Exists, effect: NoExecute, "
               "tolerationSeconds: 60}")
        << "" << "node.kubernetes.io/not-ready|Exists|NoExecute|60;" + kUnreachable
        << kNoteUnreachable;
    QTest::newRow("unreachable present without seconds")
        << create << pod("{key: node.kubernetes.io/unreachable, operator: Exists, effect: NoExecute}")
        << "" << "node.kubernetes.io/unreachable|Exists|NoExecute|-;" + kNotReady << kNoteNotReady;
    QTest::newRow("empty effect counts")
        << create << pod("{key: node.kubernetes.io/not-ready, operator: Exists}") << ""
        << "node.kubernetes.io/not-ready|Exists||-;" + kUnreachable << kNoteUnreachable;
    QTest::newRow("other effect does not count")
        << create << pod("{key: node.kubernetes.io/not-ready, operator: Exists, effect: NoSchedule}")
        << "" << "node.kubernetes.io/not-ready|Exists|NoSchedule|-;" + kNotReady + ";" + kUnreachable
        << kNoteNotReady + "\n" + kNoteUnreachable;
    QTest::newRow("tolerate everything") << create << pod("{operator: Exists}") << "" << "|Exists||-" << "";
    QTest::newRow("empty key with NoExecute")
        << create << pod("{operator: Exists, effect: NoExecute}") << "" << "|Exists|NoExecute|-" << "";
    QTest::newRow("unrelated toleration")
        << create << pod("{key: dedicated, operator: Equal, value: gpu, effect: NoSchedule}") << ""
        << "dedicated|Equal|NoSchedule|-;" + kNotReady + ";" + kUnreachable
        << kNoteNotReady + "\n" + kNoteUnreachable;
    QTest::newRow("subresource untouched") << create << pod("") << "binding" << "" << "";
}

void AdmissionTest::defaultTolerationSeconds() {
    QFETCH(int, op);
    QFETCH(QString, yaml);
    QFETCH(QString, subresource);
    QFETCH(QString, tolerations);
    QFETCH(QString, notes);
    FakeLister lister;
    auto r = makeRequest(Operation(op), yaml, Operation(op) == Operation::Update ? yaml : QString());
    r->attrs.request.subresource = subresource.toStdString();
    DefaultTolerationSeconds plugin;
    QVERIFY(plugin.handles(Operation(op)));
    QVERIFY(!plugin.handles(Operation::Delete));
    std::vector<sim::Phrase> got;
    const Status st = plugin.admit(r->attrs, lister, &got);
    QVERIFY2(st.isOk(), st.message().c_str());
    QCOMPARE(describeTolerations(*r->object), tolerations);
    QCOMPARE(joinNotes(got), notes);
}

void AdmissionTest::defaultTolerationSecondsConfigured() {
    FakeLister lister;
    DefaultTolerationSeconds plugin(60, 120);
    auto r = makeRequest(Operation::Create, pod(""));
    QVERIFY(plugin.admit(r->attrs, lister, nullptr).isOk());
    QCOMPARE(describeTolerations(*r->object),
             QString("node.kubernetes.io/not-ready|Exists|NoExecute|60;"
                     "node.kubernetes.io/unreachable|Exists|NoExecute|120"));
    // Other kinds are left alone.
    auto svc = makeRequest(Operation::Create,
                           "apiVersion: v1\nkind: Service\nmetadata: {name: s}\nspec:\n  ports: [{port: 80}]\n");
    const std::string before = svc->object->SerializeAsString();
    QVERIFY(plugin.admit(svc->attrs, lister, nullptr).isOk());
    QCOMPARE(svc->object->SerializeAsString(), before);
}
