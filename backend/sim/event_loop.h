// The deterministic discrete-event loop every simulated component runs on.
//
// An event is (time, sequence number, label, description, callback). Events run in order of time,
// and events at the same time in the order they were scheduled (the sequence number, which is
// also the event's id), so a run depends only on its inputs — never on hash order, pointer values
// or the wall clock. Running an event first moves the virtual clock to the event's time; callbacks
// schedule further events relative to that time.
//
// Every executed event appends an EventRecord (time, seq, label, description) to the event log.
// The same seed and inputs give a byte-identical eventLogText(). The in-memory log is a ring of at
// most Options::logCapacity records (the oldest are dropped and counted); a sink set with
// setLogSink() sees every record, for writing the whole log to a file.
//
// Rules for callers:
//  - schedule() with a negative delay, or scheduleAt() with a time before now(), runs the event at
//    now() (after the events already due at now()): time never goes backwards.
//  - run*() called from inside a callback does nothing (returns 0 / false): the loop is not
//    re-entrant. Schedule an event instead.
//  - Callbacks must not throw.
//
// Thread-safety: not thread-safe; the loop is owned by one thread. clock().now() may be read from
// any thread. To submit work from other threads use sim::Runner::post().
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>

#include "sim/clock.h"
#include "util/status.h"

namespace pilothouse::sim {

// An event's id, equal to its sequence number. 0 is never a valid id.
using EventId = uint64_t;
inline constexpr EventId kInvalidEventId = 0;

struct EventRecord {
    Time time;                // virtual time the event ran at
    uint64_t seq = 0;         // its sequence number (= EventId)
    std::string label;        // owner / category, e.g. "scheduler", "kubelet/node-1"
    std::string description;  // what it did, e.g. "bind default/web-0 to node-1"
    bool operator==(const EventRecord&) const = default;
};

// A pending event as seen from outside (for "next event" previews in the GUI).
struct PendingEvent {
    EventId id = kInvalidEventId;
    Time time;
    std::string label;
    std::string description;
};

class EventLoop {
public:
    using Callback = std::function<void()>;
    using LogSink = std::function<void(const EventRecord&)>;

    struct Options {
        Time epoch = kDefaultEpoch;  // the virtual clock's start
        size_t logCapacity =
            10'000;  // records kept in memory; 0 keeps none (the sink still sees all)
    };

    EventLoop() : EventLoop(Options{}) {}
    explicit EventLoop(Options options);
    EventLoop(const EventLoop&) = delete;
    EventLoop& operator=(const EventLoop&) = delete;

    // The clock components read time from.
    const VirtualClock& clock() const { return clock_; }
    Time now() const { return clock_.now(); }
    Time epoch() const { return clock_.epoch(); }
    Duration elapsed() const { return clock_.elapsed(); }

    // Schedules fn to run `delay` after now(). Returns the event's id.
    EventId schedule(Duration delay, std::string label, Callback fn);
    EventId schedule(Duration delay, std::string label, std::string description, Callback fn);
    // Schedules fn at virtual time `time`.
    EventId scheduleAt(Time time, std::string label, Callback fn);
    EventId scheduleAt(Time time, std::string label, std::string description, Callback fn);

    // Removes a pending event. False when it is not pending (unknown, already run or cancelled).
    bool cancel(EventId id);
    bool isPending(EventId id) const { return index_.count(id) != 0; }

    // Single step: runs exactly one event (the earliest). False when none is pending.
    bool runOne();
    // Runs every event with time <= t (including those scheduled meanwhile), at most maxEvents of
    // them, then sets the clock to t — unless maxEvents stopped it early, in which case the clock
    // stays at the last event run. A t before now() runs nothing. Returns the number of events run.
    uint64_t runUntil(Time t, uint64_t maxEvents = UINT64_MAX);
    // runUntil(now() + d).
    uint64_t runFor(Duration d, uint64_t maxEvents = UINT64_MAX);
    // Runs events until none is pending. ResourceExhausted when `limit` events ran and events are
    // still pending (a periodic timer never lets the loop go idle: use runFor instead).
    StatusOr<uint64_t> runUntilIdle(uint64_t limit = 1'000'000);

    bool idle() const { return queue_.empty(); }
    size_t pendingCount() const { return queue_.size(); }
    std::optional<Time> nextEventTime() const;
    std::optional<PendingEvent> nextEvent() const;
    // Events run so far.
    uint64_t executedCount() const { return executed_; }
    // True while a callback runs.
    bool running() const { return running_; }

    // --- event log ---
    const std::deque<EventRecord>& eventLog() const { return log_; }
    // The in-memory log, one formatRecord() line per record, each ending in '\n'.
    std::string eventLogText() const;
    // "+0.002000000 #12 scheduler: bind default/web-0 to node-1" (time as elapsed since the epoch;
    // ": description" only when there is one).
    std::string formatRecord(const EventRecord& record) const;
    // Called for every executed event, after the callback ran. Pass nullptr to remove.
    void setLogSink(LogSink sink) { sink_ = std::move(sink); }
    // Changes the ring's size; shrinking drops the oldest records (counted as dropped).
    void setLogCapacity(size_t capacity);
    size_t logCapacity() const { return logCapacity_; }
    // Records dropped from the in-memory log because of the cap.
    uint64_t droppedLogRecords() const { return dropped_; }
    void clearLog();

private:
    struct Key {
        int64_t time;
        uint64_t seq;
        bool operator<(const Key& o) const { return time != o.time ? time < o.time : seq < o.seq; }
    };
    struct Event {
        std::string label;
        std::string description;
        Callback fn;
    };

    void runEvent(std::map<Key, Event>::iterator it);
    void appendLog(EventRecord record);

    VirtualClock clock_;
    std::map<Key, Event> queue_;
    std::unordered_map<EventId, int64_t> index_;  // pending id -> its time
    uint64_t nextSeq_ = 1;
    uint64_t executed_ = 0;
    bool running_ = false;

    std::deque<EventRecord> log_;
    size_t logCapacity_;
    uint64_t dropped_ = 0;
    LogSink sink_;
};

}  // namespace pilothouse::sim
