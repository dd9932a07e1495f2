// The Kubernetes HTTP API over an API server (k8s.io/apiserver/pkg/endpoints/handlers): what
// kube-apiserver's REST handlers do between an HTTP request and the API server's verbs.
//
//   HTTP request --parseRequestInfo--> verb, group/version/resource, namespace, name
//     --> decode the body (JSON, YAML), the query's options (selectors, limit, dryRun, ...)
//     --> ApiBackend::handle / watch (authentication, RBAC, admission, validation, the store)
//     --> encode the answer as the Accept header asks: JSON, YAML, a meta.k8s.io/v1 Table
//         (server-side printing, printers/table_generator.h); errors as a metav1.Status with
//         upstream's code, reason and message; warnings as `Warning: 299 - "..."` headers
//
// Besides the resources: /version, /healthz, /livez, /readyz and discovery (discovery.h), each
// authorized as the non-resource request it is. A watch answers with a WatchBody that the HTTP
// server streams, one JSON event per line.
//
// No sockets here: the HTTP server (server/secure_serving.h) hands requests in and writes what
// comes back, so every answer can be tested without a network. Thread-safe: serve() may run on
// many threads at once.
#pragma once

#include <chrono>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "apiserver/server.h"
#include "remote/api_backend.h"

namespace pilothouse::apiserver::endpoints {

// kube-apiserver's limit on a request body (3 MiB): larger ones are answered 413.
inline constexpr size_t kMaxRequestBodyBytes = 3 * 1024 * 1024;

struct HttpRequest {
    std::string method;  // "GET"
    std::string target;  // "/api/v1/namespaces/default/pods?limit=500"
    std::map<std::string, std::string> headers;  // names in lower case
    std::string body;
    // The user of the client certificate the connection presented, verified against
    // --client-ca-file (CN, and each O as a group); none without one.
    std::optional<apiserver::UserInfo> certificateUser;

    std::string header(const std::string& lowerCaseName) const;
};

class WatchBody;

struct HttpResponse {
    int status = 200;
    std::string contentType = "application/json";
    std::vector<std::pair<std::string, std::string>> headers;  // besides Content-Type
    std::string body;
    // Set for a watch: the body is streamed from it (chunked), after `body` (which is then empty).
    std::shared_ptr<WatchBody> watch;
};

// A watch's answer, streamed: the events of an API server watch, each encoded as one line.
// Thread-safe; the HTTP server calls take() when it can write (notified, a write done, the
// deadline or a bookmark due) and absorb() when notified while a write is still in flight.
// Memory stays bounded for a slow or stalled client, as for a gRPC watch: absorb() moves what the
// API server's watch has ready into this body's queue (the watch cache's shared objects, not
// copies), so the store's log is not held back; a take() encodes at most kMaxEventsPerTake of
// them; and once more than bufferLimit (HandlerOptions::watchBufferLimit) live events wait, the watch is cut off — the queue and
// the API server's watch are let go, and the client gets, when it reads again, an ERROR event
// with 429 TooManyRequests, after which it lists and watches again.
class WatchBody {
public:
    static constexpr size_t kMaxEventsPerTake = 100;
    // Live events a watch may have waiting for a slow client before it is cut off (as gRPC's).
    void setBufferLimit(size_t limit);
    using Encoder = std::function<std::string(const SharedWatchEvent& event)>;
    using ErrorEncoder = std::function<std::string(const Status& status)>;

    WatchBody(std::unique_ptr<WatchStream> stream, std::vector<WatchEvent> initial, Encoder encode,
              ErrorEncoder encodeError, std::chrono::steady_clock::time_point deadline);

    // allowWatchBookmarks: every `interval`, a BOOKMARK line (encodeBookmark of how far the watch
    // has come) when no event is waiting. Call before the body is served.
    void enableBookmarks(std::function<std::string(int64_t revision)> encodeBookmark, std::chrono::milliseconds interval);

    // The lines ready now ("" when none). Once the stream ended (an error, which is sent as an
    // ERROR event, or the deadline), done() is true and take() returns what is left.
    std::string take();
    // Reads what the API server's watch has ready into the queue (cutting the watch off when the
    // queue is over the buffer limit). Cheap: no encoding.
    void absorb();
    bool done() const;
    std::chrono::steady_clock::time_point deadline() const { return deadline_; }
    // When take() should be called again even without a notification: the next bookmark, or the
    // deadline.
    std::chrono::steady_clock::time_point nextWake() const;
    // Called, from any thread, when events may be ready.
    void setNotify(std::function<void()> notify);

private:
    std::unique_ptr<WatchStream> stream_;
    std::deque<SharedWatchEvent> pending_;  // read from the stream (or the initial list), not yet encoded
    size_t initialPending_ = 0;             // of which the initial list's (not counted against the limit)
    size_t bufferLimit_ = 10000;
    std::string ending_;                    // the ERROR line of a watch that ended, still to send
    void absorbLocked();
    Encoder encode_;
    ErrorEncoder encodeError_;
    std::chrono::steady_clock::time_point deadline_;
    std::function<std::string(int64_t revision)> encodeBookmark_;
    std::chrono::milliseconds bookmarkInterval_{0};
    std::chrono::steady_clock::time_point nextBookmark_{};
    mutable std::mutex mutex_;
    bool done_ = false;
};

struct HandlerOptions {
    // What /api's APIVersions names as the server's address ("127.0.0.1:6443").
    std::string serverAddress;
    // How often a watch with allowWatchBookmarks=true gets a BOOKMARK (upstream: about a minute).
    std::chrono::milliseconds bookmarkInterval{std::chrono::seconds(60)};
    // Live events a watch may have waiting for a slow client before it is cut off (429), as a
    // gRPC watch (remote::WatchOptions::bufferLimit).
    size_t watchBufferLimit = 10000;
};

class Handler {
public:
    Handler(remote::ApiBackend& backend, HandlerOptions options);

    HttpResponse serve(const HttpRequest& request);
    // Once the port is known (a listen address with port 0).
    void setServerAddress(const std::string& address);

private:
    std::string serverAddress() const;
    std::chrono::milliseconds bookmarkInterval() const;
    size_t watchBufferLimit() const;

    remote::ApiBackend& backend_;
    mutable std::mutex optionsMutex_;
    HandlerOptions options_;
};

}  // namespace pilothouse::apiserver::endpoints
