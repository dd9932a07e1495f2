// The Store on SQLite: an append-only history table plus a current-state index, one global
// revision, optimistic concurrency, compaction, and watches fed from the history and the writer.
//
// Schema (PRAGMA user_version = 1):
//   kv(revision INTEGER PRIMARY KEY, key, value, create_revision, deleted)
//       one row per change; a delete is a row with deleted = 1 carrying the last value, so a
//       DELETED event is complete without looking further back. Index (key, revision) serves
//       reads at a past revision.
//   current(key PRIMARY KEY, mod_revision, create_revision) WITHOUT ROWID
//       the live keys, pointing at their latest kv row: current reads never scan history.
//   meta(compacted_revision, revision_at_compaction)
//       written only by compaction. The current revision is the newest kv row's, or
//       revision_at_compaction when compaction removed the newest rows (trailing tombstones):
//       a reopened file continues exactly where the last acknowledged write left it, and a
//       write touches one page fewer than if it kept a revision counter up to date.
//
// Durability: on a file, every create/update/remove commits its own transaction before it
// returns, in WAL with synchronous=NORMAL: a commit is in the OS once acknowledged, so it survives
// the process being killed (not necessarily a power cut before the next checkpoint). ":memory:"
// has nothing to keep: its writes share one transaction, committed every 1,024 writes and before
// a compaction or a snapshot (a write is readable as soon as it returns all the same).
//
// Concurrency: one writer connection behind writeMu_ (SQLite allows one writer anyway); the
// writer also publishes to the WatchHub under that lock so watchers see revision order. File
// stores read through a pool of reader connections, each read in its own snapshot transaction,
// so reads neither wait for nor block writes. An in-memory database is private to its
// connection, so ":memory:" stores read through the writer connection under writeMu_ (same SQL,
// same code, one connection).
//
// Ownership: created by open() (store.h); owns its connections and the hub's lifetime as
// EventSource. Destroying it closes every Watch with Cancelled; no other call may be running.
// Thread-safety: every Store method is safe to call concurrently.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "store/connection_pool.h"
#include "store/sqlite_db.h"
#include "store/store.h"
#include "store/watch_hub.h"

namespace pilothouse::store {

class SqliteStore final : public Store, private EventSource {
public:
    static StatusOr<std::unique_ptr<SqliteStore>> open(const Options& options);
    ~SqliteStore() override;

    StatusOr<KeyValue> create(const std::string& key, const std::string& value) override;
    StatusOr<KeyValue> update(const std::string& key, const std::string& value,
                              int64_t expectedModRevision) override;
    StatusOr<KeyValue> remove(const std::string& key, int64_t expectedModRevision) override;

    StatusOr<KeyValue> get(const std::string& key, int64_t atRevision = 0) override;
    StatusOr<ListResult> list(const std::string& prefix, int64_t atRevision = 0) override;
    StatusOr<ListPage> listPage(const std::string& prefix, int64_t atRevision, const std::string& startKey,
                                size_t limit, bool countRemaining = false) override;
    StatusOr<std::vector<WatchEvent>> history(const std::string& prefix, int64_t fromRevision,
                                              size_t limit = SIZE_MAX) override;

    StatusOr<std::unique_ptr<Watch>> watch(const std::string& prefix,
                                           int64_t fromRevision) override;

    Status compact(int64_t revision) override;
    Status snapshot(const std::string& path) override;

    int64_t currentRevision() const override { return currentRevision_.load(); }
    int64_t compactedRevision() const override { return compactedRevision_.load(); }

    // Diagnostics for tests and benchmarks: open watchers, events queued across them, and the
    // number of changes the history holds (what compaction shrinks).
    size_t watcherCount() const { return hub_->watcherCount(); }
    size_t queuedWatchEvents() const { return hub_->queuedEventCount(); }
    StatusOr<int64_t> retainedChangeCount();

    // One connection with its prepared statements (defined in the .cpp).
    struct Session;

private:
    enum class WriteOp { Create, Update, Remove };

    explicit SqliteStore(const Options& options);

    Status init();
    StatusOr<KeyValue> write(WriteOp op, const std::string& key, const std::string& value,
                             int64_t expectedModRevision);
    // Runs fn(Session&) on a reader session: a pooled connection for files, the writer
    // connection under writeMu_ for ":memory:".
    template <typename Fn>
    auto withReader(Fn&& fn) -> decltype(fn(std::declval<Session&>()));

    // EventSource, for watch catch-up.
    StatusOr<std::vector<WatchEvent>> readEvents(const std::string& prefix, int64_t after,
                                                 int64_t upTo, size_t limit) override;

    const Options options_;
    const bool inMemory_;

    std::mutex writeMu_;  // serializes writes, watch registration and (":memory:") reads
    std::unique_ptr<Session> writer_;                   // guarded by writeMu_
    std::unique_ptr<ConnectionPool<Session>> readers_;  // null for ":memory:"

    // Mirrors of meta, updated under writeMu_ after each commit; read lock-free by the getters.
    std::atomic<int64_t> currentRevision_{0};
    std::atomic<int64_t> compactedRevision_{0};

    std::shared_ptr<WatchHub> hub_;
};

}  // namespace pilothouse::store
