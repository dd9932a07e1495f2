// Reading a List in parts on several threads (api/codec/list_parts.h): whatever the text, the objects,
// warnings, places and errors are those of one reader reading it whole; and on kubectl's layout the
// cuts hold, so the parts are really read side by side.
#include <QtTest>

#include <algorithm>

#include "api/codec/json.h"
#include "api/codec/list_parts.h"
#include "api/codec/manifest.h"
#include "api/codec/proto_json.h"
#include "api/codec/yaml.h"

using namespace pilothouse;
using codec::Value;

namespace {

// A List of `pods` pods as kubectl prints it; pod 7 has an unknown field (a warning with its place),
// every fifth a label, every third a multi-line annotation.
Value podList(int pods) {
    Value items = Value::array();
    for (int i = 0; i < pods; ++i) {
        Value pod = Value::object();
        pod.set("apiVersion", Value("v1"));
        pod.set("kind", Value("Pod"));
        Value md = Value::object();
        md.set("name", Value("pod-" + std::to_string(i)));
        md.set("namespace", Value("default"));
        if (i % 5 == 0) md["labels"].set("app", Value("web"));
        if (i % 3 == 0) md["annotations"].set("note", Value("line one\n- line two\nline three"));
        pod.set("metadata", std::move(md));
        Value container = Value::object();
        container.set("name", Value("app"));
        container.set("image", Value("nginx:1.25"));
        if (i == 7) container.set("imagee", Value("typo"));
        container["resources"]["requests"].set("cpu", Value("100m"));
        Value containers = Value::array();
        containers.push(std::move(container));
        pod["spec"].set("containers", std::move(containers));
        items.push(std::move(pod));
    }
    Value list = Value::object();
    list.set("apiVersion", Value("v1"));
    list.set("items", std::move(items));
    list.set("kind", Value("List"));
    list["metadata"].set("resourceVersion", Value(""));
    return list;
}

std::string replaceOnce(std::string text, const std::string& from, const std::string& to) {
    const size_t at = text.find(from);
    if (at != std::string::npos) text.replace(at, from.size(), to);
    return text;
}

// Every line and column of a Value, in order (the places errors and the editor point at).
void positions(const Value& v, std::vector<std::pair<int, int>>* out) {
    out->emplace_back(v.line(), v.column());
    if (v.isArray())
        for (const auto& e : v.asArray()) positions(e, out);
    else if (v.isObject())
        for (const auto& [k, e] : v.asObject()) positions(e, out);
}

struct Loaded {
    bool ok = false;
    std::string error;
    std::vector<std::string> warnings;
    std::vector<std::string> places;
    Value objects = Value::array();
    Value raws = Value::array();
    std::vector<std::pair<int, int>> rawPositions;
};

Loaded load(const std::string& text, int parts, bool dropManagedFields = false) {
    Loaded out;
    codec::LoadOptions options;
    options.unknownKinds = codec::UnknownKinds::Keep;
    options.listParts = parts;
    options.dropManagedFields = dropManagedFields;
    auto ms = codec::loadManifests(text, "list", &out.warnings, options);
    out.ok = ms.isOk();
    if (!ms) {
        out.error = ms.status().message();
        return out;
    }
    for (const auto& m : *ms) {
        out.places.push_back(m.location() + " " + m.kind);
        out.objects.push(m.object ? codec::encodeMessage(*m.object) : Value());
        out.raws.push(m.raw);
        positions(m.raw, &out.rawPositions);
    }
    return out;
}

}  // namespace

