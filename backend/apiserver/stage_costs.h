// How long each API server stage takes in virtual time. Simulations use these so that a request is
// seen to take time in each stage; measured wall time plays no part (determinism).
#pragma once

#include <cstdint>

namespace pilothouse::apiserver {

struct StageCosts {
    int64_t authenticationNanos = 100'000;      // 0.1 ms
    int64_t authorizationNanos = 150'000;       // 0.15 ms
    int64_t admissionPluginNanos = 100'000;     // per plugin that runs
    int64_t validationNanos = 200'000;          // 0.2 ms
    int64_t storageWriteNanos = 2'000'000;      // 2 ms: an etcd commit
    int64_t storageReadNanos = 500'000;         // 0.5 ms
};

}  // namespace pilothouse::apiserver
