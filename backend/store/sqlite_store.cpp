#include "store/sqlite_store.h"

#include <algorithm>
#include <filesystem>
#include <limits>
#include <utility>

namespace pilothouse::store {

namespace {

constexpr int64_t kSchemaVersion = 1;

// Reader connections opened at most; more concurrent readers wait for one to come back. Reads
// are short (one snapshot transaction), so a handful keeps two to eight cores busy.
constexpr size_t kMaxReaders = 8;

// Page cache per connection, in KiB (negative cache_size = KiB). With mmap the readers take most
// pages straight from the OS page cache, so their own caches stay small.
constexpr int kWriterCacheKiB = 32 * 1024;
constexpr int kReaderCacheKiB = 8 * 1024;
// Readers map the file: a list of 100,000 objects then costs no read() per page.
constexpr int64_t kMmapBytes = int64_t{1} << 30;

// See the PRAGMAs in Session::open.
constexpr int kWalCheckpointPages = 8192;
constexpr int64_t kWalSizeLimitBytes = int64_t{64} << 20;

// An in-memory store has nothing to make durable, so its writes share one transaction, committed
// after this many (as etcd's backend commits its batch transaction every 10,000 writes or 100 ms):
// a transaction per write made 155,000 creates take 2.3 s instead of 1.6-1.9 s. Every write is
// acknowledged, published and readable (reads go through the same connection) as soon as it is
// made; the commit only bounds the rollback journal's memory.
constexpr int kMemoryWritesPerCommit = 1024;

// Compaction deletes this many revisions per transaction, releasing the writer lock between
// steps so writes are never held up for a whole large compaction.
constexpr int64_t kCompactionStep = 10000;

constexpr const char* kSchema = R"sql(
CREATE TABLE IF NOT EXISTS kv (
    revision        INTEGER PRIMARY KEY,
    key             TEXT    NOT NULL,
    value           BLOB    NOT NULL,
    create_revision INTEGER NOT NULL,
    deleted         INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS kv_key_revision ON kv (key, revision);
CREATE TABLE IF NOT EXISTS current (
    key             TEXT    PRIMARY KEY,
    mod_revision    INTEGER NOT NULL,
    create_revision INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS meta (
    id                     INTEGER PRIMARY KEY CHECK (id = 1),
    compacted_revision     INTEGER NOT NULL,
    revision_at_compaction INTEGER NOT NULL
);
INSERT OR IGNORE INTO meta (id, compacted_revision, revision_at_compaction) VALUES (1, 0, 0);
PRAGMA user_version = 1;
)sql";

// ---- SQL used on hot paths, prepared once per connection ----
// Key ranges: a prefix p selects p <= key < prefixEnd(p) (byte-wise, as SQLite's BINARY
// collation and std::string both compare), which the indexes serve directly. A prefix with no
// upper bound ("" or all 0xFF bytes) uses the "Open" variant without one.

// The current revision is the newest change's (one seek to the end of kv's rowid b-tree),
// unless compaction removed that change; then the revision recorded at compaction stands.
constexpr const char* kReadMeta =
    "SELECT MAX(IFNULL((SELECT MAX(revision) FROM kv), 0), revision_at_compaction), "
    "compacted_revision FROM meta WHERE id = 1";
constexpr const char* kGetCurrent =
    "SELECT c.create_revision, c.mod_revision, kv.value FROM current AS c "
    "JOIN kv ON kv.revision = c.mod_revision WHERE c.key = ?1";
constexpr const char* kGetAt =
    "SELECT create_revision, revision, value, deleted FROM kv "
    "WHERE key = ?1 AND revision <= ?2 ORDER BY revision DESC LIMIT 1";
constexpr const char* kListCurrent =
    "SELECT c.key, c.create_revision, c.mod_revision, kv.value FROM current AS c "
    "JOIN kv ON kv.revision = c.mod_revision WHERE c.key >= ?1 AND c.key < ?2 ORDER BY c.key";
constexpr const char* kListCurrentOpen =
    "SELECT c.key, c.create_revision, c.mod_revision, kv.value FROM current AS c "
    "JOIN kv ON kv.revision = c.mod_revision WHERE c.key >= ?1 ORDER BY c.key";
// The newest version of each key at or below the revision (found on the covering index alone),
// then its row; keys whose newest version is a tombstone did not exist at that revision.
constexpr const char* kListAt =
    "SELECT kv.key, kv.create_revision, kv.revision, kv.value FROM "
    "(SELECT MAX(revision) AS rev FROM kv WHERE key >= ?1 AND key < ?2 AND revision <= ?3 "
    " GROUP BY key) AS latest "
    "JOIN kv ON kv.revision = latest.rev WHERE kv.deleted = 0 ORDER BY kv.key";
constexpr const char* kListAtOpen =
    "SELECT kv.key, kv.create_revision, kv.revision, kv.value FROM "
    "(SELECT MAX(revision) AS rev FROM kv WHERE key >= ?1 AND revision <= ?3 "
    " GROUP BY key) AS latest "
    "JOIN kv ON kv.revision = latest.rev WHERE kv.deleted = 0 ORDER BY kv.key";
// How many keys a list has from a key on (a chunked list's remainingItemCount).
constexpr const char* kCountCurrent = "SELECT COUNT(*) FROM current WHERE key >= ?1 AND key < ?2";
constexpr const char* kCountAt =
    "SELECT COUNT(*) FROM (SELECT MAX(revision) AS rev FROM kv WHERE key >= ?1 AND key < ?2 AND revision <= ?3 "
    " GROUP BY key) AS latest JOIN kv ON kv.revision = latest.rev WHERE kv.deleted = 0";
constexpr const char* kEvents =
    "SELECT revision, key, value, create_revision, deleted FROM kv "
    "WHERE revision > ?1 AND revision <= ?2 AND key >= ?3 AND key < ?4 "
    "ORDER BY revision LIMIT ?5";
constexpr const char* kEventsOpen =
    "SELECT revision, key, value, create_revision, deleted FROM kv "
    "WHERE revision > ?1 AND revision <= ?2 AND key >= ?3 "
    "ORDER BY revision LIMIT ?5";

constexpr const char* kCurrentRevisions =
    "SELECT create_revision, mod_revision FROM current WHERE key = ?1";
constexpr const char* kInsertKv =
    "INSERT INTO kv (revision, key, value, create_revision, deleted) "
    "VALUES (?1, ?2, ?3, ?4, ?5)";
constexpr const char* kUpsertCurrent =
    "INSERT INTO current (key, mod_revision, create_revision) VALUES (?1, ?2, ?3) "
    "ON CONFLICT (key) DO UPDATE SET mod_revision = excluded.mod_revision, "
    "create_revision = excluded.create_revision";
constexpr const char* kDeleteCurrent = "DELETE FROM current WHERE key = ?1";
constexpr const char* kSetCompactedRevision =
    "UPDATE meta SET compacted_revision = ?1, revision_at_compaction = ?2 WHERE id = 1";
// Compacting (lo, hi]: for every key changed in that range, drop its versions older than its
// newest one at or below hi (the kept version answers reads at hi). Scans each changed key's
// older versions once through the (key, revision) index, so a hot key costs O(its versions).
constexpr const char* kCompactSuperseded =
    "DELETE FROM kv WHERE revision IN ("
    " SELECT old.revision FROM "
    "  (SELECT key, MAX(revision) AS keep FROM kv WHERE revision > ?1 AND revision <= ?2 "
    "   GROUP BY key) AS latest "
    " JOIN kv AS old ON old.key = latest.key AND old.revision < latest.keep)";
// A tombstone that is a key's newest version at or below hi only says "absent", which a missing
// row says as well; its older versions went with the statement above.
constexpr const char* kCompactTombstones =
    "DELETE FROM kv WHERE revision > ?1 AND revision <= ?2 AND deleted = 1";

std::optional<std::string> prefixEnd(const std::string& prefix) {
    std::string end = prefix;
    while (!end.empty()) {
        const auto last = static_cast<unsigned char>(end.back());
        if (last < 0xFF) {
            end.back() = static_cast<char>(last + 1);
            return end;
        }
        end.pop_back();
    }
    return std::nullopt;
}

// SQLite's LIMIT takes a signed 64-bit value; a negative one means "no limit".
int64_t sqlLimit(size_t limit) {
    return limit > static_cast<size_t>(std::numeric_limits<int64_t>::max())
               ? -1
               : static_cast<int64_t>(limit);
}

Status tooOld(int64_t asked, int64_t compacted) {
    // Kubernetes' wording (storage.NewTooOldResourceVersionError): the API server turns it into
    // 410 Gone with reason Expired.
    return Status(StatusCode::OutOfRange, "too old resource version: " + std::to_string(asked) +
                                              " (" + std::to_string(compacted) + ")");
}

Status tooLarge(int64_t asked, int64_t current) {
    // Kubernetes answers a read ahead of its data with 504 Timeout "Too large resource version"
    // and a retry-after: the client retries once the store has caught up. DeadlineExceeded is
    // the gRPC code that maps to 504.
    return Status(StatusCode::DeadlineExceeded,
                  "Too large resource version: " + std::to_string(asked) +
                      ", current: " + std::to_string(current));
}

Status conflict() {
    // Kubernetes' OptimisticLockErrorMsg; the API server prefixes "Operation cannot be
    // fulfilled on <resource> \"<name>\": " and answers 409 Conflict.
    return Status(StatusCode::Aborted,
                  "the object has been modified; please apply your changes to the latest version "
                  "and try again");
}

Status negativeRevision(int64_t revision) {
    return Status(StatusCode::InvalidArgument,
                  "revision must not be negative, got " + std::to_string(revision));
}

struct Meta {
    int64_t current = 0;
    int64_t compacted = 0;
};

EventType eventTypeOf(bool deleted, int64_t createRevision, int64_t revision) {
    if (deleted)
        return EventType::Deleted;
    return createRevision == revision ? EventType::Added : EventType::Modified;
}

}  // namespace

// One connection and the statements prepared on it. Declared after `conn` so they are
// finalized before it closes.
struct SqliteStore::Session {
    std::unique_ptr<sqlite::Connection> conn;

