// Watches: order and content of events, resuming from a revision (catch-up from history, then
// live), prefix filtering, Gone after compaction, the bounded queue that closes a slow watcher,
// notify callbacks, and shutdown. Every behavior runs against ":memory:" and a file.
#include <QTest>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "store_test_support.h"

using namespace pilothouse;
using namespace pilothouse::store;
using namespace pilothouse::store::testing;
using namespace std::chrono_literals;

namespace {

// Drains a watch until `count` events arrived or `deadline` passed; stops at a closing status.
struct Drained {
    std::vector<WatchEvent> events;
    Status closedWith;
};
Drained drain(Watch& watch, size_t count, size_t maxEvents = 1024,
              std::chrono::milliseconds deadline = 10s) {
    Drained out;
    const auto until = std::chrono::steady_clock::now() + deadline;
    while (out.events.size() < count && std::chrono::steady_clock::now() < until) {
        StatusOr<std::vector<WatchEvent>> batch = watch.next(100ms, maxEvents);
        if (!batch.isOk()) {
            out.closedWith = batch.status();
            break;
        }
        if (batch->size() > maxEvents) {
            out.closedWith = Status(StatusCode::Internal, "batch larger than maxEvents");
            break;
        }
        for (WatchEvent& e : *batch) out.events.push_back(std::move(e));
    }
    return out;
}

std::string key(int i) {
    return "/w/" + std::to_string(i);
}

}  // namespace

class StoreWatchTest : public QObject {
    Q_OBJECT

private slots:
    void eventsInOrder_data() { addBackendRows(); }
    void eventsInOrder() {
        QFETCH(bool, onFile);
        auto ts = makeStore(onFile);
        QVERIFY(ts->store);
        Store& s = *ts->store;
        PH_QVERIFY_OK(s.create("/w/before", "b"));  // 1: before the watch, not delivered
        StatusOr<std::unique_ptr<Watch>> w = s.watch("/w/", s.currentRevision());
        PH_QVERIFY_OK(w);
        QCOMPARE((*w)->lastRevision(), 1);

        PH_QVERIFY_OK(s.create("/w/a", "1"));     // 2
        PH_QVERIFY_OK(s.update("/w/a", "2", 2));  // 3
        PH_QVERIFY_OK(s.remove("/w/a", 3));       // 4
        PH_QVERIFY_OK(s.create("/w/a", "3"));     // 5

        Drained d = drain(**w, 4);
        PH_QVERIFY_OK(d.closedWith);
        QCOMPARE(d.events.size(), size_t(4));
        const EventType types[] = {EventType::Added, EventType::Modified, EventType::Deleted,
                                   EventType::Added};
        const char* values[] = {"1", "2", "2", "3"};
        for (size_t i = 0; i < 4; ++i) {
            QCOMPARE(d.events[i].type, types[i]);
            QCOMPARE(d.events[i].revision, int64_t(i + 2));
            QCOMPARE(d.events[i].kv.modRevision, int64_t(i + 2));
            QCOMPARE(d.events[i].kv.key, std::string("/w/a"));
            QCOMPARE(d.events[i].kv.value, std::string(values[i]));
        }
        QCOMPARE(d.events[2].kv.createRevision, 2);
        QCOMPARE((*w)->lastRevision(), 5);
    }

    void nothingReadyTimesOut_data() { addBackendRows(); }
    void nothingReadyTimesOut() {
        QFETCH(bool, onFile);
        auto ts = makeStore(onFile);
        QVERIFY(ts->store);
        StatusOr<std::unique_ptr<Watch>> w = ts->store->watch("/w/", 0);
        PH_QVERIFY_OK(w);
        const auto start = std::chrono::steady_clock::now();
        StatusOr<std::vector<WatchEvent>> none = (*w)->next(80ms);
        PH_QVERIFY_OK(none);  // nothing in time: OK and empty, not an error
        QVERIFY(none->empty());
        QVERIFY(std::chrono::steady_clock::now() - start >= 70ms);
        StatusOr<std::vector<WatchEvent>> immediate = (*w)->next(0ms);
        PH_QVERIFY_OK(immediate);
        QVERIFY(immediate->empty());
        // A write from another thread wakes a waiting consumer well before its timeout.
        std::thread writer([&] {
            std::this_thread::sleep_for(50ms);
            (void)ts->store->create("/w/x", "1");
        });
        const auto waitStart = std::chrono::steady_clock::now();
        StatusOr<std::vector<WatchEvent>> woke = (*w)->next(5s);
        writer.join();
        PH_QVERIFY_OK(woke);
        QCOMPARE(woke->size(), size_t(1));
        QVERIFY(std::chrono::steady_clock::now() - waitStart < 4s);
    }

