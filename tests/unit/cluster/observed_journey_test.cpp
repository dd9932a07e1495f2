// The journeys read back from a real cluster's records (cluster/observed_journey.h), one case per
// file in data/observed_journey: NAME.yaml holds a pod and events as kube-apiserver answers them,
// NAME.journey the stages expected, one a line: "time | stage | failed | detail" (a span's time
// is "start..end").
#include <QtTest>

#include <fstream>
#include <sstream>

#include "api/codec/manifest.h"
#include "cluster/observed_journey.h"
#include "util/rfc3339.h"

using namespace pilothouse;
namespace core = k8s::io::api::core::v1;

namespace {

std::string readFile(const QString& path) {
    std::ifstream in(path.toStdString());
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

std::string line(const sim::JourneyStage& s) {
    const int64_t start = sim::toUnixNanos(s.start), end = sim::toUnixNanos(s.end);
    std::string time = rfc3339::formatNano(start);
    if (end != start) time += ".." + rfc3339::formatNano(end);
    return time + " | " + s.stage + " | " + (s.failed ? "failed | " : "| ") + s.detail;
}

}  // namespace

class ObservedJourneyTest : public QObject {
    Q_OBJECT
private slots:
    void cases_data() {
        QTest::addColumn<QString>("name");
        const QDir dir(QStringLiteral(PH_TEST_DATA_DIR "/observed_journey"));
        const QStringList files = dir.entryList({QStringLiteral("*.yaml")}, QDir::Files, QDir::Name);
        QVERIFY(files.size() >= 3);
        for (const QString& f : files) QTest::newRow(qPrintable(f)) << dir.filePath(f.chopped(5));
    }

    void cases() {
        QFETCH(QString, name);
        std::vector<std::string> warnings;
        auto manifests = codec::loadManifestFile((name + ".yaml").toStdString(), &warnings);
        QVERIFY2(bool(manifests), manifests.status().message().c_str());
        for (const auto& w : warnings) QFAIL(w.c_str());
        const core::Pod* pod = nullptr;
        std::vector<const core::Event*> events;
        for (const auto& m : *manifests) {
            if (auto* p = dynamic_cast<const core::Pod*>(m.object.get())) pod = p;
            if (auto* e = dynamic_cast<const core::Event*>(m.object.get())) events.push_back(e);
        }
        QVERIFY(pod);
        std::vector<std::string> expected;
        std::istringstream want(readFile(name + ".journey"));
        for (std::string l; std::getline(want, l);)
            if (!l.empty() && l[0] != '#') expected.push_back(l);

        const auto stages = cluster::observedJourney(*pod, events);
        std::vector<std::string> got;
        for (const auto& s : stages) {
            QVERIFY(s.observed);
            got.push_back(line(s));
        }
        for (size_t i = 0; i < std::max(got.size(), expected.size()); ++i) {
            const std::string g = i < got.size() ? got[i] : "(none)";
            const std::string e = i < expected.size() ? expected[i] : "(none)";
            QVERIFY2(g == e, ("stage " + std::to_string(i + 1) + "\n   got: " + g + "\n  want: " + e).c_str());
        }
        // Events name their pod; the pod's own key is what they are filed under.
        for (const core::Event* e : events) {
            std::string key;
            QVERIFY(cluster::eventAboutPod(*e, &key));
            QCOMPARE(key.substr(0, key.find('/')), pod->metadata().namespace_());
        }
    }
};

QTEST_GUILESS_MAIN(ObservedJourneyTest)
#include "observed_journey_test.moc"
