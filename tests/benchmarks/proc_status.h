// Memory as the kernel reports it, for the benchmarks' "peak RSS" lines.
#pragma once

#include <cstdlib>
#include <fstream>
#include <string>

namespace pilothouse::benchmarks {

// A field of /proc/self/status in KiB ("VmHWM": peak RSS, "VmRSS", "RssAnon", ...), -1 if absent.
inline long procStatusKiB(const char* field) {
    std::ifstream status("/proc/self/status");
    const std::string prefix = std::string(field) + ":";
    std::string line;
    while (std::getline(status, line))
        if (line.rfind(prefix, 0) == 0) return std::strtol(line.c_str() + prefix.size(), nullptr, 10);
    return -1;
}

}  // namespace pilothouse::benchmarks
