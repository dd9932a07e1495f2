// A small rate limit (client-go exec.go's `sometimes`): yes at most `threshold` times in each
// window of `interval`, a window starting at the first question after the previous one ended.
// Upstream shows its long "credential plugin not installed" help this way, 10 times an hour, so
// that a program retrying in a loop does not fill its log. Not thread-safe: the Authenticator asks
// it under its lock.
#pragma once

#include <optional>

#include "sim/clock.h"

namespace pilothouse::client::auth::exec {

class Sometimes {
public:
    Sometimes(int threshold, sim::Duration interval) : threshold_(threshold), interval_(interval) {}

    // Whether to do it now (and count it when so).
    bool allow(sim::Time now);

private:
    int threshold_;
    sim::Duration interval_;
    std::optional<sim::Time> windowStart_;
    int count_ = 0;
};

}  // namespace pilothouse::client::auth::exec
