#include "util/human_duration.h"

namespace pilothouse::util {

std::string humanDuration(int64_t nanos) {
    const int64_t seconds = nanos / 1'000'000'000;
    if (seconds < -1) return "<invalid>";
    if (seconds < 0) return "0s";
    if (seconds < 60 * 2) return std::to_string(seconds) + "s";
    const int64_t minutes = seconds / 60;
    if (minutes < 10) {
        const int64_t s = seconds % 60;
        return s == 0 ? std::to_string(minutes) + "m" : std::to_string(minutes) + "m" + std::to_string(s) + "s";
    }
    if (minutes < 60 * 3) return std::to_string(minutes) + "m";
    const int64_t hours = seconds / 3600;
    if (hours < 8) {
        const int64_t m = minutes % 60;
        return m == 0 ? std::to_string(hours) + "h" : std::to_string(hours) + "h" + std::to_string(m) + "m";
    }
    if (hours < 48) return std::to_string(hours) + "h";
    if (hours < 24 * 8) {
        const int64_t h = hours % 24;
        return h == 0 ? std::to_string(hours / 24) + "d"
                      : std::to_string(hours / 24) + "d" + std::to_string(h) + "h";
    }
    if (hours < 24 * 365 * 2) return std::to_string(hours / 24) + "d";
    if (hours < 24 * 365 * 8) {
        const int64_t dy = (hours / 24) % 365;
        return dy == 0 ? std::to_string(hours / 24 / 365) + "y"
                       : std::to_string(hours / 24 / 365) + "y" + std::to_string(dy) + "d";
    }
    return std::to_string(hours / 24 / 365) + "y";
}

}  // namespace pilothouse::util
