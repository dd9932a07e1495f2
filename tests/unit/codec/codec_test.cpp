// The codec: Kubernetes YAML/JSON in and out, round trips of real manifests, and the places named
// in errors and warnings.
#include <QRegularExpression>
#include <QtTest>

#include <fstream>

#include "api/codec/json.h"
#include "api/codec/manifest.h"
#include "api/codec/proto_json.h"
#include "api/codec/yaml.h"
#include "api/object.h"
#include "core_v1.pb.h"
#include "util/rfc3339.h"

using namespace pilothouse;
using codec::Value;

namespace {
std::string dataPath(const char* name) { return std::string(PH_TEST_DATA_DIR) + "/" + name; }

// Encodes every manifest of a file as one Value list (for comparisons).
Value encodeAll(const std::vector<codec::Manifest>& ms) {
    Value list = Value::array();
    for (const auto& m : ms) list.push(codec::encodeMessage(*m.object));
    return list;
}
}  // namespace

class CodecTest : public QObject {
    Q_OBJECT
private slots:
    void roundTripFiles_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("objects");
        QTest::newRow("real kubectl get -o yaml (List)") << "real-cluster-get-o-yaml.yaml" << 9;
        QTest::newRow("hand-written multi-document") << "schedule-explain-cluster.yaml" << 7;
        QTest::newRow("deployment + service") << "deployment.yaml" << 2;
        QTest::newRow("json") << "pod.json" << 1;
    }
    // decode -> encode -> YAML -> decode -> encode gives the same tree; so does JSON.
    void roundTripFiles() {
        QFETCH(QString, file);
        QFETCH(int, objects);
        std::vector<std::string> warnings;
        auto first = codec::loadManifestFile(dataPath(file.toUtf8().constData()), &warnings);
        QVERIFY2(first.isOk(), first.status().message().c_str());
        QCOMPARE(int(first->size()), objects);
        QVERIFY2(warnings.empty(), warnings.empty() ? "" : warnings.front().c_str());
        const Value encoded = encodeAll(*first);
        for (bool viaJson : {false, true}) {
            std::string text;
            for (const auto& m : *first) {
                Value v = codec::encodeMessage(*m.object);
                text += viaJson ? codec::toJson(v) + "\n" : "---\n" + codec::toYaml(v);
            }
            if (viaJson) {
                // One JSON document per object, each loaded on its own.
                Value again = Value::array();
                size_t start = 0;
                for (const auto& m : *first) {
                    Value v = codec::encodeMessage(*m.object);
                    std::string one = codec::toJson(v);
                    auto ms = codec::loadManifests(one, "rt.json", &warnings);
                    QVERIFY2(ms.isOk(), ms.status().message().c_str());
                    again.push(codec::encodeMessage(*(*ms)[0].object));
                }
                (void)start;
                QCOMPARE(codec::toJson(again), codec::toJson(encoded));
            } else {
                auto second = codec::loadManifests(text, "rt.yaml", &warnings);
                QVERIFY2(second.isOk(), second.status().message().c_str());
                QCOMPARE(codec::toJson(encodeAll(*second)), codec::toJson(encoded));
            }
        }
    }

    void realSnapshotFields() {
        std::vector<std::string> warnings;
        auto ms = codec::loadManifestFile(dataPath("real-cluster-get-o-yaml.yaml"), &warnings);
        QVERIFY(ms.isOk());
        const auto& node = static_cast<const k8s::io::api::core::v1::Node&>(*(*ms)[0].object);
        QCOMPARE(node.metadata().name(), std::string("node-a"));
        QCOMPARE(node.spec().taints(0).effect(), std::string("NoSchedule"));
        QCOMPARE(node.status().allocatable().at("memory"), std::string("32Gi"));
        // Go's JSON prints non-pointer structs and fields without omitempty even when empty.
        Value v = codec::encodeMessage(node);
        QVERIFY(v.find("status")->find("daemonEndpoints")->find("kubeletEndpoint")->find("Port"));
        QVERIFY(v.find("status")->find("conditions")->asArray()[0].find("lastHeartbeatTime")->isNull());
        const auto& bigPod = static_cast<const k8s::io::api::core::v1::Pod&>(*(*ms)[4].object);
        QCOMPARE(bigPod.metadata().name(), std::string("big-1"));
        QVERIFY(bigPod.spec().has_priority());
        QCOMPARE(bigPod.spec().priority(), 0);  // present although zero: a pointer field
        QVERIFY(codec::encodeMessage(bigPod).find("spec")->find("priority"));
        QCOMPARE(bigPod.spec().termination_grace_period_seconds(), int64_t(30));
        QCOMPARE((*ms)[7].kind, std::string("PriorityClass"));
        QCOMPARE((*ms)[7].location(), std::string(dataPath("real-cluster-get-o-yaml.yaml") + ": document 1, items[7]"));
    }

    void intOrStringAndQuantities() {
        std::vector<std::string> warnings;
        auto ms = codec::loadManifestFile(dataPath("deployment.yaml"), &warnings);
        QVERIFY(ms.isOk());
        Value d = codec::encodeMessage(*(*ms)[0].object);
        const Value* ru = d.find("spec")->find("strategy")->find("rollingUpdate");
        QVERIFY(ru->find("maxSurge")->isString());
        QCOMPARE(ru->find("maxSurge")->asString(), std::string("25%"));
        QVERIFY(ru->find("maxUnavailable")->isInt());
        const Value& c = d.find("spec")->find("template")->find("spec")->find("containers")->asArray()[0];
        QVERIFY(c.find("readinessProbe")->find("httpGet")->find("port")->isString());
        QVERIFY(c.find("livenessProbe")->find("tcpSocket")->find("port")->isInt());
        // The template's metadata prints creationTimestamp: null, as kubectl shows it.
        QVERIFY(d.find("spec")->find("template")->find("metadata")->find("creationTimestamp")->isNull());

        auto pods = codec::loadManifestFile(dataPath("pod.json"), &warnings);
        QVERIFY(pods.isOk());
        auto* pod = static_cast<k8s::io::api::core::v1::Pod*>((*pods)[0].object.get());
        QCOMPARE(pod->spec().containers(0).resources().requests().at("cpu"), std::string("0.5"));
        codec::canonicalizeQuantities(pod);
        QCOMPARE(pod->spec().containers(0).resources().requests().at("cpu"), std::string("500m"));
        QCOMPARE(pod->spec().containers(0).resources().requests().at("memory"), std::string("1536Mi"));
        // Go escapes <, > and & in JSON strings.
        QVERIFY(codec::toJson(codec::encodeMessage(*pod)).find("\\u003cok\\u003e \\u0026 done") != std::string::npos);
    }

    void errors_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        QTest::newRow("string into int") << "apiVersion: v1\nkind: Pod\nmetadata: {name: a}\nspec:\n  terminationGracePeriodSeconds: \"30\"\n  containers: []\n"
            << "f.yaml: document 1: Pod in version \"v1\" cannot be handled as a Pod: spec.terminationGracePeriodSeconds: json: cannot unmarshal string into Go struct field PodSpec.spec.terminationGracePeriodSeconds of type int64";
        QTest::newRow("number label, second document") << "apiVersion: v1\nkind: Namespace\nmetadata: {name: a}\n---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: b\n  labels: {version: 1}\n"
            << "f.yaml: document 2: Pod in version \"v1\" cannot be handled as a Pod: metadata.labels[version]: json: cannot unmarshal number into Go struct field ObjectMeta.metadata.labels of type string";
        QTest::newRow("bad quantity in a list item") << "apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Pod\n  metadata: {name: a}\n  spec:\n    containers:\n    - name: c\n      image: i\n      resources: {requests: {cpu: lots}}\n"
            << "f.yaml: document 1, items[0]: Pod in version \"v1\" cannot be handled as a Pod: spec.containers[0].resources.requests[cpu]: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
        QTest::newRow("int32 overflow") << "apiVersion: v1\nkind: Pod\nmetadata: {name: a}\nspec:\n  containers:\n  - name: c\n    ports: [{containerPort: 9999999999}]\n"
            << "f.yaml: document 1: Pod in version \"v1\" cannot be handled as a Pod: spec.containers[0].ports[0].containerPort: json: cannot unmarshal number 9999999999 into Go struct field ContainerPort.spec.containers.ports.containerPort of type int32";
        QTest::newRow("no kind") << "apiVersion: v1\nmetadata: {name: a}\n" << "f.yaml: document 1: error validating data: [kind not set]";
        QTest::newRow("unknown kind") << "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\n"
            << "f.yaml: document 1: resource mapping not found for name: \"w\": no matches for kind \"Widget\" in version \"example.com/v1\"";
        QTest::newRow("yaml syntax") << "apiVersion: v1\nkind: Pod\nmetadata:\n  name: a\n   bad: indentation\n"
            << "error parsing f.yaml: error converting YAML to JSON: yaml: line 5: mapping values are not allowed in this context";
        QTest::newRow("bad time") << "apiVersion: v1\nkind: Pod\nmetadata: {name: a, creationTimestamp: yesterday}\n"
            << "f.yaml: document 1: Pod in version \"v1\" cannot be handled as a Pod: metadata.creationTimestamp: parsing time \"yesterday\" as \"2006-01-02T15:04:05Z07:00\": cannot parse";
        QTest::newRow("not an object") << "- a\n- b\n" << "f.yaml: document 1: expected a Kubernetes object, got array";
        QTest::newRow("broken json") << "{\"apiVersion\": \"v1\",\n \"kind\": Pod}" << "error parsing f.yaml: json: offset 31: invalid character 'P' looking for beginning of value (line 2, column 10)";
    }
    void errors() {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        std::vector<std::string> warnings;
        auto ms = codec::loadManifests(text.toStdString(), "f.yaml", &warnings);
        QVERIFY(!ms.isOk());
        QCOMPARE(QString::fromStdString(ms.status().message()), expected);
    }

    // Every case of data/{json,yaml}-syntax-errors.txt: our message is real kubectl 1.28's, word for word
    // (for JSON followed by " (line L, column C)").
    void syntaxErrorsAsKubectl_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("expected");
        for (const char* file : {"json-syntax-errors.txt", "yaml-syntax-errors.txt"}) {
            std::ifstream in(dataPath(file));
            QVERIFY2(in, file);
            const QString source = QString(file).startsWith("json") ? "FILE.json" : "FILE.yaml";
            std::string line, input;
            int n = 0;
            while (std::getline(in, line)) {
                if (line.rfind("input: ", 0) == 0) {
                    input.clear();
                    for (size_t i = 7; i < line.size(); ++i) {
                        if (line[i] == '\\' && i + 1 < line.size()) {
                            const char e = line[++i];
                            input += e == 'n' ? '\n' : e == 't' ? '\t' : e;
                        } else {
                            input += line[i];
                        }
                    }
                } else if (line.rfind("kubectl: ", 0) == 0) {
                    QTest::addRow("%s %d", file, ++n) << QString::fromStdString(input) << source
                                                      << QString::fromStdString(line.substr(9));
                }
            }
            QVERIFY(n >= 10);
        }
    }
    void syntaxErrorsAsKubectl() {
        QFETCH(QString, text);
        QFETCH(QString, source);
        QFETCH(QString, expected);
        auto ms = codec::loadManifests(text.toStdString(), source.toStdString(), nullptr);
        QVERIFY(!ms.isOk());
        const QString got = QString::fromStdString(ms.status().message());
        static const QRegularExpression place(R"( \(line \d+, column \d+\)$)");
        QString withoutPlace = got;
        withoutPlace.remove(place);
        QCOMPARE(withoutPlace, expected);
        if (source.endsWith(".json")) QVERIFY2(got.contains(place), qPrintable(got));
    }

    // Found by the fuzzer: a time after 2262 overflowed the nanoseconds it was converted to. The API
    // server takes any year to 9999 (Go's time.Time), so decoding does too; only a conversion to our
    // nanoseconds says it is out of range.
    void timesBeyondNanoseconds() {
        auto ms = codec::loadManifests("apiVersion: v1\nkind: Pod\nmetadata:\n  name: a\n  creationTimestamp: \"6631-11-21T06:54:44Z\"\n",
                                       "f.yaml", nullptr);
        QVERIFY2(ms.isOk(), ms.status().message().c_str());
        QCOMPARE(api::metadata(*(*ms)[0].object).creation_timestamp(), std::string("6631-11-21T06:54:44Z"));
        auto nanos = rfc3339::parse("6631-11-21T06:54:44Z");
        QVERIFY(!nanos.isOk());
        QCOMPARE(nanos.status().code(), StatusCode::OutOfRange);
        QVERIFY(rfc3339::parse("0001-01-01T00:00:00Z").status().code() == StatusCode::OutOfRange);
        QCOMPARE(*rfc3339::parse("2262-04-11T23:47:16Z"), int64_t(9223372036000000000));
        QVERIFY(rfc3339::wellFormed("9999-12-31T23:59:59Z"));
        QVERIFY(!rfc3339::wellFormed("2024-13-01T00:00:00Z"));
    }

    // Found by the fuzzer: a null quantity in a map was kept as "", which does not read back. Go keeps
    // the zero Quantity, "0"; a null string in a map stays "".
    void nullMapValues() {
        auto ms = codec::loadManifests("apiVersion: v1\nkind: Node\nmetadata: {name: n, labels: {a: null}}\nstatus: {capacity: {memory: null, cpu: \"4\"}}\n",
                                       "f.yaml", nullptr);
        QVERIFY2(ms.isOk(), ms.status().message().c_str());
        const auto& node = static_cast<const k8s::io::api::core::v1::Node&>(*(*ms)[0].object);
        QCOMPARE(node.status().capacity().at("memory"), std::string("0"));
        QCOMPARE(node.metadata().labels().at("a"), std::string(""));
    }

    // Found by the fuzzer: a string with a line break followed by a space was written single-quoted,
    // where YAML folds the break into a space.
    void multiLineStringsReadBack() {
        for (const std::string text : {"a\n b", "line one\n  indented\n", " lead\nx", "x\n", "a\n\nb"}) {
            Value v = Value::object();
            v.set("k", text);
            auto back = codec::parseYamlDocuments(codec::toYaml(v));
            QVERIFY(back.isOk());
            QCOMPARE((*back)[0].find("k")->asString(), text);
        }
    }

    // Found by the fuzzer: a key longer than YAML's 1,024 characters for an implicit key was written
    // as one and did not read back. Keys over 128 characters take the explicit form, as go-yaml's.
    void longKeysReadBack() {
        for (size_t n : {size_t(128), size_t(129), size_t(2000)}) {
            Value v = Value::object();
            v["labels"].set(std::string(n, 'k'), "v");
            v["labels"].set("short", "s");
            v["nested"].set(std::string(n, 'n'), Value::object());
            (*v.find("nested"))[std::string(n, 'n')].set("a", "b");
            v["list"].set(std::string(n, 'l'), Value::array());
            (*v.find("list"))[std::string(n, 'l')].push("x");
            const std::string yaml = codec::toYaml(v);
            auto back = codec::parseYamlDocuments(yaml);
            QVERIFY2(back.isOk(), (back.status().message() + "\n" + yaml).c_str());
            QVERIFY2((*back)[0] == v, yaml.c_str());
        }
    }

    // Each document is parsed alone (kubectl's errors count lines from its start), but what is read
    // keeps its place in the file.
    void documentsKeepTheirLinesInTheFile() {
        const std::string text = "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: a\n---\n# b\napiVersion: v1\n"
                                 "kind: Namespace\nmetadata:\n  name: b\n---\n---\napiVersion: v1\nkind: Namespace\nmetadata:\n  name: c\n";
        auto ms = codec::loadManifests(text, "f.yaml", nullptr);
        QVERIFY(ms.isOk());
        QCOMPARE(int(ms->size()), 3);
        QCOMPARE((*ms)[0].raw.find("metadata")->line(), 4);
        QCOMPARE((*ms)[1].raw.find("metadata")->line(), 10);
        QCOMPARE((*ms)[2].raw.find("metadata")->line(), 16);
        QCOMPARE((*ms)[1].location(), std::string("f.yaml: document 2"));
        QCOMPARE((*ms)[2].location(), std::string("f.yaml: document 4"));
    }

    void unknownFieldsAreWarnings() {
        std::vector<std::string> warnings;
        auto ms = codec::loadManifests(
            "apiVersion: v1\nkind: Pod\nmetadata: {name: a}\nspec:\n  containers:\n  - name: c\n    imagee: nginx\n  colour: blue\n",
            "f.yaml", &warnings);
        QVERIFY(ms.isOk());
        QCOMPARE(int(warnings.size()), 2);
        QCOMPARE(warnings[0], std::string("f.yaml: document 1: unknown field \"spec.containers[0].imagee\""));
        QCOMPARE(warnings[1], std::string("f.yaml: document 1: unknown field \"spec.colour\""));
    }

    void unknownKindsCanBeKept() {
        std::vector<std::string> warnings;
        codec::LoadOptions opts;
        opts.unknownKinds = codec::UnknownKinds::Keep;
        auto ms = codec::loadManifests("apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: a}\n", "f.yaml", &warnings, opts);
        QVERIFY(ms.isOk());
        QCOMPARE(int(ms->size()), 1);
        QVERIFY((*ms)[0].type == nullptr);
        QCOMPARE((*ms)[0].kind, std::string("CronJob"));
    }

    void yamlScalars_data() {
        QTest::addColumn<QString>("yaml");
        QTest::addColumn<QString>("json");
        QTest::newRow("yaml 1.1 booleans") << "a: yes\nb: off\nc: 'on'\nd: y" << "{\"a\":true,\"b\":false,\"c\":\"on\",\"d\":\"y\"}";
        QTest::newRow("numbers") << "a: 110\nb: \"110\"\nc: 0.5\nd: 1e3\ne: 0x1F\nf: -7" << "{\"a\":110,\"b\":\"110\",\"c\":0.5,\"d\":1000,\"e\":31,\"f\":-7}";
        QTest::newRow("nulls") << "a: ~\nb: null\nc:\nd: ''" << "{\"a\":null,\"b\":null,\"c\":null,\"d\":\"\"}";
    }
    void yamlScalars() {
        QFETCH(QString, yaml);
        QFETCH(QString, json);
        auto docs = codec::parseYamlDocuments(yaml.toStdString());
        QVERIFY(docs.isOk());
        QCOMPARE(QString::fromStdString(codec::toJson((*docs)[0], codec::JsonStyle::Compact)), json);
    }

    void yamlOutputStyle() {
        auto v = codec::parseJson("{\"b\":{\"list\":[{\"x\":1,\"y\":\"2\"},\"plain\"],\"empty\":{},\"none\":[]},\"a\":\"yes\",\"c\":\"multi\\nline\\n\",\"d\":\"it's: here\",\"e\":\"\",\"t\":\"2026-11-21T07:05:25Z\"}");
        QVERIFY(v.isOk());
        // go-yaml v2 double-quotes what would read back as another type ("y" and "yes" are
        // booleans, "2" a number, "" null) and single-quotes what plain style cannot carry.
        QCOMPARE(QString::fromStdString(codec::toYaml(*v)),
                 QString("b:\n  list:\n  - x: 1\n    \"y\": \"2\"\n  - plain\n  empty: {}\n  none: []\n"
                         "a: \"yes\"\nc: |\n  multi\n  line\nd: 'it''s: here'\ne: \"\"\nt: \"2026-11-21T07:05:25Z\"\n"));
        // What we print reads back to the same value.
        auto back = codec::parseYamlDocuments(codec::toYaml(*v));
        QVERIFY(back.isOk());
        QVERIFY((*back)[0] == *v);
    }
};

QTEST_APPLESS_MAIN(CodecTest)
#include "codec_test.moc"
