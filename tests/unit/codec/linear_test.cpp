// Decoding cost grows linearly with the input (issue 20: a hand-written parser that found every
// object's line by scanning from the start took 201 s for an 18 MB file). A ratio, not a timeout:
// a `kind: List` of pods ten times larger must cost at most 20 times as much CPU time (linear is 10;
// the quadratic parser was over 100), for JSON and for YAML, through loadManifests as every command
// reads a file. Each size is timed three times and the fastest run kept, against noise.
#include <QtTest>

#include <time.h>

#include <string>

#include "api/codec/json.h"
#include "api/codec/manifest.h"
#include "api/codec/yaml.h"

using namespace pilothouse;
using codec::Value;

namespace {

Value pod(int i) {
    Value p = Value::object();
    p.set("apiVersion", "v1");
    p.set("kind", "Pod");
    Value& md = p["metadata"];
    md.set("name", "web-" + std::to_string(i));
    md.set("namespace", "team-" + std::to_string(i % 40));
    md.set("uid", "0000" + std::to_string(1000000 + i) + "-5c76-4fb4-b874-353a9b8438d5");
    md.set("resourceVersion", std::to_string(5000 + i));
    md["labels"].set("app", "web");
    md["labels"].set("pod-template-hash", "7d4b9c8f6");
    md["annotations"].set("prometheus.io/scrape", "true");
    Value entry = Value::object();
    entry.set("manager", "kube-controller-manager");
    entry.set("operation", "Update");
    entry.set("apiVersion", "v1");
    entry.set("fieldsType", "FieldsV1");
    entry["fieldsV1"]["f:metadata"]["f:labels"].set("f:app", Value::object());
    md["managedFields"].push(std::move(entry));
    Value container = Value::object();
    container.set("name", "web");
    container.set("image", "nginx:1.25");
    container["resources"]["requests"].set("cpu", "100m");
    container["resources"]["requests"].set("memory", "128Mi");
    p["spec"]["containers"].push(std::move(container));
    p["spec"].set("nodeName", "node-" + std::to_string(i % 500));
    p["spec"].set("priority", 0);
    p["status"].set("phase", "Running");
    p["status"].set("podIP", "10.1." + std::to_string(i / 250 % 250) + "." + std::to_string(i % 250));
    return p;
}

std::string list(size_t bytes, bool json) {
    Value l = Value::object();
    l.set("apiVersion", "v1");
    l.set("kind", "List");
    Value items = Value::array();
    const size_t perPod = json ? codec::toJson(pod(0)).size() : codec::toYaml(pod(0)).size();
    for (size_t i = 0; i * perPod < bytes; ++i) items.push(pod(int(i)));
    l.set("items", std::move(items));
    l.sortKeys();
    return json ? codec::toJson(l) : codec::toYaml(l);
}

double cpuSeconds() {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

double bestOfThree(const std::string& text, size_t expectedObjects) {
    double best = 1e9;
    for (int run = 0; run < 3; ++run) {
        const double start = cpuSeconds();
        auto ms = codec::loadManifests(text, "list", nullptr);
        const double spent = cpuSeconds() - start;
        if (!ms || ms->size() != expectedObjects) return -1;
        best = std::min(best, spent);
    }
    return best;
}

}  // namespace

class LinearTest : public QObject {
    Q_OBJECT
private slots:
    void decodingIsLinear_data() {
        QTest::addColumn<bool>("json");
        QTest::newRow("JSON") << true;
        QTest::newRow("YAML") << false;
    }
    void decodingIsLinear() {
        QFETCH(bool, json);
        const std::string small = list(2'000'000, json);
        const std::string large = list(20'000'000, json);
        QVERIFY(small.size() >= 2'000'000 && large.size() >= 20'000'000);
        auto count = [](const std::string& text) {
            auto ms = codec::loadManifests(text, "list", nullptr);
            return ms ? ms->size() : size_t(0);
        };
        const size_t nSmall = count(small), nLarge = count(large);
        QVERIFY(nSmall > 500 && nLarge >= 10 * nSmall - 10);
        const double tSmall = bestOfThree(small, nSmall), tLarge = bestOfThree(large, nLarge);
        QVERIFY(tSmall > 0 && tLarge > 0);
        const double ratio = tLarge / tSmall;
        qInfo("%s: %.1f MB in %.3f s, %.1f MB in %.3f s (%.0f MB/s): %.1f times the time for %.1f times the bytes",
              json ? "JSON" : "YAML", small.size() / 1e6, tSmall, large.size() / 1e6, tLarge, large.size() / 1e6 / tLarge, ratio,
              double(large.size()) / double(small.size()));
        QVERIFY2(ratio <= 2.0 * double(large.size()) / double(small.size()),
                 qPrintable(QString("decoding 10x the bytes took %1x the CPU time").arg(ratio)));
    }
};

QTEST_APPLESS_MAIN(LinearTest)
#include "linear_test.moc"