    sqlite::Statement begin, beginImmediate, commit, rollback;
    sqlite::Statement readMeta, getCurrent, getAt, listCurrent, listCurrentOpen, listAt, listAtOpen, countCurrent, countAt,
        events, eventsOpen, countChanges;
    // Writer session only.
    sqlite::Statement currentRevisions, insertKv, upsertCurrent, deleteCurrent,
        setCompactedRevision, compactSuperseded, compactTombstones;
    // ":memory:" writer: writes made in the open transaction since its last commit.
    int uncommittedWrites = 0;

    // ":memory:" writer: commits the writes made so far (before a compaction or a snapshot).
    Status commitPending() {
        if (!conn->inTransaction())
            return Status::ok();
        PH_RETURN_IF_ERROR(commit.run());
        uncommittedWrites = 0;
        return Status::ok();
    }

    static StatusOr<std::unique_ptr<Session>> open(const std::string& path, bool writer,
                                                   bool inMemory);

    StatusOr<Meta> loadMeta() {
        sqlite::ScopedReset reset(readMeta);
        StatusOr<bool> row = readMeta.step();
        if (!row.isOk())
            return row.status();
        if (!*row)
            return Status(StatusCode::DataLoss, "the store's meta row is missing");
        return Meta{readMeta.columnInt(0), readMeta.columnInt(1)};
    }

private:
    Status prepare(sqlite::Statement& stmt, const char* sql) {
        StatusOr<sqlite::Statement> prepared = conn->prepare(sql);
        if (!prepared.isOk())
            return prepared.status();
        stmt = std::move(*prepared);
        return Status::ok();
    }
};

StatusOr<std::unique_ptr<SqliteStore::Session>> SqliteStore::Session::open(const std::string& path,
                                                                           bool writer,
                                                                           bool inMemory) {
    auto session = std::make_unique<Session>();
    StatusOr<std::unique_ptr<sqlite::Connection>> conn = sqlite::Connection::open(path);
    if (!conn.isOk())
        return conn.status();
    session->conn = std::move(*conn);
    sqlite::Connection& c = *session->conn;

    // The writer may wait briefly on a checkpoint or on another process's reader; readers never
    // wait on the writer in WAL mode.
    PH_RETURN_IF_ERROR(c.exec("PRAGMA busy_timeout = 5000"));
    PH_RETURN_IF_ERROR(c.exec("PRAGMA temp_store = MEMORY"));
    PH_RETURN_IF_ERROR(c.exec("PRAGMA cache_size = -" +
                              std::to_string(writer ? kWriterCacheKiB : kReaderCacheKiB)));
    if (writer && !inMemory) {
        StatusOr<std::string> mode = c.queryText("PRAGMA journal_mode = WAL");
        if (!mode.isOk())
            return mode.status();
        if (*mode != "wal") {
            return Status(StatusCode::Internal, "could not switch \"" + path +
                                                    "\" to WAL (journal_mode is " + *mode + ")");
        }
        // In WAL, NORMAL syncs at checkpoints, not at every commit: a committed transaction is
        // in the OS as soon as COMMIT returns, which is what survives a killed process.
        PH_RETURN_IF_ERROR(c.exec("PRAGMA synchronous = NORMAL"));
        // Checkpoint (copy the WAL back into the database, with an fsync) every ~32 MiB rather
        // than SQLite's default ~4 MiB: a quarter as many fsyncs on the write path, and pages
        // written many times in between (the right edge of kv, hot keys) are copied once.
        // journal_size_limit shrinks the WAL file back after a checkpoint resets it.
        PH_RETURN_IF_ERROR(
            c.exec("PRAGMA wal_autocheckpoint = " + std::to_string(kWalCheckpointPages)));
        PH_RETURN_IF_ERROR(
            c.exec("PRAGMA journal_size_limit = " + std::to_string(kWalSizeLimitBytes)));
    }
    if (!writer) {
        PH_RETURN_IF_ERROR(c.exec("PRAGMA mmap_size = " + std::to_string(kMmapBytes)));
        PH_RETURN_IF_ERROR(c.exec("PRAGMA query_only = 1"));
    }

    if (writer) {
        StatusOr<int64_t> version = c.queryInt("PRAGMA user_version");
        if (!version.isOk())
            return version.status();
        if (*version > kSchemaVersion) {
            return Status(StatusCode::FailedPrecondition,
                          "\"" + path + "\" has store schema version " + std::to_string(*version) +
                              ", newer than this build's " + std::to_string(kSchemaVersion));
        }
        PH_RETURN_IF_ERROR(c.exec(std::string("BEGIN IMMEDIATE;") + kSchema + "COMMIT;"));
    }

    PH_RETURN_IF_ERROR(session->prepare(session->begin, "BEGIN"));
    PH_RETURN_IF_ERROR(session->prepare(session->beginImmediate, "BEGIN IMMEDIATE"));
    PH_RETURN_IF_ERROR(session->prepare(session->commit, "COMMIT"));
    PH_RETURN_IF_ERROR(session->prepare(session->rollback, "ROLLBACK"));
    PH_RETURN_IF_ERROR(session->prepare(session->readMeta, kReadMeta));
    PH_RETURN_IF_ERROR(session->prepare(session->getCurrent, kGetCurrent));
    PH_RETURN_IF_ERROR(session->prepare(session->getAt, kGetAt));
    PH_RETURN_IF_ERROR(session->prepare(session->listCurrent, kListCurrent));
    PH_RETURN_IF_ERROR(session->prepare(session->listCurrentOpen, kListCurrentOpen));
    PH_RETURN_IF_ERROR(session->prepare(session->listAt, kListAt));
    PH_RETURN_IF_ERROR(session->prepare(session->listAtOpen, kListAtOpen));
    PH_RETURN_IF_ERROR(session->prepare(session->countCurrent, kCountCurrent));
    PH_RETURN_IF_ERROR(session->prepare(session->countAt, kCountAt));
    PH_RETURN_IF_ERROR(session->prepare(session->events, kEvents));
    PH_RETURN_IF_ERROR(session->prepare(session->eventsOpen, kEventsOpen));
    PH_RETURN_IF_ERROR(session->prepare(session->countChanges, "SELECT COUNT(*) FROM kv"));
    if (writer) {
        PH_RETURN_IF_ERROR(session->prepare(session->currentRevisions, kCurrentRevisions));
        PH_RETURN_IF_ERROR(session->prepare(session->insertKv, kInsertKv));
        PH_RETURN_IF_ERROR(session->prepare(session->upsertCurrent, kUpsertCurrent));
        PH_RETURN_IF_ERROR(session->prepare(session->deleteCurrent, kDeleteCurrent));
        PH_RETURN_IF_ERROR(session->prepare(session->setCompactedRevision, kSetCompactedRevision));
        PH_RETURN_IF_ERROR(session->prepare(session->compactSuperseded, kCompactSuperseded));
        PH_RETURN_IF_ERROR(session->prepare(session->compactTombstones, kCompactTombstones));
    }
    return session;
}

namespace {

// A transaction on a session that rolls back unless committed: every early return leaves the
// connection clean. Read-only snapshots simply end by rolling back.
class Transaction {
public:
    explicit Transaction(SqliteStore::Session& session) : session_(session) {}
    ~Transaction() {
        if (active_ && session_.conn->inTransaction())
            (void)session_.rollback.run();
    }
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;

