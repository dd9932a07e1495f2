// PILOTHOUSE_PHASE_TIMES=1 makes a command print, at each mark, the wall time since the previous
// mark, the peak RSS so far and the heap in use (the snapshot_load benchmarks read these lines).
// Without the variable a mark does nothing. The time a mark itself takes (reading the heap's
// figures) counts in no phase.
#pragma once

#include <chrono>
#include <ostream>

namespace pilothouse::util {

class PhaseTimes {
public:
    PhaseTimes();
    // One line on `out`: "phase NAME  SECONDS s  peak RSS ... heap in use ...".
    void mark(const char* phase, std::ostream& out);
    bool on() const { return on_; }

private:
    bool on_;
    std::chrono::steady_clock::time_point last_;
};

}  // namespace pilothouse::util
