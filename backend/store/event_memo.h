// A value derived from one watch event, computed by the first reader that needs it and shared by
// every later reader of the same event, without a lock. The API server keeps each change's decoded
// object here, so a change is decoded once however many watchers see it (kube-apiserver's watch
// cache serves all watchers of a resource from one decoded copy).
//
// Type-erased so the store knows nothing of what is kept. Set at most once: the first set() wins
// and later ones get the kept value back. A copied event starts with an empty memo.
// Thread-safety: get() and set() from any thread.
#pragma once

#include <atomic>
#include <memory>

namespace pilothouse::store {

class EventMemo {
public:
    EventMemo() = default;
    EventMemo(const EventMemo&) noexcept {}
    EventMemo& operator=(const EventMemo&) noexcept { return *this; }
    ~EventMemo() { delete slot_.load(std::memory_order_acquire); }

    // The kept value, or null.
    std::shared_ptr<const void> get() const {
        const Slot* slot = slot_.load(std::memory_order_acquire);
        return slot ? slot->value : nullptr;
    }

    // Keeps `value` unless a value is kept already; returns the kept one.
    std::shared_ptr<const void> set(std::shared_ptr<const void> value) const {
        auto* fresh = new Slot{std::move(value)};
        Slot* kept = nullptr;
        if (slot_.compare_exchange_strong(kept, fresh, std::memory_order_acq_rel))
            return fresh->value;
        delete fresh;
        return kept->value;
    }

private:
    // Written once before it is published, then only read until the memo is destroyed.
    struct Slot {
        std::shared_ptr<const void> value;
    };
    mutable std::atomic<Slot*> slot_{nullptr};
};

}  // namespace pilothouse::store
