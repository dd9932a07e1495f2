#include "client/workqueue.h"

namespace pilothouse::client {

WorkQueue::WorkQueue(const sim::Clock& clock, sim::Duration baseDelay, sim::Duration maxDelay)
    : clock_(clock), baseDelay_(baseDelay), maxDelay_(maxDelay) {}

void WorkQueue::add(const std::string& key) {
    if (queued_.insert(key).second) queue_.push_back(key);
}

void WorkQueue::addAfter(const std::string& key, sim::Duration delay) {
    if (delay <= sim::Duration::zero()) return add(key);
    waiting_.emplace(clock_.now() + delay, key);
}

void WorkQueue::addRateLimited(const std::string& key) {
    const int n = failures_[key]++;
    // baseDelay * 2^n, capped (and without overflowing for large n).
    sim::Duration delay = baseDelay_;
    for (int i = 0; i < n && delay < maxDelay_; ++i) delay *= 2;
    if (delay > maxDelay_) delay = maxDelay_;
    addAfter(key, delay);
}

int WorkQueue::numRequeues(const std::string& key) const {
    auto it = failures_.find(key);
    return it == failures_.end() ? 0 : it->second;
}

void WorkQueue::promoteDue() {
    const sim::Time now = clock_.now();
    while (!waiting_.empty() && waiting_.begin()->first <= now) {
        add(waiting_.begin()->second);
        waiting_.erase(waiting_.begin());
    }
}

std::optional<std::string> WorkQueue::get() {
    promoteDue();
    if (queue_.empty()) return std::nullopt;
    std::string key = std::move(queue_.front());
    queue_.pop_front();
    queued_.erase(key);
    return key;
}

bool WorkQueue::processNext(const std::function<Status(const std::string& key)>& sync) {
    auto key = get();
    if (!key) return false;
    if (sync(*key).isOk()) forget(*key);
    else addRateLimited(*key);
    return true;
}

std::optional<sim::Time> WorkQueue::nextReadyTime() const {
    if (waiting_.empty()) return std::nullopt;
    return waiting_.begin()->first;
}

}  // namespace pilothouse::client
