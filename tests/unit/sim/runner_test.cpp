#include <QtTest>

#include <atomic>
#include <cmath>
#include <limits>
#include <mutex>
#include <thread>
#include <vector>

#include "sim/runner.h"
#include "sim_test.h"

using namespace pilothouse;
using namespace pilothouse::sim;
using namespace std::chrono_literals;

void SimTest::scaledSpeed_data() {
    QTest::addColumn<double>("speed");
    QTest::addColumn<qint64>("wallMs");
    QTest::addColumn<qint64>("virtualUs");
    QTest::newRow("10x: 100 ms wall -> 1 s") << 10.0 << qint64(100) << qint64(1'000'000);
    QTest::newRow("1x") << 1.0 << qint64(250) << qint64(250'000);
    QTest::newRow("0.1x slow motion") << 0.1 << qint64(1000) << qint64(100'000);
    QTest::newRow("0.5x") << 0.5 << qint64(16) << qint64(8'000);
    QTest::newRow("1000x") << 1000.0 << qint64(16) << qint64(16'000'000);
}

void SimTest::scaledSpeed() {
    QFETCH(double, speed);
    QFETCH(qint64, wallMs);
    QFETCH(qint64, virtualUs);
    EventLoop loop;
    Runner runner(loop);
    QVERIFY(runner.setScaled(speed).isOk());
    QCOMPARE(runner.mode(), RunMode::Scaled);
    QCOMPARE(runner.speed(), speed);
    runner.advance(std::chrono::milliseconds(wallMs));
    QCOMPARE(loop.elapsed(), Duration(std::chrono::microseconds(virtualUs)));
    // Twice as much wall time later, three times as much virtual time in total.
    runner.advance(std::chrono::milliseconds(2 * wallMs));
    QCOMPARE(loop.elapsed(), Duration(std::chrono::microseconds(3 * virtualUs)));
    QCOMPARE(scaleWallToVirtual(std::chrono::milliseconds(wallMs), speed),
             Duration(std::chrono::microseconds(virtualUs)));
}

void SimTest::scaledRunsOnlyDueEvents() {
    EventLoop loop;
    Runner runner(loop);
    std::vector<int> ran;
    loop.schedule(999ms, "a", [&] { ran.push_back(999); });
    loop.schedule(1s, "b", [&] { ran.push_back(1000); });
    loop.schedule(1001ms, "c", [&] { ran.push_back(1001); });
    QVERIFY(runner.setScaled(10).isOk());
    const AdvanceResult r = runner.advance(100ms);
    QCOMPARE(r.eventsRun, uint64_t{2});
    QVERIFY(!r.behind);
    QCOMPARE(ran, (std::vector<int>{999, 1000}));
    QCOMPARE(loop.elapsed(), Duration(1s));
    runner.advance(1ms);  // +10 ms virtual
    QCOMPARE(ran, (std::vector<int>{999, 1000, 1001}));
    QCOMPARE(loop.elapsed(), Duration(1010ms));
}

void SimTest::realTimeIsScaledOne() {
    EventLoop loop;
    Runner runner(loop);
    QVERIFY(runner.setScaled(50).isOk());
    runner.setRealTime();
    QCOMPARE(runner.mode(), RunMode::RealTime);
    QCOMPARE(runner.speed(), 1.0);
    runner.advance(300ms);
    QCOMPARE(loop.elapsed(), Duration(300ms));
    QVERIFY(runner.setMode(RunMode::Scaled, 2.0).isOk());
    runner.advance(300ms);
    QCOMPARE(loop.elapsed(), Duration(900ms));
    QCOMPARE(QString(runModeName(runner.mode())), QString("Scaled"));
}

void SimTest::pausedAdvancesNothing() {
    EventLoop loop;
    Runner runner(loop);
    QCOMPARE(runner.mode(), RunMode::Paused);  // the initial mode
    int ran = 0;
    int posted = 0;
    loop.schedule(0ms, "due-now", [&] { ++ran; });
    loop.schedule(1ms, "soon", [&] { ++ran; });
    runner.post([&] { ++posted; });
    const AdvanceResult r = runner.advance(10s);
    QCOMPARE(r.eventsRun, uint64_t{0});
    QCOMPARE(ran, 0);
    QCOMPARE(loop.elapsed(), Duration::zero());
    QVERIFY(!runner.step());  // Paused is frozen: stepping needs Stepping mode
    QCOMPARE(ran, 0);
    QCOMPARE(posted, 1);  // posted work still runs while paused
    QCOMPARE(r.postedRun, uint64_t{1});

    // Pausing from Scaled stops time too, and resuming does not catch up on the pause.
    QVERIFY(runner.setScaled(1).isOk());
    runner.advance(10ms);
    QCOMPARE(loop.elapsed(), Duration(10ms));
    QCOMPARE(ran, 2);
    runner.pause();
    runner.advance(5s);
    QCOMPARE(loop.elapsed(), Duration(10ms));
    QVERIFY(runner.setScaled(1).isOk());
    runner.advance(1ms);
    QCOMPARE(loop.elapsed(), Duration(11ms));
}

void SimTest::steppingRunsOneEventPerStep() {
    EventLoop loop;
    Runner runner(loop);
    std::vector<int> ran;
    for (int i = 0; i < 3; ++i) loop.schedule(1s * i, "e", [&ran, i] { ran.push_back(i); });
    runner.setStepping();
    QCOMPARE(runner.advance(1h).eventsRun, uint64_t{0});  // wall time does not move it
    QVERIFY(ran.empty());
    QVERIFY(runner.step());
    QCOMPARE(ran, (std::vector<int>{0}));
    QCOMPARE(loop.elapsed(), Duration::zero());
    QVERIFY(runner.step());
    QCOMPARE(ran, (std::vector<int>{0, 1}));
    QCOMPARE(loop.elapsed(), Duration(1s));
    QVERIFY(runner.step());
    QVERIFY(!runner.step());  // none left
    QCOMPARE(ran, (std::vector<int>{0, 1, 2}));
    QCOMPARE(loop.elapsed(), Duration(2s));
    QCOMPARE(loop.executedCount(), uint64_t{3});
}

void SimTest::asFastAsPossibleRespectsCap() {
    EventLoop loop;
    Runner::Options opts;
    opts.maxEventsPerAdvance = 4;
    Runner runner(loop, opts);
    int ran = 0;
    for (int i = 0; i < 10; ++i) loop.schedule(1h * i, "e", [&] { ++ran; });
    runner.setAsFastAsPossible();
    AdvanceResult r = runner.advance(0ms);  // wall time is irrelevant
    QCOMPARE(r.eventsRun, uint64_t{4});
    QVERIFY(r.behind);
    QCOMPARE(ran, 4);
    QCOMPARE(loop.elapsed(), Duration(3h));  // jumped to the 4th event
    r = runner.advance(0ms);
    QCOMPARE(ran, 8);
    r = runner.advance(0ms);
    QCOMPARE(r.eventsRun, uint64_t{2});
    QVERIFY(!r.behind);
    QCOMPARE(ran, 10);
    QCOMPARE(loop.elapsed(), Duration(9h));
    QCOMPARE(runner.advance(1s).eventsRun, uint64_t{0});  // idle: time does not move
    QCOMPARE(loop.elapsed(), Duration(9h));
}

void SimTest::scaledCapCarriesBacklog() {
    EventLoop loop;
    Runner::Options opts;
    opts.maxEventsPerAdvance = 3;
    opts.maxCatchUp = 1s;
    Runner runner(loop, opts);
    int ran = 0;
    for (int i = 1; i <= 10; ++i) loop.schedule(10ms * i, "e", [&] { ++ran; });
    QVERIFY(runner.setScaled(1).isOk());
    AdvanceResult r = runner.advance(100ms);  // 10 events due, only 3 may run
    QCOMPARE(r.eventsRun, uint64_t{3});
    QVERIFY(r.behind);
    QCOMPARE(loop.elapsed(), Duration(30ms));  // the clock waits at the last event run
    r = runner.advance(0ms);                   // the backlog continues without new wall time
    QCOMPARE(r.eventsRun, uint64_t{3});
    QCOMPARE(loop.elapsed(), Duration(60ms));
    r = runner.advance(0ms);
    r = runner.advance(0ms);
    QCOMPARE(ran, 10);
    QVERIFY(!r.behind);
    QCOMPARE(loop.elapsed(), Duration(100ms));  // reached the target

    // A backlog larger than maxCatchUp is dropped: the simulation slows down instead.
    EventLoop busy;
    Runner::Options small;
    small.maxEventsPerAdvance = 1;
    small.maxCatchUp = 20ms;
    Runner slow(busy, small);
    for (int i = 1; i <= 100; ++i) busy.schedule(1ms * i, "e", [] {});
    QVERIFY(slow.setScaled(1).isOk());
    slow.advance(100ms);
    QCOMPARE(busy.elapsed(), Duration(1ms));
    slow.advance(0ms);  // target clamped to now + 20ms: still one event
    QCOMPARE(busy.elapsed(), Duration(2ms));
    for (int i = 0; i < 30; ++i) slow.advance(0ms);
    // Without the clamp the 100 ms target would let these 30 calls run 30 more events (32 in
    // all). With it the target was cut to 21 ms (2nd call: 1 ms + 20 ms), so the events due up to
    // 21 ms run and then the backlog is gone.
    QCOMPARE(busy.executedCount(), uint64_t{21});
    QCOMPARE(busy.elapsed(), Duration(21ms));
}

void SimTest::outOfRangeSpeedRejected_data() {
    QTest::addColumn<double>("speed");
    QTest::newRow("zero") << 0.0;
    QTest::newRow("negative") << -1.0;
    QTest::newRow("just below 0.1") << 0.099;
    QTest::newRow("just above 1000") << 1000.5;
    QTest::newRow("huge") << 1e9;
    QTest::newRow("NaN") << std::numeric_limits<double>::quiet_NaN();
    QTest::newRow("infinity") << std::numeric_limits<double>::infinity();
}

void SimTest::outOfRangeSpeedRejected() {
    QFETCH(double, speed);
    EventLoop loop;
    Runner runner(loop);
    QVERIFY(runner.setScaled(4).isOk());
    const Status s = runner.setScaled(speed);
    QCOMPARE(s.code(), StatusCode::InvalidArgument);
    QVERIFY2(s.message().find("0.1x") != std::string::npos &&
                 s.message().find("1000x") != std::string::npos,
             s.message().c_str());
    QCOMPARE(runner.setMode(RunMode::Scaled, speed).code(), StatusCode::InvalidArgument);
    QCOMPARE(validateSpeed(speed).code(), StatusCode::InvalidArgument);
    // Mode and speed unchanged.
    QCOMPARE(runner.mode(), RunMode::Scaled);
    QCOMPARE(runner.speed(), 4.0);
    // The limits themselves are accepted.
    QVERIFY(runner.setScaled(kMinSpeed).isOk());
    QVERIFY(runner.setScaled(kMaxSpeed).isOk());
}

void SimTest::postFromOtherThreadsRunsInOrder() {
    EventLoop loop;
    Runner runner(loop);
    runner.pause();
    constexpr int kThreads = 4;
    constexpr int kPerThread = 500;
    std::vector<std::pair<int, int>> seen;  // touched only on this (the loop's) thread
    std::vector<Time> times;
    const std::thread::id loopThread = std::this_thread::get_id();
    std::atomic<bool> wrongThread{false};
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
        threads.emplace_back([&, t] {
            for (int i = 0; i < kPerThread; ++i) {
                runner.post([&, t, i] {
                    if (std::this_thread::get_id() != loopThread)
                        wrongThread = true;
                    seen.emplace_back(t, i);
                    times.push_back(loop.now());
                });
            }
        });
    }
    // Drive the loop meanwhile, as a GUI timer would.
    QVERIFY(runner.setScaled(1).isOk());
    int spins = 0;
    while (seen.size() < size_t(kThreads * kPerThread) && spins++ < 100000) {
        runner.advance(1ms);
        if (seen.size() < size_t(kThreads * kPerThread))
            std::this_thread::yield();
    }
    for (auto& th : threads) th.join();
    runner.runPosted();
    QCOMPARE(seen.size(), size_t(kThreads * kPerThread));
    QVERIFY(!wrongThread);
    // Each thread's posts ran in the order it made them.
    std::vector<int> nextOf(kThreads, 0);
    for (const auto& [t, i] : seen) {
        QCOMPARE(i, nextOf[t]);
        ++nextOf[t];
    }
    QVERIFY(std::is_sorted(times.begin(), times.end()));
    QCOMPARE(runner.postedPending(), size_t{0});

    // From a single thread, the global order is the posting order.
    std::vector<int> order;
    for (int i = 0; i < 100; ++i) runner.post([&order, i] { order.push_back(i); });
    QCOMPARE(runner.postedPending(), size_t{100});
    QCOMPARE(runner.runPosted(), uint64_t{100});
    for (int i = 0; i < 100; ++i) QCOMPARE(order[i], i);
}

void SimTest::runInThread() {
    EventLoop loop;
    Runner runner(loop);
    runner.setAsFastAsPossible();
    std::atomic<int> ran{0};
    std::atomic<bool> offThread{true};
    const std::thread::id testThread = std::this_thread::get_id();
    // Events scheduled before the thread starts; afterwards the loop is reached through post().
    for (int i = 0; i < 100; ++i) loop.schedule(1s * i, "e", [&] { ++ran; });
    QVERIFY(runner.runInThread().isOk());
    QCOMPARE(runner.runInThread().code(), StatusCode::FailedPrecondition);
    QVERIFY(runner.threadRunning());
    QVERIFY(!runner.onLoopThread());
    // advance()/step() from another thread are ignored while the thread drives the loop.
    QCOMPARE(runner.advance(1s).eventsRun, uint64_t{0});

    std::mutex mu;
    std::vector<int> order;
    for (int i = 0; i < 50; ++i) {
        runner.post([&, i] {
            if (std::this_thread::get_id() == testThread)
                offThread = false;
            loop.schedule(0ms, "posted", [&, i] {
                std::lock_guard lk(mu);
                order.push_back(i);
            });
        });
    }
    QTRY_COMPARE_WITH_TIMEOUT(ran.load(), 100, 10000);
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
            std::lock_guard lk(mu);
            return order.size() == 50;
        }(),
        10000);
    QVERIFY(offThread);
    {
        std::lock_guard lk(mu);
        for (int i = 0; i < 50; ++i) QCOMPARE(order[i], i);
    }

    // Real time in the thread: virtual time follows the wall clock.
    runner.setRealTime();
    std::atomic<int64_t> t0{0}, t1{0};
    runner.post([&] { t0 = loop.elapsed().count(); });
    QTRY_VERIFY_WITH_TIMEOUT(t0.load() != 0, 5000);
    std::this_thread::sleep_for(200ms);
    runner.post([&] { t1 = loop.elapsed().count(); });
    QTRY_VERIFY_WITH_TIMEOUT(t1.load() != 0, 5000);
    const Duration advanced{t1.load() - t0.load()};
    QVERIFY2(advanced >= 150ms && advanced <= 2s, sim::formatDuration(advanced).c_str());

    // Stepping in the thread: requestStep() runs exactly one event each.
    runner.setStepping();
    std::atomic<int> stepped{0};
    runner.post([&] {
        loop.schedule(1s, "s", [&] { ++stepped; });
        loop.schedule(2s, "s", [&] { ++stepped; });
    });
    runner.requestStep();
    QTRY_COMPARE_WITH_TIMEOUT(stepped.load(), 1, 5000);
    std::this_thread::sleep_for(50ms);
    QCOMPARE(stepped.load(), 1);
    runner.requestStep();
    QTRY_COMPARE_WITH_TIMEOUT(stepped.load(), 2, 5000);

    runner.stop();
    QVERIFY(!runner.threadRunning());
    runner.stop();  // idempotent
    // After stop the caller drives again.
    loop.schedule(1ms, "after", [&] { ++ran; });
    runner.setAsFastAsPossible();
    QCOMPARE(runner.advance(0ms).eventsRun, uint64_t{1});
    QCOMPARE(ran.load(), 101);
}
