// The bounded cache client-go's EventCorrelator keeps its state in (github.com/golang/groupcache's
// lru.Cache, maxLruCacheEntries = 4096 upstream): reading or writing an entry makes it the most
// recent; adding one past the capacity forgets the least recently used. So a component that saw
// more than 4,096 different events since forgets the oldest: the same event again is then
// recorded as a new Event, as upstream.
#pragma once

#include <cstddef>
#include <list>
#include <string>
#include <unordered_map>
#include <utility>

namespace pilothouse::client::record {

template <typename Value>
class LruCache {
public:
    explicit LruCache(size_t capacity) : capacity_(capacity) {}

    // The entry, made the most recent; null when absent.
    Value* get(const std::string& key) {
        auto it = index_.find(key);
        if (it == index_.end()) return nullptr;
        order_.splice(order_.begin(), order_, it->second);
        return &it->second->second;
    }
    // The entry, made the most recent, default-constructed when absent (which may forget the
    // least recently used one).
    Value& getOrAdd(const std::string& key) {
        if (Value* v = get(key)) return *v;
        order_.emplace_front(key, Value{});
        index_.emplace(key, order_.begin());
        if (index_.size() > capacity_) {
            index_.erase(order_.back().first);
            order_.pop_back();
        }
        return order_.front().second;
    }
    void erase(const std::string& key) {
        auto it = index_.find(key);
        if (it == index_.end()) return;
        order_.erase(it->second);
        index_.erase(it);
    }
    size_t size() const { return index_.size(); }

private:
    size_t capacity_;
    std::list<std::pair<std::string, Value>> order_;  // most recent first
    std::unordered_map<std::string, typename std::list<std::pair<std::string, Value>>::iterator> index_;
};

}  // namespace pilothouse::client::record
