// int64 arithmetic with Go's semantics: overflow wraps around (two's complement) instead of being
// undefined, so extreme quantities give the numbers kube-scheduler computes.
#pragma once

#include <cstdint>

namespace pilothouse::scheduler::plugins::noderesources {

inline int64_t goAdd(int64_t a, int64_t b) { return static_cast<int64_t>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b)); }
inline int64_t goSub(int64_t a, int64_t b) { return static_cast<int64_t>(static_cast<uint64_t>(a) - static_cast<uint64_t>(b)); }
inline int64_t goMul(int64_t a, int64_t b) { return static_cast<int64_t>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b)); }
// Truncating division; INT64_MIN / -1 is INT64_MIN as in Go. b must not be 0.
inline int64_t goDiv(int64_t a, int64_t b) { return (b == -1) ? goSub(0, a) : a / b; }

}  // namespace pilothouse::scheduler::plugins::noderesources
