#include "store/watch_log.h"

#include <utility>

namespace pilothouse::store {

WatchLog::Segment::~Segment() {
    // Unlink the chain behind us one segment at a time: freeing a long run of segments (a cursor
    // dropped far behind) must not recurse once per segment. A segment someone else still holds
    // (use_count > 1) stops the walk; its own destructor continues it later.
    std::shared_ptr<Segment> rest = std::move(next);
    while (rest && rest.use_count() == 1) rest = std::move(rest->next);
}

WatchLog::WatchLog() : tail_(std::make_shared<Segment>()) {}

void WatchLog::append(SharedEvent event) {
    size_t used = tail_->count.load(std::memory_order_relaxed);
    if (used == kSegmentSize) {
        auto fresh = std::make_shared<Segment>();
        tail_->next = fresh;
        tail_->hasNext.store(true, std::memory_order_release);
        tail_ = std::move(fresh);
        used = 0;
    }
    tail_->entries[used] = std::move(event);
    tail_->count.store(used + 1, std::memory_order_release);
}

WatchLog::Cursor WatchLog::end() const {
    return Cursor(tail_, tail_->count.load(std::memory_order_relaxed));
}

bool WatchLog::Cursor::ready() const {
    if (!segment_)
        return false;
    if (index_ < kSegmentSize)
        return index_ < segment_->count.load(std::memory_order_acquire);
    return segment_->hasNext.load(std::memory_order_acquire) &&
           segment_->next->count.load(std::memory_order_acquire) > 0;
}

size_t WatchLog::Cursor::read(size_t maxSlots, int64_t after, std::vector<SharedEvent>& out) {
    size_t read = 0;
    while (segment_ && read < maxSlots) {
        if (index_ == kSegmentSize) {
            if (!segment_->hasNext.load(std::memory_order_acquire))
                break;
            segment_ = segment_->next;
            index_ = 0;
        }
        const size_t count = segment_->count.load(std::memory_order_acquire);
        for (; index_ < count && read < maxSlots; ++index_, ++read) {
            const SharedEvent& event = segment_->entries[index_];
            if (event->revision > after)
                out.push_back(event);
        }
        if (index_ < kSegmentSize)
            break;  // caught up with the writer
    }
    return read;
}

}  // namespace pilothouse::store
