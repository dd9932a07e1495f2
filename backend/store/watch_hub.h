// Fan-out of committed changes to watchers, with a bound on what each watcher may leave unread.
//
// How a watch is served:
//  1. Catch-up: the changes in (fromRevision, revision-at-subscribe] are not copied anywhere; the
//     consumer reads them page by page from the EventSource (SQLite history) inside next(). A
//     watcher starting far back therefore costs no memory, however long its backlog.
//  2. Live: every change committed after the subscribe is appended by the writer (publish(),
//     called under the store's writer lock, so in revision order) to the WatchLog of each watched
//     prefix it falls under, once, as a shared immutable event; each watcher reads that log
//     through its own cursor. N watchers on one prefix share one copy of each event and one log.
//  The writer never waits for a lock that a consumer holds while reading: it appends to the log,
//  counts the event as unread for each watcher (an atomic add), and takes a watcher's lock only to
//  wake a consumer blocked in next() or to close a watcher. Consumers (the remote server's delivery
//  threads run at a low priority) therefore cannot hold up the simulation (priority inversion).
//  A watcher whose unread events would exceed the limit is closed with ResourceExhausted and its
//  cursor dropped, so it pins no memory; the consumer resumes by watching again from
//  lastRevision(), which loses nothing because every event is in the history until compaction.
//
// Ownership: the store owns the hub through a shared_ptr and each Watch holds another, so a Watch
// may outlive the store (it then reports Cancelled). The EventSource is borrowed: shutdown() must
// be called before it is destroyed, and waits for history reads in flight.
// Thread-safety: every WatchHub method may be called from any thread; subscribe() and publish()
// under the store's writer lock. A Watch is used by one consumer thread at a time (per store.h);
// its setNotify and destructor may race with writers.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <string>
#include <vector>

#include "store/store.h"
#include "store/watch_log.h"

namespace pilothouse::store {

// Where catch-up reads come from: the store's history.
class EventSource {
public:
    virtual ~EventSource() = default;
    // Changes to keys under prefix with after < revision <= upTo, oldest first, at most limit.
    // OutOfRange when `after` is below the compacted revision (events may be missing).
    virtual StatusOr<std::vector<WatchEvent>> readEvents(const std::string& prefix, int64_t after,
                                                         int64_t upTo, size_t limit) = 0;
};

struct WatcherState;

class WatchHub {
public:
    // Watchers that received something and have a notify callback. Collected under the writer
    // lock by publish() and run by the writer after it released its locks, so a callback may
    // call back into the store without deadlocking.
    class Notifications {
    public:
        void run();
        bool empty() const { return pending_.empty(); }

    private:
        friend class WatchHub;
        std::vector<std::shared_ptr<WatcherState>> pending_;
    };

    WatchHub(size_t queueLimit, EventSource* source);
    ~WatchHub();
    WatchHub(const WatchHub&) = delete;
    WatchHub& operator=(const WatchHub&) = delete;

    // Starts a watch for changes under prefix with revision > fromRevision. currentRevision is the
    // store's revision now, and the caller must hold the store's writer lock so that no change
    // commits between reading it and registering: changes <= currentRevision come from the
    // history, later ones from publish().
    static std::unique_ptr<Watch> subscribe(const std::shared_ptr<WatchHub>& hub,
                                            std::string prefix, int64_t fromRevision,
                                            int64_t currentRevision);

    // Queues one committed change for every matching watcher. Called by the writer, under the
    // store's writer lock, in revision order. Adds watchers to wake to `notify`.
    void publish(EventType type, const KeyValue& kv, Notifications& notify);

    // Closes every watch with Cancelled and stops catch-up reads; waits for reads in flight.
    // After it returns the EventSource is no longer used. Idempotent.
    void shutdown();

    size_t watcherCount() const;
    // Events not yet read, summed over the live watchers (a shared event counts once per watcher
    // that has not read it). For tests and diagnostics.
    size_t queuedEventCount() const;

    // Used by the Watch implementation.
    StatusOr<std::vector<WatchEvent>> readHistory(const std::string& prefix, int64_t after,
                                                  int64_t upTo, size_t limit);
    void close(const std::shared_ptr<WatcherState>& watcher, const Status& status);
    void unsubscribe(const std::shared_ptr<WatcherState>& watcher);

private:
    const size_t queueLimit_;

    std::shared_mutex sourceMu_;     // readers: history reads in flight; writer: shutdown()
    EventSource* source_ = nullptr;  // guarded by sourceMu_; null after shutdown()

    // The watchers of one prefix and the log they read.
    struct Channel {
        std::string prefix;
        WatchLog log;
        std::vector<std::shared_ptr<WatcherState>> watchers;  // a closed one leaves at the next publish
    };

    // Taken by the writer (publish, subscribe), shutdown() and the diagnostics; never by a
    // consumer reading its watch, which only sets flags the writer looks at.
    mutable std::mutex mu_;
    std::vector<Channel> channels_;  // guarded by mu_
    bool shutDown_ = false;          // guarded by mu_
    // Closed watchers of channels that see no change are freed by a sweep of every channel, made
    // once as many watches were opened as there were watchers after the last sweep: each watch
    // opened pays for one watcher's look (5,000 kubelets opening their watches one after another
    // used to sweep all the others' each time).
    size_t subscribedSinceSweep_ = 0;  // guarded by mu_
    size_t watchersAtSweep_ = 0;       // guarded by mu_
};

}  // namespace pilothouse::store
