// The store's reads and writes: CRUD and its errors, optimistic concurrency under many threads,
// reads at past revisions, history, compaction, reopening a file, and refusing bad files.
// Every behavior runs against ":memory:" and a file.
#include <sqlite3.h>

#include <QFile>
#include <QTest>

#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "store_test_support.h"

using namespace std::string_literals;
using namespace pilothouse;
using namespace pilothouse::store;
using namespace pilothouse::store::testing;

namespace {

constexpr const char* kConflictMessage =
    "the object has been modified; please apply your changes to the latest version and try again";

std::string tooOldMessage(int64_t asked, int64_t compacted) {
    return "too old resource version: " + std::to_string(asked) + " (" + std::to_string(compacted) +
           ")";
}

std::vector<std::string> keysOf(const ListResult& list) {
    std::vector<std::string> keys;
    for (const KeyValue& kv : list.items) keys.push_back(kv.key);
    return keys;
}

}  // namespace

class StoreTest : public QObject {
    Q_OBJECT

private slots:
    void crudLifecycle_data() { addBackendRows(); }
    void crudLifecycle() {
        QFETCH(bool, onFile);
        auto ts = makeStore(onFile);
        QVERIFY(ts->store);
        QCOMPARE(ts->store->currentRevision(), 0);

        StatusOr<KeyValue> created = ts->store->create("/registry/pods/default/a", "v1");
        PH_QVERIFY_OK(created);
        QCOMPARE(created->modRevision, 1);
        QCOMPARE(created->createRevision, 1);
        QCOMPARE(created->value, std::string("v1"));

        StatusOr<KeyValue> got = ts->store->get("/registry/pods/default/a");
        PH_QVERIFY_OK(got);
        QCOMPARE(got->value, std::string("v1"));
        QCOMPARE(got->modRevision, 1);

        StatusOr<KeyValue> updated = ts->store->update("/registry/pods/default/a", "v2", 1);
        PH_QVERIFY_OK(updated);
        QCOMPARE(updated->modRevision, 2);
        QCOMPARE(updated->createRevision, 1);

        // expected == 0: unconditional.
        StatusOr<KeyValue> forced = ts->store->update("/registry/pods/default/a", "v3", 0);
        PH_QVERIFY_OK(forced);
        QCOMPARE(forced->modRevision, 3);

        StatusOr<KeyValue> removed = ts->store->remove("/registry/pods/default/a", 3);
        PH_QVERIFY_OK(removed);
        QCOMPARE(removed->modRevision, 4);
        QCOMPARE(removed->value, std::string("v3"));  // the last value
        QCOMPARE(removed->createRevision, 1);
        PH_QCOMPARE_CODE(ts->store->get("/registry/pods/default/a"), StatusCode::NotFound);
        QCOMPARE(ts->store->currentRevision(), 4);

        // A new incarnation starts a new createRevision.
        StatusOr<KeyValue> again = ts->store->create("/registry/pods/default/a", "v4");
        PH_QVERIFY_OK(again);
        QCOMPARE(again->createRevision, 5);
        QCOMPARE(again->modRevision, 5);
    }

