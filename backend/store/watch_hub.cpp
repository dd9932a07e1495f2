#include "store/watch_hub.h"

#include <algorithm>
#include <atomic>
#include <deque>
#include <utility>

namespace pilothouse::store {

// What the hub and one Watch share. Lock order: notifyMu, then WatchHub::mu_, then
// WatcherState::mu. notifyMu is never taken while holding the others (callbacks run with no hub
// or queue lock held), but a running callback holds it and may call into the store.
struct WatcherState {
    WatcherState(std::string p, int64_t from)
        : prefix(std::move(p)), startAfter(from), lastRevision(from) {}

    const std::string prefix;
    const int64_t startAfter;           // live events must be newer (a watch may start ahead)
    std::atomic<int64_t> lastRevision;  // last revision handed to the consumer

    std::mutex mu;
    std::condition_variable ready;                        // queue grew or the watch closed
    std::deque<std::shared_ptr<const WatchEvent>> queue;  // guarded by mu
    Status closedWith;                                    // guarded by mu; OK while open

    // Recursive so a callback may replace the callback or destroy its own Watch; held while the
    // callback runs so that, once setNotify/~Watch return, the old callback is not running on
    // another thread and will not run again.
    std::recursive_mutex notifyMu;
    std::shared_ptr<const std::function<void()>> notify;  // guarded by notifyMu
    std::atomic<bool> hasNotify{false};  // lets publish() skip watchers nobody listens to
};

namespace {

// Marks the watcher closed and drops its queue so a slow or stopped consumer holds no memory.
// Caller holds state.mu.
void closeLocked(WatcherState& state, const Status& status) {
    if (!state.closedWith.isOk())
        return;  // the first reason wins
    state.closedWith = status;
    std::deque<std::shared_ptr<const WatchEvent>>().swap(state.queue);
    state.ready.notify_all();
}

class HubWatch final : public Watch {
public:
    HubWatch(std::shared_ptr<WatchHub> hub, std::shared_ptr<WatcherState> state, int64_t catchUpTo)
        : hub_(std::move(hub)),
          state_(std::move(state)),
          catchUpTo_(catchUpTo),
          catchingUp_(catchUpTo > state_->startAfter) {}

    ~HubWatch() override {
        hub_->unsubscribe(state_);
        std::lock_guard lock(state_->notifyMu);
        state_->notify.reset();
        state_->hasNotify = false;
    }

    StatusOr<std::vector<WatchEvent>> next(std::chrono::milliseconds timeout,
                                           size_t maxEvents) override {
        auto shared = nextShared(timeout, maxEvents);
        if (!shared)
            return shared.status();
        std::vector<WatchEvent> out;
        out.reserve(shared->size());
        for (const auto& event : *shared) out.push_back(*event);
        return out;
    }

    StatusOr<SharedEvents> nextShared(std::chrono::milliseconds timeout, size_t maxEvents) override {
        if (maxEvents == 0)
            maxEvents = 1;
        {
            std::lock_guard lock(state_->mu);
            if (!state_->closedWith.isOk())
                return state_->closedWith;
        }
        SharedEvents out;
        if (catchingUp_) {
            // Only this consumer moves the catch-up cursor (lastRevision), so reading it and
            // then advancing it needs no lock.
            StatusOr<std::vector<WatchEvent>> page = hub_->readHistory(
                state_->prefix, state_->lastRevision.load(), catchUpTo_, maxEvents);
            if (!page.isOk()) {
                hub_->close(state_, page.status());
                return page.status();
            }
            for (auto& e : *page) out.push_back(std::make_shared<const WatchEvent>(std::move(e)));
            // A short page means the history range is exhausted; the live queue holds the rest.
            if (out.size() < maxEvents)
                catchingUp_ = false;
            if (!out.empty())
                state_->lastRevision = out.back()->revision;
            if (out.size() == maxEvents)
                return out;
            // Something to hand out already: take what is live without waiting.
            if (!out.empty())
                timeout = std::chrono::milliseconds::zero();
        }

        // The writer takes this lock to queue, so it is held as briefly as possible: the whole
        // queue is swapped out when all of it is wanted (the usual case), so that a consumer of
        // low priority preempted here keeps the writer waiting as little as possible; otherwise
        // only shared pointers are moved. Nothing is allocated under the lock.
        std::deque<std::shared_ptr<const WatchEvent>> whole;
        std::vector<std::shared_ptr<const WatchEvent>> taken;
        {
            std::unique_lock lock(state_->mu);
            if (timeout > std::chrono::milliseconds::zero()) {
                state_->ready.wait_for(lock, timeout, [&] {
                    return !state_->queue.empty() || !state_->closedWith.isOk();
                });
            }
            if (!state_->closedWith.isOk()) {
                // Catch-up events already read are valid and advanced lastRevision: deliver
                // them; the closing status comes with the next call.
                if (out.empty())
                    return state_->closedWith;
                return out;
            }
            auto& queue = state_->queue;
            const size_t want = maxEvents - out.size();
            if (queue.size() <= want) {
                whole.swap(queue);
            } else {
                lock.unlock();
                taken.reserve(want);
                lock.lock();
                // Only this consumer takes from the queue: it still holds at least `want`.
                for (size_t i = 0; i < want && !queue.empty(); ++i) {
                    taken.push_back(std::move(queue.front()));
                    queue.pop_front();
                }
            }
        }
        out.reserve(out.size() + whole.size() + taken.size());
        for (std::shared_ptr<const WatchEvent>& event : whole) out.push_back(std::move(event));
        for (std::shared_ptr<const WatchEvent>& event : taken) out.push_back(std::move(event));
        if (!out.empty())
            state_->lastRevision = out.back()->revision;
        return out;
    }

