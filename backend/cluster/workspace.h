// A workspace: a simulated cluster saved in one file, to be opened again where it was left.
//
// The file is the cluster's store as the control plane wrote it — a store snapshot (store.h
// Store::snapshot, etcdctl snapshot save): every retained revision of every object, readable by
// anything that opens a store file (store::open, `pilothouse-server --store FILE`) — plus one
// more table, pilothouse_workspace, holding what replays the run:
//   scenario          the scenario as played (objects, its own actions, then the user's), YAML
//   scenarioActions   how many of those actions are the scenario's own
//   elapsedNanos      the virtual time reached
//   selection         the object selected in the GUI ("pods/default/web-1"), or ""
//   revision, digest  the store's revision and a digest of its live objects at saving
//
// Opening replays the scenario and the user's actions to the saved time (a run is deterministic)
// so that everything a session has besides the store — pod journeys, metrics, the components'
// in-memory state, going back in time — is there again; the replayed store is then compared
// with the saved one (revision and digest), and a difference is reported, never hidden.
#pragma once

#include <cstdint>
#include <string>

#include "cluster/scenario.h"
#include "sim/clock.h"
#include "store/store.h"
#include "util/status.h"

namespace pilothouse::cluster {

struct Workspace {
    // The scenario with every action: its own first (scenarioActions of them), then the user's.
    Scenario scenario;
    size_t scenarioActions = 0;
    sim::Duration elapsed{};
    std::string selection;
    int64_t revision = 0;
    uint64_t digest = 0;
};

inline constexpr const char* kWorkspaceFileFilter = "*.phw";

// Writes `store`'s snapshot and the workspace table to `path`: `scenario`'s objects with
// `actions` (its own `scenarioActions` first, then the user's), the time reached and the
// selection; revision and digest are read from the store. The file appears whole or not at all.
Status saveWorkspace(const std::string& path, store::Store& store, const Scenario& scenario,
                     const std::vector<ScenarioAction>& actions, size_t scenarioActions, sim::Duration elapsed,
                     const std::string& selection);

// Reads a workspace file. Errors name the file: missing, not a database, a store without the
// workspace table ("not a Pilothouse workspace"), a newer format, a scenario that does not load.
StatusOr<Workspace> readWorkspace(const std::string& path);

// FNV-1a over every live key, value and modRevision, in key order.
StatusOr<uint64_t> storeDigest(store::Store& store);

// "" when `store` is what the workspace saved; otherwise what differs, for the user.
StatusOr<std::string> compareWithWorkspace(store::Store& store, const Workspace& workspace);

}  // namespace pilothouse::cluster
