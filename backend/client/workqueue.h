// A rate-limited work queue (client-go's workqueue.RateLimitingInterface, single-threaded, on
// the virtual clock): controllers put object keys in it from their informers' handlers and take
// them out one at a time to reconcile. A key is in the queue at most once however often it is
// added. A failed key is retried after a per-key exponential backoff (client-go's default
// controller rate limiter: 5 ms doubling to 1000 s), and forget() resets it after a success.
// addAfter() puts a key back in after a delay (requeue-after), as controllers do for
// timed work such as minReadySeconds or progress deadlines.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>

#include "sim/clock.h"
#include "util/status.h"

namespace pilothouse::client {

class WorkQueue {
public:
    explicit WorkQueue(const sim::Clock& clock, sim::Duration baseDelay = std::chrono::milliseconds(5),
                       sim::Duration maxDelay = std::chrono::seconds(1000));

    void add(const std::string& key);
    void addAfter(const std::string& key, sim::Duration delay);
    // addAfter(key, the key's next backoff), counting the failure.
    void addRateLimited(const std::string& key);
    void forget(const std::string& key) { failures_.erase(key); }
    int numRequeues(const std::string& key) const;

    // The next key ready now (delayed keys whose time has come join the queue first); nullopt
    // when none is ready.
    std::optional<std::string> get();
    // A controller's processNextWorkItem: takes the next ready key and syncs it; a failed sync
    // is retried with the key's backoff, a successful one forgets its failures. False when no
    // key was ready.
    bool processNext(const std::function<Status(const std::string& key)>& sync);
    // When the earliest delayed key becomes ready; nullopt when none waits.
    std::optional<sim::Time> nextReadyTime() const;
    size_t len() const { return queue_.size(); }
    bool empty() const { return queue_.empty() && waiting_.empty(); }

private:
    void promoteDue();

    const sim::Clock& clock_;
    sim::Duration baseDelay_, maxDelay_;
    std::deque<std::string> queue_;
    std::set<std::string> queued_;
    std::multimap<sim::Time, std::string> waiting_;  // ready time -> key (insertion order kept for ties)
    std::map<std::string, int> failures_;
};

}  // namespace pilothouse::client
