// One Watch call: a server-streaming reactor (gRPC's callback API) fed by a pump thread that
// reads the API server's WatchStream.
//
//   API server WatchStream --(pump thread: convert, bookmarks)--> queue --(one write in flight)--> client
//
// Memory stays bounded for a slow or stalled client: the pump drains the API server's stream as
// soon as it is notified, so the store's per-watcher queue stays short, and the reactor's own
// queue holds at most WatchOptions::bufferLimit live events beyond the initial list (gRPC itself
// holds one message in flight plus its HTTP/2 flow-control window). A client that falls further
// behind is cut off with RESOURCE_EXHAUSTED (429 TooManyRequests) and re-lists or re-watches.
//
// Lifetime: gRPC owns the reactor from Watch() until OnDone(), which joins the pump and deletes
// it. Every path to Finish() runs through the pump's exit (a stop request wakes it), so Finish is
// called once.
#pragma once

#include <grpcpp/support/server_callback.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>
#include <set>
#include <thread>

#include "apiserver/server.h"
#include "remote/api_backend.h"
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

private:
    mutable std::mutex mutex_;
    std::condition_variable changed_;
    std::set<WatchReactor*> watches_;  // guarded by mutex_
    bool stopping_ = false;            // guarded by mutex_
    bool suspended_ = false;           // guarded by mutex_
    int streams_ = 0;                  // guarded by mutex_
    std::atomic<int64_t> cutOff_{0};
};

class WatchReactor final : public grpc::ServerWriteReactor<pilothouse::apiserver::v1::WatchEvent> {
public:
    WatchReactor(ApiBackend& api, WatchRegistry& registry, WatchOptions options,
                 grpc::CallbackServerContext* context, pilothouse::apiserver::v1::WatchRequest request);

    void OnWriteDone(bool ok) override;
    void OnCancel() override;
    void OnDone() override;

    // Ends the watch with `status` (from any thread; the first request wins): an API error is
    // sent with its metav1.Status, as every failed call is.
    void stop(const Status& status);

private:
    using Event = pilothouse::apiserver::v1::WatchEvent;
    struct Queued {
        Event event;
        int64_t revision = 0;
        bool initial = false;  // one of the initial list's ADDED events
    };

    void pump();
    // Opens the API server's watch, queueing the initial ADDED events when the request asks for
    // the current state first.
    StatusOr<std::unique_ptr<apiserver::WatchStream>> open();
    // Queues an event (starting its write if none is in flight). False when a live event would
    // exceed the buffer limit.
    bool enqueue(Event event, int64_t revision, bool live);
    // Sends the final status once the write in flight (if any) is done. Status `st` is the API
    // error it came from (attached as k8s-status-bin) or OK.
    void finish(const Status& st);
    void finishGrpc(const grpc::Status& status, const std::string& statusBytes);

    ApiBackend& api_;
    WatchRegistry& registry_;
    const WatchOptions options_;
    grpc::CallbackServerContext* context_;
    const pilothouse::apiserver::v1::WatchRequest request_;
    const std::string token_;
    const api::ResourceType* type_ = nullptr;
    bool registered_ = false;
    std::thread pump_;

    std::mutex mutex_;
    std::condition_variable wake_;
    bool woken_ = false;                       // guarded by mutex_: the stream has news
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
