#include "remote/watch_dispatcher.h"

#include <algorithm>

#include "util/thread_priority.h"

namespace pilothouse::remote {

WatchDispatcher::WatchDispatcher(Options options) : options_(options) {
    dispatcher_ = std::thread([this] { runDispatcher(); });
    for (int i = 0; i < std::max(1, options_.starters); ++i) starters_.emplace_back([this] { runStarter(); });
}

WatchDispatcher::~WatchDispatcher() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    readyChanged_.notify_all();
    workChanged_.notify_all();
    dispatcher_.join();
    for (std::thread& t : starters_) t.join();
}

void WatchDispatcher::wake(const std::shared_ptr<Client>& client) {
    if (client->queued_.exchange(true)) return;
    {
        std::lock_guard lock(mutex_);
        ready_.push_back(client);
    }
    readyChanged_.notify_one();
}

void WatchDispatcher::post(std::function<void()> work) {
    {
        std::lock_guard lock(mutex_);
        work_.push_back(std::move(work));
    }
    workChanged_.notify_one();
}

void WatchDispatcher::runStarter() {
    util::lowerThreadPriority(options_.niceness);
    for (;;) {
        std::function<void()> work;
        {
            std::unique_lock lock(mutex_);
            workChanged_.wait(lock, [&] { return stopping_ || !work_.empty(); });
            if (work_.empty()) return;  // stopping, and nothing left to start
            work = std::move(work_.front());
            work_.pop_front();
        }
        work();
    }
}

void WatchDispatcher::runDispatcher() {
    util::lowerThreadPriority(options_.niceness);
    std::vector<std::weak_ptr<Client>> round;
    Clock::time_point lastRound{};
    for (;;) {
        // Wait for the batch window since the last round, so that events arriving meanwhile go
        // out together; then for something ready or a timer due.
        const auto windowEnd = lastRound + options_.batchWindow;
        if (Clock::now() < windowEnd) std::this_thread::sleep_until(windowEnd);
        {
            std::unique_lock lock(mutex_);
            for (;;) {
                if (stopping_) return;
                const auto now = Clock::now();
                while (!timers_.empty() && timers_.top().first <= now) {
                    auto [when, weak] = timers_.top();
                    timers_.pop();
                    auto client = weak.lock();
                    if (!client || client->scheduled_ != when) continue;  // gone, or a stale timer
                    client->scheduled_.reset();
                    if (!client->queued_.exchange(true)) ready_.push_back(client);
                }
                if (!ready_.empty()) break;
                if (timers_.empty()) readyChanged_.wait(lock);
                else readyChanged_.wait_until(lock, timers_.top().first);
            }
            round.swap(ready_);
        }
        lastRound = Clock::now();
        for (const std::weak_ptr<Client>& weak : round) {
            std::shared_ptr<Client> client = weak.lock();
            if (!client) continue;
            // Cleared first: a change arriving during dispatch() queues the client again.
            client->queued_ = false;
            std::optional<Clock::time_point> next = client->dispatch();
            if (!next) continue;
            std::lock_guard lock(mutex_);
            if (client->scheduled_ && *client->scheduled_ <= *next) continue;
            client->scheduled_ = *next;
            timers_.emplace(*next, client);
        }
        round.clear();
    }
}

}  // namespace pilothouse::remote
