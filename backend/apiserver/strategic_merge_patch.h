// Strategic merge patch (k8s.io/apimachinery/pkg/util/strategicpatch), what `kubectl apply`, `set
// image`, `taint`, `cordon` and `rollout restart` send: a JSON merge patch that knows, from the
// object's schema, which lists merge element by element instead of being replaced.
//
//  - A field whose patch strategy is "merge" (the .proto's patch_strategy option, from upstream's
//    patchStrategy tags) merges: a list of objects by its patch_merge_key (an element with the key
//    of an existing one is merged into it, others are appended), a list of scalars as a set.
//  - Every other list, and every scalar, is replaced; null deletes a field, as in a merge patch.
//  - Directives: `$patch: replace` (the map or list is replaced by the patch's), `$patch: delete`
//    (in a list element: that element is removed; in a map: the map is), `$patch: merge`,
//    `$setElementOrder/<list>` (the order of the merged list), `$retainKeys` (only these keys of
//    the map remain) and `$deleteFromPrimitiveList/<list>` (these values leave the list).
//
// Errors are upstream's texts, as a BadRequest message.
#pragma once

#include <google/protobuf/descriptor.h>

#include "api/codec/value.h"
#include "util/status.h"

namespace pilothouse::apiserver {

StatusOr<codec::Value> applyStrategicMergePatch(const codec::Value& original, const codec::Value& patch,
                                                const google::protobuf::Descriptor& schema);

}  // namespace pilothouse::apiserver