    // Inside the ":memory:" writer's open transaction (see kMemoryWritesPerCommit) a read is part
    // of it: it sees every write made, all of which are acknowledged.
    Status beginRead() {
        if (session_.conn->inTransaction())
            return Status::ok();
        return start(session_.begin);
    }
    // IMMEDIATE takes the write lock up front, so a write never fails half-way on a lock upgrade.
    Status beginWrite() { return start(session_.beginImmediate); }
    Status commit() {
        if (!active_)
            return Status::ok();
        Status st = session_.commit.run();
        if (st.isOk())
            active_ = false;
        return st;
    }

private:
    Status start(sqlite::Statement& begin) {
        PH_RETURN_IF_ERROR(begin.run());
        active_ = true;
        return Status::ok();
    }

    SqliteStore::Session& session_;
    bool active_ = false;
};

// Readable revisions: [compacted, current]; 0 (= current) is handled by the callers.
Status checkReadable(int64_t revision, const Meta& meta) {
    if (revision < 0)
        return negativeRevision(revision);
    if (revision < meta.compacted)
        return tooOld(revision, meta.compacted);
    if (revision > meta.current)
        return tooLarge(revision, meta.current);
    return Status::ok();
}

}  // namespace

// ---- lifetime ----

SqliteStore::SqliteStore(const Options& options)
    : options_(options), inMemory_(options.path == ":memory:") {}

SqliteStore::~SqliteStore() {
    // First: close the watches and wait for catch-up reads, which use our connections.
    if (hub_)
        hub_->shutdown();
}

StatusOr<std::unique_ptr<SqliteStore>> SqliteStore::open(const Options& options) {
    if (options.path.empty()) {
        return Status(StatusCode::InvalidArgument,
                      "store path is empty (use \":memory:\" for an in-memory store)");
    }
    std::unique_ptr<SqliteStore> store(new SqliteStore(options));
    PH_RETURN_IF_ERROR(store->init());
    return store;
}

Status SqliteStore::init() {
    StatusOr<std::unique_ptr<Session>> writer = Session::open(options_.path, true, inMemory_);
    if (!writer.isOk())
        return writer.status();
    writer_ = std::move(*writer);

    StatusOr<Meta> meta = writer_->loadMeta();
    if (!meta.isOk())
        return meta.status();
    if (meta->compacted > meta->current) {
        return Status(StatusCode::DataLoss,
                      "store \"" + options_.path + "\" is inconsistent: compacted revision " +
                          std::to_string(meta->compacted) + " is past the current revision " +
                          std::to_string(meta->current));
    }
    currentRevision_ = meta->current;
    compactedRevision_ = meta->compacted;

    if (!inMemory_) {
        const std::string path = options_.path;
        readers_ = std::make_unique<ConnectionPool<Session>>(
            kMaxReaders, [path] { return Session::open(path, false, false); });
    }
    hub_ = std::make_shared<WatchHub>(options_.watchQueueLimit, static_cast<EventSource*>(this));
    return Status::ok();
}

template <typename Fn>
auto SqliteStore::withReader(Fn&& fn) -> decltype(fn(std::declval<Session&>())) {
    if (readers_) {
        auto lease = readers_->acquire();
        if (!lease.isOk())
            return lease.status();
        return fn(**lease);
    }
    std::lock_guard lock(writeMu_);
    return fn(*writer_);
}

// ---- writes ----

StatusOr<KeyValue> SqliteStore::create(const std::string& key, const std::string& value) {
    return write(WriteOp::Create, key, value, 0);
}

StatusOr<KeyValue> SqliteStore::update(const std::string& key, const std::string& value,
                                       int64_t expectedModRevision) {
    return write(WriteOp::Update, key, value, expectedModRevision);
}

StatusOr<KeyValue> SqliteStore::remove(const std::string& key, int64_t expectedModRevision) {
    return write(WriteOp::Remove, key, std::string(), expectedModRevision);
}

StatusOr<KeyValue> SqliteStore::write(WriteOp op, const std::string& key, const std::string& value,
                                      int64_t expectedModRevision) {
    if (key.empty())
        return Status(StatusCode::InvalidArgument, "key must not be empty");
    if (expectedModRevision < 0)
        return negativeRevision(expectedModRevision);

    KeyValue result;
    EventType eventType = EventType::Added;
    WatchHub::Notifications notify;
    {
        std::lock_guard lock(writeMu_);
        Session& s = *writer_;
        Transaction txn(s);
        if (!inMemory_)
            PH_RETURN_IF_ERROR(txn.beginWrite());
        else if (!s.conn->inTransaction())
            PH_RETURN_IF_ERROR(s.beginImmediate.run());

        // The key's current incarnation, if any.
        bool exists = false;
        int64_t createRevision = 0;
        int64_t modRevision = 0;
        std::string lastValue;
        {
            // A remove needs the last value for its tombstone; the others only the revisions.
            sqlite::Statement& lookup = op == WriteOp::Remove ? s.getCurrent : s.currentRevisions;
            sqlite::ScopedReset reset(lookup);
            lookup.bindText(1, key);
            StatusOr<bool> row = lookup.step();
            if (!row.isOk())
                return row.status();
            if (*row) {
                exists = true;
                createRevision = lookup.columnInt(0);
                modRevision = lookup.columnInt(1);
                if (op == WriteOp::Remove)
                    lastValue = lookup.columnString(2);
            }
        }
        if (op == WriteOp::Create && exists) {
            return Status(StatusCode::AlreadyExists, "key already exists: " + key);
        }
        if (op != WriteOp::Create && !exists) {
            return Status(StatusCode::NotFound, "key not found: " + key);
        }
        if (op != WriteOp::Create && expectedModRevision != 0 &&
            expectedModRevision != modRevision) {
            return conflict();
        }

        const int64_t revision = currentRevision_.load() + 1;
        if (op == WriteOp::Create)
            createRevision = revision;
        const bool deleted = op == WriteOp::Remove;
        const std::string& stored = deleted ? lastValue : value;
        {
            sqlite::ScopedReset reset(s.insertKv);
            s.insertKv.bindInt(1, revision);
            s.insertKv.bindText(2, key);
            s.insertKv.bindBlob(3, stored);
            s.insertKv.bindInt(4, createRevision);
            s.insertKv.bindInt(5, deleted ? 1 : 0);
            PH_RETURN_IF_ERROR(s.insertKv.run());
        }
        Status current;
        if (deleted) {
            sqlite::ScopedReset reset(s.deleteCurrent);
            s.deleteCurrent.bindText(1, key);
            current = s.deleteCurrent.run();
        } else {
            sqlite::ScopedReset reset(s.upsertCurrent);
            s.upsertCurrent.bindText(1, key);
            s.upsertCurrent.bindInt(2, revision);
            s.upsertCurrent.bindInt(3, createRevision);
            current = s.upsertCurrent.run();
        }
        if (!current.isOk()) {
            // A file's transaction rolls back; the shared in-memory one takes this write's row out
            // again, so the writes before it stay.
            if (inMemory_ && !s.conn->exec("DELETE FROM kv WHERE revision = " + std::to_string(revision)).isOk())
                return Status(StatusCode::DataLoss, "the in-memory store could not undo a failed write (" +
                                                        current.message() + ")");
            return current;
        }
        if (!inMemory_) {
            // Acknowledge only what is committed: a failed COMMIT rolls back and changes nothing.
            PH_RETURN_IF_ERROR(txn.commit());
        } else if (++s.uncommittedWrites >= kMemoryWritesPerCommit) {
            // A failed commit leaves the transaction open and every write in it; the next one retries.
            (void)s.commitPending();
        }

        result.key = key;
        result.value = stored;
        result.createRevision = createRevision;
        result.modRevision = revision;
        eventType = deleted ? EventType::Deleted
                            : (op == WriteOp::Create ? EventType::Added : EventType::Modified);
        // Still under writeMu_: watchers receive changes in revision order.
        hub_->publish(eventType, result, notify);
        // Only now is the revision current: whoever reads currentRevision() and then drains a
        // watch finds every change up to it (the API server's caches rely on this).
        currentRevision_ = revision;
    }
    notify.run();
    return result;
}

// ---- reads ----

StatusOr<KeyValue> SqliteStore::get(const std::string& key, int64_t atRevision) {
    if (atRevision < 0)
        return negativeRevision(atRevision);
    return withReader([&](Session& s) -> StatusOr<KeyValue> {
        KeyValue kv;
        kv.key = key;
        if (atRevision == 0) {
            // One statement is its own snapshot: no explicit transaction needed.
            sqlite::ScopedReset reset(s.getCurrent);
            s.getCurrent.bindText(1, key);
            StatusOr<bool> row = s.getCurrent.step();
            if (!row.isOk())
                return row.status();
            if (!*row)
                return Status(StatusCode::NotFound, "key not found: " + key);
            kv.createRevision = s.getCurrent.columnInt(0);
            kv.modRevision = s.getCurrent.columnInt(1);
            kv.value = s.getCurrent.columnString(2);
            return kv;
        }
        Transaction txn(s);
        PH_RETURN_IF_ERROR(txn.beginRead());
        StatusOr<Meta> meta = s.loadMeta();
        if (!meta.isOk())
            return meta.status();
        PH_RETURN_IF_ERROR(checkReadable(atRevision, *meta));
        sqlite::ScopedReset reset(s.getAt);
        s.getAt.bindText(1, key);
        s.getAt.bindInt(2, atRevision);
        StatusOr<bool> row = s.getAt.step();
        if (!row.isOk())
            return row.status();
        if (!*row || s.getAt.columnInt(3) != 0) {
            return Status(StatusCode::NotFound,
                          "key not found at revision " + std::to_string(atRevision) + ": " + key);
        }
        kv.createRevision = s.getAt.columnInt(0);
        kv.modRevision = s.getAt.columnInt(1);
        kv.value = s.getAt.columnString(2);
        return kv;
    });
}

StatusOr<ListResult> SqliteStore::list(const std::string& prefix, int64_t atRevision) {
    auto page = listPage(prefix, atRevision, prefix, 0);
    if (!page.isOk())
        return page.status();
    return ListResult(std::move(*page));
}

StatusOr<ListPage> SqliteStore::listPage(const std::string& prefix, int64_t atRevision, const std::string& startKey,
                                         size_t limit, bool countRemaining) {
    if (atRevision < 0)
        return negativeRevision(atRevision);
    const std::optional<std::string> end = prefixEnd(prefix);
    const std::string& from = startKey > prefix ? startKey : prefix;
    return withReader([&](Session& s) -> StatusOr<ListPage> {
        // The revision and the rows must come from one snapshot.
        Transaction txn(s);
        PH_RETURN_IF_ERROR(txn.beginRead());
        StatusOr<Meta> meta = s.loadMeta();
        if (!meta.isOk())
            return meta.status();
        ListPage result;
        if (atRevision != 0)
            PH_RETURN_IF_ERROR(checkReadable(atRevision, *meta));
        result.revision = atRevision == 0 ? meta->current : atRevision;
        // A past revision that is still the current one reads the current table: the same rows,
        // without grouping every key's versions (a chunked list reads its later chunks at the
        // first chunk's revision).
        const bool current = atRevision == 0 || atRevision == meta->current;
        sqlite::Statement& stmt = current ? (end ? s.listCurrent : s.listCurrentOpen) : (end ? s.listAt : s.listAtOpen);
        sqlite::ScopedReset reset(stmt);
        stmt.bindText(1, from);
        if (end)
            stmt.bindText(2, *end);
        if (!current)
            stmt.bindInt(3, atRevision);
        for (;;) {
            StatusOr<bool> row = stmt.step();
            if (!row.isOk())
                return row.status();
            if (!*row)
                break;
            if (limit > 0 && result.items.size() == limit) {
                result.more = true;
                // etcd's count, for remainingItemCount: the keys from this one on (on the index
                // alone). A prefix without an end (all keys) is not counted.
                if (countRemaining && end) {
                    sqlite::Statement& count = current ? s.countCurrent : s.countAt;
                    sqlite::ScopedReset countReset(count);
                    const std::string next = stmt.columnString(0);  // bound, not copied, by SQLite
                    count.bindText(1, next);
                    count.bindText(2, *end);
                    if (!current)
                        count.bindInt(3, atRevision);
                    StatusOr<bool> counted = count.step();
                    if (!counted.isOk())
                        return counted.status();
                    if (*counted)
                        result.remaining = count.columnInt(0);
                }
                break;
            }
            KeyValue& kv = result.items.emplace_back();
            kv.key = stmt.columnString(0);
            kv.createRevision = stmt.columnInt(1);
            kv.modRevision = stmt.columnInt(2);
            kv.value = stmt.columnString(3);
        }
        return result;
    });
}

StatusOr<std::vector<WatchEvent>> SqliteStore::history(const std::string& prefix,
                                                       int64_t fromRevision, size_t limit) {
    return readEvents(prefix, fromRevision, std::numeric_limits<int64_t>::max(), limit);
}

StatusOr<std::vector<WatchEvent>> SqliteStore::readEvents(const std::string& prefix, int64_t after,
                                                          int64_t upTo, size_t limit) {
    if (after < 0)
        return negativeRevision(after);
    const std::optional<std::string> end = prefixEnd(prefix);
    return withReader([&](Session& s) -> StatusOr<std::vector<WatchEvent>> {
        // The compaction check and the rows must come from one snapshot: a compaction between
        // them could otherwise remove events silently.
        Transaction txn(s);
        PH_RETURN_IF_ERROR(txn.beginRead());
        StatusOr<Meta> meta = s.loadMeta();
        if (!meta.isOk())
            return meta.status();
        if (after < meta->compacted)
            return tooOld(after, meta->compacted);

        std::vector<WatchEvent> events;
        sqlite::Statement& stmt = end ? s.events : s.eventsOpen;
        sqlite::ScopedReset reset(stmt);
        stmt.bindInt(1, after);
        stmt.bindInt(2, upTo);
        stmt.bindText(3, prefix);
        if (end)
            stmt.bindText(4, *end);
        stmt.bindInt(5, sqlLimit(limit));
        for (;;) {
            StatusOr<bool> row = stmt.step();
            if (!row.isOk())
                return row.status();
            if (!*row)
                break;
            WatchEvent& event = events.emplace_back();
            event.revision = stmt.columnInt(0);
            event.kv.key = stmt.columnString(1);
            event.kv.value = stmt.columnString(2);
            event.kv.createRevision = stmt.columnInt(3);
            event.kv.modRevision = event.revision;
            event.type =
                eventTypeOf(stmt.columnInt(4) != 0, event.kv.createRevision, event.revision);
        }
        return events;
    });
}

StatusOr<int64_t> SqliteStore::retainedChangeCount() {
    return withReader([](Session& s) -> StatusOr<int64_t> {
        sqlite::ScopedReset reset(s.countChanges);
        StatusOr<bool> row = s.countChanges.step();
        if (!row.isOk())
            return row.status();
        return s.countChanges.columnInt(0);
    });
}

// ---- watch ----

StatusOr<std::unique_ptr<Watch>> SqliteStore::watch(const std::string& prefix,
                                                    int64_t fromRevision) {
    if (fromRevision < 0)
        return negativeRevision(fromRevision);
    // Under the writer lock no change can commit between reading the revision and registering,
    // so the history (<= current) and the live queue (> current) meet without gap or overlap.
    std::lock_guard lock(writeMu_);
    const int64_t compacted = compactedRevision_.load();
    if (fromRevision < compacted)
        return tooOld(fromRevision, compacted);
    return WatchHub::subscribe(hub_, prefix, fromRevision, currentRevision_.load());
}

// ---- compaction ----

Status SqliteStore::snapshot(const std::string& path) {
    if (path.empty() || path == ":memory:")
        return Status(StatusCode::InvalidArgument, "snapshot: a file path is needed, not \"" + path + "\"");
    if (!inMemory_ && std::filesystem::weakly_canonical(path) == std::filesystem::weakly_canonical(options_.path))
        return Status(StatusCode::InvalidArgument, "snapshot: \"" + path + "\" is the store's own file");
    // Written beside the target and renamed over it at the end, so that a failure (disk full, a
    // directory that cannot be written) leaves whatever was at `path` as it was.
    const std::string temporary = path + ".partial";
    std::error_code ignored;
    std::filesystem::remove(temporary, ignored);
    std::lock_guard lock(writeMu_);  // no write lands halfway through the copy
    PH_RETURN_IF_ERROR(writer_->commitPending());
    {
        StatusOr<std::unique_ptr<sqlite::Connection>> target = sqlite::Connection::open(temporary);
        if (!target.isOk())
            return target.status();
        sqlite3* to = (*target)->handle();
        sqlite3_backup* backup = sqlite3_backup_init(to, "main", writer_->conn->handle(), "main");
        if (!backup)
            return sqlite::errorStatus(to, sqlite3_errcode(to), "snapshot to \"" + path + "\"");
        const int stepped = sqlite3_backup_step(backup, -1);
        const int finished = sqlite3_backup_finish(backup);
        if (stepped != SQLITE_DONE || finished != SQLITE_OK) {
            Status st = sqlite::errorStatus(to, stepped != SQLITE_DONE ? stepped : finished,
                                            "snapshot to \"" + path + "\"");
            target->reset();
            std::filesystem::remove(temporary, ignored);
            return st;
        }
        // A snapshot is one self-contained file: no write-ahead log beside it.
        if (Status st = (*target)->exec("PRAGMA journal_mode=DELETE"); !st.isOk()) {
            target->reset();
            std::filesystem::remove(temporary, ignored);
            return st;
        }
    }
    return sqlite::replaceDatabaseFile(temporary, path).withContext("snapshot: ");
}

Status SqliteStore::compact(int64_t revision) {
    if (revision < 0)
        return negativeRevision(revision);
    const int64_t current = currentRevision_.load();
    if (revision > current) {
        return Status(StatusCode::InvalidArgument,
                      "cannot compact to revision " + std::to_string(revision) +
                          ": the current revision is " + std::to_string(current));
    }
    for (;;) {
        std::lock_guard lock(writeMu_);
        const int64_t lo = compactedRevision_.load();
        // Compacting at or below the compacted revision has nothing left to do (as etcd, but
        // without failing: concurrent compactors may race to the same target).
        if (lo >= revision)
            return Status::ok();
        const int64_t hi = std::min(revision, lo + kCompactionStep);
        Session& s = *writer_;
        PH_RETURN_IF_ERROR(s.commitPending());
        Transaction txn(s);
        PH_RETURN_IF_ERROR(txn.beginWrite());
        for (sqlite::Statement* stmt : {&s.compactSuperseded, &s.compactTombstones}) {
            sqlite::ScopedReset reset(*stmt);
            stmt->bindInt(1, lo);
            stmt->bindInt(2, hi);
            PH_RETURN_IF_ERROR(stmt->run());
        }
        {
            sqlite::ScopedReset reset(s.setCompactedRevision);
            s.setCompactedRevision.bindInt(1, hi);
            s.setCompactedRevision.bindInt(2, currentRevision_.load());
            PH_RETURN_IF_ERROR(s.setCompactedRevision.run());
        }
        PH_RETURN_IF_ERROR(txn.commit());
        compactedRevision_ = hi;
    }
}

}  // namespace pilothouse::store