    void writeErrors_data() {
        addBackendColumn();
        QTest::addColumn<QString>("op");
        QTest::addColumn<int>("expectedCode");
        const std::pair<const char*, StatusCode> cases[] = {
            {"create-existing", StatusCode::AlreadyExists},
            {"update-missing", StatusCode::NotFound},
            {"update-missing-with-revision", StatusCode::NotFound},
            {"remove-missing", StatusCode::NotFound},
            {"update-stale", StatusCode::Aborted},
            {"remove-stale", StatusCode::Aborted},
            {"update-future-revision", StatusCode::Aborted},
            {"create-empty-key", StatusCode::InvalidArgument},
            {"update-negative-revision", StatusCode::InvalidArgument},
        };
        for (bool onFile : {false, true}) {
            for (const auto& [op, code] : cases) {
                QTest::addRow("%s/%s", backendName(onFile), op)
                    << onFile << QString(op) << static_cast<int>(code);
            }
        }
    }
    void writeErrors() {
        QFETCH(bool, onFile);
        QFETCH(QString, op);
        QFETCH(int, expectedCode);
        auto ts = makeStore(onFile);
        QVERIFY(ts->store);
        Store& s = *ts->store;
        PH_QVERIFY_OK(s.create("/k", "v1"));     // revision 1
        PH_QVERIFY_OK(s.update("/k", "v2", 1));  // revision 2

        Status status;
        if (op == "create-existing")
            status = s.create("/k", "x").status();
        if (op == "update-missing")
            status = s.update("/missing", "x", 0).status();
        if (op == "update-missing-with-revision")
            status = s.update("/missing", "x", 2).status();
        if (op == "remove-missing")
            status = s.remove("/missing", 0).status();
        if (op == "update-stale")
            status = s.update("/k", "x", 1).status();
        if (op == "remove-stale")
            status = s.remove("/k", 1).status();
        if (op == "update-future-revision")
            status = s.update("/k", "x", 99).status();
        if (op == "create-empty-key")
            status = s.create("", "x").status();
        if (op == "update-negative-revision")
            status = s.update("/k", "x", -1).status();

        PH_QCOMPARE_CODE(status, static_cast<StatusCode>(expectedCode));
        if (status.code() == StatusCode::Aborted) {
            QCOMPARE(status.message(), std::string(kConflictMessage));
        }
        // A failed write changes nothing.
        QCOMPARE(s.currentRevision(), 2);
        StatusOr<KeyValue> k = s.get("/k");
        PH_QVERIFY_OK(k);
        QCOMPARE(k->value, std::string("v2"));
        QCOMPARE(k->modRevision, 2);
        StatusOr<std::vector<WatchEvent>> events = s.history("", 0);
        PH_QVERIFY_OK(events);
        QCOMPARE(events->size(), size_t(2));
    }

    void opaqueBytes_data() { addBackendRows(); }
    void opaqueBytes() {
        QFETCH(bool, onFile);
        auto ts = makeStore(onFile);
        QVERIFY(ts->store);
        const std::string binary("\0\x01\xff\xfe payload \0 end", 19);
        const std::string big(1 << 20, 'x');  // a value past SQLite's page size
        PH_QVERIFY_OK(ts->store->create("/bin", binary));
        PH_QVERIFY_OK(ts->store->create("/empty", ""));
        PH_QVERIFY_OK(ts->store->create("/big", big));
        StatusOr<KeyValue> bin = ts->store->get("/bin");
        PH_QVERIFY_OK(bin);
        QCOMPARE(bin->value, binary);
        StatusOr<KeyValue> empty = ts->store->get("/empty");
        PH_QVERIFY_OK(empty);
        QVERIFY(empty->value.empty());
        StatusOr<KeyValue> removedEmpty = ts->store->remove("/empty", 0);
        PH_QVERIFY_OK(removedEmpty);
        QVERIFY(removedEmpty->value.empty());
        StatusOr<KeyValue> gotBig = ts->store->get("/big");
        PH_QVERIFY_OK(gotBig);
        QVERIFY(gotBig->value == big);
    }

    // A chunked list's pages: from a key on, at most `limit`, whether more remain and how many,
    // at the current revision and at a past one (where later writes do not show).
    void listPage_data() { addBackendRows(); }
    void listPage() {
        QFETCH(bool, onFile);
        auto ts = makeStore(onFile);
        QVERIFY(ts->store);
        for (const char* key : {"/p/a", "/p/b", "/p/c", "/p/d", "/p/e", "/q/x"}) PH_QVERIFY_OK(ts->store->create(key, key));
        const int64_t past = ts->store->currentRevision();
        PH_QVERIFY_OK(ts->store->create("/p/bb", "/p/bb"));
        PH_QVERIFY_OK(ts->store->remove("/p/d", 0));
        struct Row {
            int64_t revision;
            std::string from;
            size_t limit;
            std::vector<std::string> keys;
            bool more;
            std::optional<int64_t> remaining;
        };
        const std::vector<Row> rows = {
            {0, "", 2, {"/p/a", "/p/b"}, true, 3},                  // now: a b bb c e
            {0, "/p/b\0"s, 2, {"/p/bb", "/p/c"}, true, 1},
            {0, "/p/c\0"s, 2, {"/p/e"}, false, std::nullopt},
            {0, "", 0, {"/p/a", "/p/b", "/p/bb", "/p/c", "/p/e"}, false, std::nullopt},
            {past, "", 2, {"/p/a", "/p/b"}, true, 3},               // then: a b c d e
            {past, "/p/b\0"s, 2, {"/p/c", "/p/d"}, true, 1},
            {past, "/p/d\0"s, 2, {"/p/e"}, false, std::nullopt},
        };
        for (const Row& row : rows) {
            auto page = ts->store->listPage("/p/", row.revision, row.from, row.limit, true);
            PH_QVERIFY_OK(page);
            QCOMPARE(keysOf(*page), row.keys);
            QCOMPARE(page->more, row.more);
            QCOMPARE(page->remaining, row.remaining);
            QCOMPARE(page->revision, row.revision == 0 ? ts->store->currentRevision() : row.revision);
        }
    }

