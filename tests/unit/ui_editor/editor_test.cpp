#include "editor_test.h"

#include <QComboBox>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTest>

#include "api/object.h"
#include "api/scheme.h"
#include "core_v1.pb.h"
#include "apps_v1.pb.h"
#include "editor/field_path.h"
#include "editor/field_table.h"
#include "editor/object_editor.h"
#include "editor/object_form.h"
#include "editor/yaml_view.h"
#include "models/cluster_state.h"
#include "models/selection_model.h"
#include "testing/scenario_simulation.h"

using namespace pilothouse;
using ui::editor::FieldPath;
using ui::editor::ObjectEditor;

namespace {

// A scenario run to a moment, the views' state over it and an editor.
struct Fixture {
    testing::ScenarioSimulation sim;
    std::unique_ptr<ui::ClusterState> state;
    ui::SelectionModel selection;
    std::unique_ptr<ObjectEditor> editor;

    bool start(const char* scenario, sim::Duration run) {
        if (!sim.start(scenario, run)) return false;
        state = std::make_unique<ui::ClusterState>(sim.client.get(), &sim.timeline);
        editor = std::make_unique<ObjectEditor>(sim.client.get(), state.get(), &selection, &sim.timeline);
        editor->setConfirmDeletes(false);
        editor->resize(1000, 1200);
        editor->show();
        return true;
    }
    // The object as stored now, read through the API server.
    std::unique_ptr<google::protobuf::Message> get(const char* resource, const std::string& ns, const std::string& name) {
        apiserver::Request req;
        req.verb = "get";
        req.type = api::Scheme::instance().byName(resource);
        req.namespace_ = ns;
        req.name = name;
        req.token = sim.session->controlPlane().loopbackToken();
        auto resp = sim.session->controlPlane().apiServer().handle(req);
        return resp.ok() ? std::move(resp.object) : nullptr;
    }
    const k8s::io::api::core::v1::Node* node(const std::string& name) {
        last_ = get("nodes", "", name);
        return dynamic_cast<const k8s::io::api::core::v1::Node*>(last_.get());
    }
    const k8s::io::api::core::v1::Pod* pod(const std::string& name) {
        last_ = get("pods", "default", name);
        return dynamic_cast<const k8s::io::api::core::v1::Pod*>(last_.get());
    }
    // Clicks a button of the editor and waits for it to finish; its outcome.
    bool run(const std::function<void()>& action) {
        QSignalSpy done(editor.get(), &ObjectEditor::finished);
        action();
        if (!done.wait(5000)) return false;
        return done.takeLast().at(0).toBool();
    }
    QTableWidget* table(const char* path) {
        auto* t = qobject_cast<ui::editor::FieldTable*>(editor->form()->fieldWidget(path));
        return t ? t->table() : nullptr;
    }
    std::unique_ptr<google::protobuf::Message> last_;
};

int columnNamed(QTableWidget* t, const QString& title) {
    for (int c = 0; c < t->columnCount(); ++c)
        if (t->horizontalHeaderItem(c)->text() == title) return c;
    return -1;
}

}  // namespace

void EditorTest::fieldPathsParseAndPrint_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("steps");
    QTest::addColumn<QString>("printed");
    QTest::newRow("dotted") << "spec.nodeName" << 2 << "spec.nodeName";
    QTest::newRow("index") << "spec.taints[1].effect" << 4 << "spec.taints[1].effect";
    QTest::newRow("map key") << "spec.containers[0].resources.requests[cpu]" << 6 << "spec.containers[0].resources.requests.cpu";
    QTest::newRow("label key") << "metadata.labels[kubernetes.io/hostname]" << 3 << "metadata.labels[kubernetes.io/hostname]";
}

void EditorTest::fieldPathsParseAndPrint() {
    QFETCH(QString, text);
    QFETCH(int, steps);
    QFETCH(QString, printed);
    const FieldPath p = FieldPath::parse(text.toStdString());
    QCOMPARE(int(p.size()), steps);
    QCOMPARE(QString::fromStdString(p.toString()), printed);
    QVERIFY(p.startsWith(FieldPath::parse("spec")) || p.startsWith(FieldPath::parse("metadata")));
}

