// A simulation session: a simulated cluster (cluster.h) started from a scenario and driven through
// virtual time on request — what the GUI's embedded control plane and pilothouse-server both run.
//
// Time moves only when asked: tick() advances virtual time at speed × the wall time since the last
// tick (0.1× to 1000×, or as fast as possible) while playing, within a wall-time budget so its
// caller stays responsive; step() runs the next event (and the settling after it);
// stepSchedulingCycle() runs events until the scheduler has made one more attempt; runFor() runs as
// fast as possible. A session starts paused at virtual time 0.
//
// Going back in time: the same scenario and seed give the same run, event for event, so
// rewindTo(t) builds the cluster again and replays the scenario to t — the cluster is then the one
// that was there at t, and the simulation goes on from there (what happened after t is forgotten;
// a store file is started again). reset() is rewindTo(0). Both replace the Cluster object: the
// hooks given to setReplaceHooks run before the old one goes and after the new one is there, so
// whoever reads it from other threads can let go and come back.
//
// What users do to the cluster (request(): an apply, a delete, an eviction; controlNode(): a node
// failed or recovered; configureScheduler()) happens at the present virtual time and is kept as a
// scenario action at that time (scenario_recorder.h), so a rewind replays it too — unless the
// rewind goes back before it. Requests keep the caller's bearer token: the API server
// authenticates and authorizes them as that user; the replay runs them as the scenario runner.
//
// The simulated components talk to the API server as its in-process loopback client
// (apiserver/loopback_client.h), so a control plane with a token file still runs them.
//
// Thread-safety: none; one thread at a time (the GUI thread, or pilothouse-server under a lock).
#pragma once

#include <chrono>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "apiserver/server.h"
#include "cluster/cluster.h"
#include "cluster/scenario.h"
#include "cluster/scenario_runner.h"
#include "cluster/workspace.h"
#include "scheduler/apis/config/types.h"
#include "util/status.h"

namespace pilothouse::cluster {

struct SessionOptions {
    // The store file, or ":memory:".
    std::string storePath = ":memory:";
    // kube-apiserver's --token-auth-file and --anonymous-auth for the session's API server; no
    // token file: every request acts as system:admin.
    std::string tokenFile;
    bool anonymousAuth = false;
    // The epoch of a scenario that names none (spec.epoch): "" = sim::kDefaultEpoch, "now" = the
    // wall clock when the scenario starts (so that kubectl's ages, computed against the wall
    // clock, read as on a real cluster), or an RFC 3339 time. The epoch chosen is written into
    // the scenario as played, so a rewind or a saved workspace replays with the same one.
    std::string epoch;
    // Told, while a build creates the scenario's objects, how many of them exist so far (every
    // few thousand, and once at the end); called on the thread that builds. Returning false stops
    // the build: it fails with Cancelled.
    std::function<bool(size_t created, size_t total)> creationProgress;
};

class Session {
public:
    static StatusOr<std::unique_ptr<Session>> start(SessionOptions options, Scenario scenario);
    struct OpenedWorkspace {
        std::string selection;
        std::string warning;  // "" when the replayed store is the saved one, else what differs
    };
    // Starts from a workspace file (workspace.h), which may be the store file itself (a
    // pilothouse-server's store from its last shutdown): its scenario and recorded actions
    // replayed to the time it was saved at, paused.
    static StatusOr<std::unique_ptr<Session>> resume(SessionOptions options, const std::string& workspacePath,
                                                     OpenedWorkspace* opened = nullptr);
    // A store file a previous run saved its session into (closeIntoStore) continued: the file as it
    // was kept as FILE.previous, the session resumed from that copy into FILE. Errors name the file.
    static StatusOr<std::unique_ptr<Session>> continueStore(SessionOptions options, OpenedWorkspace* opened = nullptr);
    // Saves the session into its own store file and closes it: the workspace written beside the
    // store while it is open, the session destroyed (the store closed), then renamed over it.
    static Status closeIntoStore(std::unique_ptr<Session> session);
    ~Session();

    Cluster& cluster() { return *cluster_; }
    controlplane::ControlPlane& controlPlane() { return cluster_->controlPlane(); }
    const SessionOptions& options() const { return options_; }
    // The scenario as played: its objects, its actions and then the recorded ones (as of the last
    // reset or rewind).
    const Scenario& scenario() const { return scenario_; }
    // The scenario's own actions, then every action recorded so far: what a saved scenario replays.
    std::vector<ScenarioAction> actionsToSave() const;
    // The actions users performed so far, in time order.
    const std::deque<ScenarioAction>& recordedActions() const { return recorded_; }
    // Counts the clusters built: 1 after start(), one more for every reset, rewind or new scenario.
    uint64_t generation() const { return generation_; }