    void listByPrefix_data() { addBackendRows(); }
    void listByPrefix() {
        QFETCH(bool, onFile);
        auto ts = makeStore(onFile);
        QVERIFY(ts->store);
        // Inserted out of order, with neighbors that share a string prefix but not the folder,
        // and keys with 0xFF bytes at the edge of the prefix range.
        for (const char* key : {"/registry/pods/ns/b", "/registry/podsx", "/registry/pods/ns/a",
                                "/registry/pod", "/registry/pods/\xff", "/registry/pods/ns/c",
                                "/registry/pods0", "/registry/services/s"}) {
            PH_QVERIFY_OK(ts->store->create(key, key));
        }
        StatusOr<KeyValue> deleted = ts->store->remove("/registry/pods/ns/c", 0);
        PH_QVERIFY_OK(deleted);

        StatusOr<ListResult> pods = ts->store->list("/registry/pods/");
        PH_QVERIFY_OK(pods);
        QCOMPARE(pods->revision, ts->store->currentRevision());
        const std::vector<std::string> expected = {"/registry/pods/ns/a", "/registry/pods/ns/b",
                                                   "/registry/pods/\xff"};
        QCOMPARE(keysOf(*pods), expected);
        for (const KeyValue& kv : pods->items) QCOMPARE(kv.value, kv.key);

        StatusOr<ListResult> all = ts->store->list("");
        PH_QVERIFY_OK(all);
        QCOMPARE(all->items.size(), size_t(7));
        QVERIFY(std::is_sorted(all->items.begin(), all->items.end(),
                               [](const KeyValue& a, const KeyValue& b) { return a.key < b.key; }));

        // A prefix of only 0xFF bytes has no upper bound.
        PH_QVERIFY_OK(ts->store->create("\xff\xff/x", "x"));
        StatusOr<ListResult> ff = ts->store->list("\xff");
        PH_QVERIFY_OK(ff);
        QCOMPARE(keysOf(*ff), std::vector<std::string>{"\xff\xff/x"});

        StatusOr<ListResult> none = ts->store->list("/nothing/");
        PH_QVERIFY_OK(none);
        QVERIFY(none->items.empty());
    }

    // Read-modify-write of one counter from many threads, retrying on conflict: optimistic
    // concurrency must neither lose an update nor let two writers win with the same revision.
    void concurrentCounter_data() { addBackendRows(); }
    void concurrentCounter() {
        QFETCH(bool, onFile);
        auto ts = makeStore(onFile);
        QVERIFY(ts->store);
        Store& s = *ts->store;
        PH_QVERIFY_OK(s.create("/counter", "0"));

        constexpr int kThreads = 8;
        constexpr int kIncrements = 200;
        std::atomic<int> conflicts{0};
        std::atomic<int> failures{0};
        std::vector<std::thread> threads;
        for (int t = 0; t < kThreads; ++t) {
            threads.emplace_back([&] {
                for (int i = 0; i < kIncrements; ++i) {
                    for (;;) {
                        StatusOr<KeyValue> cur = s.get("/counter");
                        if (!cur.isOk()) {
                            ++failures;
                            return;
                        }
                        const int next = std::stoi(cur->value) + 1;
                        StatusOr<KeyValue> w =
                            s.update("/counter", std::to_string(next), cur->modRevision);
                        if (w.isOk())
                            break;
                        if (w.status().code() != StatusCode::Aborted) {
                            ++failures;
                            return;
                        }
                        ++conflicts;
                    }
                }
            });
        }
        for (std::thread& t : threads) t.join();
        QCOMPARE(failures.load(), 0);

        StatusOr<KeyValue> final = s.get("/counter");
        PH_QVERIFY_OK(final);
        QCOMPARE(final->value, std::to_string(kThreads * kIncrements));
        QCOMPARE(s.currentRevision(), int64_t(kThreads * kIncrements + 1));
        // The history is the sequence 1, 2, ..., N: every increment saw its predecessor.
        StatusOr<std::vector<WatchEvent>> events = s.history("/counter", 1);
        PH_QVERIFY_OK(events);
        QCOMPARE(events->size(), size_t(kThreads * kIncrements));
        for (size_t i = 0; i < events->size(); ++i) {
            QCOMPARE((*events)[i].kv.value, std::to_string(i + 1));
            QCOMPARE((*events)[i].revision, int64_t(i + 2));
            QCOMPARE((*events)[i].type, EventType::Modified);
        }
        qInfo("%d conflicts retried", conflicts.load());
    }

