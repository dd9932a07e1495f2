// A slice of one turn of the GUI thread's event loop. Work that arrives in bursts (a second's
// journey records, a large cluster's pods changing at once) is taken in small batches until the
// slice is spent; the rest waits for the next turn, so painting and input are never held up for
// more than a slice. A frame at 60 Hz is 16 ms: the default slice leaves most of it to the views.
#pragma once

#include <QElapsedTimer>

#include <chrono>

namespace pilothouse::ui {

class TurnBudget {
public:
    static constexpr std::chrono::milliseconds kSlice{4};

    explicit TurnBudget(std::chrono::milliseconds slice = kSlice) : slice_(slice) { clock_.start(); }

    // True once the slice is used up: stop after the current batch.
    bool spent() const { return std::chrono::nanoseconds(clock_.nsecsElapsed()) >= slice_; }

private:
    QElapsedTimer clock_;
    std::chrono::nanoseconds slice_;
};

}  // namespace pilothouse::ui
