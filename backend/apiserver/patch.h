// Patches (kubectl patch --type merge|json): JSON merge patch (RFC 7386), which replaces lists and
// deletes keys set to null, and JSON patch (RFC 6902: add, remove, replace, move, copy, test).
#pragma once

#include "api/codec/value.h"
#include "util/status.h"

namespace pilothouse::apiserver {

codec::Value applyMergePatch(const codec::Value& target, const codec::Value& patch);
// The merge patch that turns `original` into `modified` (jsonpatch.CreateMergePatch): changed keys
// with their new values, removed keys as null, lists whole. An empty object when nothing changed.
codec::Value createMergePatch(const codec::Value& original, const codec::Value& modified);
StatusOr<codec::Value> applyJsonPatch(const codec::Value& target, const codec::Value& patch);

}  // namespace pilothouse::apiserver