    void readPastRevisions_data() { addBackendRows(); }
    void readPastRevisions() {
        QFETCH(bool, onFile);
        auto ts = makeStore(onFile);
        QVERIFY(ts->store);
        Store& s = *ts->store;
        PH_QVERIFY_OK(s.create("/p/a", "a1"));     // 1
        PH_QVERIFY_OK(s.update("/p/a", "a2", 1));  // 2
        PH_QVERIFY_OK(s.create("/p/b", "b1"));     // 3
        PH_QVERIFY_OK(s.create("/q/x", "x1"));     // 4 (outside the prefix)
        PH_QVERIFY_OK(s.update("/p/a", "a3", 2));  // 5
        PH_QVERIFY_OK(s.remove("/p/b", 3));        // 6
        PH_QVERIFY_OK(s.create("/p/b", "b2"));     // 7

        struct Expect {
            int64_t rev;
            const char* a;  // nullptr = absent
            int64_t aMod;
            const char* b;
            int64_t bMod;
            int64_t bCreate;
        };
        const Expect expectations[] = {
            {1, "a1", 1, nullptr, 0, 0}, {2, "a2", 2, nullptr, 0, 0}, {3, "a2", 2, "b1", 3, 3},
            {4, "a2", 2, "b1", 3, 3},    {5, "a3", 5, "b1", 3, 3},    {6, "a3", 5, nullptr, 0, 0},
            {7, "a3", 5, "b2", 7, 7},
        };
        for (const Expect& e : expectations) {
            const QByteArray where = QByteArray("at revision ") + QByteArray::number(e.rev);
            StatusOr<KeyValue> a = s.get("/p/a", e.rev);
            PH_QVERIFY_OK(a);
            QVERIFY2(a->value == e.a && a->modRevision == e.aMod, where);
            QCOMPARE(a->createRevision, 1);
            StatusOr<KeyValue> b = s.get("/p/b", e.rev);
            if (e.b == nullptr) {
                PH_QCOMPARE_CODE(b, StatusCode::NotFound);
            } else {
                PH_QVERIFY_OK(b);
                QVERIFY2(
                    b->value == e.b && b->modRevision == e.bMod && b->createRevision == e.bCreate,
                    where);
            }
            StatusOr<ListResult> list = s.list("/p/", e.rev);
            PH_QVERIFY_OK(list);
            QCOMPARE(list->revision, e.rev);
            QCOMPARE(list->items.size(), size_t(e.b == nullptr ? 1 : 2));
            QCOMPARE(list->items[0].value, std::string(e.a));
            QCOMPARE(list->items[0].modRevision, e.aMod);
            if (e.b != nullptr) {
                QCOMPARE(list->items[1].key, std::string("/p/b"));
                QCOMPARE(list->items[1].value, std::string(e.b));
                QCOMPARE(list->items[1].createRevision, e.bCreate);
            }
        }
        // Ahead of the store: Kubernetes' "Too large resource version" (a retryable timeout).
        PH_QCOMPARE_CODE(s.get("/p/a", 8), StatusCode::DeadlineExceeded);
        PH_QCOMPARE_CODE(s.list("/p/", 8), StatusCode::DeadlineExceeded);
        PH_QCOMPARE_CODE(s.get("/p/a", -1), StatusCode::InvalidArgument);
    }