void EditorTest::labelAddedInTheFormIsStored() {
    Fixture f;
    QVERIFY(f.start("taints-and-tolerations", std::chrono::seconds(20)));
    f.selection.select(ui::ObjectRef::node(QStringLiteral("cpu-node")));
    QTRY_COMPARE(f.editor->draft()->name(), QStringLiteral("cpu-node"));
    QTableWidget* labels = f.table("metadata.labels");
    QVERIFY(labels);
    const int before = labels->rowCount();
    QTest::mouseClick(labels->parentWidget()->findChildren<QPushButton*>().first(), Qt::LeftButton);  // Add
    QCOMPARE(labels->rowCount(), before + 1);
    labels->item(before, 0)->setText(QStringLiteral("disktype"));
    labels->item(before, 1)->setText(QStringLiteral("ssd"));
    QVERIFY(f.editor->draft()->isDirty());
    QVERIFY(f.run([&] { f.editor->apply(); }));
    QCOMPARE(f.editor->statusText(), QStringLiteral("node/cpu-node edited"));
    QCOMPARE(f.node("cpu-node")->metadata().labels().at("disktype"), std::string("ssd"));
    // Recorded as the action a rewind replays.
    QVERIFY(!f.sim.session->recordedActions().empty());
    QCOMPARE(QString::fromStdString(f.sim.session->recordedActions().back().action), QStringLiteral("patch"));
    // The editor follows the stored object (not dirty, the new resourceVersion).
    QTRY_VERIFY(!f.editor->draft()->isDirty());
}

void EditorTest::invalidTaintEffectIsShownAtTheCell() {
    Fixture f;
    QVERIFY(f.start("taints-and-tolerations", std::chrono::seconds(20)));
    f.selection.select(ui::ObjectRef::node(QStringLiteral("gpu-node")));
    QTRY_COMPARE(f.editor->draft()->name(), QStringLiteral("gpu-node"));
    QTableWidget* taints = f.table("spec.taints");
    QVERIFY(taints);
    QCOMPARE(taints->rowCount(), 1);
    const int effect = columnNamed(taints, QStringLiteral("Effect"));
    QVERIFY(effect >= 0);
    taints->item(0, effect)->setText(QStringLiteral("Sometimes"));
    QVERIFY(!f.run([&] { f.editor->apply(); }));
    // The API server's own message (kube-apiserver names the taints metadata.taints), at the field.
    const QString expected = QStringLiteral("metadata.taints[0].effect: Unsupported value: \"Sometimes\": supported values: "
                                            "\"NoSchedule\", \"PreferNoSchedule\", \"NoExecute\"");
    QVERIFY2(f.editor->form()->fieldError("spec.taints") == expected,
             qPrintable(f.editor->statusText() + QStringLiteral(" | ") + f.editor->form()->otherErrors()));
    QVERIFY(f.editor->statusText().startsWith(QStringLiteral("Node \"gpu-node\" is invalid: ")));
    QCOMPARE(taints->item(0, effect)->toolTip(), expected.mid(expected.indexOf(QStringLiteral("Unsupported"))));
    QVERIFY(taints->item(0, effect)->background().style() != Qt::NoBrush);
    QVERIFY(taints->item(0, 0)->toolTip().isEmpty());  // only the cell the error names
    // The YAML view marks the line of the field.
    const QStringList yaml = f.editor->yamlView()->text()->toPlainText().split(QLatin1Char('\n'));
    QCOMPARE(f.editor->yamlView()->errorLines().size(), 1);
    QVERIFY(yaml[f.editor->yamlView()->errorLines().front() - 1].contains(QStringLiteral("effect: Sometimes")));
    // Nothing was stored.
    QCOMPARE(f.node("gpu-node")->spec().taints(0).effect(), std::string("NoSchedule"));
}

