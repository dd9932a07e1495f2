// Go's sort.Slice, reproduced: pattern-defeating quicksort as the Go standard library has
// implemented it since Go 1.19 (Kubernetes v1.28 is built with Go 1.20). sort.Slice is not stable,
// and the order it leaves elements in that compare equal is part of what kube-scheduler does:
// preemption sorts the potential victims of a node with it, so among victims of equal priority and
// equal start time, the one the scheduler tries to spare first depends on this algorithm.
//
// Up to 12 elements this is an insertion sort (stable); above, quicksort partitions with pivots
// chosen by median-of-three / Tukey's ninther, a partial insertion sort for nearly sorted input,
// pattern breaking with a xorshift sequence seeded by the length, and heapsort after too many bad
// pivots — each step as Go takes it, so that equal elements end up where Go puts them.
//
// Go 1.20's xorshift step (13, 17, 5) is used; later Go releases changed the sort package's step
// to (13, 7, 17). The sequence only matters after a badly unbalanced partition of more than 12
// elements.
#pragma once

#include <bit>
#include <cstdint>
#include <tuple>
#include <utility>
#include <vector>

namespace pilothouse::scheduler::plugins::defaultpreemption {

namespace go_sort_detail {

enum class Hint { Unknown, Increasing, Decreasing };

template <typename T, typename Less>
class Sorter {
public:
    Sorter(std::vector<T>& v, Less& less) : v_(v), less_(less) {}

    void sort() {
        const int n = static_cast<int>(v_.size());
        pdqsort(0, n, bitLen(static_cast<uint64_t>(n)));
    }

private:
    std::vector<T>& v_;
    Less& less_;

    bool lt(int i, int j) { return less_(v_[i], v_[j]); }
    void swap(int i, int j) { std::swap(v_[i], v_[j]); }
    static int bitLen(uint64_t x) { return static_cast<int>(std::bit_width(x)); }

    void insertionSort(int a, int b) {
        for (int i = a + 1; i < b; ++i)
            for (int j = i; j > a && lt(j, j - 1); --j) swap(j, j - 1);
    }

    void siftDown(int lo, int hi, int first) {
        int root = lo;
        for (;;) {
            int child = 2 * root + 1;
            if (child >= hi) return;
            if (child + 1 < hi && lt(first + child, first + child + 1)) ++child;
            if (!lt(first + root, first + child)) return;
            swap(first + root, first + child);
            root = child;
        }
    }

    void heapSort(int a, int b) {
        const int first = a, hi = b - a;
        for (int i = (hi - 1) / 2; i >= 0; --i) siftDown(i, hi, first);
        for (int i = hi - 1; i >= 0; --i) {
            swap(first, first + i);
            siftDown(0, i, first);
        }
    }

    void pdqsort(int a, int b, int limit) {
        constexpr int kMaxInsertion = 12;
        bool wasBalanced = true, wasPartitioned = true;
        for (;;) {
            const int length = b - a;
            if (length <= kMaxInsertion) {
                insertionSort(a, b);
                return;
            }
            if (limit == 0) {
                heapSort(a, b);
                return;
            }
            if (!wasBalanced) {
                breakPatterns(a, b);
                --limit;
            }
            auto [pivot, hint] = choosePivot(a, b);
            if (hint == Hint::Decreasing) {
                reverseRange(a, b);
                pivot = (b - 1) - (pivot - a);
                hint = Hint::Increasing;
            }
            if (wasBalanced && wasPartitioned && hint == Hint::Increasing && partialInsertionSort(a, b)) return;
            if (a > 0 && !lt(a - 1, pivot)) {
                a = partitionEqual(a, b, pivot);
                continue;
            }
            auto [mid, alreadyPartitioned] = partition(a, b, pivot);
            wasPartitioned = alreadyPartitioned;
            const int leftLen = mid - a, rightLen = b - mid;
            const int balanceThreshold = length / 8;
            if (leftLen < rightLen) {
                wasBalanced = leftLen >= balanceThreshold;
                pdqsort(a, mid, limit);
                a = mid + 1;
            } else {
                wasBalanced = rightLen >= balanceThreshold;
                pdqsort(mid + 1, b, limit);
                b = mid;
            }
        }
    }