    void historyEvents_data() { addBackendRows(); }
    void historyEvents() {
        QFETCH(bool, onFile);
        auto ts = makeStore(onFile);
        QVERIFY(ts->store);
        Store& s = *ts->store;
        PH_QVERIFY_OK(s.create("/h/a", "1"));     // 1 Added
        PH_QVERIFY_OK(s.create("/other", "x"));   // 2 (other prefix)
        PH_QVERIFY_OK(s.update("/h/a", "2", 0));  // 3 Modified
        PH_QVERIFY_OK(s.remove("/h/a", 0));       // 4 Deleted, last value "2"
        PH_QVERIFY_OK(s.create("/h/a", "3"));     // 5 Added again

        StatusOr<std::vector<WatchEvent>> all = s.history("/h/", 0);
        PH_QVERIFY_OK(all);
        QCOMPARE(all->size(), size_t(4));
        const EventType types[] = {EventType::Added, EventType::Modified, EventType::Deleted,
                                   EventType::Added};
        const int64_t revisions[] = {1, 3, 4, 5};
        const char* values[] = {"1", "2", "2", "3"};
        for (size_t i = 0; i < 4; ++i) {
            QCOMPARE((*all)[i].type, types[i]);
            QCOMPARE((*all)[i].revision, revisions[i]);
            QCOMPARE((*all)[i].kv.modRevision, revisions[i]);
            QCOMPARE((*all)[i].kv.value, std::string(values[i]));
        }
        QCOMPARE((*all)[2].kv.createRevision, 1);  // the deleted incarnation's
        QCOMPARE((*all)[3].kv.createRevision, 5);

        StatusOr<std::vector<WatchEvent>> tail = s.history("/h/", 3, 1);
        PH_QVERIFY_OK(tail);
        QCOMPARE(tail->size(), size_t(1));
        QCOMPARE(tail->front().revision, 4);
        StatusOr<std::vector<WatchEvent>> none = s.history("/h/", 5);
        PH_QVERIFY_OK(none);
        QVERIFY(none->empty());
    }

    void compaction_data() { addBackendRows(); }
    void compaction() {
        QFETCH(bool, onFile);
        auto ts = makeStore(onFile);
        QVERIFY(ts->store);
        Store& s = *ts->store;
        PH_QVERIFY_OK(s.create("/c/stable", "s"));  // 1: never changes again
        PH_QVERIFY_OK(s.create("/c/hot", "0"));     // 2
        for (int i = 1; i <= 10; ++i) {
            PH_QVERIFY_OK(s.update("/c/hot", std::to_string(i), 0));  // 3..12
        }
        PH_QVERIFY_OK(s.create("/c/gone", "g"));     // 13
        PH_QVERIFY_OK(s.remove("/c/gone", 0));       // 14
        PH_QVERIFY_OK(s.update("/c/hot", "11", 0));  // 15
        PH_QVERIFY_OK(s.create("/c/new", "n"));      // 16

        PH_QVERIFY_OK(s.compact(14));
        QCOMPARE(s.compactedRevision(), 14);

        // Below the compacted revision: Gone, with Kubernetes' message.
        StatusOr<KeyValue> oldGet = s.get("/c/hot", 13);
        PH_QCOMPARE_CODE(oldGet, StatusCode::OutOfRange);
        QCOMPARE(oldGet.status().message(), tooOldMessage(13, 14));
        PH_QCOMPARE_CODE(s.list("/c/", 5), StatusCode::OutOfRange);
        PH_QCOMPARE_CODE(s.history("/c/", 13), StatusCode::OutOfRange);
        PH_QCOMPARE_CODE(s.watch("/c/", 2), StatusCode::OutOfRange);

        // At the compacted revision every key reads as it was.
        StatusOr<ListResult> at = s.list("/c/", 14);
        PH_QVERIFY_OK(at);
        QCOMPARE(keysOf(*at), (std::vector<std::string>{"/c/hot", "/c/stable"}));
        QCOMPARE(at->items[0].value, std::string("10"));
        QCOMPARE(at->items[0].modRevision, 12);
        QCOMPARE(at->items[1].modRevision, 1);
        StatusOr<KeyValue> stable = s.get("/c/stable", 14);
        PH_QVERIFY_OK(stable);
        QCOMPARE(stable->value, std::string("s"));
        PH_QCOMPARE_CODE(s.get("/c/gone", 14), StatusCode::NotFound);
        // After it too, and the history from it on is whole.
        StatusOr<KeyValue> hot = s.get("/c/hot", 15);
        PH_QVERIFY_OK(hot);
        QCOMPARE(hot->value, std::string("11"));
        StatusOr<std::vector<WatchEvent>> after = s.history("/c/", 14);
        PH_QVERIFY_OK(after);
        QCOMPARE(after->size(), size_t(2));
        QCOMPARE(after->at(0).revision, 15);
        QCOMPARE(after->at(1).revision, 16);
        PH_QVERIFY_OK(s.watch("/c/", 14));

        // Superseded versions are really gone: of 16 rows, stable@1, hot@12, hot@15 and new@16
        // remain (gone's create and tombstone both went).
        StatusOr<int64_t> retained = ts->store->retainedChangeCount();
        PH_QVERIFY_OK(retained);
        QCOMPARE(*retained, 4);
        // Compacting again, lower or equal, is a no-op; beyond the current revision is refused.
        PH_QVERIFY_OK(s.compact(10));
        PH_QVERIFY_OK(s.compact(14));
        QCOMPARE(s.compactedRevision(), 14);
        PH_QCOMPARE_CODE(s.compact(17), StatusCode::InvalidArgument);
        // Writes continue after compaction.
        StatusOr<KeyValue> w = s.update("/c/hot", "12", 15);
        PH_QVERIFY_OK(w);
        QCOMPARE(w->modRevision, 17);
        PH_QVERIFY_OK(s.compact(17));
        StatusOr<ListResult> now = s.list("/c/");
        PH_QVERIFY_OK(now);
        QCOMPARE(keysOf(*now), (std::vector<std::string>{"/c/hot", "/c/new", "/c/stable"}));
        QCOMPARE(now->items[0].value, std::string("12"));
        retained = ts->store->retainedChangeCount();
        PH_QVERIFY_OK(retained);
        QCOMPARE(*retained, 3);
    }