void EditorTest::invalidLabelInYamlIsShownAtTheFieldAndLine() {
    Fixture f;
    QVERIFY(f.start("taints-and-tolerations", std::chrono::seconds(20)));
    f.selection.select(ui::ObjectRef::node(QStringLiteral("cpu-node")));
    QTRY_COMPARE(f.editor->draft()->name(), QStringLiteral("cpu-node"));
    f.editor->tabs()->setCurrentIndex(1);
    QPlainTextEdit* text = f.editor->yamlView()->text();
    QString yaml = text->toPlainText();
    yaml.replace(QStringLiteral("kubernetes.io/hostname: cpu-node"),
                 QStringLiteral("kubernetes.io/hostname: cpu-node\n    team: \"not a valid value!\""));
    text->setPlainText(yaml);
    QVERIFY(!f.run([&] { f.editor->apply(); }));
    const QString field = f.editor->form()->fieldError("metadata.labels");
    QVERIFY2(field.startsWith(QStringLiteral("metadata.labels: Invalid value: \"not a valid value!\": a valid label must be")), qPrintable(field));
    QVERIFY(f.editor->yamlView()->errorText().contains(QStringLiteral("metadata.labels: Invalid value")));
    // The form's labels table marks the row with the bad value.
    QTableWidget* labels = f.table("metadata.labels");
    bool marked = false;
    for (int r = 0; r < labels->rowCount(); ++r)
        if (labels->item(r, 1)->text() == QStringLiteral("not a valid value!")) marked = !labels->item(r, 1)->toolTip().isEmpty();
    QVERIFY(marked);
}

void EditorTest::formAndYamlStayInSync() {
    Fixture f;
    QVERIFY(f.start("taints-and-tolerations", std::chrono::seconds(20)));
    f.selection.select(ui::ObjectRef::pod(QStringLiteral("default/plain-2")));
    QTRY_COMPARE(f.editor->draft()->name(), QStringLiteral("plain-2"));
    auto* priority = qobject_cast<QLineEdit*>(f.editor->form()->fieldWidget("spec.priorityClassName"));
    QVERIFY(priority);
    priority->setText(QStringLiteral("high"));
    emit priority->editingFinished();
    QVERIFY(f.editor->yamlView()->text()->toPlainText().contains(QStringLiteral("priorityClassName: high")));
    // And back: YAML typed in the text shows in the form once it reads.
    f.editor->tabs()->setCurrentIndex(1);
    QString yaml = f.editor->yamlView()->text()->toPlainText();
    yaml.replace(QStringLiteral("priorityClassName: high"), QStringLiteral("priorityClassName: low"));
    f.editor->yamlView()->text()->setPlainText(yaml);
    QTRY_COMPARE(priority->text(), QStringLiteral("low"));
    // A YAML error says where, and leaves the draft as it was.
    f.editor->yamlView()->text()->setPlainText(QStringLiteral("metadata: [unclosed"));
    QVERIFY(!f.editor->yamlView()->commit().isOk());
    QVERIFY(f.editor->yamlView()->errorText().contains(QStringLiteral("line")));
    QCOMPARE(priority->text(), QStringLiteral("low"));
}