class ListPartsTest : public QObject {
    Q_OBJECT
private slots:
    void sameAsOneReader_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("parts");
        const std::string json = codec::toJson(podList(40)) + "\n";
        const std::string yaml = codec::toYaml(podList(40));
        for (int parts : {2, 3, 7}) {
            QTest::addRow("json, %d parts", parts) << QString::fromStdString(json) << parts;
            QTest::addRow("yaml, %d parts", parts) << QString::fromStdString(yaml) << parts;
        }
        // A multi-line quoted string whose lines look like the items' dashes: a cut inside it.
        std::string quoted = yaml;
        for (int i = 0; i < 6; ++i)
            quoted = replaceOnce(quoted, "  name: pod-" + std::to_string(10 + 5 * i) + "\n",
                                 "  name: pod-" + std::to_string(10 + 5 * i) + "\n  description: \"a\n- apiVersion: v1\n- b\"\n");
        QTest::addRow("yaml, cut inside a quoted string") << QString::fromStdString(quoted) << 4;
        // An alias to an anchor in another part.
        std::string aliased = replaceOnce(yaml, "name: pod-1\n", "name: &first pod-1\n");
        aliased = replaceOnce(aliased, "name: pod-35\n", "name: *first\n");
        QTest::addRow("yaml, alias across parts") << QString::fromStdString(aliased) << 3;
        // Errors in a later part: a bad value, a syntax error, a bad object.
        QTest::addRow("json, bad value late")
            << QString::fromStdString(replaceOnce(json, "\"pod-33\"", "33")) << 3;
        QTest::addRow("json, syntax error late")
            << QString::fromStdString(replaceOnce(json, "\"name\": \"pod-30\",", "\"name\": \"pod-30\" \"x\",")) << 3;
        QTest::addRow("json, truncated") << QString::fromStdString(json.substr(0, json.size() * 3 / 4)) << 2;
        QTest::addRow("yaml, syntax error late")
            << QString::fromStdString(replaceOnce(yaml, "name: pod-31\n", "name: pod-31\n  : : bad\n")) << 3;
        QTest::addRow("yaml, truncated") << QString::fromStdString(yaml.substr(0, yaml.size() * 3 / 4)) << 2;
        QTest::addRow("yaml, kind missing late")
            << QString::fromStdString(replaceOnce(yaml, "kind: Pod\n  metadata:\n    name: pod-38", "metadata:\n    name: pod-38")) << 2;
        // Not a List after all (its kind comes after the items): read again as one object.
        QTest::addRow("json, kind not a List")
            << QString::fromStdString(replaceOnce(json, "\"kind\": \"List\"", "\"kind\": \"Pod\"")) << 2;
        QTest::addRow("yaml, more documents after the List") << QString::fromStdString(yaml + "---\napiVersion: v1\nkind: Namespace\nmetadata:\n  name: x\n") << 2;
        // kubectl cuts documents before parsing: a first line "---apiVersion: v1" is a bad separator,
        // whoever reads the rest (found by the fuzzer).
        QTest::addRow("yaml, a bad separator first") << QString::fromStdString("---" + yaml) << 2;
        QTest::addRow("yaml, a bad separator late") << QString::fromStdString(yaml + "--- x\nkind: Pod\n") << 2;
        QTest::addRow("yaml, the List in the second document, in parts")
            << QString::fromStdString("apiVersion: v1\nkind: Namespace\nmetadata:\n  name: x\n---\n" + yaml + "---\n---\n" + yaml) << 3;
        QTest::addRow("yaml, a document before the List")
            << QString::fromStdString("apiVersion: v1\nkind: Namespace\nmetadata:\n  name: x\n---\n" + yaml) << 2;
        QTest::addRow("json, unknown kinds kept")
            << QString::fromStdString(replaceOnce(json, "\"kind\": \"Pod\",\n            \"metadata\": {\n                \"name\": \"pod-29\"",
                                                  "\"kind\": \"Widget\",\n            \"metadata\": {\n                \"name\": \"pod-29\"")) << 3;
    }

    void sameAsOneReader() {
        QFETCH(QString, text);
        QFETCH(int, parts);
        const std::string t = text.toStdString();
        const Loaded whole = load(t, 1);
        const Loaded inParts = load(t, parts);
        QCOMPARE(inParts.ok, whole.ok);
        QCOMPARE(inParts.error, whole.error);
        QCOMPARE(inParts.warnings, whole.warnings);
        QCOMPARE(inParts.places, whole.places);
        QVERIFY(inParts.objects == whole.objects);
        QVERIFY(inParts.raws == whole.raws);
        QCOMPARE(inParts.rawPositions, whole.rawPositions);
    }

    // On kubectl's layout the cuts hold: each part reads on its own, and together they hold every item.
    void cutsHold_data() {
        QTest::addColumn<bool>("json");
        QTest::addColumn<int>("parts");
        for (int parts : {2, 3, 8}) {
            QTest::addRow("json, %d parts", parts) << true << parts;
            QTest::addRow("yaml, %d parts", parts) << false << parts;
        }
    }

    void cutsHold() {
        QFETCH(bool, json);
        QFETCH(int, parts);
        const std::string text = json ? codec::toJson(podList(200)) + "\n" : codec::toYaml(podList(200));
        const auto cut = codec::findListParts(text, json ? codec::ListFormat::Json : codec::ListFormat::Yaml, parts);
        QCOMPARE(int(cut.size()), parts);
        int items = 0;
        for (const auto& part : cut) {
            auto sink = [&](Value&& item, int) { QVERIFY(item.find("kind") != nullptr); ++items; };
            auto doc = json ? codec::parseJsonListPart(text, part, sink) : codec::readYamlListPart(text, part, sink);
            QVERIFY2(doc.isOk(), doc.isOk() ? "" : doc.status().message().c_str());
            QVERIFY(doc->find("items") != nullptr);
            QCOMPARE(doc->find("kind") != nullptr, part.last);
        }
        QCOMPARE(items, 200);
    }

    // A snapshot's reader drops metadata.managedFields: the JSON reader reads past it without building
    // it, and what comes out is what comes out of the same List without it (objects, warnings,
    // places), whole or in parts. Only an item's own metadata.managedFields goes: an annotation or a
    // spec field of that name stays (the latter warned about), and its nesting still counts toward
    // Go's depth limit.
    void managedFieldsReadPast_data() {
        QTest::addColumn<int>("parts");
        for (int parts : {1, 2, 3}) QTest::addRow("%d parts", parts) << parts;
    }
    void managedFieldsReadPast() {
        QFETCH(int, parts);
        Value plain = podList(30);
        Value with = plain;
        int i = 0;
        for (auto& pod : with["items"].asArray()) {
            Value entry = Value::object();
            entry.set("manager", Value("kubectl-client-side-apply"));
            entry.set("operation", Value("Update"));
            entry["fieldsV1"]["f:metadata"]["f:labels"].set(".", Value::object());
            entry["fieldsV1"]["f:spec"].set("f:containers", Value::array());
            Value entries = Value::array();
            entries.push(std::move(entry));
            entries.push(Value(int64_t(i)));
            pod["metadata"].set("managedFields", std::move(entries));
            if (i % 4 == 0) {
                // Not an item's metadata.managedFields: these stay.
                pod["metadata"]["annotations"].set("managedFields", Value("kept"));
                pod["spec"].set("managedFields", Value("warned"));
                plain["items"].asArray()[size_t(i)]["metadata"]["annotations"].set("managedFields", Value("kept"));
                plain["items"].asArray()[size_t(i)]["spec"].set("managedFields", Value("warned"));
            }
            ++i;
        }
        const Loaded dropped = load(codec::toJson(with) + "\n", parts, true);
        const Loaded without = load(codec::toJson(plain) + "\n", parts, false);
        QVERIFY2(dropped.ok, dropped.error.c_str());
        QCOMPARE(dropped.warnings, without.warnings);
        QCOMPARE(dropped.places, without.places);
        QVERIFY(dropped.objects == without.objects);
        QVERIFY(std::any_of(dropped.warnings.begin(), dropped.warnings.end(),
                            [](const std::string& w) { return w.find("spec.managedFields") != std::string::npos; }));
        // What is read past is not decoded either: kept, its second entry (a number) is an error.
        const Loaded kept = load(codec::toJson(with) + "\n", parts, false);
        QVERIFY(!kept.ok);
        QVERIFY2(kept.error.find("metadata.managedFields[1]") != std::string::npos, kept.error.c_str());

        // Nesting inside managedFields counts: 10,001 levels there is Go's error, dropped or not.
        std::string deep = codec::toJson(podList(1)) + "\n";
        const std::string nested = std::string(10001, '[') + std::string(10001, ']');
        deep = replaceOnce(deep, "\"name\": \"pod-0\"", "\"managedFields\": " + nested + ", \"name\": \"pod-0\"");
        const Loaded tooDeep = load(deep, 1, true);
        const Loaded tooDeepKept = load(deep, 1, false);
        QVERIFY(!tooDeep.ok);
        QCOMPARE(tooDeep.error, tooDeepKept.error);
    }

    // A guess that does not hold is refused by the part's reader, not read wrongly.
    void cutsThatDoNotHoldAreRefused() {
        const std::string yaml = "apiVersion: v1\nitems:\n- kind: Pod\n  note: \"a\n- b\"\n- kind: Pod\nkind: List\n";
        codec::ListPart first;
        first.end = yaml.find("- b");
        QCOMPARE(codec::readYamlListPart(yaml, first, [](Value&&, int) {}).status().code(), StatusCode::Aborted);
        // A layout not kubectl's: an inner array's elements at the items' indentation.
        const std::string json =
            "{\n    \"items\": [\n        {\n            \"a\": [\n        {\n        },\n        {\n        },\n        {\n        },\n"
            "        {\n        }\n            ]\n        }\n    ]\n}\n";
        const auto cut = codec::findListParts(json, codec::ListFormat::Json, 2);
        QCOMPARE(int(cut.size()), 2);  // the layout's guess: inside the inner array
        QCOMPARE(codec::parseJsonListPart(json, cut[0], [](Value&&, int) {}).status().code(), StatusCode::Aborted);
        QVERIFY(codec::findListParts("{\"items\":[{},{}]}", codec::ListFormat::Json, 2).empty());  // not kubectl's layout
    }

    void partsByFileSize() {
        QCOMPARE(codec::listPartsFor(1 << 20), 1);
        QVERIFY(codec::listPartsFor(size_t(600) << 20) >= 1);
        QVERIFY(codec::listPartsFor(size_t(600) << 20) <= 8);
    }
};

QTEST_APPLESS_MAIN(ListPartsTest)
#include "list_parts_test.moc"
