#include "util/phase_times.h"

#include <malloc.h>

#include <cstdio>
#include <cstdlib>

namespace pilothouse::util {

PhaseTimes::PhaseTimes()
    : on_(std::getenv("PILOTHOUSE_PHASE_TIMES") != nullptr), last_(std::chrono::steady_clock::now()) {}

void PhaseTimes::mark(const char* phase, std::ostream& out) {
    if (!on_) return;
    const auto now = std::chrono::steady_clock::now();
    long peakKiB = 0;
    if (std::FILE* f = std::fopen("/proc/self/status", "r")) {
        char line[256];
        while (std::fgets(line, sizeof line, f))
            if (std::sscanf(line, "VmHWM: %ld kB", &peakKiB) == 1) break;
        std::fclose(f);
    }
    const struct mallinfo2 heap = mallinfo2();
    char text[200];
    std::snprintf(text, sizeof text, "phase %-10s %7.3f s  peak RSS %6ld MiB  heap in use %6zu MiB, free %5zu MiB\n", phase,
                  std::chrono::duration<double>(now - last_).count(), peakKiB / 1024,
                  (heap.uordblks + heap.hblkhd) >> 20, heap.fordblks >> 20);
    out << text << std::flush;
    // The next phase starts after this measurement: mallinfo2 walks the whole heap (over a second
    // at 150,000 pods), which is the measuring's cost, not the program's.
    last_ = std::chrono::steady_clock::now();
}

}  // namespace pilothouse::util
