// Values kept in order (of `Less`: the journey model's arrival and failure times) when they mostly
// come in order, as a simulation records them. A value in order is appended; one out of order (a
// live cluster's observed journeys come pod by pod, each with its own past) waits aside, and all
// those waiting are sorted and merged in when the values are next read: O(n) a read, never O(n)
// a value, which made taking in 150,000 observed journeys quadratic.
#pragma once

#include <algorithm>
#include <functional>
#include <vector>

namespace pilothouse::ui::journey {

template <typename T, typename Less = std::less<T>>
class TimeOrdered {
public:
    void add(T value) {
        if (waiting_.empty() && (sorted_.empty() || !Less()(value, sorted_.back()))) sorted_.push_back(std::move(value));
        else waiting_.push_back(std::move(value));
    }
    // In order (those waiting merged in first). Callers may erase from it.
    std::vector<T>& values() {
        if (!waiting_.empty()) {
            std::stable_sort(waiting_.begin(), waiting_.end(), Less());
            const auto middle = sorted_.size();
            sorted_.insert(sorted_.end(), waiting_.begin(), waiting_.end());
            std::inplace_merge(sorted_.begin(), sorted_.begin() + long(middle), sorted_.end(), Less());
            waiting_.clear();
        }
        return sorted_;
    }
    void clear() {
        sorted_.clear();
        waiting_.clear();
    }

private:
    std::vector<T> sorted_;
    std::vector<T> waiting_;
};

}  // namespace pilothouse::ui::journey