void EditorTest::conflictOffersReloadAndMerge() {
    Fixture f;
    QVERIFY(f.start("taints-and-tolerations", std::chrono::seconds(20)));
    f.selection.select(ui::ObjectRef::node(QStringLiteral("cpu-node")));
    QTRY_COMPARE(f.editor->draft()->name(), QStringLiteral("cpu-node"));
    f.editor->draft()->setField(FieldPath::parse("metadata.labels").child("mine"), codec::Value("1"));
    // Someone else writes the node meanwhile.
    apiserver::Request other;
    other.verb = "patch";
    other.type = api::Scheme::instance().byName("nodes");
    other.name = "cpu-node";
    other.patch = codec::Value::object();
    other.patch["metadata"]["labels"].set("theirs", codec::Value("2"));
    QVERIFY(f.sim.session->request(other).ok());
    QTRY_VERIFY(f.editor->draft()->isDirty());
    QVERIFY(!f.run([&] { f.editor->apply(); }));
    QVERIFY(f.editor->inConflict());
    QVERIFY(f.editor->statusText().startsWith(QStringLiteral("Operation cannot be fulfilled on nodes \"cpu-node\": the object has been modified")));
    QVERIFY(!f.node("cpu-node")->metadata().labels().contains("mine"));
    // Merge: my edit on top of theirs, then applied.
    QVERIFY(f.run([&] { f.editor->merge(); }));
    QVERIFY(!f.editor->inConflict());
    QVERIFY(f.run([&] { f.editor->apply(); }));
    QCOMPARE(f.node("cpu-node")->metadata().labels().at("mine"), std::string("1"));
    QCOMPARE(f.node("cpu-node")->metadata().labels().at("theirs"), std::string("2"));
    // Reload: my edit dropped, theirs shown.
    f.editor->draft()->setField(FieldPath::parse("metadata.labels").child("mine"), codec::Value("3"));
    other.patch["metadata"]["labels"].set("theirs", codec::Value("4"));
    QVERIFY(f.sim.session->request(other).ok());
    QVERIFY(!f.run([&] { f.editor->apply(); }));
    QVERIFY(f.editor->inConflict());
    QVERIFY(f.run([&] { f.editor->reload(); }));
    QVERIFY(!f.editor->draft()->isDirty());
    QCOMPARE(QString::fromStdString(FieldPath::parse("metadata.labels.mine").find(f.editor->draft()->value())->asString()), QStringLiteral("1"));
    QCOMPARE(QString::fromStdString(FieldPath::parse("metadata.labels.theirs").find(f.editor->draft()->value())->asString()), QStringLiteral("4"));
}

void EditorTest::podUpdateIsForbiddenThenReplaceChangesIt() {
    Fixture f;
    QVERIFY(f.start("taints-and-tolerations", std::chrono::seconds(20)));
    QVERIFY(f.pod("plain-2") && f.pod("plain-2")->spec().node_name().empty());  // pending: cpu-node is full
    f.selection.select(ui::ObjectRef::pod(QStringLiteral("default/plain-2")));
    QTRY_COMPARE(f.editor->draft()->name(), QStringLiteral("plain-2"));
    QTableWidget* containers = f.table("spec.containers");
    QVERIFY(containers);
    containers->item(0, columnNamed(containers, QStringLiteral("CPU request")))->setText(QStringLiteral("400m"));
    QVERIFY(!f.run([&] { f.editor->apply(); }));
    QVERIFY2(f.editor->form()->otherErrors().startsWith(QStringLiteral("spec: Forbidden: pod updates may not change fields other than")),
             qPrintable(f.editor->form()->otherErrors()));
    // kubectl replace --force: deleted and created as edited; now it fits on cpu-node.
    const std::string uid = f.pod("plain-2")->metadata().uid();
    QVERIFY(f.run([&] { f.editor->replace(); }));
    QVERIFY(f.pod("plain-2"));
    QVERIFY(f.pod("plain-2")->metadata().uid() != uid);
    QCOMPARE(f.pod("plain-2")->spec().containers(0).resources().requests().at("cpu"), std::string("400m"));
    QVERIFY(f.sim.runFor(std::chrono::seconds(5)));
    QCOMPARE(f.pod("plain-2")->spec().node_name(), std::string("cpu-node"));
}

