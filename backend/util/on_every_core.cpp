#include "util/on_every_core.h"

#include <algorithm>
#include <thread>
#include <vector>

namespace pilothouse::util {

void onEveryCore(size_t n, size_t units, size_t perCore, const std::function<void(size_t, size_t)>& work) {
    const size_t cores = std::min(8u, std::max(1u, std::thread::hardware_concurrency()));
    const size_t threads = std::clamp<size_t>(units / std::max<size_t>(perCore, 1), 1, cores);
    std::vector<std::thread> others;
    for (size_t t = 1; t < threads; ++t) others.emplace_back(work, n * t / threads, n * (t + 1) / threads);
    work(0, n / threads);
    for (auto& t : others) t.join();
}

}  // namespace pilothouse::util