    // Resuming from a past revision: first the history, then live events, with no gap or
    // duplicate where they meet, in pages no larger than maxEvents.
    void resumeFromRevision_data() {
        addBackendColumn();
        QTest::addColumn<int>("maxEvents");
        for (bool onFile : {false, true}) {
            for (int maxEvents : {1, 3, 1024}) {
                QTest::addRow("%s/max%d", backendName(onFile), maxEvents) << onFile << maxEvents;
            }
        }
    }
    void resumeFromRevision() {
        QFETCH(bool, onFile);
        QFETCH(int, maxEvents);
        auto ts = makeStore(onFile);
        QVERIFY(ts->store);
        Store& s = *ts->store;
        for (int i = 1; i <= 10; ++i) PH_QVERIFY_OK(s.create(key(i), std::to_string(i)));
        StatusOr<std::unique_ptr<Watch>> w = s.watch("/w/", 4);
        PH_QVERIFY_OK(w);
        QCOMPARE((*w)->lastRevision(), 4);
        // Live writes land while the watcher still has history to catch up on.
        for (int i = 11; i <= 15; ++i) PH_QVERIFY_OK(s.create(key(i), std::to_string(i)));

        Drained d = drain(**w, 11, size_t(maxEvents));
        PH_QVERIFY_OK(d.closedWith);
        QCOMPARE(d.events.size(), size_t(11));
        for (size_t i = 0; i < d.events.size(); ++i) {
            QCOMPARE(d.events[i].revision, int64_t(i + 5));
            QCOMPARE(d.events[i].kv.value, std::to_string(i + 5));
            QCOMPARE(d.events[i].type, EventType::Added);
        }
        StatusOr<std::vector<WatchEvent>> extra = (*w)->next(20ms);
        PH_QVERIFY_OK(extra);
        QVERIFY(extra->empty());
    }

    void prefixOnly_data() { addBackendRows(); }
    void prefixOnly() {
        QFETCH(bool, onFile);
        auto ts = makeStore(onFile);
        QVERIFY(ts->store);
        Store& s = *ts->store;
        PH_QVERIFY_OK(s.create("/a/1", "x"));   // 1 in
        PH_QVERIFY_OK(s.create("/ab/1", "x"));  // 2 out: shares "/a" but not "/a/"
        PH_QVERIFY_OK(s.create("/b/1", "x"));   // 3 out
        StatusOr<std::unique_ptr<Watch>> w = s.watch("/a/", 0);
        PH_QVERIFY_OK(w);
        StatusOr<std::unique_ptr<Watch>> everything = s.watch("", 0);
        PH_QVERIFY_OK(everything);
        PH_QVERIFY_OK(s.create("/b/2", "x"));  // 4 out
        PH_QVERIFY_OK(s.create("/a/2", "x"));  // 5 in
        PH_QVERIFY_OK(s.create("/a", "x"));    // 6 out: the prefix itself without the slash
        PH_QVERIFY_OK(s.remove("/a/1", 0));    // 7 in

        Drained d = drain(**w, 3);
        PH_QVERIFY_OK(d.closedWith);
        QCOMPARE(d.events.size(), size_t(3));
        QCOMPARE(d.events[0].kv.key, std::string("/a/1"));
        QCOMPARE(d.events[1].kv.key, std::string("/a/2"));
        QCOMPARE(d.events[2].kv.key, std::string("/a/1"));
        QCOMPARE(d.events[2].type, EventType::Deleted);
        StatusOr<std::vector<WatchEvent>> extra = (*w)->next(20ms);
        PH_QVERIFY_OK(extra);
        QVERIFY(extra->empty());

        Drained all = drain(**everything, 7);
        PH_QVERIFY_OK(all.closedWith);
        QCOMPARE(all.events.size(), size_t(7));
    }

    void startAheadOfStore_data() { addBackendRows(); }
    void startAheadOfStore() {
        QFETCH(bool, onFile);
        auto ts = makeStore(onFile);
        QVERIFY(ts->store);
        StatusOr<std::unique_ptr<Watch>> w = ts->store->watch("/w/", 3);
        PH_QVERIFY_OK(w);
        for (int i = 1; i <= 5; ++i) PH_QVERIFY_OK(ts->store->create(key(i), "x"));
        Drained d = drain(**w, 2);
        QCOMPARE(d.events.size(), size_t(2));
        QCOMPARE(d.events[0].revision, 4);
        QCOMPARE(d.events[1].revision, 5);
    }

