// A reflector (client-go's tools/cache.Reflector) over the Kubernetes API of any cluster: it
// lists one kind page by page (tools/pager), then watches it from the list's resourceVersion with
// bookmarks, and tells its handlers what changed. What a client of a real cluster needs to stay
// live:
//
//   - a watch the server ends (its timeoutSeconds, 5 to 10 minutes as client-go asks) is opened
//     again from the last resourceVersion seen (an event's or a bookmark's);
//   - 410 Gone (the resourceVersion was compacted: "too old resource version"), as the watch's
//     answer or as an ERROR event in it, makes the kind listed again, and the handlers are given
//     the whole new list (replace) to reconcile with;
//   - a connection that fails or drops (the server restarted, the laptop slept) is tried again
//     after a backoff with jitter, as client-go's (0.8 s doubling to 30 s, reset after 2 minutes
//     without trouble); meanwhile failed() says what happened and when the next try is, so that
//     the data can be shown as stale; the watch resumes from the last resourceVersion;
//   - a cluster-wide list the user may not make (403) falls back to the fallback namespace, once,
//     and partial() says so in RBAC's words; a 403 there too is retried at the longest backoff,
//     never in a loop.
//
// The handlers are called on run()'s thread, in the order the server sent the changes.
#pragma once

#include <google/protobuf/message.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "api/scheme.h"
#include "client/rest/client.h"
#include "util/status.h"

namespace pilothouse::client::cache {

using ObjectPtr = std::shared_ptr<const google::protobuf::Message>;

enum class WatchEventType { Added, Modified, Deleted };

struct ReflectorOptions {
    std::string namespace_;          // "" for all namespaces
    std::string fallbackNamespace;   // where a forbidden cluster-wide list goes instead ("" nowhere)
    int pageSize = 500;
    std::chrono::milliseconds initialBackoff{800};
    std::chrono::milliseconds maxBackoff{30'000};
    std::chrono::milliseconds backoffReset{120'000};
    std::chrono::seconds minWatchTimeout{300};
};

struct ReflectorHandlers {
    // Every object the kind has now (a first list or a list again): what was known before and is
    // not in it was deleted meanwhile.
    std::function<void(std::vector<ObjectPtr> objects, const std::string& resourceVersion)> replace;
    std::function<void(WatchEventType type, const ObjectPtr& object, const std::string& resourceVersion)> event;
    // A bookmark: nothing changed up to this resourceVersion. May be empty.
    std::function<void(const std::string& resourceVersion)> bookmark;
    // Listing or watching failed; the next try is in `retryIn`. What is known is stale until the
    // next replace() or event(). May be empty.
    std::function<void(const Status& error, std::chrono::milliseconds retryIn)> failed;
    // The watch is open again after failed(). May be empty.
    std::function<void()> recovered;
    // The kind is read from one namespace only, and why (RBAC's message). May be empty.
    std::function<void(const std::string& namespace_, const std::string& why)> partial;
    // Decoding warnings (unknown fields). May be empty.
    std::function<void(const std::string& warning)> warning;
};

class Reflector {
public:
    // `client` must outlive run().
    Reflector(rest::RESTClient& client, const api::ResourceType& type, ReflectorHandlers handlers, ReflectorOptions options = {});

    // Lists and watches until stop() (blocking: a thread of its own).
    void run();
    // From any thread: run() returns soon — a watch waiting is cancelled, a backoff cut short (a
    // list page being read is finished first).
    void stop();

    const api::ResourceType& type() const { return type_; }

private:
    enum class WatchEnd { Closed, Gone, Failed, Stopped };
    // One watch from resourceVersion_, until the server closes it or it fails.
    WatchEnd watchOnce(Status* error);
    Status list();
    // Sleeps the backoff (or until stop()); false when stopping.
    bool sleep(std::chrono::milliseconds d);
    std::chrono::milliseconds nextBackoff();

    rest::RESTClient& client_;
    const api::ResourceType& type_;
    ReflectorHandlers handlers_;
    ReflectorOptions options_;
    std::string resourceVersion_;

    std::chrono::milliseconds backoff_{0};
    std::chrono::steady_clock::time_point lastFailure_{};
    bool failing_ = false;  // failed() was said and recovered() not yet

    std::mutex mutex_;
    std::condition_variable wake_;
    bool stopping_ = false;          // guarded by mutex_
    rest::Watch* watch_ = nullptr;   // guarded by mutex_
};

}  // namespace pilothouse::client::cache
