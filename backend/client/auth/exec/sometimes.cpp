#include "client/auth/exec/sometimes.h"

namespace pilothouse::client::auth::exec {

bool Sometimes::allow(sim::Time now) {
    if (!windowStart_ || now - *windowStart_ >= interval_) {
        windowStart_ = now;
        count_ = 0;
    }
    if (count_ >= threshold_)
        return false;
    ++count_;
    return true;
}

}  // namespace pilothouse::client::auth::exec
