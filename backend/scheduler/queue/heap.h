// A binary heap whose items are addressed by a string key (pkg/scheduler/internal/heap): the
// scheduling queue's activeQ (ordered by the QueueSort plugin) and backoffQ (ordered by backoff
// expiry) are two of these.
//
// Ordering is total and deterministic: when the caller's `less` considers two items equal, the
// one with the smaller key comes first. Nothing depends on pointer values or hash order.
#pragma once

#include <algorithm>
#include <cstddef>
#include <functional>
#include <unordered_map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace pilothouse::scheduler::queue {

template <typename T>
class KeyedHeap {
public:
    using Less = std::function<bool(const T&, const T&)>;

    explicit KeyedHeap(Less less) : less_(std::move(less)) {}

    // Inserts `item` under `key`, or replaces the item already stored there and moves it to its
    // new place. Returns true when the key was new.
    bool upsert(const std::string& key, T item) {
        auto it = index_.find(key);
        if (it != index_.end()) {
            const size_t i = it->second;
            nodes_[i].item = std::move(item);
            restore(i);
            return false;
        }
        nodes_.push_back(Node{key, std::move(item)});
        index_[key] = nodes_.size() - 1;
        siftUp(nodes_.size() - 1);
        return true;
    }

    bool contains(const std::string& key) const { return index_.count(key) != 0; }

    const T* get(const std::string& key) const {
        auto it = index_.find(key);
        return it == index_.end() ? nullptr : &nodes_[it->second].item;
    }

    // Removes and returns the item stored under `key`.
    std::optional<T> remove(const std::string& key) {
        auto it = index_.find(key);
        if (it == index_.end()) return std::nullopt;
        return removeAt(it->second);
    }

    const T* peek() const { return nodes_.empty() ? nullptr : &nodes_.front().item; }
    const std::string* peekKey() const { return nodes_.empty() ? nullptr : &nodes_.front().key; }

    std::optional<T> pop() {
        if (nodes_.empty()) return std::nullopt;
        return removeAt(0);
    }

    size_t size() const { return nodes_.size(); }
    bool empty() const { return nodes_.empty(); }

    void clear() {
        nodes_.clear();
        index_.clear();
    }

    // Every item, in the order pop() would return them.
    std::vector<const T*> ordered() const {
        std::vector<const Node*> nodes;
        nodes.reserve(nodes_.size());
        for (const auto& n : nodes_) nodes.push_back(&n);
        std::sort(nodes.begin(), nodes.end(), [this](const Node* a, const Node* b) { return before(*a, *b); });
        std::vector<const T*> out;
        out.reserve(nodes.size());
        for (const Node* n : nodes) out.push_back(&n->item);
        return out;
    }

private:
    struct Node {
        std::string key;
        T item;
    };

    bool before(const Node& a, const Node& b) const {
        if (less_(a.item, b.item)) return true;
        if (less_(b.item, a.item)) return false;
        return a.key < b.key;
    }

    void swapNodes(size_t i, size_t j) {
        std::swap(nodes_[i], nodes_[j]);
        index_[nodes_[i].key] = i;
        index_[nodes_[j].key] = j;
    }

    bool siftUp(size_t i) {
        bool moved = false;
        while (i > 0) {
            const size_t parent = (i - 1) / 2;
            if (!before(nodes_[i], nodes_[parent])) break;
            swapNodes(i, parent);
            i = parent;
            moved = true;
        }
        return moved;
    }

    void siftDown(size_t i) {
        const size_t n = nodes_.size();
        while (true) {
            const size_t l = 2 * i + 1;
            const size_t r = l + 1;
            size_t best = i;
            if (l < n && before(nodes_[l], nodes_[best])) best = l;
            if (r < n && before(nodes_[r], nodes_[best])) best = r;
            if (best == i) return;
            swapNodes(i, best);
            i = best;
        }
    }

    void restore(size_t i) {
        if (!siftUp(i)) siftDown(i);
    }

    T removeAt(size_t i) {
        const size_t last = nodes_.size() - 1;
        if (i != last) swapNodes(i, last);
        Node node = std::move(nodes_.back());
        nodes_.pop_back();
        index_.erase(node.key);
        if (i < nodes_.size()) restore(i);
        return std::move(node.item);
    }

    Less less_;
    std::vector<Node> nodes_;
    std::unordered_map<std::string, size_t> index_;  // key -> position in nodes_ (hashed: updated on every swap)
};

}  // namespace pilothouse::scheduler::queue