    void goneAfterCompaction_data() { addBackendRows(); }
    void goneAfterCompaction() {
        QFETCH(bool, onFile);
        auto ts = makeStore(onFile);
        QVERIFY(ts->store);
        Store& s = *ts->store;
        for (int i = 1; i <= 10; ++i) PH_QVERIFY_OK(s.create(key(i), "x"));
        PH_QVERIFY_OK(s.compact(6));

        StatusOr<std::unique_ptr<Watch>> tooOld = s.watch("/w/", 5);
        PH_QCOMPARE_CODE(tooOld, StatusCode::OutOfRange);
        QCOMPARE(tooOld.status().message(), std::string("too old resource version: 5 (6)"));

        StatusOr<std::unique_ptr<Watch>> atCompacted = s.watch("/w/", 6);
        PH_QVERIFY_OK(atCompacted);
        Drained d = drain(**atCompacted, 4);
        PH_QVERIFY_OK(d.closedWith);
        QCOMPARE(d.events.size(), size_t(4));
        QCOMPARE(d.events.front().revision, 7);
    }

    // A compaction that overtakes a watcher still reading its history ends that watch with
    // Gone rather than silently skipping the compacted events.
    void compactionOvertakesCatchUp_data() { addBackendRows(); }
    void compactionOvertakesCatchUp() {
        QFETCH(bool, onFile);
        auto ts = makeStore(onFile);
        QVERIFY(ts->store);
        Store& s = *ts->store;
        for (int i = 1; i <= 100; ++i) PH_QVERIFY_OK(s.create(key(i), "x"));
        StatusOr<std::unique_ptr<Watch>> w = s.watch("/w/", 0);
        PH_QVERIFY_OK(w);
        StatusOr<std::vector<WatchEvent>> first = (*w)->next(0ms, 10);
        PH_QVERIFY_OK(first);
        QCOMPARE(first->size(), size_t(10));
        PH_QVERIFY_OK(s.compact(50));
        StatusOr<std::vector<WatchEvent>> next = (*w)->next(0ms, 10);
        PH_QCOMPARE_CODE(next, StatusCode::OutOfRange);
        QCOMPARE(next.status().message(), std::string("too old resource version: 10 (50)"));
        // The closing status sticks.
        PH_QCOMPARE_CODE((*w)->next(0ms), StatusCode::OutOfRange);
        QCOMPARE(ts->store->watcherCount(), size_t(0));
    }

    // The queue limit bounds live events only: a long backlog is read from the history page by
    // page and never queued.
    void catchUpIsNotQueued_data() { addBackendRows(); }
    void catchUpIsNotQueued() {
        QFETCH(bool, onFile);
        auto ts = makeStore(onFile, /*watchQueueLimit=*/10);
        QVERIFY(ts->store);
        for (int i = 1; i <= 1000; ++i) PH_QVERIFY_OK(ts->store->create(key(i), "x"));
        StatusOr<std::unique_ptr<Watch>> w = ts->store->watch("/w/", 0);
        PH_QVERIFY_OK(w);
        QCOMPARE(ts->store->queuedWatchEvents(), size_t(0));
        Drained d = drain(**w, 1000, 64);
        PH_QVERIFY_OK(d.closedWith);
        QCOMPARE(d.events.size(), size_t(1000));
        QCOMPARE(d.events.back().revision, 1000);
    }

