// The etcd-like versioned key-value store the API server persists every object in.
//
// Model (the same as etcd v3, which kube-apiserver uses):
//  - One global revision counter. Every successful create/update/delete increments it by one and
//    stamps the key with it (modRevision). An object's resourceVersion is its modRevision.
//  - create is create-if-absent; update and remove take the modRevision the caller read and fail
//    with Aborted ("Conflict") if the key changed since (optimistic concurrency). expected == 0
//    means unconditional.
//  - Reads can be made at any retained past revision (history); compact(rev) drops history below
//    rev. Reading or watching below the compacted revision is OutOfRange (HTTP 410 Gone).
//  - watch(prefix, fromRevision) delivers every change with revision > fromRevision, in revision
//    order; a watcher that falls too far behind is closed (ResourceExhausted) and resumes by
//    watching again from the last revision it saw, so memory stays bounded.
//
// Error codes: NotFound, AlreadyExists, Aborted (conflict), OutOfRange (compacted: "too old
// resource version: X (Y)"), DeadlineExceeded (a read at a revision the store has not reached:
// Kubernetes' retryable "Too large resource version"), InvalidArgument (negative revision, empty
// key, compacting past the current revision), Internal/DataLoss (SQLite failures, with SQLite's
// message).
//
// Thread-safety: every method may be called from any thread concurrently. Watch objects are used
// by one consumer thread at a time.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "store/event_memo.h"
#include "util/status.h"

namespace pilothouse::store {

struct KeyValue {
    std::string key;
    std::string value;           // opaque bytes (the API server stores serialized protobuf)
    int64_t createRevision = 0;  // revision that created this incarnation of the key
    int64_t modRevision = 0;     // revision of the last change = resourceVersion
};

struct ListResult {
    std::vector<KeyValue> items;  // sorted by key
    int64_t revision = 0;         // the revision the list was read at
};

// One page of a list (etcd's range with a start key and a limit): `more` says whether keys remain
// after the page's.
struct ListPage : ListResult {
    bool more = false;
    // How many keys remain after the page's, when counted (countRemaining).
    std::optional<int64_t> remaining;
};

enum class EventType { Added, Modified, Deleted };

struct WatchEvent {
    EventType type = EventType::Added;
    KeyValue kv;        // for Deleted: the key, the last value, modRevision = the delete's revision
    int64_t revision = 0;
    EventMemo memo{};   // what readers derive from it once for all (the API server: the decoded object)
};

// A stream of changes under one prefix. Destroying it stops the watch.
class Watch {
public:
    virtual ~Watch() = default;
    // The events that are ready (at most maxEvents, oldest first), waiting at most `timeout`
    // (zero = do not wait) for the first one. Nothing in time is not an error: the result is
    // OK and the vector empty.
    // When the watch was closed (store closed, watcher too slow) returns the closing Status:
    // ResourceExhausted for a watcher that fell behind (resume from lastRevision()),
    // Cancelled when the store shuts down, OutOfRange when a compaction overtook a watch still
    // catching up on history. A closed watch keeps returning its closing Status.
    virtual StatusOr<std::vector<WatchEvent>> next(std::chrono::milliseconds timeout,
                                                   size_t maxEvents = 1024) = 0;
    // The same events, shared instead of copied: a change fanned out to many watchers is not
    // copied once per watcher (the API server's watch streams use this).
    using SharedEvents = std::vector<std::shared_ptr<const WatchEvent>>;
    virtual StatusOr<SharedEvents> nextShared(std::chrono::milliseconds timeout, size_t maxEvents = 1024) {
        auto events = next(timeout, maxEvents);
        if (!events) return events.status();
        SharedEvents out;
        out.reserve(events->size());
        for (auto& e : *events) out.push_back(std::make_shared<const WatchEvent>(std::move(e)));
        return out;
    }
    // The revision of the last event handed out (or the start revision).
    virtual int64_t lastRevision() const = 0;
    // Called (from the writer's thread) when new events are queued and the consumer has called
    // next() since the last call (so a consumer that drains the watch whenever called hears of
    // every event, and a burst of events costs one call); may be empty.
    // Also called once when the watch is closed, so an event-driven consumer learns it must
    // resume. Not called for a history backlog already pending when it is set: drain with
    // next(0) after setting it. It runs with no store lock held (it may call the store) but
    // must not block; after setNotify or the Watch's destructor returns, the previous callback
    // is no longer running on another thread and is not called again.
    virtual void setNotify(std::function<void()> notify) = 0;
};

struct Options {
    // ":memory:" = in-memory (tests, simulations that need no file); otherwise a file path.
    std::string path = ":memory:";
    // Events a watcher may have queued before it is closed as too slow.
    size_t watchQueueLimit = 100000;
};

class Store {
public:
    virtual ~Store() = default;

    virtual StatusOr<KeyValue> create(const std::string& key, const std::string& value) = 0;
    virtual StatusOr<KeyValue> update(const std::string& key, const std::string& value,
                                      int64_t expectedModRevision) = 0;
    virtual StatusOr<KeyValue> remove(const std::string& key, int64_t expectedModRevision) = 0;

    // atRevision == 0: the current state.
    virtual StatusOr<KeyValue> get(const std::string& key, int64_t atRevision = 0) = 0;
    virtual StatusOr<ListResult> list(const std::string& prefix, int64_t atRevision = 0) = 0;
    // The keys under prefix from startKey on (startKey "" or before prefix: from the first), at
    // most `limit` (0: all): what a chunked list reads for one chunk, in time proportional to the
    // page rather than to the whole list. The default reads the whole list.
    // With countRemaining, a page with more after it also says how many (etcd's count).
    virtual StatusOr<ListPage> listPage(const std::string& prefix, int64_t atRevision, const std::string& startKey,
                                        size_t limit, bool countRemaining = false);
    // Every change to keys under prefix with revision > fromRevision, oldest first, up to limit
    // (history, used by the GUI's timeline). OutOfRange when fromRevision < compactedRevision().
    virtual StatusOr<std::vector<WatchEvent>> history(const std::string& prefix,
                                                      int64_t fromRevision,
                                                      size_t limit = SIZE_MAX) = 0;

    virtual StatusOr<std::unique_ptr<Watch>> watch(const std::string& prefix,
                                                   int64_t fromRevision) = 0;

    // Keeps every key's state at `revision` readable; compacting at or below the compacted
    // revision is a no-op.
    virtual Status compact(int64_t revision) = 0;

    virtual int64_t currentRevision() const = 0;
    virtual int64_t compactedRevision() const = 0;

    // etcdctl snapshot save: writes the store as it is now (every retained revision, the
    // compaction point) to a new store file at `path`, which store::open() reads like any other.
    // The file appears whole or not at all (written beside it, then renamed over it); writes
    // wait while it is copied.
    virtual Status snapshot(const std::string& path) = 0;
};

// Opens (creating if needed) a store. SQLite in WAL mode for files; ":memory:" for in-memory.
StatusOr<std::unique_ptr<Store>> open(const Options& options);

}  // namespace pilothouse::store
