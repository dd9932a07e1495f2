// The field manager's fast walk for creates (compareWithEmpty: over the message, encoding only
// what the empty object also has and list keys) must find exactly what the general comparison of
// the two JSON values finds. Checked on every object every built-in scenario stores in its first
// 45 virtual seconds, and on crafted objects with the cases the scenarios lack: duplicate and
// keyless elements of keyed lists, sets, maps of structs, untyped and int-or-string fields.
#include <QDir>
#include <QtTest>

#include <chrono>

#include "api/codec/json.h"
#include "api/codec/manifest.h"
#include "api/codec/proto_json.h"
#include "api/object.h"
#include "apiserver/fieldmanager/field_manager.h"
#include "apiserver/fieldmanager/typed.h"
#include "testing/scenario_run.h"

using namespace pilothouse;
using namespace std::chrono_literals;
namespace fm = pilothouse::apiserver::fieldmanager;

namespace {

std::string text(const fm::Set& s) {
    std::string out;
    s.appendFieldsV1(out);
    return out;
}

// Empty when both ways agree, else what differs.
std::string disagreement(const google::protobuf::Message& stored, const api::ResourceType& type) {
    std::unique_ptr<google::protobuf::Message> object(stored.New());
    object->CopyFrom(stored);
    api::mutableMetadata(object.get())->clear_managed_fields();
    const fm::Comparison fast = fm::compareWithEmpty(fm::emptyObjectValue(type), *object);
    const fm::Comparison slow =
        fm::compare(fm::emptyObjectValue(type), fm::objectValue(*object), *type.descriptor);
    std::string out;
    // The JSON compared is the object's, less apiVersion, kind and managedFields, in two parts.
    codec::Value whole = codec::encodeMessage(stored);
    whole.erase("apiVersion");
    whole.erase("kind");
    codec::eraseManagedFields(whole);
    if (!(fm::objectValue(stored) == whole)) out += "objectValue differs from encodeMessage\n";
    codec::Value parts = fm::objectPart(stored, fm::ObjectPart::NoStatus);
    codec::Value status = fm::objectPart(stored, fm::ObjectPart::Status);
    if (const codec::Value* st = status.find("status")) parts.set("status", *st);
    parts.sortKeys();
    if (!(parts == whole)) out += "objectPart(NoStatus) and objectPart(Status) are not the whole\n";
    if (!(fast.added == slow.added)) out += "added: " + text(fast.added) + " vs " + text(slow.added) + "\n";
    if (!(fast.modified == slow.modified))
        out += "modified: " + text(fast.modified) + " vs " + text(slow.modified) + "\n";
    if (!(fast.removed == slow.removed))
        out += "removed: " + text(fast.removed) + " vs " + text(slow.removed) + "\n";
    return out;
}

}  // namespace

class FieldManagerWalkTest : public QObject {
    Q_OBJECT
private slots:
    void everyStoredObjectOfEveryScenario() {
        const QDir dir(QStringLiteral(PH_SOURCE_DIR "/resources/scenarios"));
        const QStringList files = dir.entryList({QStringLiteral("*.yaml")});
        QVERIFY(files.size() >= 10);
        int checked = 0;
        std::set<std::string> kinds;
        for (const QString& file : files) {
            if (file == QLatin1String("large-cluster.yaml")) continue;  // as the others, 500 nodes over
            auto scenario = cluster::loadScenarioFile(dir.filePath(file).toStdString(), nullptr);
            QVERIFY2(scenario, scenario.status().message().c_str());
            testing::ScenarioRun run(std::move(*scenario));
            run.runUntil(45s);
            for (const auto& type : api::Scheme::instance().types()) {
                apiserver::Request list;
                list.verb = "list";
                list.type = &type;
                auto resp = run.cluster->controlPlane().apiServer().handle(list);
                if (!resp.ok()) continue;
                for (const auto& item : resp.items) {
                    const std::string why = disagreement(*item, type);
                    QVERIFY2(why.empty(), qPrintable(file + QStringLiteral(" ") + QString::fromStdString(
                                                                type.kind + " " + api::metadata(*item).name() + ":\n" + why)));
                    ++checked;
                    kinds.insert(type.kind);
                }
            }
        }
        // Pods, nodes, events, the workloads and their status: every scenario together stores
        // about a thousand objects of a dozen kinds.
        qInfo("%d objects of %zu kinds", checked, kinds.size());
        QVERIFY2(checked > 900, qPrintable(QString::number(checked)));
        for (const char* kind : {"Pod", "Node", "Event", "Deployment", "ReplicaSet", "DaemonSet", "Job", "Service",
                                 "EndpointSlice", "Lease", "Namespace", "PriorityClass"})
            QVERIFY2(kinds.count(kind), kind);
    }