    // A watcher that stops consuming is closed once its queue would exceed the limit, its queue
    // is freed, and a new watch from lastRevision() receives every event it had not seen.
    void slowWatcherClosedAndResumes_data() {
        addBackendColumn();
        QTest::addColumn<int>("consumedFirst");
        for (bool onFile : {false, true}) {
            for (int consumed : {0, 30}) {
                QTest::addRow("%s/consumed%d", backendName(onFile), consumed) << onFile << consumed;
            }
        }
    }
    void slowWatcherClosedAndResumes() {
        QFETCH(bool, onFile);
        QFETCH(int, consumedFirst);
        constexpr size_t kLimit = 100;
        auto ts = makeStore(onFile, kLimit);
        QVERIFY(ts->store);
        Store& s = *ts->store;
        PH_QVERIFY_OK(s.create("/w/start", "x"));  // 1
        StatusOr<std::unique_ptr<Watch>> w = s.watch("/w/", 1);
        PH_QVERIFY_OK(w);
        std::atomic<int> notified{0};
        (*w)->setNotify([&] { ++notified; });

        std::vector<WatchEvent> seen;
        int written = 0;
        for (; written < consumedFirst; ++written) {
            PH_QVERIFY_OK(s.create(key(written), std::to_string(written)));
        }
        Drained first = drain(**w, size_t(consumedFirst));
        QCOMPARE(first.events.size(), size_t(consumedFirst));
        seen = first.events;

        // Exactly the limit still fits...
        for (size_t i = 0; i < kLimit; ++i, ++written) {
            PH_QVERIFY_OK(s.create(key(written), std::to_string(written)));
        }
        QCOMPARE(ts->store->queuedWatchEvents(), kLimit);
        QCOMPARE(ts->store->watcherCount(), size_t(1));
        // ...one more closes the watcher and frees its queue; later writes are unaffected.
        for (int i = 0; i < 50; ++i, ++written) {
            PH_QVERIFY_OK(s.create(key(written), std::to_string(written)));
        }
        QCOMPARE(ts->store->queuedWatchEvents(), size_t(0));
        QCOMPARE(ts->store->watcherCount(), size_t(0));
        const int notifiedAtClose = notified.load();
        // One call per burst read by the consumer (the first events; the limit's worth, unread),
        // and one more for the close.
        QCOMPARE(notifiedAtClose, (consumedFirst > 0 ? 1 : 0) + 1 + 1);

        StatusOr<std::vector<WatchEvent>> closed = (*w)->next(0ms);
        PH_QCOMPARE_CODE(closed, StatusCode::ResourceExhausted);
        const int64_t resumeFrom = (*w)->lastRevision();
        QCOMPARE(resumeFrom, int64_t(1 + consumedFirst));

        StatusOr<std::unique_ptr<Watch>> resumed = s.watch("/w/", resumeFrom);
        PH_QVERIFY_OK(resumed);
        Drained rest = drain(**resumed, size_t(written - consumedFirst));
        PH_QVERIFY_OK(rest.closedWith);
        seen.insert(seen.end(), rest.events.begin(), rest.events.end());
        QCOMPARE(seen.size(), size_t(written));
        for (int i = 0; i < written; ++i) {
            QCOMPARE(seen[i].kv.key, key(i));
            QCOMPARE(seen[i].revision, int64_t(i + 2));
        }
        QCOMPARE(notified.load(), notifiedAtClose);  // a closed watch is not notified again
    }

    void notifyCallback_data() { addBackendRows(); }
    void notifyCallback() {
        QFETCH(bool, onFile);
        auto ts = makeStore(onFile);
        QVERIFY(ts->store);
        StatusOr<std::unique_ptr<Watch>> w = ts->store->watch("/w/", 0);
        PH_QVERIFY_OK(w);
        std::mutex mu;
        std::condition_variable cv;
        int calls = 0;
        std::thread::id callerThread;
        (*w)->setNotify([&] {
            std::lock_guard lock(mu);
            ++calls;
            callerThread = std::this_thread::get_id();
            cv.notify_all();
        });
        std::thread writer([&] { (void)ts->store->create(key(1), "x"); });
        const std::thread::id writerId = writer.get_id();
        writer.join();
        {
            std::unique_lock lock(mu);
            QVERIFY(cv.wait_for(lock, 5s, [&] { return calls == 1; }));
            QCOMPARE(callerThread, writerId);  // called on the writer's thread
        }
        // The event is there when the callback ran.
        StatusOr<std::vector<WatchEvent>> got = (*w)->next(0ms);
        PH_QVERIFY_OK(got);
        QCOMPARE(got->size(), size_t(1));
        // Writes outside the prefix do not notify.
        PH_QVERIFY_OK(ts->store->create("/other", "x"));
        // A burst the consumer has not read yet is one call; reading makes the next event call.
        for (int i = 2; i <= 6; ++i) PH_QVERIFY_OK(ts->store->create(key(i), "x"));
        {
            std::lock_guard lock(mu);
            QCOMPARE(calls, 2);
        }
        got = (*w)->next(0ms);
        PH_QVERIFY_OK(got);
        QCOMPARE(got->size(), size_t(5));
        PH_QVERIFY_OK(ts->store->create(key(7), "x"));
        {
            std::lock_guard lock(mu);
            QCOMPARE(calls, 3);
        }
        // Clearing the callback stops the calls.
        (*w)->setNotify(nullptr);
        (void)(*w)->next(0ms);
        PH_QVERIFY_OK(ts->store->create(key(8), "x"));
        std::lock_guard lock(mu);
        QCOMPARE(calls, 3);
    }