    std::pair<int, bool> partition(int a, int b, int pivot) {
        swap(a, pivot);
        int i = a + 1, j = b - 1;
        while (i <= j && lt(i, a)) ++i;
        while (i <= j && !lt(j, a)) --j;
        if (i > j) {
            swap(j, a);
            return {j, true};
        }
        swap(i, j);
        ++i;
        --j;
        for (;;) {
            while (i <= j && lt(i, a)) ++i;
            while (i <= j && !lt(j, a)) --j;
            if (i > j) break;
            swap(i, j);
            ++i;
            --j;
        }
        swap(j, a);
        return {j, false};
    }

    int partitionEqual(int a, int b, int pivot) {
        swap(a, pivot);
        int i = a + 1, j = b - 1;
        for (;;) {
            while (i <= j && !lt(a, i)) ++i;
            while (i <= j && lt(a, j)) --j;
            if (i > j) break;
            swap(i, j);
            ++i;
            --j;
        }
        return i;
    }

    bool partialInsertionSort(int a, int b) {
        constexpr int kMaxSteps = 5, kShortestShifting = 50;
        int i = a + 1;
        for (int step = 0; step < kMaxSteps; ++step) {
            while (i < b && !lt(i, i - 1)) ++i;
            if (i == b) return true;
            if (b - a < kShortestShifting) return false;
            swap(i, i - 1);
            // Go's loop bound here is the absolute index 1, not a.
            if (i - a >= 2)
                for (int j = i - 1; j >= 1 && lt(j, j - 1); --j) swap(j, j - 1);
            if (b - i >= 2)
                for (int j = i + 1; j < b && lt(j, j - 1); ++j) swap(j, j - 1);
        }
        return false;
    }

    void breakPatterns(int a, int b) {
        const int length = b - a;
        if (length < 8) return;
        uint64_t random = static_cast<uint64_t>(length);
        const uint64_t modulus = uint64_t{1} << bitLen(static_cast<uint64_t>(length));
        for (int idx = a + (length / 4) * 2 - 1; idx <= a + (length / 4) * 2 + 1; ++idx) {
            random ^= random << 13;
            random ^= random >> 17;
            random ^= random << 5;
            int other = static_cast<int>(random & (modulus - 1));
            if (other >= length) other -= length;
            swap(idx, a + other);
        }
    }

    std::pair<int, int> order2(int a, int b, int& swaps) {
        if (lt(b, a)) {
            ++swaps;
            return {b, a};
        }
        return {a, b};
    }

    int median(int a, int b, int c, int& swaps) {
        std::tie(a, b) = order2(a, b, swaps);
        std::tie(b, c) = order2(b, c, swaps);
        std::tie(a, b) = order2(a, b, swaps);
        return b;
    }

    int medianAdjacent(int a, int& swaps) { return median(a - 1, a, a + 1, swaps); }

    std::pair<int, Hint> choosePivot(int a, int b) {
        constexpr int kShortestNinther = 50, kMaxSwaps = 4 * 3;
        const int l = b - a;
        int swaps = 0;
        int i = a + l / 4 * 1, j = a + l / 4 * 2, k = a + l / 4 * 3;
        if (l >= 8) {
            if (l >= kShortestNinther) {
                i = medianAdjacent(i, swaps);
                j = medianAdjacent(j, swaps);
                k = medianAdjacent(k, swaps);
            }
            j = median(i, j, k, swaps);
        }
        if (swaps == 0) return {j, Hint::Increasing};
        if (swaps == kMaxSwaps) return {j, Hint::Decreasing};
        return {j, Hint::Unknown};
    }

    void reverseRange(int a, int b) {
        for (int i = a, j = b - 1; i < j; ++i, --j) swap(i, j);
    }
};

}  // namespace go_sort_detail

// Sorts `v` so that less(v[i], v[j]) holds for no j < i, leaving equal elements where Go's
// sort.Slice would.
template <typename T, typename Less>
void goSortSlice(std::vector<T>& v, Less less) {
    go_sort_detail::Sorter<T, Less>(v, less).sort();
}

}  // namespace pilothouse::scheduler::plugins::defaultpreemption
