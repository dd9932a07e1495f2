// A bounded pool of reader sessions (an SQLite connection with its prepared statements), opened
// lazily up to a maximum. With WAL each reader sees a consistent snapshot and never blocks the
// writer, so reads scale across threads instead of queueing behind the writer lock.
//
// Ownership: the pool owns every idle item; a Lease owns its item while it is out and gives it
// back on destruction. The pool must outlive its leases.
// Thread-safety: acquire() and Lease destruction may be called from any thread; an item is used
// by one thread at a time (the lease holder).
#pragma once

#include <condition_variable>
#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "util/status.h"

namespace pilothouse::store {

template <typename T>
class ConnectionPool {
public:
    using Factory = std::function<StatusOr<std::unique_ptr<T>>()>;

    ConnectionPool(size_t maxItems, Factory factory)
        : maxItems_(maxItems == 0 ? 1 : maxItems), factory_(std::move(factory)) {}
    ConnectionPool(const ConnectionPool&) = delete;
    ConnectionPool& operator=(const ConnectionPool&) = delete;

    class Lease {
    public:
        Lease(Lease&& other) noexcept
            : pool_(std::exchange(other.pool_, nullptr)), item_(std::move(other.item_)) {}
        Lease& operator=(Lease&&) = delete;
        Lease(const Lease&) = delete;
        ~Lease() {
            if (pool_ != nullptr && item_ != nullptr)
                pool_->release(std::move(item_));
        }
        T& operator*() const { return *item_; }
        T* operator->() const { return item_.get(); }

    private:
        friend class ConnectionPool;
        Lease(ConnectionPool* pool, std::unique_ptr<T> item)
            : pool_(pool), item_(std::move(item)) {}
        ConnectionPool* pool_;
        std::unique_ptr<T> item_;
    };

    // An idle item, a new one while fewer than maxItems exist, or else waits for one to return.
    StatusOr<Lease> acquire() {
        std::unique_lock lock(mu_);
        for (;;) {
            if (!idle_.empty()) {
                std::unique_ptr<T> item = std::move(idle_.back());
                idle_.pop_back();
                return Lease(this, std::move(item));
            }
            if (created_ < maxItems_)
                break;
            returned_.wait(lock);
        }
        // Open outside the lock: opening a connection does file I/O and other readers should
        // not wait on it.
        ++created_;
        lock.unlock();
        StatusOr<std::unique_ptr<T>> item = factory_();
        if (!item.isOk()) {
            lock.lock();
            --created_;
            returned_.notify_one();
            return item.status();
        }
        return Lease(this, std::move(*item));
    }

private:
    void release(std::unique_ptr<T> item) {
        {
            std::lock_guard lock(mu_);
            idle_.push_back(std::move(item));
        }
        returned_.notify_one();
    }

    const size_t maxItems_;
    const Factory factory_;
    std::mutex mu_;
    std::condition_variable returned_;
    std::vector<std::unique_ptr<T>> idle_;  // guarded by mu_
    size_t created_ = 0;                    // guarded by mu_: idle + leased
};

}  // namespace pilothouse::store
