// One Watch call: a server-streaming reactor (gRPC's callback API) served by the service's
// WatchDispatcher (watch_dispatcher.h), with no thread of its own.
//
//   starter thread: authorize, the initial list (when asked), open the API server's WatchStream
//   dispatcher thread, when the stream has news: its events, packed once for all watches
//       (packed_watch_events.h), into this watch's queue --(one write in flight; gRPC's OnWriteDone
//       starts the next)--> client
//
// Memory stays bounded for a slow or stalled client: the dispatcher drains the API server's stream
// every round, so the store's per-watcher queue stays short, and the reactor's own queue holds at
// most WatchOptions::bufferLimit live events beyond the initial list (each a reference to bytes
// every watch shares; gRPC itself holds one message in flight plus its HTTP/2 flow-control
// window). A client that falls further behind is cut off with RESOURCE_EXHAUSTED (429
// TooManyRequests) and re-lists or watches again.
//
// Lifetime: the reactor owns itself (a shared_ptr) from Watch() until OnDone(); the dispatcher and
// the API server's notify callback hold weak references. Every path to Finish() goes through
// finish(), which sends it once.
#pragma once

#include <grpcpp/support/server_callback.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>
#include <set>

#include <grpcpp/support/byte_buffer.h>

#include "apiserver/server.h"
#include "remote/api_backend.h"
#include "remote/packed_watch_events.h"
#include "remote/watch_dispatcher.h"
#include "apiserver_service.pb.h"

namespace pilothouse::remote {

struct WatchOptions {
    // How often a watch with allow_watch_bookmarks gets a BOOKMARK (upstream: about a minute).
    std::chrono::milliseconds bookmarkInterval{std::chrono::seconds(60)};
    // Live events a watch may have waiting for a slow client before it is cut off.
    size_t bufferLimit = 10000;
};

class WatchReactor;

// The open watches of one service, so a shutdown can end them all, and a control plane that is
// replaced (a simulation reset) can first take every watch off the old one. Thread-safe.
class WatchRegistry {
public:
    // False once stopAll() ran: the watch must end at once.
    bool add(WatchReactor* watch);
    void remove(WatchReactor* watch);
    // Ends every open watch with UNAVAILABLE ("the server is shutting down") and refuses new ones.
    void stopAll();

    // A watch holds an API server stream between acquireStream() and releaseStream().
    // acquireStream() waits while the registry is suspended; false once stopAll() ran.
    bool acquireStream();
    void releaseStream();
    // Ends every open watch with `end` and returns once none holds a stream any more; watches
    // that start meanwhile wait in acquireStream() until resume(). For replacing the API server
    // underneath: suspend, replace, resume.
    void suspend(const Status& end);
    void resume();

    int64_t open() const;
    // Watches cut off because their client fell behind (RESOURCE_EXHAUSTED).
    int64_t cutOff() const { return cutOff_.load(); }
    void countCutOff() { cutOff_.fetch_add(1); }

    // The events the open watches share, serialized once. Emptied by suspend(): the revisions of
    // the next control plane start again.
    PackedWatchEvents& packed() { return packed_; }
    const PackedWatchEvents& packed() const { return packed_; }

private:
    mutable std::mutex mutex_;
    std::condition_variable changed_;
    std::set<WatchReactor*> watches_;  // guarded by mutex_
    bool stopping_ = false;            // guarded by mutex_
    bool suspended_ = false;           // guarded by mutex_
    int streams_ = 0;                  // guarded by mutex_
    std::atomic<int64_t> cutOff_{0};
    PackedWatchEvents packed_;
};

class WatchReactor final : public grpc::ServerWriteReactor<grpc::ByteBuffer>,
                           public WatchDispatcher::Client,
                           public std::enable_shared_from_this<WatchReactor> {
public:
    // The reactor for one Watch call (`request`: a serialized WatchRequest), owned by itself until
    // gRPC is done with it.
    static grpc::ServerWriteReactor<grpc::ByteBuffer>* start(ApiBackend& api, WatchRegistry& registry,
                                                             WatchDispatcher& dispatcher, WatchOptions options,
                                                             grpc::CallbackServerContext* context,
                                                             const grpc::ByteBuffer& request);
    ~WatchReactor() override;

    void OnWriteDone(bool ok) override;
    void OnCancel() override;
    void OnDone() override;
    std::optional<WatchDispatcher::Clock::time_point> dispatch() override;

    // Ends the watch with `status` (from any thread; the first request wins): an API error is
    // sent with its metav1.Status, as every failed call is.
    void stop(const Status& status);

private:
    using Clock = WatchDispatcher::Clock;
    struct Queued {
        grpc::ByteBuffer message;
        int64_t revision = 0;
        bool initial = false;  // one of the initial list's ADDED events
    };

    WatchReactor(ApiBackend& api, WatchRegistry& registry, WatchDispatcher& dispatcher, WatchOptions options,
                 grpc::CallbackServerContext* context);
    // On a starter thread: checks the request, lists when asked, opens the API server's watch.
    void begin(const grpc::ByteBuffer& request);
    StatusOr<std::unique_ptr<apiserver::WatchStream>> open();
    // Queues an event (starting its write if none is in flight). False when a live event would
    // exceed the buffer limit.
    bool enqueue(grpc::Slice message, int64_t revision, bool live);
    void startWriteLocked(std::unique_lock<std::mutex>& lock);
    // Leaves the API server's stream (if open) and ends the call with `st` (an API error, attached
    // as k8s-status-bin, or OK).
    void end(const Status& st);
    void finish(const Status& st);
    void finishGrpc(const grpc::Status& status, const std::string& statusBytes);
    void wakeDispatcher();

    ApiBackend& api_;
    WatchRegistry& registry_;
    WatchDispatcher& dispatcher_;
    const WatchOptions options_;
    grpc::CallbackServerContext* context_;
    std::string token_;
    pilothouse::apiserver::v1::WatchRequest request_;  // set by begin()
    const api::ResourceType* type_ = nullptr;          // set by begin()
    bool registered_ = false;
    std::shared_ptr<WatchReactor> self_;  // gRPC's reference, dropped in OnDone

    // Dispatcher thread only (after begin() handed it over under mutex_).
    std::unique_ptr<apiserver::WatchStream> stream_;
    bool holdsStream_ = false;
    std::optional<Clock::time_point> deadline_;
    Clock::time_point nextBookmark_;

    std::mutex mutex_;
    bool started_ = false;                     // guarded by mutex_: stream_ handed to the dispatcher
    std::optional<Status> stopStatus_;         // guarded by mutex_
    std::deque<Queued> queue_;                 // guarded by mutex_
    size_t initialEvents_ = 0;                 // guarded by mutex_: the initial list's share of the queue
    Queued writing_;                           // guarded by mutex_ while no write is in flight
    bool writeInFlight_ = false;               // guarded by mutex_
    bool finished_ = false;                    // guarded by mutex_
    std::optional<grpc::Status> finishAfterWrite_;  // guarded by mutex_
    int64_t lastWrittenRevision_ = 0;          // guarded by mutex_: the start revision, then each event written
};

}  // namespace pilothouse::remote
