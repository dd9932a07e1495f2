#include "sim/clock.h"

#include "util/rfc3339.h"

#include <cstdio>
#include <cstdlib>

namespace pilothouse::sim {

std::string formatRfc3339(Time t) { return rfc3339::format(toUnixNanos(t)); }
std::string formatRfc3339Micro(Time t) { return rfc3339::formatMicro(toUnixNanos(t)); }
std::string formatRfc3339Nano(Time t) { return rfc3339::formatNano(toUnixNanos(t)); }

StatusOr<Time> parseRfc3339(std::string_view text) {
    auto ns = rfc3339::parse(text);
    if (!ns) return ns.status();
    return fromUnixNanos(*ns);
}

std::string formatDuration(Duration d) {
    // Port of Go's time.Duration.String.
    const int64_t ns = d.count();
    if (ns == 0)
        return "0s";
    const bool neg = ns < 0;
    // Work on the magnitude as unsigned so INT64_MIN is handled.
    uint64_t u =
        neg ? static_cast<uint64_t>(0) - static_cast<uint64_t>(ns) : static_cast<uint64_t>(ns);
    std::string out;
    auto fraction = [](uint64_t v, int prec, std::string* digits) {
        // Appends v's last prec digits as ".ddd" with trailing zeros dropped; returns v / 10^prec.
        std::string frac;
        bool print = false;
        for (int i = 0; i < prec; ++i) {
            const int digit = static_cast<int>(v % 10);
            print = print || digit != 0;
            if (print)
                frac.insert(frac.begin(), static_cast<char>('0' + digit));
            v /= 10;
        }
        if (print)
            *digits = "." + frac;
        return v;
    };
    if (u < 1'000'000'000ULL) {
        int prec = 0;
        const char* unit = "";
        if (u < 1000ULL) {
            out = std::to_string(u) + "ns";
            return neg ? "-" + out : out;
        } else if (u < 1'000'000ULL) {
            prec = 3;
            unit = "\xC2\xB5s";  // µs, as Go prints it
        } else {
            prec = 6;
            unit = "ms";
        }
        std::string frac;
        const uint64_t whole = fraction(u, prec, &frac);
        out = std::to_string(whole) + frac + unit;
    } else {
        std::string frac;
        uint64_t secs = fraction(u, 9, &frac);
        out = std::to_string(secs % 60) + frac + "s";
        secs /= 60;
        if (secs > 0) {
            out = std::to_string(secs % 60) + "m" + out;
            secs /= 60;
            if (secs > 0)
                out = std::to_string(secs) + "h" + out;
        }
    }
    return neg ? "-" + out : out;
}

std::string formatElapsed(Duration d) {
    const int64_t ns = d.count();
    const bool neg = ns < 0;
    const uint64_t u =
        neg ? static_cast<uint64_t>(0) - static_cast<uint64_t>(ns) : static_cast<uint64_t>(ns);
    char buf[48];
    std::snprintf(buf, sizeof buf, "%c%llu.%09llu", neg ? '-' : '+',
                  static_cast<unsigned long long>(u / 1'000'000'000ULL),
                  static_cast<unsigned long long>(u % 1'000'000'000ULL));
    return buf;
}

bool VirtualClock::advanceTo(Time t) {
    const int64_t target = toUnixNanos(t);
    int64_t cur = now_.load(std::memory_order_relaxed);
    if (target < cur)
        return false;
    now_.store(target, std::memory_order_release);
    return true;
}

Time RealClock::now() const {
    return std::chrono::time_point_cast<Duration>(std::chrono::system_clock::now());
}

}  // namespace pilothouse::sim
