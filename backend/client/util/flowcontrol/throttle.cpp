#include "client/util/flowcontrol/throttle.h"

#include <algorithm>
#include <thread>

namespace pilothouse::client::flowcontrol {

TokenBucketRateLimiter::TokenBucketRateLimiter(double qps, int burst)
    : qps_(qps), burst_(std::max(burst, 1)), tokens_(std::max(burst, 1)), last_(Clock::now()) {}

TokenBucketRateLimiter::Clock::duration TokenBucketRateLimiter::reserve() {
    std::lock_guard lock(mutex_);
    const auto now = Clock::now();
    tokens_ = std::min<double>(burst_, tokens_ + std::chrono::duration<double>(now - last_).count() * qps_);
    last_ = now;
    tokens_ -= 1;
    if (tokens_ >= 0) return Clock::duration::zero();
    return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(-tokens_ / qps_));
}

void TokenBucketRateLimiter::accept() {
    if (qps_ <= 0) return;
    const auto wait = reserve();
    if (wait > Clock::duration::zero()) std::this_thread::sleep_for(wait);
}

bool TokenBucketRateLimiter::tryAccept() {
    if (qps_ <= 0) return true;
    std::lock_guard lock(mutex_);
    const auto now = Clock::now();
    tokens_ = std::min<double>(burst_, tokens_ + std::chrono::duration<double>(now - last_).count() * qps_);
    last_ = now;
    if (tokens_ < 1) return false;
    tokens_ -= 1;
    return true;
}

}  // namespace pilothouse::client::flowcontrol