void EditorTest::newPodIsCreatedAndScheduled() {
    Fixture f;
    QVERIFY(f.start("taints-and-tolerations", std::chrono::seconds(20)));
    f.editor->startNew(QStringLiteral("Pod"));
    QVERIFY(f.editor->draft()->isNew());
    const QString name = f.editor->draft()->name();
    QCOMPARE(name, QStringLiteral("new-pod-1"));
    // A toleration for the gpu node, typed in the form.
    QTableWidget* tolerations = f.table("spec.tolerations");
    QTest::mouseClick(tolerations->parentWidget()->findChildren<QPushButton*>().first(), Qt::LeftButton);
    tolerations->item(0, columnNamed(tolerations, QStringLiteral("Key")))->setText(QStringLiteral("dedicated"));
    tolerations->item(0, columnNamed(tolerations, QStringLiteral("Operator")))->setText(QStringLiteral("Exists"));
    QVERIFY(f.run([&] { f.editor->apply(); }));
    QCOMPARE(f.editor->statusText(), QStringLiteral("pod/new-pod-1 created"));
    QCOMPARE(f.selection.selected(), ui::ObjectRef::pod(QStringLiteral("default/new-pod-1")));
    QVERIFY(f.sim.runFor(std::chrono::seconds(5)));
    QCOMPARE(f.pod("new-pod-1")->spec().node_name(), std::string("gpu-node"));
    QCOMPARE(f.pod("new-pod-1")->spec().tolerations(0).key(), std::string("dedicated"));
    // A second one with a bad name is refused at the name.
    f.editor->startNew(QStringLiteral("Pod"));
    f.editor->draft()->setField(FieldPath::parse("metadata.name"), codec::Value("Bad_Name"));
    QVERIFY(!f.run([&] { f.editor->apply(); }));
    QVERIFY(f.editor->form()->otherErrors().startsWith(QStringLiteral("metadata.name: Invalid value: \"Bad_Name\"")));
}

// Each kind's form: a bad value typed into a field is refused by the API server's validation, with
// the message at that field; the good value creates the object.
void EditorTest::newObjectsOfEachKind_data() {
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("field");     // the form field
    QTest::addColumn<QString>("column");    // its table column, or "" for a single field
    QTest::addColumn<QString>("bad");
    QTest::addColumn<QString>("message");   // how the error under the field starts
    QTest::addColumn<QString>("good");
    QTest::addColumn<QString>("created");
    QTest::newRow("Deployment") << "Deployment" << "spec.replicas" << "" << "-1"
                                << "spec.replicas: Invalid value: -1: must be greater than or equal to 0" << "3"
                                << "deployment.apps/new-deployment-1 created";
    QTest::newRow("ReplicaSet") << "ReplicaSet" << "spec.replicas" << "" << "-2"
                                << "spec.replicas: Invalid value: -2: must be greater than or equal to 0" << "1"
                                << "replicaset.apps/new-replicaset-1 created";
    QTest::newRow("Service") << "Service" << "spec.ports" << "Port" << "70000" << "spec.ports[0].port: Invalid value: 70000"
                             << "8080" << "service/new-service-1 created";
    QTest::newRow("PriorityClass") << "PriorityClass" << "value" << "" << "2000000000"
                                   << "value: Forbidden: maximum allowed value of a user defined priority is 1000000000"
                                   << "5000" << "priorityclass.scheduling.k8s.io/priority-1 created";
    QTest::newRow("Pod image") << "Pod" << "spec.containers" << "Image" << ""
                               << "spec.containers[0].image: Required value" << "busybox:1.36" << "pod/new-pod-1 created";
}

void EditorTest::newObjectsOfEachKind() {
    QFETCH(QString, kind);
    QFETCH(QString, field);
    QFETCH(QString, column);
    QFETCH(QString, bad);
    QFETCH(QString, message);
    QFETCH(QString, good);
    QFETCH(QString, created);
    Fixture f;
    QVERIFY(f.start("taints-and-tolerations", std::chrono::seconds(5)));
    f.editor->startNew(kind);
    auto type = [&](const QString& text) {
        if (column.isEmpty()) {
            auto* edit = qobject_cast<QLineEdit*>(f.editor->form()->fieldWidget(field.toStdString()));
            QVERIFY(edit);
            edit->setText(text);
            emit edit->editingFinished();
        } else {
            QTableWidget* t = f.table(field.toUtf8().constData());
            QVERIFY(t);
            t->item(0, columnNamed(t, column))->setText(text);
        }
    };
    type(bad);
    QVERIFY(!f.run([&] { f.editor->apply(); }));
    QVERIFY2(f.editor->form()->fieldError(field.toStdString()).startsWith(message),
             qPrintable(f.editor->form()->fieldError(field.toStdString()) + QStringLiteral(" | ") + f.editor->statusText()));
    type(good);
    QVERIFY2(f.run([&] { f.editor->apply(); }), qPrintable(f.editor->statusText()));
    QCOMPARE(f.editor->statusText(), created);
    QVERIFY(!f.editor->draft()->isNew());
    QVERIFY(f.editor->form()->fieldError(field.toStdString()).isEmpty());
}

