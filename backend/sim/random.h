// A seeded, deterministic pseudo-random number generator: xoshiro256** seeded through splitmix64,
// both implemented here so every standard library and platform draws the same numbers
// (std::uniform_*_distribution differ between libstdc++, libc++ and MSVC, so none are used).
//
// Each component draws from its own stream: fork("scheduler") derives a stream from this
// generator's seed and the name only — not from how many numbers were drawn nor from which other
// streams were forked — so adding a component, or making one draw more, leaves the others'
// sequences unchanged. Forking the same name twice gives the same stream.
//
// Thread-compatible value type: one thread uses one Random at a time.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <utility>

#include "sim/clock.h"

namespace pilothouse::sim {

// One step of splitmix64 (Steele, Lea, Flood; Vigna's reference): advances *state, returns output.
uint64_t splitmix64Next(uint64_t* state);

class Random {
public:
    using State = std::array<uint64_t, 4>;

    explicit Random(uint64_t seed = 0);
    // A generator at an exact xoshiro256** state (snapshots, replay, known-answer tests). The
    // all-zero state is invalid for xoshiro and is replaced by the state for seed 0.
    static Random fromState(const State& state, uint64_t seed = 0);

    // The seed this stream was made from (for fork() and for display).
    uint64_t seed() const { return seed_; }
    const State& state() const { return s_; }

    // The next raw 64-bit output.
    uint64_t next();
    // Uniform in [0, n), without modulo bias. n == 0 returns 0.
    uint64_t uniformInt(uint64_t n);
    // Uniform in [lo, hi] (both inclusive). hi < lo returns lo.
    int64_t uniformRange(int64_t lo, int64_t hi);
    // Uniform in [0, 1) with 53 random bits.
    double uniformDouble();
    // True with probability p (p <= 0: never, p >= 1: always).
    bool bernoulli(double p);
    // Uniform in [lo, hi] at nanosecond resolution.
    Duration uniformDuration(Duration lo, Duration hi);

    // Fisher-Yates shuffle of [first, last) with this stream.
    template <typename It>
    void shuffle(It first, It last) {
        const auto n = static_cast<uint64_t>(last - first);
        for (uint64_t i = n; i > 1; --i) {
            using std::swap;
            swap(first[static_cast<std::ptrdiff_t>(i - 1)],
                 first[static_cast<std::ptrdiff_t>(uniformInt(i))]);
        }
    }

    // An independent stream derived from seed() and name only.
    Random fork(std::string_view name) const;
    // The seed fork(name) uses.
    static uint64_t deriveSeed(uint64_t seed, std::string_view name);

private:
    uint64_t seed_ = 0;
    State s_{};
};

}  // namespace pilothouse::sim
