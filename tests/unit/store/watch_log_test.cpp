// WatchLog: the shared log of live watch events. Cursors read every event once and in order across
// segment boundaries, skip events at or below their start, read on independently when copied,
// free what they no longer need, and read concurrently with the writer.
#include <QTest>

#include <memory>
#include <thread>
#include <vector>

#include "store/watch_log.h"

using namespace pilothouse::store;

namespace {

WatchLog::SharedEvent makeEvent(int64_t revision) {
    return std::make_shared<const WatchEvent>(
        WatchEvent{EventType::Added, KeyValue{"/k/" + std::to_string(revision), "v", revision, revision},
                   revision});
}

std::vector<int64_t> revisions(const std::vector<WatchLog::SharedEvent>& events) {
    std::vector<int64_t> out;
    for (const auto& e : events) out.push_back(e->revision);
    return out;
}

std::vector<int64_t> range(int64_t from, int64_t to) {
    std::vector<int64_t> out;
    for (int64_t r = from; r <= to; ++r) out.push_back(r);
    return out;
}

}  // namespace

class WatchLogTest : public QObject {
    Q_OBJECT

private slots:
    // Reading in pages of every size crosses segment boundaries without losing or repeating one.
    void readsInPages_data() {
        QTest::addColumn<int>("events");
        QTest::addColumn<int>("page");
        for (int events : {0, 1, 63, 64, 65, 200})
            for (int page : {1, 7, 64, 1000})
                QTest::addRow("%d events, pages of %d", events, page) << events << page;
    }
    void readsInPages() {
        QFETCH(int, events);
        QFETCH(int, page);
        WatchLog log;
        log.append(makeEvent(1));  // before the cursor: not seen
        WatchLog::Cursor cursor = log.end();
        for (int r = 2; r < 2 + events; ++r) log.append(makeEvent(r));
        std::vector<WatchLog::SharedEvent> out;
        size_t read = 0;
        for (;;) {
            QCOMPARE(cursor.ready(), read < size_t(events));
            const size_t before = out.size();
            const size_t n = cursor.read(size_t(page), 0, out);
            QVERIFY(n <= size_t(page));
            QCOMPARE(out.size() - before, n);
            read += n;
            if (n == 0)
                break;
        }
        QCOMPARE(read, size_t(events));
        QCOMPARE(revisions(out), range(2, 1 + events));
        // Caught up: nothing more until the writer appends.
        QCOMPARE(cursor.read(10, 0, out), size_t(0));
        QVERIFY(!cursor.ready());
        log.append(makeEvent(2 + events));
        QVERIFY(cursor.ready());
        QCOMPARE(cursor.read(10, 0, out), size_t(1));
        QCOMPARE(out.back()->revision, int64_t(2 + events));
    }

    // Events at or below `after` (a watch that starts ahead of the store) are read past but not
    // handed out.
    void skipsEventsAtOrBelowAfter() {
        WatchLog log;
        WatchLog::Cursor cursor = log.end();
        for (int r = 1; r <= 10; ++r) log.append(makeEvent(r));
        std::vector<WatchLog::SharedEvent> out;
        QCOMPARE(cursor.read(100, 6, out), size_t(10));
        QCOMPARE(revisions(out), range(7, 10));
    }

    // A copy reads on from the same place, independently of the original.
    void copiesReadIndependently() {
        WatchLog log;
        WatchLog::Cursor a = log.end();
        for (int r = 1; r <= 100; ++r) log.append(makeEvent(r));
        std::vector<WatchLog::SharedEvent> first;
        a.read(30, 0, first);
        WatchLog::Cursor b = a;
        std::vector<WatchLog::SharedEvent> fromA, fromB;
        a.read(1000, 0, fromA);
        b.read(1000, 0, fromB);
        QCOMPARE(revisions(fromA), range(31, 100));
        QCOMPARE(revisions(fromB), range(31, 100));
        QVERIFY(!WatchLog::Cursor().valid());
        std::vector<WatchLog::SharedEvent> none;
        QCOMPARE(WatchLog::Cursor().read(10, 0, none), size_t(0));
    }

    // Events are freed once every cursor has moved past their segment or was dropped; the log keeps
    // only its last segment. A long chain is freed without recursing per segment.
    void freesWhatNoCursorNeeds() {
        WatchLog log;
        auto cursor = std::make_unique<WatchLog::Cursor>(log.end());
        std::vector<std::weak_ptr<const WatchEvent>> watched;
        for (int r = 1; r <= 1000; ++r) {
            auto e = makeEvent(r);
            watched.push_back(e);
            log.append(std::move(e));
        }
        auto alive = [&] {
            size_t n = 0;
            for (const auto& w : watched) n += w.expired() ? 0 : 1;
            return n;
        };
        QCOMPARE(alive(), size_t(1000));  // the cursor pins everything after it
        std::vector<WatchLog::SharedEvent> out;
        cursor->read(500, 0, out);
        out.clear();
        // The segments wholly before the cursor's are gone; its own segment stays.
        QVERIFY(alive() <= size_t(500 + 64));
        QVERIFY(alive() >= size_t(500));
        cursor.reset();
        // Only the writer's last segment remains: 1000 = 15 * 64 + 40.
        QCOMPARE(alive(), size_t(40));

        // A cursor dropped 100,000 events behind frees ~1,600 segments in one go.
        {
            WatchLog big;
            WatchLog::Cursor far = big.end();
            for (int r = 1; r <= 100000; ++r) big.append(makeEvent(r));
        }
    }

    // One writer and several readers at once: each reader sees every event exactly once, in order.
    void readersRunWithTheWriter() {
        constexpr int kEvents = 200000;
        WatchLog log;
        std::vector<WatchLog::Cursor> cursors(4, log.end());
        std::vector<std::vector<int64_t>> seen(cursors.size());
        std::vector<std::thread> readers;
        for (size_t i = 0; i < cursors.size(); ++i) {
            readers.emplace_back([&, i] {
                std::vector<WatchLog::SharedEvent> out;
                const size_t page = 1 + i * 50;
                while (seen[i].size() < size_t(kEvents)) {
                    out.clear();
                    cursors[i].read(page, 0, out);
                    for (const auto& e : out) seen[i].push_back(e->revision);
                    if (out.empty())
                        std::this_thread::yield();
                }
            });
        }
        for (int r = 1; r <= kEvents; ++r) log.append(makeEvent(r));
        for (std::thread& t : readers) t.join();
        const std::vector<int64_t> expected = range(1, kEvents);
        for (const auto& s : seen) QVERIFY(s == expected);
    }
};

QTEST_APPLESS_MAIN(WatchLogTest)
#include "watch_log_test.moc"