    // Starts over from another scenario: what users did is forgotten, the cluster is built again
    // at virtual time 0. Playing or paused stays as it was. When the new scenario's cluster cannot
    // be built (an object the API server refuses), its error is returned and the running scenario
    // is replayed to where it was (a new generation, the same state).
    Status replaceScenario(Scenario scenario);
    // Saves the present moment as a workspace file (workspace.h), with a GUI selection ("" if none).
    Status saveWorkspace(const std::string& path, const std::string& selection);
    // Starts over from a workspace: its scenario and recorded actions replayed to the time it was
    // saved at, paused.
    StatusOr<OpenedWorkspace> openWorkspace(const std::string& path);

    // Carries out one API request now, as the request's token says: a write that succeeds is
    // recorded, and the components react to it at once (the cluster settles), even while paused.
    apiserver::Response request(apiserver::Request request);
    // Whether a request changes the cluster (and is recorded): not a read, not a dry run, and not
    // a question the API server answers without storing anything (a SelfSubjectAccessReview).
    static bool isWrite(const apiserver::Request& request);
    // "failNode" / "recoverNode" on a node's simulated kubelet, now; recorded like request().
    Status controlNode(const std::string& action, const std::string& node);
    // kube-scheduler restarted with this KubeSchedulerConfiguration (YAML), now; recorded. Errors
    // name `source` and the field; the running scheduler then stays as it was.
    Status configureScheduler(const std::string& yaml, const std::string& source);
    // The configuration kube-scheduler ran with at `elapsed` since the start.
    scheduler::config::KubeSchedulerConfiguration schedulerConfigurationAt(sim::Duration elapsed) const;
    // The same as its KubeSchedulerConfiguration document (YAML) and where it came from (the
    // scenario, an action); "" when kube-scheduler ran v1.28's defaults.
    struct SchedulerConfigurationDocument {
        std::string yaml;
        std::string source;
    };
    SchedulerConfigurationDocument schedulerConfigurationDocumentAt(sim::Duration elapsed) const;
    // Creates every object of a manifest text through the API server as the loopback user, in
    // order (existing ones are left as they are). `source` names the text in errors.
    Status applyManifests(const std::string& text, const std::string& source);

    bool playing() const { return playing_; }
    void setPlaying(bool playing);
    double speed() const { return speed_; }
    // InvalidArgument outside 0.1–1000.
    Status setSpeed(double speed);
    // Play as fast as the machine allows (speed is then ignored).
    bool asFastAsPossible() const { return asFastAsPossible_; }
    void setAsFastAsPossible(bool on);

    // While playing: moves virtual time on by speed × the wall time since the last tick (or the
    // last change of playing, speed or cluster), event by event, stopping early when `budget` of
    // wall time is spent (the simulation then runs slower than asked). Paused: nothing.
    Status tick(std::chrono::nanoseconds budget);
    // Runs the next event and the settling after it; false when nothing is scheduled.
    StatusOr<bool> step();
    // Runs events until the scheduler has finished one more scheduling attempt; false when time
    // ran out of events first.
    StatusOr<bool> stepSchedulingCycle();
    // Runs `d` of virtual time as fast as possible.
    Status runFor(sim::Duration d);
    // Replays the scenario from the start to `elapsed` (clamped at 0).
    Status rewindTo(sim::Duration elapsed);
    Status reset() { return rewindTo(sim::Duration::zero()); }
    // Virtual time since the session started.
    sim::Duration elapsed() const { return cluster_->loop().now() - cluster_->loop().epoch(); }

    // `before` runs just before the cluster is destroyed (reset, rewind, new scenario), `after`
    // once the new one is built.
    void setReplaceHooks(std::function<void()> before, std::function<void()> after);

private:
    Session() = default;
    // A new cluster for the scenario at virtual time 0: objects created, components added, actions
    // scheduled.
    Status build();
    StatusOr<OpenedWorkspace> load(Workspace workspace, const std::string& path);
    // Moves the clock past every event of the present instant, so a user's action happens after
    // them — where the replay, which schedules it 1 ns later, puts it too.
    Status beginUserAction();
    Status endUserAction(std::optional<ScenarioAction> action);
    Status endUserAction(std::vector<ScenarioAction> actions);
    // The object a request names as it is now, read as the loopback user (null: none).
    std::shared_ptr<const google::protobuf::Message> currentObject(const apiserver::Request& request);
    void restartWallClock() { lastTick_ = std::chrono::steady_clock::now(); }

    SessionOptions options_;
    std::unique_ptr<Cluster> cluster_;
    Scenario scenario_;
    std::deque<ScenarioAction> recorded_;
    // The scenario's own actions come first in scenario_.actions; build() appends the recorded
    // ones after them.
    size_t scenarioActions_ = 0;
    ScenarioRunner::NodeActionHandler nodeActions_;
    std::unique_ptr<ScenarioRunner> runner_;
    uint64_t generation_ = 0;
    std::function<void()> beforeReplace_;
    std::function<void()> afterReplace_;
    bool playing_ = false;
    double speed_ = 1.0;
    bool asFastAsPossible_ = false;
    std::chrono::steady_clock::time_point lastTick_ = std::chrono::steady_clock::now();
};

}  // namespace pilothouse::cluster