    // A callback may write to the store itself: it runs with no store lock held.
    void notifyMayCallBackIntoStore_data() { addBackendRows(); }
    void notifyMayCallBackIntoStore() {
        QFETCH(bool, onFile);
        auto ts = makeStore(onFile);
        QVERIFY(ts->store);
        Store& s = *ts->store;
        StatusOr<std::unique_ptr<Watch>> w = s.watch("/w/trigger", 0);
        PH_QVERIFY_OK(w);
        std::atomic<int> echoes{0};
        (*w)->setNotify([&] {
            if (s.create("/echo/" + std::to_string(echoes.load()), "x").isOk())
                ++echoes;
        });
        PH_QVERIFY_OK(s.create("/w/trigger", "x"));
        QCOMPARE(echoes.load(), 1);
        StatusOr<KeyValue> echo = s.get("/echo/0");
        PH_QVERIFY_OK(echo);
    }

    void destroyingWatchUnregisters_data() { addBackendRows(); }
    void destroyingWatchUnregisters() {
        QFETCH(bool, onFile);
        auto ts = makeStore(onFile);
        QVERIFY(ts->store);
        std::atomic<int> calls{0};
        {
            StatusOr<std::unique_ptr<Watch>> a = ts->store->watch("/w/", 0);
            StatusOr<std::unique_ptr<Watch>> b = ts->store->watch("/w/", 0);
            PH_QVERIFY_OK(a);
            PH_QVERIFY_OK(b);
            (*a)->setNotify([&] { ++calls; });
            QCOMPARE(ts->store->watcherCount(), size_t(2));
            PH_QVERIFY_OK(ts->store->create(key(1), "x"));
            QCOMPARE(calls.load(), 1);
        }
        QCOMPARE(ts->store->watcherCount(), size_t(0));
        PH_QVERIFY_OK(ts->store->create(key(2), "x"));
        QCOMPARE(ts->store->queuedWatchEvents(), size_t(0));
        QCOMPARE(calls.load(), 1);
    }

    void storeShutdownCancels_data() { addBackendRows(); }
    void storeShutdownCancels() {
        QFETCH(bool, onFile);
        auto ts = makeStore(onFile);
        QVERIFY(ts->store);
        PH_QVERIFY_OK(ts->store->create(key(1), "x"));
        StatusOr<std::unique_ptr<Watch>> live = ts->store->watch("/w/", 1);
        StatusOr<std::unique_ptr<Watch>> catchingUp = ts->store->watch("/w/", 0);
        PH_QVERIFY_OK(live);
        PH_QVERIFY_OK(catchingUp);
        std::atomic<int> calls{0};
        (*live)->setNotify([&] { ++calls; });
        // A consumer blocked in next() is woken by the shutdown.
        StatusOr<std::vector<WatchEvent>> blocked = std::vector<WatchEvent>{};
        std::thread consumer([&] { blocked = (*live)->next(10s); });
        std::this_thread::sleep_for(50ms);
        const auto start = std::chrono::steady_clock::now();
        ts->store.reset();
        consumer.join();
        QVERIFY(std::chrono::steady_clock::now() - start < 5s);
        PH_QCOMPARE_CODE(blocked, StatusCode::Cancelled);
        QCOMPARE(calls.load(), 1);
        PH_QCOMPARE_CODE((*live)->next(0ms), StatusCode::Cancelled);
        PH_QCOMPARE_CODE((*catchingUp)->next(0ms), StatusCode::Cancelled);
        // The watches outlive the store and are destroyed after it without harm.
    }

    // Writers on several threads, a watcher consuming concurrently: it sees every revision
    // exactly once and in order.
    void concurrentWritersOneWatcher_data() { addBackendRows(); }
    void concurrentWritersOneWatcher() {
        QFETCH(bool, onFile);
        auto ts = makeStore(onFile);
        QVERIFY(ts->store);
        Store& s = *ts->store;
        StatusOr<std::unique_ptr<Watch>> w = s.watch("/w/", 0);
        PH_QVERIFY_OK(w);
        constexpr int kThreads = 4;
        constexpr int kPerThread = 500;
        std::atomic<int> failures{0};
        std::vector<std::thread> writers;
        for (int t = 0; t < kThreads; ++t) {
            writers.emplace_back([&, t] {
                for (int i = 0; i < kPerThread; ++i) {
                    if (!s.create(key(t * kPerThread + i), "x").isOk())
                        ++failures;
                }
            });
        }
        Drained d = drain(**w, kThreads * kPerThread, 7);
        for (std::thread& t : writers) t.join();
        QCOMPARE(failures.load(), 0);
        PH_QVERIFY_OK(d.closedWith);
        QCOMPARE(d.events.size(), size_t(kThreads * kPerThread));
        for (size_t i = 0; i < d.events.size(); ++i) {
            QCOMPARE(d.events[i].revision, int64_t(i + 1));
        }
    }
};

QTEST_APPLESS_MAIN(StoreWatchTest)
#include "store_watch_test.moc"
