#include "apiserver/loopback_client.h"

namespace pilothouse::apiserver {

namespace {
thread_local int depth = 0;
}  // namespace

LoopbackClientScope::LoopbackClientScope() { ++depth; }
LoopbackClientScope::~LoopbackClientScope() { --depth; }
bool LoopbackClientScope::active() { return depth > 0; }

}  // namespace pilothouse::apiserver
