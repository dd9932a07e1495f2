#include "sim/random.h"

namespace pilothouse::sim {
namespace {

inline uint64_t rotl(uint64_t x, int k) {
    return (x << k) | (x >> (64 - k));
}

Random::State stateFromSeed(uint64_t seed) {
    uint64_t sm = seed;
    Random::State s{};
    for (auto& word : s) word = splitmix64Next(&sm);
    return s;
}

}  // namespace

uint64_t splitmix64Next(uint64_t* state) {
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

Random::Random(uint64_t seed) : seed_(seed), s_(stateFromSeed(seed)) {}

Random Random::fromState(const State& state, uint64_t seed) {
    Random r(seed);
    if (state != State{})
        r.s_ = state;
    return r;
}

uint64_t Random::next() {
    // xoshiro256** 1.0 (Blackman, Vigna).
    const uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
}

uint64_t Random::uniformInt(uint64_t n) {
    if (n == 0)
        return 0;
    // Lemire's multiply-and-shift: the high half of r * n is uniform in [0, n) once the low half
    // is not among the (2^64 mod n) values that would favour some results. The division that
    // finds that bound runs only when the low half is small enough to need it (rarely), which
    // matters to the scheduler: it draws once per tied node when it picks a host.
    unsigned __int128 m = static_cast<unsigned __int128>(next()) * n;
    uint64_t low = static_cast<uint64_t>(m);
    if (low < n) {
        const uint64_t threshold = (0 - n) % n;
        while (low < threshold) {
            m = static_cast<unsigned __int128>(next()) * n;
            low = static_cast<uint64_t>(m);
        }
    }
    return static_cast<uint64_t>(m >> 64);
}

int64_t Random::uniformRange(int64_t lo, int64_t hi) {
    if (hi <= lo)
        return lo;
    const uint64_t span = static_cast<uint64_t>(hi) - static_cast<uint64_t>(lo);
    if (span == UINT64_MAX)
        return static_cast<int64_t>(next());
    return static_cast<int64_t>(static_cast<uint64_t>(lo) + uniformInt(span + 1));
}

double Random::uniformDouble() {
    return static_cast<double>(next() >> 11) * 0x1.0p-53;
}

bool Random::bernoulli(double p) {
    if (!(p > 0.0))
        return false;
    if (p >= 1.0)
        return true;
    return uniformDouble() < p;
}

Duration Random::uniformDuration(Duration lo, Duration hi) {
    return Duration{uniformRange(lo.count(), hi.count())};
}

uint64_t Random::deriveSeed(uint64_t seed, std::string_view name) {
    // FNV-1a over the name, then mixed with the parent seed through splitmix64 so that nearby
    // seeds and similar names still give unrelated streams.
    uint64_t h = 0xcbf29ce484222325ULL;
    for (unsigned char ch : name) {
        h ^= ch;
        h *= 0x100000001b3ULL;
    }
    uint64_t st = seed;
    const uint64_t a = splitmix64Next(&st);
    uint64_t mix = a ^ h;
    return splitmix64Next(&mix);
}

Random Random::fork(std::string_view name) const {
    return Random(deriveSeed(seed_, name));
}

}  // namespace pilothouse::sim
