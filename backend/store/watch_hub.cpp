#include "store/watch_hub.h"

#include <algorithm>
#include <atomic>
#include <utility>

namespace pilothouse::store {

// What the hub and one Watch share. Lock order: notifyMu, then WatchHub::mu_, then
// WatcherState::mu. notifyMu is never taken while holding the others (callbacks run with no hub
// or watcher lock held), but a running callback holds it and may call into the store.
struct WatcherState {
    WatcherState(std::string p, int64_t from)
        : prefix(std::move(p)), startAfter(from), lastRevision(from) {}

    const std::string prefix;
    const int64_t startAfter;           // live events must be newer (a watch may start ahead)
    std::atomic<int64_t> lastRevision;  // last revision handed to the consumer

    // Events appended to the channel's log since the cursor and not read yet: added to by the
    // writer, taken from by the consumer. What the queue limit bounds. Signed: the writer counts an
    // event for each watcher after appending it, so a quick consumer may take it first (-1 for a
    // moment).
    std::atomic<int64_t> unread{0};
    std::atomic<bool> closed{false};   // closedWith is set: the writer drops the watcher
    std::atomic<bool> waiting{false};  // the consumer is (about to be) blocked on `ready`

    std::mutex mu;
    std::condition_variable ready;  // something unread, or the watch closed
    WatchLog::Cursor cursor;        // guarded by mu; dropped when closed, so it pins no segment
    Status closedWith;              // guarded by mu; OK while open

    // Recursive so a callback may replace the callback or destroy its own Watch; held while the
    // callback runs so that, once setNotify/~Watch return, the old callback is not running on
    // another thread and will not run again.
    std::recursive_mutex notifyMu;
    std::shared_ptr<const std::function<void()>> notify;  // guarded by notifyMu
    std::atomic<bool> hasNotify{false};  // lets publish() skip watchers nobody listens to
    // The callback was called and the consumer has not read since: further events do not call it
    // again (a consumer drains everything when it reads). Raised by the writer, lowered by the
    // consumer before it reads, both as read-modify-writes, so either the consumer's read sees the
    // event or the writer calls the callback.
    std::atomic<bool> notified{false};
};

namespace {

// Marks the watcher closed and drops its cursor so a slow or stopped consumer holds no memory.
// Caller holds state.mu.
void closeLocked(WatcherState& state, const Status& status) {
    if (!state.closedWith.isOk())
        return;  // the first reason wins
    state.closedWith = status;
    state.closed = true;
    state.cursor = WatchLog::Cursor();
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
            // A short page means the history range is exhausted; the live log holds the rest.
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

        // The cursor is taken out under the lock and put back after reading; the writer takes
        // this lock only to wake a consumer that waits here or to close the watch, so reading the
        // log never holds up the writer.
        WatchLog::Cursor cursor;
        {
            std::unique_lock lock(state_->mu);
            if (timeout > std::chrono::milliseconds::zero() && state_->closedWith.isOk()) {
                // Announced before looking at the log, and the writer appends before looking at
                // `waiting`, each with a full fence between: one of the two sees the other, so no
                // wake-up is lost.
                state_->waiting = true;
                std::atomic_thread_fence(std::memory_order_seq_cst);
                state_->ready.wait_for(lock, timeout, [&] {
                    return state_->cursor.ready() || !state_->closedWith.isOk();
                });
                state_->waiting = false;
            }
            if (!state_->closedWith.isOk()) {
                // Catch-up events already read are valid and advanced lastRevision: deliver
                // them; the closing status comes with the next call.
                if (out.empty())
                    return state_->closedWith;
                return out;
            }
            cursor = std::move(state_->cursor);
        }
        state_->notified.exchange(false, std::memory_order_acq_rel);
        const size_t read = cursor.read(maxEvents - out.size(), state_->startAfter, out);
        {
            std::lock_guard lock(state_->mu);
            // Closed meanwhile: the cursor is dropped here instead, with what it pins.
            if (state_->closedWith.isOk())
                state_->cursor = std::move(cursor);
        }
        state_->unread.fetch_sub(int64_t(read));
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
            // Channels whose watchers have all gone are freed here and in publish().
            if (++hub->subscribedSinceSweep_ > hub->watchersAtSweep_) {
                size_t remaining = 0;
                std::erase_if(hub->channels_, [&remaining](Channel& channel) {
                    std::erase_if(channel.watchers, [](const auto& w) { return w->closed.load(); });
                    remaining += channel.watchers.size();
                    return channel.watchers.empty();
                });
                hub->subscribedSinceSweep_ = 0;
                hub->watchersAtSweep_ = remaining;
            }
            auto channel = std::find_if(hub->channels_.begin(), hub->channels_.end(),
                                        [&](const Channel& c) { return c.prefix == state->prefix; });
            if (channel == hub->channels_.end()) {
                hub->channels_.emplace_back();
                channel = std::prev(hub->channels_.end());
                channel->prefix = state->prefix;
            }
            // Not shared yet: no lock needed for the cursor.
            state->cursor = channel->log.end();
            channel->watchers.push_back(state);
        }
    }
    return std::make_unique<HubWatch>(hub, std::move(state), currentRevision);
}

