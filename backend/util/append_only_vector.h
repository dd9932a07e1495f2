// A vector that one writer only appends to and any number of readers read while it grows, without
// a lock: an element, once its index is below size(), never moves and is never written again.
//
// Why: a log that the simulation appends to while network streams read it (the pod journey) must
// not make the simulation wait for a reader. Behind a mutex it would: a reader of low priority
// preempted while holding the lock keeps the writer waiting (priority inversion).
//
// Layout: chunk c holds kFirstChunk << c elements, so N elements take about log2(N) chunks and
// nothing is ever copied. push_back writes the element, then publishes the new size with release;
// a reader loads the size with acquire and may then read every element below it.
// Thread-safety: push_back from one thread at a time; size() and operator[] from any thread.
#pragma once

#include <array>
#include <atomic>
#include <bit>
#include <cstddef>
#include <utility>

namespace pilothouse::util {

template <typename T>
class AppendOnlyVector {
public:
    AppendOnlyVector() = default;
    AppendOnlyVector(const AppendOnlyVector&) = delete;
    AppendOnlyVector& operator=(const AppendOnlyVector&) = delete;
    ~AppendOnlyVector() {
        for (std::atomic<T*>& chunk : chunks_) delete[] chunk.load(std::memory_order_relaxed);
    }

    // Writer only.
    void push_back(T value) {
        const size_t index = size_.load(std::memory_order_relaxed);
        const auto [chunk, offset] = locate(index);
        T* elements = chunks_[chunk].load(std::memory_order_relaxed);
        if (elements == nullptr) {
            elements = new T[kFirstChunk << chunk];
            chunks_[chunk].store(elements, std::memory_order_release);
        }
        elements[offset] = std::move(value);
        size_.store(index + 1, std::memory_order_release);
    }

    // The elements a reader may read now.
    size_t size() const { return size_.load(std::memory_order_acquire); }
    bool empty() const { return size() == 0; }

    // index < a size() this thread has seen.
    const T& operator[](size_t index) const {
        const auto [chunk, offset] = locate(index);
        return chunks_[chunk].load(std::memory_order_acquire)[offset];
    }

private:
    static constexpr size_t kFirstChunk = 64;

    // Chunk c starts at kFirstChunk * (2^c - 1).
    static std::pair<size_t, size_t> locate(size_t index) {
        const size_t chunk = size_t(std::bit_width(index / kFirstChunk + 1)) - 1;
        return {chunk, index - kFirstChunk * ((size_t(1) << chunk) - 1)};
    }

    std::array<std::atomic<T*>, 58> chunks_{};  // 64 << 57 elements: more than memory holds
    std::atomic<size_t> size_{0};
};

}  // namespace pilothouse::util
