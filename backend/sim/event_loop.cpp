#include "sim/event_loop.h"

namespace pilothouse::sim {

EventLoop::EventLoop(Options options) : clock_(options.epoch), logCapacity_(options.logCapacity) {}

EventId EventLoop::schedule(Duration delay, std::string label, Callback fn) {
    return scheduleAt(now() + delay, std::move(label), std::string(), std::move(fn));
}

EventId EventLoop::schedule(Duration delay, std::string label, std::string description,
                            Callback fn) {
    return scheduleAt(now() + delay, std::move(label), std::move(description), std::move(fn));
}

EventId EventLoop::scheduleAt(Time time, std::string label, Callback fn) {
    return scheduleAt(time, std::move(label), std::string(), std::move(fn));
}

EventId EventLoop::scheduleAt(Time time, std::string label, std::string description, Callback fn) {
    const Time current = now();
    if (time < current)
        time = current;
    const EventId id = nextSeq_++;
    const int64_t t = toUnixNanos(time);
    queue_.emplace(Key{t, id}, Event{std::move(label), std::move(description), std::move(fn)});
    index_.emplace(id, t);
    return id;
}

bool EventLoop::cancel(EventId id) {
    auto it = index_.find(id);
    if (it == index_.end())
        return false;
    queue_.erase(Key{it->second, id});
    index_.erase(it);
    return true;
}

void EventLoop::runEvent(std::map<Key, Event>::iterator it) {
    const Key key = it->first;
    Event ev = std::move(it->second);
    queue_.erase(it);
    index_.erase(key.seq);
    clock_.advanceTo(fromUnixNanos(key.time));
    running_ = true;
    if (ev.fn)
        ev.fn();
    running_ = false;
    ++executed_;
    appendLog(EventRecord{fromUnixNanos(key.time), key.seq, std::move(ev.label),
                          std::move(ev.description)});
}

bool EventLoop::runOne() {
    if (running_ || queue_.empty())
        return false;
    runEvent(queue_.begin());
    return true;
}

uint64_t EventLoop::runUntil(Time t, uint64_t maxEvents) {
    if (running_ || t < now())
        return 0;
    const int64_t limit = toUnixNanos(t);
    uint64_t n = 0;
    while (!queue_.empty() && queue_.begin()->first.time <= limit) {
        if (n >= maxEvents)
            return n;  // stopped early: the clock stays at the last event
        runEvent(queue_.begin());
        ++n;
    }
    clock_.advanceTo(t);
    return n;
}

uint64_t EventLoop::runFor(Duration d, uint64_t maxEvents) {
    if (d < Duration::zero())
        d = Duration::zero();
    return runUntil(now() + d, maxEvents);
}

StatusOr<uint64_t> EventLoop::runUntilIdle(uint64_t limit) {
    if (running_) {
        return Status(
            StatusCode::FailedPrecondition,
            "runUntilIdle called from inside an event callback; schedule an event instead");
    }
    uint64_t n = 0;
    while (!queue_.empty()) {
        if (n >= limit) {
            return Status(StatusCode::ResourceExhausted,
                          "event loop still has " + std::to_string(queue_.size()) +
                              " pending events after running " + std::to_string(limit) +
                              " (a periodic timer never lets it go idle; use runFor/runUntil)");
        }
        runEvent(queue_.begin());
        ++n;
    }
    return n;
}

std::optional<Time> EventLoop::nextEventTime() const {
    if (queue_.empty())
        return std::nullopt;
    return fromUnixNanos(queue_.begin()->first.time);
}

std::optional<PendingEvent> EventLoop::nextEvent() const {
    if (queue_.empty())
        return std::nullopt;
    const auto& [key, ev] = *queue_.begin();
    return PendingEvent{key.seq, fromUnixNanos(key.time), ev.label, ev.description};
}

void EventLoop::appendLog(EventRecord record) {
    if (sink_)
        sink_(record);
    if (logCapacity_ == 0) {
        ++dropped_;
        return;
    }
    if (log_.size() >= logCapacity_) {
        log_.pop_front();
        ++dropped_;
    }
    log_.push_back(std::move(record));
}

std::string EventLoop::formatRecord(const EventRecord& record) const {
    std::string line = formatElapsed(record.time - clock_.epoch());
    line += " #";
    line += std::to_string(record.seq);
    line += ' ';
    line += record.label;
    if (!record.description.empty()) {
        line += ": ";
        line += record.description;
    }
    return line;
}

std::string EventLoop::eventLogText() const {
    std::string out;
    for (const auto& r : log_) {
        out += formatRecord(r);
        out += '\n';
    }
    return out;
}

void EventLoop::setLogCapacity(size_t capacity) {
    logCapacity_ = capacity;
    while (log_.size() > logCapacity_) {
        log_.pop_front();
        ++dropped_;
    }
}

void EventLoop::clearLog() {
    log_.clear();
    dropped_ = 0;
}

}  // namespace pilothouse::sim
