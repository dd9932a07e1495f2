#include "util/keep_until_exit.h"

#include <atomic>
#include <mutex>
#include <vector>

namespace pilothouse {

namespace {
std::atomic<bool> skipping{false};
std::mutex mu;
// Never deleted: the point is not to free what it holds.
auto* kept = new std::vector<std::shared_ptr<void>>();
}  // namespace

void skipFreeingAtExit() { skipping = true; }

bool freeingSkippedAtExit() { return skipping; }

void keepUntilExitErased(std::shared_ptr<void> object) {
    std::lock_guard lock(mu);
    kept->push_back(std::move(object));
}

}  // namespace pilothouse