    // More revisions than one compaction step, so the step loop and its bookkeeping are used.
    void compactionInSteps_data() { addBackendRows(); }
    void compactionInSteps() {
        QFETCH(bool, onFile);
        auto ts = makeStore(onFile);
        QVERIFY(ts->store);
        Store& s = *ts->store;
        constexpr int kKeys = 7;
        constexpr int kRounds = 3300;  // ~23,000 revisions
        for (int k = 0; k < kKeys; ++k) PH_QVERIFY_OK(s.create("/s/" + std::to_string(k), "0"));
        for (int r = 1; r <= kRounds; ++r) {
            for (int k = 0; k < kKeys; ++k) {
                PH_QVERIFY_OK(s.update("/s/" + std::to_string(k), std::to_string(r), 0));
            }
        }
        const int64_t target = s.currentRevision() - 3 * kKeys;  // three rounds before the end
        StatusOr<ListResult> before = s.list("/s/", target);
        PH_QVERIFY_OK(before);
        PH_QVERIFY_OK(s.compact(target));
        QCOMPARE(s.compactedRevision(), target);
        StatusOr<ListResult> afterCompaction = s.list("/s/", target);
        PH_QVERIFY_OK(afterCompaction);
        QCOMPARE(afterCompaction->items.size(), size_t(kKeys));
        for (int k = 0; k < kKeys; ++k) {
            QCOMPARE(afterCompaction->items[k].value, before->items[k].value);
            QCOMPARE(afterCompaction->items[k].modRevision, before->items[k].modRevision);
        }
        StatusOr<std::vector<WatchEvent>> rest = s.history("", target);
        PH_QVERIFY_OK(rest);
        QCOMPARE(rest->size(), size_t(3 * kKeys));
        PH_QCOMPARE_CODE(s.get("/s/0", target - 1), StatusCode::OutOfRange);
    }