void EditorTest::cordonAndFailAndRecoverANode() {
    Fixture f;
    QVERIFY(f.start("taints-and-tolerations", std::chrono::seconds(20)));
    f.selection.select(ui::ObjectRef::node(QStringLiteral("cpu-node")));
    QTRY_COMPARE(f.editor->draft()->name(), QStringLiteral("cpu-node"));
    QVERIFY(f.run([&] { f.editor->cordon(true); }));
    QCOMPARE(f.editor->statusText(), QStringLiteral("node/cpu-node cordoned"));
    QVERIFY(f.node("cpu-node")->spec().unschedulable());
    QVERIFY(f.run([&] { f.editor->cordon(false); }));
    QVERIFY(!f.node("cpu-node")->spec().unschedulable());
    // Fail: the kubelet stops posting; the node lifecycle controller marks it NotReady/Unknown.
    QVERIFY(f.run([&] { f.editor->failNode(); }));
    QVERIFY(f.sim.runFor(std::chrono::seconds(60)));
    auto ready = [&] {
        for (const auto& c : f.node("cpu-node")->status().conditions())
            if (c.type() == "Ready") return c.status();
        return std::string();
    };
    QCOMPARE(ready(), std::string("Unknown"));
    QVERIFY(f.run([&] { f.editor->recoverNode(); }));
    QVERIFY(f.sim.runFor(std::chrono::seconds(20)));
    QCOMPARE(ready(), std::string("True"));
}

void EditorTest::drainEvictsThePodsOfANode() {
    Fixture f;
    QVERIFY(f.start("rolling-update", std::chrono::seconds(40)));
    QTRY_VERIFY(f.state->objects(QStringLiteral("pods")).size() >= 3);
    // The node with the most web pods.
    std::map<std::string, int> perNode;
    for (const auto& [k, o] : f.state->objects(QStringLiteral("pods")).asKeyValueRange())
        ++perNode[static_cast<const k8s::io::api::core::v1::Pod&>(*o).spec().node_name()];
    const std::string node = std::max_element(perNode.begin(), perNode.end(), [](auto& a, auto& b) { return a.second < b.second; })->first;
    QVERIFY(!node.empty());
    f.selection.select(ui::ObjectRef::node(QString::fromStdString(node)));
    QTRY_COMPARE(f.editor->draft()->name(), QString::fromStdString(node));
    QVERIFY2(f.run([&] { f.editor->drain(); }), qPrintable(f.editor->statusText()));
    const QStringList lines = f.editor->statusText().split(QLatin1Char('\n'));
    QCOMPARE(lines.front(), QStringLiteral("node/%1 cordoned").arg(QString::fromStdString(node)));
    QCOMPARE(lines.back(), QStringLiteral("node/%1 drained").arg(QString::fromStdString(node)));
    QVERIFY2(lines.filter(QStringLiteral("evicted")).size() == perNode[node], qPrintable(f.editor->statusText()));
    QVERIFY(f.node(node)->spec().unschedulable());
    // The Deployment's replacements land on the other node.
    QVERIFY(f.sim.runFor(std::chrono::seconds(40)));
    apiserver::Request list;
    list.verb = "list";
    list.type = api::Scheme::instance().byName("pods");
    list.token = f.sim.session->controlPlane().loopbackToken();
    auto pods = f.sim.session->controlPlane().apiServer().handle(list);
    QVERIFY(pods.ok());
    for (const auto& p : pods.items)
        QVERIFY(static_cast<const k8s::io::api::core::v1::Pod&>(*p).spec().node_name() != node);
}