    int64_t lastRevision() const override { return state_->lastRevision.load(); }

    void setNotify(std::function<void()> notify) override {
        std::lock_guard lock(state_->notifyMu);
        if (notify) {
            state_->notify = std::make_shared<const std::function<void()>>(std::move(notify));
        } else {
            state_->notify.reset();
        }
        state_->hasNotify = state_->notify != nullptr;
    }

private:
    const std::shared_ptr<WatchHub> hub_;
    const std::shared_ptr<WatcherState> state_;
    const int64_t catchUpTo_;  // history covers (startAfter, catchUpTo_]; publish() the rest
    bool catchingUp_;          // consumer-thread only
};

}  // namespace

void WatchHub::Notifications::run() {
    for (const std::shared_ptr<WatcherState>& watcher : pending_) {
        std::lock_guard lock(watcher->notifyMu);
        // Keep our own reference: the callback may replace itself through setNotify.
        std::shared_ptr<const std::function<void()>> notify = watcher->notify;
        if (notify)
            (*notify)();
    }
    pending_.clear();
}

WatchHub::WatchHub(size_t queueLimit, EventSource* source)
    : queueLimit_(std::max<size_t>(queueLimit, 1)), source_(source) {}

WatchHub::~WatchHub() = default;

std::unique_ptr<Watch> WatchHub::subscribe(const std::shared_ptr<WatchHub>& hub, std::string prefix,
                                           int64_t fromRevision, int64_t currentRevision) {
    auto state = std::make_shared<WatcherState>(std::move(prefix), fromRevision);
    {
        std::lock_guard lock(hub->mu_);
        if (hub->shutDown_) {
            std::lock_guard stateLock(state->mu);
            closeLocked(*state, Status(StatusCode::Cancelled, "the store is closed"));
        } else {
            hub->watchers_.push_back(state);
        }
    }
    return std::make_unique<HubWatch>(hub, std::move(state), currentRevision);
}

void WatchHub::publish(EventType type, const KeyValue& kv, Notifications& notify) {
    std::lock_guard lock(mu_);
    // Built on the first match only: with no interested watcher a write costs no copy.
    std::shared_ptr<const WatchEvent> event;
    for (size_t i = 0; i < watchers_.size();) {
        const std::shared_ptr<WatcherState>& watcher = watchers_[i];
        if (kv.modRevision <= watcher->startAfter || !kv.key.starts_with(watcher->prefix)) {
            ++i;
            continue;
        }
        if (!event)
            event = std::make_shared<const WatchEvent>(WatchEvent{type, kv, kv.modRevision});
        bool overflowed = false;
        {
            std::lock_guard stateLock(watcher->mu);
            if (watcher->queue.size() >= queueLimit_) {
                overflowed = true;
                closeLocked(*watcher,
                            Status(StatusCode::ResourceExhausted,
                                   "watch on \"" + watcher->prefix + "\" fell behind: more than " +
                                       std::to_string(queueLimit_) +
                                       " events queued; watch again from revision " +
                                       std::to_string(watcher->lastRevision.load())));
            } else {
                watcher->queue.push_back(event);
            }
        }
        // Signalled after unlocking, so the woken consumer does not block on mu straight away.
        if (!overflowed)
            watcher->ready.notify_one();
        // A closing watch is woken too, so an event-driven consumer learns it must resume.
        if (watcher->hasNotify)
            notify.pending_.push_back(watcher);
        if (overflowed) {
            // Order of watchers_ does not matter: swap-remove.
            watchers_[i] = std::move(watchers_.back());
            watchers_.pop_back();
        } else {
            ++i;
        }
    }
}

void WatchHub::shutdown() {
    {
        // Exclusive: waits until no history read is using the source any more.
        std::unique_lock lock(sourceMu_);
        source_ = nullptr;
    }
    Notifications notify;
    {
        std::lock_guard lock(mu_);
        shutDown_ = true;
        for (const std::shared_ptr<WatcherState>& watcher : watchers_) {
            std::lock_guard stateLock(watcher->mu);
            closeLocked(*watcher, Status(StatusCode::Cancelled, "the store is closed"));
            if (watcher->hasNotify)
                notify.pending_.push_back(watcher);
        }
        watchers_.clear();
    }
    notify.run();
}

size_t WatchHub::watcherCount() const {
    std::lock_guard lock(mu_);
    return watchers_.size();
}

size_t WatchHub::queuedEventCount() const {
    std::lock_guard lock(mu_);
    size_t total = 0;
    for (const std::shared_ptr<WatcherState>& watcher : watchers_) {
        std::lock_guard stateLock(watcher->mu);
        total += watcher->queue.size();
    }
    return total;
}

StatusOr<std::vector<WatchEvent>> WatchHub::readHistory(const std::string& prefix, int64_t after,
                                                        int64_t upTo, size_t limit) {
    std::shared_lock lock(sourceMu_);
    if (source_ == nullptr)
        return Status(StatusCode::Cancelled, "the store is closed");
    return source_->readEvents(prefix, after, upTo, limit);
}

void WatchHub::close(const std::shared_ptr<WatcherState>& watcher, const Status& status) {
    std::lock_guard lock(mu_);
    std::erase(watchers_, watcher);
    std::lock_guard stateLock(watcher->mu);
    closeLocked(*watcher, status);
}

void WatchHub::unsubscribe(const std::shared_ptr<WatcherState>& watcher) {
    {
        std::lock_guard lock(mu_);
        std::erase(watchers_, watcher);
    }
    // Free the queue now rather than when the last shared_ptr goes (a Notifications batch in
    // flight may still hold one).
    std::lock_guard stateLock(watcher->mu);
    std::deque<std::shared_ptr<const WatchEvent>>().swap(watcher->queue);
}

}  // namespace pilothouse::store
