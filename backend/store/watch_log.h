// The live events of one watched key prefix, kept once for all of its watchers: an append-only
// list of fixed-size segments, written by one writer and read by any number of cursors without a
// lock (the role of the ring buffer in kube-apiserver's watch cache, which every cacheWatcher of a
// resource reads from).
//
// Why not a queue per watcher: the writer (the simulation) would then take a lock per watcher that
// a delivery thread of lower priority may be holding, and wait for it (priority inversion). Here
// appending is a store into a slot and a release of the slot count; a reader loads the count with
// acquire and copies the slots below it, which are never written again.
//
// Memory: a segment lives while a cursor or the segment before it refers to it, so the oldest
// segments are freed as the slowest cursor moves past them (or is dropped). The writer keeps only
// the last segment.
//
// Thread-safety: append() and end() by one writer at a time (the store's writer lock); a Cursor by
// one reader at a time; any number of cursors concurrently with the writer.
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "store/store.h"

namespace pilothouse::store {

class WatchLog {
    struct Segment;

public:
    using SharedEvent = std::shared_ptr<const WatchEvent>;

    // A reader's position: the next slot to read. Copyable (a copy reads on independently).
    class Cursor {
    public:
        Cursor() = default;
        bool valid() const { return segment_ != nullptr; }
        // Whether read() would read something now.
        bool ready() const;
        // Appends to `out` the events past the cursor with revision > after, reading at most
        // `maxSlots` slots, and moves past them. Returns the number of slots read (events skipped
        // as too old included).
        size_t read(size_t maxSlots, int64_t after, std::vector<SharedEvent>& out);

    private:
        friend class WatchLog;
        Cursor(std::shared_ptr<const Segment> segment, size_t index)
            : segment_(std::move(segment)), index_(index) {}
        std::shared_ptr<const Segment> segment_;
        size_t index_ = 0;
    };

    WatchLog();

    // Writer only. Adds one event after all others.
    void append(SharedEvent event);
    // Writer only. A cursor that reads the events appended from now on.
    Cursor end() const;

private:
    static constexpr size_t kSegmentSize = 64;

    struct Segment {
        ~Segment();
        std::array<SharedEvent, kSegmentSize> entries;  // entry i is written once, before count > i
        std::atomic<size_t> count{0};                 // slots written
        std::shared_ptr<Segment> next;                // written once, before hasNext
        std::atomic<bool> hasNext{false};
    };

    std::shared_ptr<Segment> tail_;  // writer only
};

}  // namespace pilothouse::store
