// Time for the simulation: the Clock interface every component reads "now" from, the VirtualClock
// the event loop advances, a RealClock for tools that run outside any simulation, and conversions
// to and from RFC 3339 text as Kubernetes writes it (metav1.Time "2024-01-01T00:00:00Z",
// metav1.MicroTime "2024-01-01T00:00:00.000000Z").
//
// A Time is nanoseconds since the Unix epoch (1970-01-01T00:00:00Z), UTC, without leap seconds
// (std::chrono::system_clock's epoch). A VirtualClock starts at a configurable epoch, by default
// kDefaultEpoch = 2024-01-01T00:00:00Z, so the same scenario stamps the same timestamps every run.
//
// Thread-safety: Clock::now() may be called from any thread. VirtualClock::advanceTo is for the
// one thread that owns the event loop.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>

#include "util/status.h"

namespace pilothouse::sim {

using Duration = std::chrono::nanoseconds;
using Time = std::chrono::sys_time<std::chrono::nanoseconds>;

// 2024-01-01T00:00:00Z: the default start of every simulation.
inline constexpr Time kDefaultEpoch{Duration{int64_t{1704067200} * 1'000'000'000}};

// Nanoseconds since the Unix epoch.
inline int64_t toUnixNanos(Time t) {
    return t.time_since_epoch().count();
}
inline Time fromUnixNanos(int64_t ns) {
    return Time{Duration{ns}};
}

// metav1.Time: whole seconds (truncated toward the past), always UTC: "2024-01-01T00:00:00Z".
std::string formatRfc3339(Time t);
// metav1.MicroTime: always six fractional digits: "2024-01-01T00:00:00.000000Z".
std::string formatRfc3339Micro(Time t);
// Go's RFC3339Nano: up to nine fractional digits, trailing zeros (and a bare '.') dropped:
// "2024-01-01T00:00:00.5Z", "2024-01-01T00:00:00Z".
std::string formatRfc3339Nano(Time t);
// Parses "YYYY-MM-DDTHH:MM:SS[.fraction](Z|+HH:MM|-HH:MM)" (fraction up to 9 digits; 't'/'z' are
// accepted too). InvalidArgument with the offending text and what was expected otherwise.
StatusOr<Time> parseRfc3339(std::string_view text);

// Go's time.Duration.String(): "0s", "1.5ms", "2s", "1m30s", "1h0m0.5s", "-3µs" (with "µs").
std::string formatDuration(Duration d);
// Seconds with nine decimals, sign always shown: "+1.500000000", "-0.000000001". Fixed-format so
// logs compare byte for byte.
std::string formatElapsed(Duration d);

class Clock {
public:
    virtual ~Clock() = default;
    virtual Time now() const = 0;

    int64_t nowUnixNanos() const { return toUnixNanos(now()); }
    // now() as metav1.Time / metav1.MicroTime text.
    std::string nowRfc3339() const { return formatRfc3339(now()); }
    std::string nowRfc3339Micro() const { return formatRfc3339Micro(now()); }
};

// Virtual time: starts at its epoch and moves only when the event loop (or a test) advances it;
// it never moves backwards.
class VirtualClock final : public Clock {
public:
    explicit VirtualClock(Time epoch = kDefaultEpoch) : epoch_(epoch), now_(toUnixNanos(epoch)) {}

    Time now() const override { return fromUnixNanos(now_.load(std::memory_order_acquire)); }
    Time epoch() const { return epoch_; }
    // Virtual time elapsed since the epoch.
    Duration elapsed() const { return now() - epoch_; }

    // Moves the clock to t. A t earlier than now() is ignored (returns false): time never goes
    // back.
    bool advanceTo(Time t);

private:
    Time epoch_;
    std::atomic<int64_t> now_;
};

// Wall-clock time (std::chrono::system_clock), for CLI tools writing to a store outside any
// simulation.
class RealClock final : public Clock {
public:
    Time now() const override;
};

}  // namespace pilothouse::sim
