// client-go's EventCorrelator in the core/v1 event recorder (tools/record/events_cache.go):
// identical events count up, the tenth different message for one object and reason within ten
// minutes is recorded as "(combined from similar events): ...", and a source may record 25
// events about one object at once, then one every five minutes.
#include <QTest>

#include <chrono>

#include "api/object.h"
#include "client/record/event_recorder.h"
#include "cluster/cluster.h"
#include "core_v1.pb.h"

using namespace pilothouse;
using namespace std::chrono_literals;
namespace core = k8s::io::api::core::v1;

namespace {

core::Pod pod(const char* name) {
    core::Pod p;
    p.mutable_metadata()->set_name(name);
    p.mutable_metadata()->set_namespace_("default");
    p.mutable_metadata()->set_uid(std::string("uid-") + name);
    return p;
}

// The events stored, oldest first.
std::vector<core::Event> events(cluster::Cluster& c) {
    apiserver::Request list;
    list.verb = "list";
    list.type = api::Scheme::instance().byName("events");
    auto resp = c.apiServer().handle(list);
    std::vector<core::Event> out;
    for (const auto& item : resp.items) out.push_back(static_cast<const core::Event&>(*item));
    std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.metadata().name() < b.metadata().name(); });
    return out;
}

std::string created(int i) { return "Created pod: web-" + std::to_string(i); }

}  // namespace

class EventCorrelatorTest : public QObject {
    Q_OBJECT
private slots:
    void tenthDifferentMessageIsCombined() {
        auto c = cluster::Cluster::create({});
        QVERIFY(c);
        client::record::EventRecorder rec((*c)->apiServer(), (*c)->clock(), "replicaset-controller", "", "");
        const core::Pod rs = pod("web");
        for (int i = 1; i <= 9; ++i) {
            QVERIFY(rec.event(rs, "Normal", "SuccessfulCreate", created(i)).isOk());
            (*c)->loop().runFor(1s);
        }
        QCOMPARE(events(**c).size(), size_t(9));
        // The tenth different message: one new event, combined.
        QVERIFY(rec.event(rs, "Normal", "SuccessfulCreate", created(10)).isOk());
        auto all = events(**c);
        QCOMPARE(all.size(), size_t(10));
        QCOMPARE(all.back().message(), std::string("(combined from similar events): Created pod: web-10"));
        QCOMPARE(all.back().count(), 1);
        // More different messages update that event: its count, lastTimestamp and message.
        (*c)->loop().runFor(2s);
        QVERIFY(rec.event(rs, "Normal", "SuccessfulCreate", created(11)).isOk());
        all = events(**c);
        QCOMPARE(all.size(), size_t(10));
        QCOMPARE(all.back().message(), std::string("(combined from similar events): Created pod: web-11"));
        QCOMPARE(all.back().count(), 2);
        QVERIFY(all.back().last_timestamp() > all.back().first_timestamp());
        // Another reason about the same object is not part of it.
        QVERIFY(rec.event(rs, "Normal", "SuccessfulDelete", "Deleted pod: web-1").isOk());
        all = events(**c);
        QCOMPARE(all.back().message(), std::string("Deleted pod: web-1"));
    }

    void similarEventsTenMinutesApartStartOver() {
        auto c = cluster::Cluster::create({});
        QVERIFY(c);
        client::record::EventRecorder rec((*c)->apiServer(), (*c)->clock(), "deployment-controller", "", "");
        const core::Pod d = pod("web");
        for (int i = 1; i <= 9; ++i) QVERIFY(rec.event(d, "Normal", "ScalingReplicaSet", created(i)).isOk());
        (*c)->loop().runFor(601s);
        QVERIFY(rec.event(d, "Normal", "ScalingReplicaSet", created(10)).isOk());
        QCOMPARE(events(**c).back().message(), created(10));
    }

    void aSourceMayBurst25EventsAboutAnObject() {
        auto c = cluster::Cluster::create({});
        QVERIFY(c);
        client::record::EventRecorder rec((*c)->apiServer(), (*c)->clock(), "kubelet", "node-1", "");
        const core::Pod p = pod("crashing");
        // The same event 25 times: one event, counted 25 times; the 26th is dropped.
        for (int i = 0; i < 26; ++i) {
            QVERIFY(rec.event(p, "Warning", "BackOff", "Back-off restarting failed container").isOk());
            (*c)->loop().runFor(1s);
        }
        QCOMPARE(events(**c).size(), size_t(1));
        QCOMPARE(events(**c)[0].count(), 25);
        // Another object has a bucket of its own.
        QVERIFY(rec.event(pod("other"), "Warning", "BackOff", "Back-off restarting failed container").isOk());
        QCOMPARE(events(**c).size(), size_t(2));
        // One token comes back every 300 s.
        (*c)->loop().runFor(300s);
        QVERIFY(rec.event(p, "Warning", "BackOff", "Back-off restarting failed container").isOk());
        QVERIFY(rec.event(p, "Warning", "BackOff", "Back-off restarting failed container").isOk());
        QCOMPARE(events(**c)[0].count(), 26);
    }

    // Its state is an LRU cache of 4,096 entries, as upstream's: an event seen before 4,096 other
    // events is recorded anew instead of counted.
    void oldestEventsAreForgotten() {
        auto c = cluster::Cluster::create({});
        QVERIFY(c);
        client::record::EventRecorder rec((*c)->apiServer(), (*c)->clock(), "kubelet", "node-1", "");
        const core::Pod first = pod("first");
        QVERIFY(rec.event(first, "Normal", "Pulling", "Pulling image \"nginx\"").isOk());
        QVERIFY(rec.event(first, "Normal", "Pulling", "Pulling image \"nginx\"").isOk());
        for (int i = 0; i < int(client::record::EventRecorder::kCacheEntries); ++i)
            QVERIFY(rec.event(pod(("p" + std::to_string(i)).c_str()), "Normal", "Pulling", "Pulling image \"nginx\"").isOk());
        QVERIFY(rec.event(first, "Normal", "Pulling", "Pulling image \"nginx\"").isOk());
        int firstEvents = 0, firstCount = 0;
        for (const auto& e : events(**c))
            if (e.involved_object().name() == "first") {
                ++firstEvents;
                firstCount += e.count();
            }
        QCOMPARE(firstEvents, 2);  // the counted one, and a new one
        QCOMPARE(firstCount, 3);
    }
};

QTEST_GUILESS_MAIN(EventCorrelatorTest)
#include "event_correlator_test.moc"
