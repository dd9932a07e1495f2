// Work on independent items spread over the machine's cores: [0, n) cut into one contiguous range
// per thread (at most 8, the caller's thread being one), one thread when there are fewer than
// `perCore` units of work for each. work(begin, end) must touch only its own range's results.
#pragma once

#include <cstddef>
#include <functional>

namespace pilothouse::util {

void onEveryCore(size_t n, size_t units, size_t perCore, const std::function<void(size_t begin, size_t end)>& work);

}  // namespace pilothouse::util
