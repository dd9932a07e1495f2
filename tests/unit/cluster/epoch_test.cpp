// Where the virtual clock starts: a scenario's spec.epoch, or the session's epoch option ("now"
// for a server that kubectl talks to) written into the scenario, so that a rewind replays from the
// same instant; objects' timestamps count from it.
#include <QTest>

#include <chrono>

#include "api/object.h"
#include "cluster/scenario.h"
#include "cluster/session.h"
#include "util/rfc3339.h"

using namespace pilothouse;
using namespace std::chrono_literals;

namespace {

const char* kScenario = R"(apiVersion: pilothouse.dev/v1alpha1
kind: Scenario
metadata: {name: epoch}
spec:
  epoch: "2026-11-29T09:00:00Z"
---
apiVersion: v1
kind: Node
metadata: {name: node-1}
status: {capacity: {cpu: "4", memory: 8Gi, pods: "110"}}
)";

cluster::Scenario load(const char* text) {
    std::vector<std::string> warnings;
    auto s = cluster::loadScenario(text, "scenario.yaml", &warnings);
    if (!s) qFatal("%s", s.status().message().c_str());
    return std::move(*s);
}

std::string creationTimestamp(cluster::Session& session, const char* resource, const char* name) {
    apiserver::Request r;
    r.verb = "get";
    r.type = api::Scheme::instance().byName(resource);
    r.name = name;
    auto resp = session.cluster().apiServer().handle(r);
    return resp.ok() ? api::metadata(*resp.object).creation_timestamp() : resp.status.message();
}

int64_t wallNanos() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

}  // namespace

class EpochTest : public QObject {
    Q_OBJECT
private slots:
    void scenarioEpochStartsTheClock() {
        auto session = cluster::Session::start({}, load(kScenario));
        QVERIFY2(session.isOk(), session.status().message().c_str());
        QCOMPARE(rfc3339::format((*session)->cluster().clock().nowUnixNanos()), std::string("2026-11-29T09:00:00Z"));
        QCOMPARE(creationTimestamp(**session, "nodes", "node-1"), std::string("2026-11-29T09:00:00Z"));
        QVERIFY((*session)->runFor(90s).isOk());
        QCOMPARE(rfc3339::format((*session)->cluster().clock().nowUnixNanos()), std::string("2026-11-29T09:01:30Z"));
        // The session's option does not override the scenario's own.
        cluster::SessionOptions now;
        now.epoch = "now";
        auto own = cluster::Session::start(now, load(kScenario));
        QVERIFY(own.isOk());
        QCOMPARE((*own)->scenario().epoch, std::string("2026-11-29T09:00:00Z"));
    }

    void badEpochNamesTheField() {
        std::vector<std::string> warnings;
        std::string text = kScenario;
        text.replace(text.find("2026-11-29T09:00:00Z"), 20, "yesterday");
        auto s = cluster::loadScenario(text, "scenario.yaml", &warnings);
        QVERIFY(!s.isOk());
        QVERIFY2(s.status().message().rfind("scenario.yaml: document 1: spec.epoch: ", 0) == 0, s.status().message().c_str());
        cluster::SessionOptions options;
        options.epoch = "tomorrow";
        auto session = cluster::Session::start(options, cluster::Scenario{});
        QVERIFY(!session.isOk());
        QVERIFY2(session.status().message().rfind("the epoch: ", 0) == 0, session.status().message().c_str());
    }

    // "now": the wall clock when the scenario starts, kept in the scenario through a rewind.
    void nowIsKeptThroughRewinds() {
        cluster::SessionOptions options;
        options.epoch = "now";
        const int64_t before = wallNanos();
        auto session = cluster::Session::start(options, cluster::Scenario{});
        QVERIFY2(session.isOk(), session.status().message().c_str());
        const std::string epoch = (*session)->scenario().epoch;
        auto at = rfc3339::parse(epoch);
        QVERIFY2(at.isOk(), epoch.c_str());
        QVERIFY(*at >= before - 1'000'000'000 && *at <= wallNanos());
        QVERIFY((*session)->runFor(5s).isOk());
        QVERIFY((*session)->rewindTo(1s).isOk());
        QCOMPARE((*session)->scenario().epoch, epoch);
        QCOMPARE((*session)->cluster().clock().nowUnixNanos(), *at + 1'000'000'000);
    }
};

QTEST_GUILESS_MAIN(EpochTest)
#include "epoch_test.moc"