void EditorTest::editOwnerScalesTheDeployment() {
    Fixture f;
    QVERIFY(f.start("rolling-update", std::chrono::seconds(40)));
    QTRY_VERIFY(!f.state->objects(QStringLiteral("pods")).isEmpty());
    f.selection.select(ui::ObjectRef::pod(f.state->objects(QStringLiteral("pods")).keys().front()));
    QTRY_VERIFY(f.editor->draft()->isLoaded());
    QVERIFY(f.run([&] { f.editor->editOwner(); }));
    QCOMPARE(f.editor->draft()->type()->kind, std::string("Deployment"));
    QCOMPARE(f.editor->draft()->name(), QStringLiteral("web"));
    auto* replicas = qobject_cast<QLineEdit*>(f.editor->form()->fieldWidget("spec.replicas"));
    QVERIFY(replicas);
    replicas->setText(QStringLiteral("5"));
    emit replicas->editingFinished();
    QVERIFY(f.run([&] { f.editor->apply(); }));
    QCOMPARE(f.editor->statusText(), QStringLiteral("deployment.apps/web edited"));
    QVERIFY(f.sim.runFor(std::chrono::seconds(10)));
    QTRY_COMPARE(f.state->objects(QStringLiteral("pods")).size(), 5);
}

void EditorTest::readOnlyWhileShowingThePast() {
    Fixture f;
    QVERIFY(f.start("taints-and-tolerations", std::chrono::seconds(20)));
    f.selection.select(ui::ObjectRef::node(QStringLiteral("cpu-node")));
    QTRY_COMPARE(f.editor->draft()->name(), QStringLiteral("cpu-node"));
    QVERIFY(f.editor->writable());
    f.sim.timeline.setView(f.sim.client->epochNanos() + 8'000'000'000);
    QVERIFY(!f.editor->writable());
    QVERIFY(!f.editor->findChild<QPushButton*>(QStringLiteral("cordon"))->isEnabled());
    f.sim.timeline.goLive();
    QVERIFY(f.editor->writable());
}

void EditorTest::editsAreReplayedAfterARewind() {
    Fixture f;
    QVERIFY(f.start("taints-and-tolerations", std::chrono::seconds(20)));
    f.selection.select(ui::ObjectRef::node(QStringLiteral("gpu-node")));
    QTRY_COMPARE(f.editor->draft()->name(), QStringLiteral("gpu-node"));
    // Removing the taint at 20 s lets plain-2 onto the gpu node.
    f.editor->draft()->setField(FieldPath::parse("spec.taints"), codec::Value());
    QVERIFY(f.run([&] { f.editor->apply(); }));
    QVERIFY(f.sim.runFor(std::chrono::seconds(10)));
    QCOMPARE(f.pod("plain-2")->spec().node_name(), std::string("gpu-node"));
    const std::string uid = f.pod("plain-2")->metadata().uid();
    // Back to 25 s: the scenario is replayed with the edit, and the same run follows.
    QVERIFY(f.sim.session->rewindTo(std::chrono::seconds(25)).isOk());
    QCOMPARE(f.node("gpu-node")->spec().taints_size(), 0);
    QCOMPARE(f.pod("plain-2")->spec().node_name(), std::string("gpu-node"));
    QCOMPARE(f.pod("plain-2")->metadata().uid(), uid);
    // Back to 15 s: before the edit, which is forgotten.
    QVERIFY(f.sim.session->rewindTo(std::chrono::seconds(15)).isOk());
    QCOMPARE(f.node("gpu-node")->spec().taints_size(), 1);
    QVERIFY(f.sim.session->recordedActions().empty());
}

QTEST_MAIN(EditorTest)