    void reopenContinues() {
        auto ts = makeStore(true);
        QVERIFY(ts->store);
        PH_QVERIFY_OK(ts->store->create("/r/a", "1"));     // 1
        PH_QVERIFY_OK(ts->store->create("/r/b", "1"));     // 2
        PH_QVERIFY_OK(ts->store->update("/r/a", "2", 1));  // 3
        PH_QVERIFY_OK(ts->store->remove("/r/b", 2));       // 4
        PH_QVERIFY_OK(ts->store->compact(2));

        PH_QVERIFY_OK(ts->reopen());
        QCOMPARE(ts->store->currentRevision(), 4);
        QCOMPARE(ts->store->compactedRevision(), 2);
        StatusOr<KeyValue> a = ts->store->get("/r/a");
        PH_QVERIFY_OK(a);
        QCOMPARE(a->value, std::string("2"));
        QCOMPARE(a->modRevision, 3);
        PH_QCOMPARE_CODE(ts->store->get("/r/b"), StatusCode::NotFound);
        StatusOr<KeyValue> bThen = ts->store->get("/r/b", 2);
        PH_QVERIFY_OK(bThen);
        QCOMPARE(bThen->value, std::string("1"));
        PH_QCOMPARE_CODE(ts->store->get("/r/a", 1), StatusCode::OutOfRange);
        StatusOr<std::vector<WatchEvent>> events = ts->store->history("/r/", 2);
        PH_QVERIFY_OK(events);
        QCOMPARE(events->size(), size_t(2));

        // The next write continues the revision sequence, even when the newest change was a
        // delete.
        StatusOr<KeyValue> c = ts->store->create("/r/c", "1");
        PH_QVERIFY_OK(c);
        QCOMPARE(c->modRevision, 5);

        // A compaction that removed the newest row (a tombstone) must not rewind the revision.
        PH_QVERIFY_OK(ts->store->remove("/r/c", 0));  // 6
        PH_QVERIFY_OK(ts->store->compact(6));
        PH_QVERIFY_OK(ts->reopen());
        QCOMPARE(ts->store->currentRevision(), 6);
        StatusOr<KeyValue> d = ts->store->create("/r/d", "1");
        PH_QVERIFY_OK(d);
        QCOMPARE(d->modRevision, 7);
    }

    // etcdctl snapshot save: the copy opens as a store with the same history, compaction point
    // and next revision; the original goes on independently; a failed snapshot leaves the file
    // that was there before untouched.
    void snapshotCopiesTheHistory_data() { addBackendRows(); }
    void snapshotCopiesTheHistory() {
        QFETCH(bool, onFile);
        auto ts = makeStore(onFile);
        QVERIFY(ts->store);
        PH_QVERIFY_OK(ts->store->create("/s/a", "1"));     // 1
        PH_QVERIFY_OK(ts->store->create("/s/b", "1"));     // 2
        PH_QVERIFY_OK(ts->store->update("/s/a", "2", 1));  // 3
        PH_QVERIFY_OK(ts->store->remove("/s/b", 2));       // 4
        PH_QVERIFY_OK(ts->store->create("/s/c", "1"));     // 5
        PH_QVERIFY_OK(ts->store->compact(2));

        QTemporaryDir dir;
        const std::string copyPath = dir.filePath("copy.db").toStdString();
        PH_QVERIFY_OK(ts->store->snapshot(copyPath));
        PH_QVERIFY_OK(ts->store->create("/s/after", "1"));  // only in the original
        // Over an existing file too: the new snapshot replaces it whole.
        PH_QVERIFY_OK(ts->store->snapshot(copyPath));
        QVERIFY(!QFile::exists(QString::fromStdString(copyPath + ".partial")));
        QVERIFY(!QFile::exists(QString::fromStdString(copyPath + "-wal")));

        Options options;
        options.path = copyPath;
        StatusOr<std::unique_ptr<Store>> copy = store::open(options);
        PH_QVERIFY_OK(copy);
        QCOMPARE((*copy)->currentRevision(), 6);
        QCOMPARE((*copy)->compactedRevision(), 2);
        StatusOr<ListResult> now = (*copy)->list("/s/");
        PH_QVERIFY_OK(now);
        QCOMPARE(now->items.size(), size_t(3));
        StatusOr<KeyValue> bThen = (*copy)->get("/s/b", 3);
        PH_QVERIFY_OK(bThen);
        QCOMPARE(bThen->value, std::string("1"));
        PH_QCOMPARE_CODE((*copy)->get("/s/a", 1), StatusCode::OutOfRange);
        StatusOr<KeyValue> next = (*copy)->create("/s/d", "1");
        PH_QVERIFY_OK(next);
        QCOMPARE(next->modRevision, 7);
        QCOMPARE(ts->store->currentRevision(), 6);  // the original did not see the copy's write

        // Into a directory that does not exist: an error naming the path, nothing written.
        const std::string nowhere = dir.filePath("missing/dir/copy.db").toStdString();
        Status failed = ts->store->snapshot(nowhere);
        QVERIFY(!failed.isOk());
        QVERIFY2(failed.message().find("missing/dir/copy.db") != std::string::npos, failed.message().c_str());
        // A store's own file cannot be its snapshot.
        if (onFile) PH_QCOMPARE_CODE(ts->store->snapshot(ts->path), StatusCode::InvalidArgument);
    }

