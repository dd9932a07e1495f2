// Patches (kubectl patch --type merge|json): JSON merge patch (RFC 7386), which replaces lists and
// deletes keys set to null, and JSON patch (RFC 6902: add, remove, replace, move, copy, test).
#pragma once

#include "api/codec/value.h"
#include "util/status.h"

namespace pilothouse::apiserver {

codec::Value applyMergePatch(const codec::Value& target, const codec::Value& patch);
StatusOr<codec::Value> applyJsonPatch(const codec::Value& target, const codec::Value& patch);

}  // namespace pilothouse::apiserver
