// What a client did to the cluster, as a scenario action: the requests a person makes from the GUI
// (an editor's apply, a delete, a what-if) are kept as the actions that replay them — so that
// going back in time and replaying the scenario (the GUI's rewind) gives the same cluster, and a
// scenario saved from the session carries them.
//
//   create / update            -> apply   (the object without resourceVersion)
//   patch (merge)              -> patch   (without a resourceVersion precondition; subresource kept)
//   delete                     -> delete  (cascade and grace period kept)
//   create pods/eviction       -> evict
// Reads, dry runs, JSON patches, bindings and other subresources are not recorded (nullopt).
#pragma once

#include <optional>

#include "apiserver/server.h"
#include "cluster/scenario.h"

namespace pilothouse::cluster {

// The action that repeats `request` at `at` (virtual time since the scenario started).
std::optional<ScenarioAction> toScenarioAction(const apiserver::Request& request, sim::Duration at);

}  // namespace pilothouse::cluster