void WatchHub::publish(EventType type, const KeyValue& kv, Notifications& notify) {
    std::lock_guard lock(mu_);
    // Built on the first match only: with no interested watcher a write costs no copy.
    std::shared_ptr<const WatchEvent> event;
    bool emptied = false;
    for (Channel& channel : channels_) {
        if (!kv.key.starts_with(channel.prefix))
            continue;
        if (channel.watchers.empty()) {
            emptied = true;
            continue;
        }
        if (!event)
            event = std::make_shared<const WatchEvent>(WatchEvent{type, kv, kv.modRevision});
        channel.log.append(event);
        std::atomic_thread_fence(std::memory_order_seq_cst);  // pairs with the consumer's (nextShared)
        auto& watchers = channel.watchers;
        for (size_t i = 0; i < watchers.size();) {
            const std::shared_ptr<WatcherState>& watcher = watchers[i];
            if (watcher->closed.load()) {
                // Closed since the last change (unsubscribed, cut off): dropped here, in the same
                // pass; the order of watchers does not matter.
                watchers[i] = std::move(watchers.back());
                watchers.pop_back();
                continue;
            }
            ++i;
            bool closing = false;
            if (watcher->unread.fetch_add(1) + 1 > int64_t(queueLimit_)) {
                closing = true;
                std::lock_guard stateLock(watcher->mu);
                closeLocked(*watcher,
                            Status(StatusCode::ResourceExhausted,
                                   "watch on \"" + watcher->prefix + "\" fell behind: more than " +
                                       std::to_string(queueLimit_) +
                                       " events queued; watch again from revision " +
                                       std::to_string(watcher->lastRevision.load())));
            } else if (watcher->waiting.load()) {
                // The consumer holds the lock until it waits: taking it here means the wake-up
                // comes after the wait began. Signalled after unlocking, so the woken consumer
                // does not block on the lock straight away.
                { std::lock_guard stateLock(watcher->mu); }
                watcher->ready.notify_one();
            }
            // A closing watch is woken too, so an event-driven consumer learns it must resume.
            if (watcher->hasNotify &&
                (!watcher->notified.exchange(true, std::memory_order_acq_rel) || closing))
                notify.pending_.push_back(watcher);
        }
        emptied = emptied || watchers.empty();
    }
    if (emptied)
        std::erase_if(channels_, [](const Channel& channel) { return channel.watchers.empty(); });
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
        for (const Channel& channel : channels_) {
            for (const std::shared_ptr<WatcherState>& watcher : channel.watchers) {
                std::lock_guard stateLock(watcher->mu);
                closeLocked(*watcher, Status(StatusCode::Cancelled, "the store is closed"));
                if (watcher->hasNotify)
                    notify.pending_.push_back(watcher);
            }
        }
        channels_.clear();
    }
    notify.run();
}

size_t WatchHub::watcherCount() const {
    std::lock_guard lock(mu_);
    size_t count = 0;
    for (const Channel& channel : channels_)
        for (const std::shared_ptr<WatcherState>& watcher : channel.watchers)
            count += watcher->closed.load() ? 0 : 1;
    return count;
}

size_t WatchHub::queuedEventCount() const {
    std::lock_guard lock(mu_);
    size_t total = 0;
    for (const Channel& channel : channels_)
        for (const std::shared_ptr<WatcherState>& watcher : channel.watchers)
            total += watcher->closed.load() ? 0 : size_t(std::max<int64_t>(watcher->unread.load(), 0));
    return total;
}

StatusOr<std::vector<WatchEvent>> WatchHub::readHistory(const std::string& prefix, int64_t after,
                                                        int64_t upTo, size_t limit) {
    std::shared_lock lock(sourceMu_);
    if (source_ == nullptr)
        return Status(StatusCode::Cancelled, "the store is closed");
    return source_->readEvents(prefix, after, upTo, limit);
}

// Called by consumers: only the watcher's own lock is taken; the writer drops the closed watcher
// from its channel.
void WatchHub::close(const std::shared_ptr<WatcherState>& watcher, const Status& status) {
    std::lock_guard stateLock(watcher->mu);
    closeLocked(*watcher, status);
}

void WatchHub::unsubscribe(const std::shared_ptr<WatcherState>& watcher) {
    std::lock_guard stateLock(watcher->mu);
    closeLocked(*watcher, Status(StatusCode::Cancelled, "the watch was stopped"));
}

}  // namespace pilothouse::store