    void craftedObjects_data() {
        QTest::addColumn<QString>("manifest");
        QTest::newRow("duplicate and keyless elements of keyed lists") << QStringLiteral(R"({
            "apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p", "labels": {"a": "1", "b": ""}},
            "spec": {"containers": [
                {"name": "c", "image": "x", "ports": [{"containerPort": 80}, {"containerPort": 80, "protocol": "TCP"},
                                                     {"containerPort": 53, "protocol": "UDP", "name": "dns"}]},
                {"name": "c", "image": "duplicate"},
                {"image": "no name"}],
              "tolerations": [{"key": "k", "operator": "Exists"}, {"key": "k", "operator": "Exists"}]}})");
        QTest::newRow("sets, maps of structs, untyped, int-or-string") << QStringLiteral(R"({
            "apiVersion": "v1", "kind": "Pod",
            "metadata": {"name": "p", "finalizers": ["b", "a", "b"], "annotations": {"x": "{}"}},
            "spec": {"containers": [{"name": "c", "image": "x",
                                     "resources": {"limits": {"cpu": "1"}, "requests": {}},
                                     "readinessProbe": {"httpGet": {"port": "http", "path": "/"}},
                                     "livenessProbe": {"tcpSocket": {"port": 8080}}}],
                     "affinity": {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution":
                         {"nodeSelectorTerms": [{"matchExpressions": [{"key": "k", "operator": "In", "values": ["v"]}]}]}}},
                     "securityContext": {}},
            "status": {"phase": "Pending", "conditions": [{"type": "PodScheduled", "status": "False"}]}})");
        QTest::newRow("a config map: data and binaryData") << QStringLiteral(R"({
            "apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "c"}, "data": {"k": "v", "": "empty key"},
            "binaryData": {"b": "AAE="}})");
        QTest::newRow("a service with ports keyed by port and protocol") << QStringLiteral(R"({
            "apiVersion": "v1", "kind": "Service", "metadata": {"name": "s"},
            "spec": {"selector": {"app": "a"}, "ports": [{"port": 80, "targetPort": "http"}, {"port": 80, "protocol": "UDP", "targetPort": 53}]}})");
    }

    void craftedObjects() {
        QFETCH(QString, manifest);
        std::vector<std::string> warnings;
        auto ms = codec::loadManifests(manifest.toStdString(), "crafted.json", &warnings);
        QVERIFY2(ms, ms.status().message().c_str());
        QCOMPARE(ms->size(), size_t(1));
        const auto& m = (*ms)[0];
        const std::string why = disagreement(*m.object, *m.type);
        QVERIFY2(why.empty(), why.c_str());
        // And the walk found something: the object's own fields.
        std::unique_ptr<google::protobuf::Message> object(m.object->New());
        object->CopyFrom(*m.object);
        QVERIFY(!fm::compareWithEmpty(fm::emptyObjectValue(*m.type), *object).added.empty());
    }
};

QTEST_GUILESS_MAIN(FieldManagerWalkTest)
#include "field_manager_walk_test.moc"