    // An in-memory store's writes share one SQLite transaction, committed every 1,024 writes: a
    // refused write in the middle (already exists, conflict) leaves the others, and every write is
    // readable, in the history and compactable across the commits.
    void writesAcrossBatchCommits_data() { addBackendRows(); }
    void writesAcrossBatchCommits() {
        QFETCH(bool, onFile);
        auto ts = makeStore(onFile);
        QVERIFY(ts->store);
        const int n = 2500;
        for (int i = 0; i < n; ++i) {
            PH_QVERIFY_OK(ts->store->create("/b/" + std::to_string(i), "v" + std::to_string(i)));
            if (i % 700 == 0) {
                PH_QCOMPARE_CODE(ts->store->create("/b/" + std::to_string(i), "again"), StatusCode::AlreadyExists);
                PH_QCOMPARE_CODE(ts->store->update("/b/" + std::to_string(i), "stale", 999999), StatusCode::Aborted);
            }
        }
        QCOMPARE(ts->store->currentRevision(), n);
        StatusOr<ListResult> all = ts->store->list("/b/");
        PH_QVERIFY_OK(all);
        QCOMPARE(all->items.size(), size_t(n));
        StatusOr<KeyValue> one = ts->store->get("/b/1500");
        PH_QVERIFY_OK(one);
        QCOMPARE(one->value, std::string("v1500"));
        QCOMPARE(one->modRevision, 1501);
        StatusOr<std::vector<WatchEvent>> history = ts->store->history("/b/", 0);
        PH_QVERIFY_OK(history);
        QCOMPARE(history->size(), size_t(n));
        PH_QVERIFY_OK(ts->store->update("/b/7", "w", 8));
        PH_QVERIFY_OK(ts->store->compact(2000));
        StatusOr<KeyValue> updated = ts->store->get("/b/7");
        PH_QVERIFY_OK(updated);
        QCOMPARE(updated->value, std::string("w"));
        PH_QCOMPARE_CODE(ts->store->get("/b/7", 1999), StatusCode::OutOfRange);
        StatusOr<KeyValue> still = ts->store->get("/b/2100", 2200);
        PH_QVERIFY_OK(still);
        QCOMPARE(still->value, std::string("v2100"));
    }

    void inMemoryStoresAreIndependent() {
        auto one = makeStore(false);
        auto two = makeStore(false);
        QVERIFY(one->store && two->store);
        PH_QVERIFY_OK(one->store->create("/x", "1"));
        PH_QCOMPARE_CODE(two->store->get("/x"), StatusCode::NotFound);
        QCOMPARE(two->store->currentRevision(), 0);
    }

    void refusesUnusableFiles_data() {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<int>("expectedCode");
        QTest::newRow("not-a-database") << "garbage" << static_cast<int>(StatusCode::DataLoss);
        QTest::newRow("newer-schema")
            << "newer" << static_cast<int>(StatusCode::FailedPrecondition);
        QTest::newRow("directory") << "directory" << static_cast<int>(StatusCode::Internal);
        QTest::newRow("empty-path") << "empty" << static_cast<int>(StatusCode::InvalidArgument);
    }
    void refusesUnusableFiles() {
        QFETCH(QString, kind);
        QFETCH(int, expectedCode);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        std::string path = dir.filePath("store.db").toStdString();
        if (kind == "garbage") {
            QFile f(QString::fromStdString(path));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QByteArray(8192, 'z'));
        } else if (kind == "newer") {
            sqlite3* db = nullptr;
            QCOMPARE(sqlite3_open(path.c_str(), &db), SQLITE_OK);
            QCOMPARE(sqlite3_exec(db, "PRAGMA user_version = 99", nullptr, nullptr, nullptr),
                     SQLITE_OK);
            sqlite3_close(db);
        } else if (kind == "directory") {
            path = dir.path().toStdString();
        } else {
            path.clear();
        }
        Options options;
        options.path = path;
        StatusOr<std::unique_ptr<Store>> opened = store::open(options);
        PH_QCOMPARE_CODE(opened, static_cast<StatusCode>(expectedCode));
        QVERIFY(!opened.status().message().empty());
    }
};

QTEST_APPLESS_MAIN(StoreTest)
#include "store_test.moc"
