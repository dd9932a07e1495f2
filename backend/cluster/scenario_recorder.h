// What a client did to the cluster, as a scenario action: the requests a person makes from the GUI
// (an editor's apply, a delete, a what-if) are kept as the actions that replay them — so that
// going back in time and replaying the scenario (the GUI's rewind) gives the same cluster, and a
// scenario saved from the session carries them.
//
//   create / update            -> apply   (the object without resourceVersion)
//   patch (merge)              -> patch   (without a resourceVersion precondition; subresource kept)
//   delete                     -> delete  (cascade and grace period kept)
//   create pods/eviction       -> evict
//   create pods/binding        -> bind
// Reads and dry runs are not recorded (nullopt). Other writes to one named object (JSON patches,
// updates of /status or /scale, merge patches of other subresources) are recorded by what they
// changed (observedChange): the session reads the object before and after.
#pragma once

#include <optional>
#include <vector>

#include "apiserver/server.h"
#include "cluster/scenario.h"

namespace pilothouse::cluster {

// The action that repeats `request` at `at` (virtual time since the scenario started).
std::optional<ScenarioAction> toScenarioAction(const apiserver::Request& request, sim::Duration at);

// The change a write made to one object as the actions that make it again: a merge patch of the
// object (labels, annotations, spec, ...: what the server sets itself left out) and a merge patch
// of its status subresource, each only when something changed; "apply" when the write created it.
// `before` / `after`: the object read just before and just after the write (null: none).
std::vector<ScenarioAction> observedChange(const api::ResourceType& type, const std::string& namespace_,
                                           const std::string& name, const google::protobuf::Message* before,
                                           const google::protobuf::Message* after, sim::Duration at);

}  // namespace pilothouse::cluster
