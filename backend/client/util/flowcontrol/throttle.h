// A token bucket rate limiter (client-go's util/flowcontrol.NewTokenBucketRateLimiter): `burst`
// requests may go at once, then `qps` a second. The rest client takes one token before every
// request and every watch, as client-go's does, so that a client never floods an API server —
// the server's own API Priority and Fairness would throttle a client that did.
//
// Thread-safe: callers wait in the order they asked.
#pragma once

#include <chrono>
#include <mutex>

namespace pilothouse::client::flowcontrol {

class TokenBucketRateLimiter {
public:
    // qps <= 0: no limit.
    TokenBucketRateLimiter(double qps, int burst);

    // Waits until a token is free, then takes it.
    void accept();
    // Takes a token when one is free now; false (nothing taken) otherwise.
    bool tryAccept();

    double qps() const { return qps_; }
    int burst() const { return burst_; }

private:
    using Clock = std::chrono::steady_clock;
    // Reserves the next token: how long its taker must wait for it.
    Clock::duration reserve();

    const double qps_;
    const int burst_;
    std::mutex mutex_;
    double tokens_;       // guarded by mutex_; negative: tokens promised to those waiting
    Clock::time_point last_;  // guarded by mutex_
};

}  // namespace pilothouse::client::flowcontrol
