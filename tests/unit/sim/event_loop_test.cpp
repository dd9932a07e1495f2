#include <QtTest>

#include <memory>
#include <string>
#include <vector>

#include "sim/event_loop.h"
#include "sim/random.h"
#include "sim_test.h"

using namespace pilothouse;
using namespace pilothouse::sim;
using namespace std::chrono_literals;

namespace {

// Schedules an event that appends `name` to *order.
EventId record(EventLoop& loop, Duration delay, std::string name, std::vector<std::string>* order) {
    return loop.schedule(delay, name, [order, name] { order->push_back(name); });
}

std::string join(const std::vector<std::string>& v) {
    std::string out;
    for (const auto& s : v) out += (out.empty() ? "" : ",") + s;
    return out;
}

// A workload whose events schedule events with random delays (whole milliseconds, so many land on
// the same time and the tie order matters) and cancel random pending ones.
class Scenario {
public:
    explicit Scenario(uint64_t seed)
        : loop_(EventLoop::Options{kDefaultEpoch, 100'000}),
          spawnRng_(Random(seed).fork("workload")),
          cancelRng_(Random(seed).fork("chaos")) {}

    std::string run() {
        for (int i = 0; i < 5; ++i) spawn("pod-" + std::to_string(i), 0);
        auto n = loop_.runUntilIdle(100'000);
        if (!n.isOk())
            return "error: " + n.status().message();
        return loop_.eventLogText();
    }
    uint64_t executed() const { return loop_.executedCount(); }

private:
    void spawn(const std::string& name, int depth) {
        const Duration delay = std::chrono::milliseconds(spawnRng_.uniformInt(5));
        const EventId id =
            loop_.schedule(delay, "workload/" + name, "sync depth " + std::to_string(depth),
                           [this, name, depth] { onSync(name, depth); });
        pending_.push_back(id);
    }
    void onSync(const std::string& name, int depth) {
        if (budget_-- <= 0)
            return;
        const uint64_t children = 1 + spawnRng_.uniformInt(2);  // 1 or 2: grows until the budget
        for (uint64_t c = 0; c < children; ++c) spawn(name + "." + std::to_string(c), depth + 1);
        if (cancelRng_.bernoulli(0.3) && !pending_.empty()) {
            const EventId victim = pending_[cancelRng_.uniformInt(pending_.size())];
            if (loop_.cancel(victim)) {
                loop_.schedule(0ms, "chaos", "cancelled #" + std::to_string(victim), [] {});
            }
        }
    }

    EventLoop loop_;
    Random spawnRng_;
    Random cancelRng_;
    std::vector<EventId> pending_;
    int budget_ = 400;
};

}  // namespace

void SimTest::orderedByTime_data() {
    QTest::addColumn<QList<int>>("delaysMs");  // event i is named "e<i>"
    QTest::addColumn<QString>("expected");
    QTest::newRow("ascending") << QList<int>{1, 2, 3} << "e0,e1,e2";
    QTest::newRow("descending") << QList<int>{3, 2, 1} << "e2,e1,e0";
    QTest::newRow("mixed") << QList<int>{5, 0, 9, 2} << "e1,e3,e0,e2";
    QTest::newRow("ties keep insertion order") << QList<int>{4, 1, 4, 1, 4} << "e1,e3,e0,e2,e4";
    QTest::newRow("all at zero") << QList<int>{0, 0, 0} << "e0,e1,e2";
}

void SimTest::orderedByTime() {
    QFETCH(QList<int>, delaysMs);
    QFETCH(QString, expected);
    EventLoop loop;
    std::vector<std::string> order;
    std::vector<Time> times;
    for (int i = 0; i < delaysMs.size(); ++i) {
        const std::string name = "e" + std::to_string(i);
        loop.schedule(std::chrono::milliseconds(delaysMs[i]), name, [&, name] {
            order.push_back(name);
            times.push_back(loop.now());
        });
    }
    auto n = loop.runUntilIdle();
    QVERIFY(n.isOk());
    QCOMPARE(*n, uint64_t(delaysMs.size()));
    QCOMPARE(QString::fromStdString(join(order)), expected);
    // The clock was at each event's time while it ran, and never went back.
    QVERIFY(std::is_sorted(times.begin(), times.end()));
    int maxDelay = *std::max_element(delaysMs.begin(), delaysMs.end());
    QCOMPARE(loop.now(), kDefaultEpoch + std::chrono::milliseconds(maxDelay));
}

void SimTest::tiesRunInInsertionOrder() {
    EventLoop loop;
    std::vector<std::string> order;
    // 50 events at the same instant, scheduled in a shuffled-looking order of names.
    std::vector<std::string> names;
    for (int i = 0; i < 50; ++i) names.push_back("n" + std::to_string((i * 37) % 50));
    std::vector<EventId> ids;
    for (const auto& n : names) ids.push_back(record(loop, 10ms, n, &order));
    QVERIFY(std::is_sorted(ids.begin(), ids.end()));  // ids are the sequence numbers
    QVERIFY(loop.runUntilIdle().isOk());
    QCOMPARE(order, names);
    // The log carries the sequence numbers in the order run.
    QCOMPARE(loop.eventLog().size(), size_t{50});
    for (size_t i = 0; i < 50; ++i) QCOMPARE(loop.eventLog()[i].seq, ids[i]);
}

void SimTest::eventAtNowFromCallbackRunsAfterPendingOnes() {
    EventLoop loop;
    std::vector<std::string> order;
    loop.schedule(1ms, "a", [&] {
        order.push_back("a");
        record(loop, 0ms, "a-child", &order);  // same time as b and c, scheduled after them
    });
    record(loop, 1ms, "b", &order);
    record(loop, 1ms, "c", &order);
    record(loop, 2ms, "d", &order);
    QVERIFY(loop.runUntilIdle().isOk());
    QCOMPARE(QString::fromStdString(join(order)), QString("a,b,c,a-child,d"));
}

void SimTest::cancel() {
    EventLoop loop;
    std::vector<std::string> order;
    record(loop, 1ms, "keep1", &order);
    const EventId gone = record(loop, 2ms, "gone", &order);
    record(loop, 3ms, "keep2", &order);
    QVERIFY(loop.isPending(gone));
    QCOMPARE(loop.pendingCount(), size_t{3});
    QVERIFY(loop.cancel(gone));
    QVERIFY(!loop.isPending(gone));
    QVERIFY(!loop.cancel(gone));  // twice: already gone
    QVERIFY(!loop.cancel(kInvalidEventId));
    QVERIFY(!loop.cancel(12345));
    QCOMPARE(loop.pendingCount(), size_t{2});
    QVERIFY(loop.runUntilIdle().isOk());
    QCOMPARE(QString::fromStdString(join(order)), QString("keep1,keep2"));
    QCOMPARE(loop.executedCount(), uint64_t{2});
    // An event that already ran cannot be cancelled.
    const EventId ran = record(loop, 0ms, "ran", &order);
    QVERIFY(loop.runOne());
    QVERIFY(!loop.cancel(ran));
    // The cancelled event is not in the log.
    for (const auto& r : loop.eventLog()) QVERIFY(r.label != "gone");
}

void SimTest::cancelFromInsideCallback() {
    EventLoop loop;
    std::vector<std::string> order;
    EventId timeout = kInvalidEventId;
    EventId self = kInvalidEventId;
    self = loop.schedule(1ms, "reply", [&] {
        order.push_back("reply");
        QVERIFY(loop.cancel(timeout));  // the reply came first: drop the timeout
        QVERIFY(!loop.cancel(self));    // a running event is no longer pending
    });
    timeout = record(loop, 5ms, "timeout", &order);
    QVERIFY(loop.runUntilIdle().isOk());
    QCOMPARE(QString::fromStdString(join(order)), QString("reply"));
    QCOMPARE(loop.now(), kDefaultEpoch + 1ms);
}

void SimTest::runOneStepsExactlyOneEvent() {
    EventLoop loop;
    std::vector<std::string> order;
    record(loop, 3ms, "x", &order);
    record(loop, 3ms, "y", &order);  // same time: a step still runs only one
    record(loop, 7ms, "z", &order);
    QVERIFY(loop.runOne());
    QCOMPARE(QString::fromStdString(join(order)), QString("x"));
    QCOMPARE(loop.now(), kDefaultEpoch + 3ms);
    QCOMPARE(loop.pendingCount(), size_t{2});
    QVERIFY(loop.runOne());
    QCOMPARE(QString::fromStdString(join(order)), QString("x,y"));
    QVERIFY(loop.runOne());
    QCOMPARE(QString::fromStdString(join(order)), QString("x,y,z"));
    QCOMPARE(loop.now(), kDefaultEpoch + 7ms);
    QVERIFY(!loop.runOne());  // nothing left; the clock stays
    QCOMPARE(loop.now(), kDefaultEpoch + 7ms);
    QCOMPARE(loop.executedCount(), uint64_t{3});
}

void SimTest::runUntilStopsAtTimeAndSetsClock() {
    EventLoop loop;
    std::vector<std::string> order;
    record(loop, 10ms, "t10", &order);
    record(loop, 20ms, "t20", &order);
    record(loop, 30ms, "t30", &order);
    // An event scheduled while running that is still due is run too; one past the target is not.
    loop.schedule(15ms, "t15", [&] {
        order.push_back("t15");
        record(loop, 2ms, "t17", &order);
        record(loop, 10ms, "t25", &order);
    });

    QCOMPARE(loop.runUntil(kDefaultEpoch + 20ms), uint64_t{4});  // inclusive of t == 20ms
    QCOMPARE(QString::fromStdString(join(order)), QString("t10,t15,t17,t20"));
    QCOMPARE(loop.now(), kDefaultEpoch + 20ms);

    QCOMPARE(loop.runUntil(kDefaultEpoch + 24ms), uint64_t{0});
    QCOMPARE(loop.now(), kDefaultEpoch + 24ms);  // moved to the target with nothing to run
    QCOMPARE(loop.pendingCount(), size_t{2});
    QCOMPARE(loop.nextEventTime().value(), kDefaultEpoch + 25ms);

    QCOMPARE(loop.runUntil(kDefaultEpoch + 1ms), uint64_t{0});  // the past: nothing, no change
    QCOMPARE(loop.now(), kDefaultEpoch + 24ms);

    QCOMPARE(loop.runUntil(kDefaultEpoch + 100ms), uint64_t{2});
    QCOMPARE(QString::fromStdString(join(order)), QString("t10,t15,t17,t20,t25,t30"));
    QCOMPARE(loop.now(), kDefaultEpoch + 100ms);
}

void SimTest::runUntilCapStopsEarly() {
    EventLoop loop;
    std::vector<std::string> order;
    for (int i = 1; i <= 5; ++i)
        record(loop, std::chrono::milliseconds(i), "e" + std::to_string(i), &order);
    QCOMPARE(loop.runUntil(kDefaultEpoch + 1s, 2), uint64_t{2});
    QCOMPARE(QString::fromStdString(join(order)), QString("e1,e2"));
    QCOMPARE(loop.now(), kDefaultEpoch + 2ms);  // at the last event run, not the target
    QCOMPARE(loop.runUntil(kDefaultEpoch + 1s, 10), uint64_t{3});
    QCOMPARE(loop.now(), kDefaultEpoch + 1s);
}

void SimTest::runFor() {
    EventLoop loop;
    std::vector<std::string> order;
    record(loop, 500ms, "half", &order);
    record(loop, 1500ms, "later", &order);
    QCOMPARE(loop.runFor(1s), uint64_t{1});
    QCOMPARE(loop.elapsed(), Duration(1s));
    QCOMPARE(loop.runFor(1s), uint64_t{1});
    QCOMPARE(loop.elapsed(), Duration(2s));
    QCOMPARE(QString::fromStdString(join(order)), QString("half,later"));
}

void SimTest::runUntilIdleLimit() {
    EventLoop loop;
    int ticks = 0;
    std::function<void()> tick = [&] {
        ++ticks;
        loop.schedule(10s, "resync", tick);  // a periodic timer: never idle
    };
    loop.schedule(10s, "resync", tick);
    auto r = loop.runUntilIdle(100);
    QVERIFY(!r.isOk());
    QCOMPARE(r.status().code(), StatusCode::ResourceExhausted);
    QVERIFY2(r.status().message().find("runFor") != std::string::npos,
             r.status().message().c_str());
    QCOMPARE(ticks, 100);
    QCOMPARE(loop.elapsed(), Duration(1000s));

    EventLoop finite;
    for (int i = 0; i < 10; ++i) finite.schedule(1ms * i, "x", [] {});
    auto ok = finite.runUntilIdle(10);  // exactly at the limit and idle: fine
    QVERIFY(ok.isOk());
    QCOMPARE(*ok, uint64_t{10});
    QVERIFY(finite.idle());
}

void SimTest::pastTimesClampToNow() {
    EventLoop loop;
    loop.runFor(1s);
    std::vector<std::string> order;
    std::vector<Time> times;
    loop.scheduleAt(kDefaultEpoch + 2s, "future", [&] { order.push_back("future"); });
    loop.scheduleAt(kDefaultEpoch, "past", [&] {
        order.push_back("past");
        times.push_back(loop.now());
    });
    loop.schedule(-5s, "negative", [&] {
        order.push_back("negative");
        times.push_back(loop.now());
    });
    QVERIFY(loop.runUntilIdle().isOk());
    QCOMPARE(QString::fromStdString(join(order)), QString("past,negative,future"));
    QCOMPARE(times.size(), size_t{2});
    QCOMPARE(times[0], kDefaultEpoch + 1s);
    QCOMPARE(times[1], kDefaultEpoch + 1s);
}

void SimTest::loopIsNotReentrant() {
    EventLoop loop;
    std::vector<std::string> order;
    bool nestedRanOne = true;
    uint64_t nestedRanUntil = 99;
    bool sawRunning = false;
    loop.schedule(1ms, "outer", [&] {
        sawRunning = loop.running();
        nestedRanOne = loop.runOne();
        nestedRanUntil = loop.runUntil(loop.now() + 1s);
        auto idle = loop.runUntilIdle();
        QCOMPARE(idle.status().code(), StatusCode::FailedPrecondition);
        order.push_back("outer");
    });
    record(loop, 1ms, "inner", &order);
    QVERIFY(loop.runOne());
    QVERIFY(sawRunning);
    QVERIFY(!loop.running());
    QVERIFY(!nestedRanOne);
    QCOMPARE(nestedRanUntil, uint64_t{0});
    QCOMPARE(QString::fromStdString(join(order)), QString("outer"));
    QCOMPARE(loop.now(), kDefaultEpoch + 1ms);
}

void SimTest::nextEventPreview() {
    EventLoop loop;
    QVERIFY(!loop.nextEvent().has_value());
    QVERIFY(!loop.nextEventTime().has_value());
    loop.schedule(5ms, "kubelet/node-1", "start container web", [] {});
    const EventId first = loop.schedule(2ms, "scheduler", "bind web-0", [] {});
    auto next = loop.nextEvent();
    QVERIFY(next.has_value());
    QCOMPARE(next->id, first);
    QCOMPARE(next->time, kDefaultEpoch + 2ms);
    QCOMPARE(next->label, std::string("scheduler"));
    QCOMPARE(next->description, std::string("bind web-0"));
    QCOMPARE(loop.executedCount(), uint64_t{0});  // peeking runs nothing
}

void SimTest::determinismSameSeedSameLog() {
    Scenario a(1), b(1), c(2);
    const std::string logA = a.run();
    const std::string logB = b.run();
    const std::string logC = c.run();
    QVERIFY2(logA.rfind("error", 0) != 0, logA.c_str());
    QVERIFY2(a.executed() > 100, qPrintable(QString::number(a.executed())));
    QVERIFY(logA.find("chaos: cancelled #") != std::string::npos);  // cancellation exercised
    QCOMPARE(logA.size(), logB.size());
    QVERIFY(logA == logB);  // byte-identical
    QVERIFY(logA != logC);
}

void SimTest::eventLogFormat() {
    EventLoop loop;
    loop.schedule(2ms, "scheduler", "bind default/web-0 to node-1", [] {});
    loop.schedule(1500ms, "kubelet/node-1", [] {});
    QVERIFY(loop.runUntilIdle().isOk());
    QCOMPARE(QString::fromStdString(loop.eventLogText()),
             QString("+0.002000000 #1 scheduler: bind default/web-0 to node-1\n"
                     "+1.500000000 #2 kubelet/node-1\n"));
    const EventRecord& r = loop.eventLog().front();
    QCOMPARE(r.time, kDefaultEpoch + 2ms);
    QCOMPARE(r.seq, uint64_t{1});
    QCOMPARE(r.label, std::string("scheduler"));

    // Times are relative to the loop's own epoch.
    auto epoch = sim::parseRfc3339("2026-01-01T00:00:00Z");
    QVERIFY(epoch.isOk());
    EventLoop other(EventLoop::Options{*epoch, 10});
    other.schedule(3s, "x", [] {});
    other.runOne();
    QCOMPARE(QString::fromStdString(other.eventLogText()), QString("+3.000000000 #1 x\n"));
    QCOMPARE(other.clock().nowRfc3339(), std::string("2026-01-01T00:00:03Z"));
}

void SimTest::eventLogCap() {
    EventLoop loop(EventLoop::Options{kDefaultEpoch, 3});
    std::vector<EventRecord> sunk;
    loop.setLogSink([&](const EventRecord& r) { sunk.push_back(r); });
    for (int i = 0; i < 10; ++i)
        loop.schedule(std::chrono::milliseconds(i), "e" + std::to_string(i), [] {});
    QVERIFY(loop.runUntilIdle().isOk());
    QCOMPARE(loop.logCapacity(), size_t{3});
    QCOMPARE(loop.eventLog().size(), size_t{3});
    QCOMPARE(loop.droppedLogRecords(), uint64_t{7});
    QCOMPARE(loop.eventLog()[0].label, std::string("e7"));
    QCOMPARE(loop.eventLog()[2].label, std::string("e9"));
    QCOMPARE(sunk.size(), size_t{10});  // the sink saw everything
    QCOMPARE(sunk.front().label, std::string("e0"));
    QCOMPARE(sunk.back(), loop.eventLog().back());

    loop.setLogCapacity(1);
    QCOMPARE(loop.eventLog().size(), size_t{1});
    QCOMPARE(loop.eventLog()[0].label, std::string("e9"));
    QCOMPARE(loop.droppedLogRecords(), uint64_t{9});

    loop.setLogCapacity(0);
    loop.setLogSink(nullptr);
    loop.schedule(0ms, "unlogged", [] {});
    QVERIFY(loop.runOne());
    QVERIFY(loop.eventLog().empty());
    QCOMPARE(sunk.size(), size_t{10});  // sink removed

    loop.clearLog();
    QCOMPARE(loop.droppedLogRecords(), uint64_t{0});
    QCOMPARE(loop.eventLogText(), std::string());
}
