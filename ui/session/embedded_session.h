// The simulated cluster a GUI runs on when it is not attached to a server: the control plane,
// scheduler, controllers and a kubelet per node (cluster::addStandardComponents) on one virtual
// clock, started from a scenario (its manifests created, its timed actions scheduled).
//
// Time moves only when asked: play() advances virtual time at speed × wall time (0.1× to 1000×,
// or as fast as possible) on a GUI-thread timer, a little at a time so the window stays
// responsive; step() runs the next event (and the settling after it), stepSchedulingCycle() runs
// events until the scheduler has made one more attempt; runFor() runs as fast as possible
// (screenshots at a given virtual time). A session starts paused at virtual time 0.
//
// Going back in time: the same scenario and seed give the same run, event for event, so
// rewindTo(t) builds the cluster again and replays the scenario to t — the cluster is then the
// one that was there at t, and the simulation goes on from there (what happened after t is
// forgotten). reset() is rewindTo(0). Both replace the Cluster object (clusterReplaced()).
//
// What the user does to the cluster (request(): an editor's apply, a delete, an eviction;
// controlNode(): a node failed or recovered) happens at the present virtual time and is kept as a
// scenario action at that time (cluster/scenario_recorder.h), so a rewind replays it too — unless
// the rewind goes back before it, which forgets it as it forgets everything after that moment.
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QString>

#include <deque>
#include <memory>

#include "cluster/cluster.h"
#include "cluster/scenario.h"
#include "cluster/scenario_runner.h"
#include "apiserver/server.h"
#include "scheduler/apis/config/types.h"
#include "util/status.h"

class QTimer;

namespace pilothouse::ui {

class EmbeddedSession final : public QObject {
    Q_OBJECT
public:
    // `scenarioPath`: a scenario file (or plain manifests), also from Qt resources (":/..."); ""
    // for an empty cluster. Errors name the file, document and field.
    static StatusOr<std::unique_ptr<EmbeddedSession>> start(const std::string& storePath, const QString& scenarioPath);
    // The same for a scenario already read (a cluster snapshot: cluster/snapshot_scenario.h).
    static StatusOr<std::unique_ptr<EmbeddedSession>> start(const std::string& storePath, cluster::Scenario scenario);
    ~EmbeddedSession() override;

    cluster::Cluster& cluster() { return *cluster_; }
    controlplane::ControlPlane& controlPlane() { return cluster_->controlPlane(); }
    // The scenario as played: its objects, its actions and then the recorded ones (as of the last
    // reset or rewind).
    const cluster::Scenario& scenario() const { return scenario_; }
    // The actions a saved scenario replays: the scenario's own, then every action the user
    // performed so far (cluster/scenario_writer.h writes them with the scenario's objects).
    std::vector<cluster::ScenarioAction> actionsToSave() const;
    // Starts over from another scenario (a built-in one, a file, a snapshot): what the user did
    // is forgotten, the cluster is built again at virtual time 0 (clusterReplaced()).
    Status replaceScenario(cluster::Scenario scenario);
    // Saves the session at the present moment as a workspace file (cluster/workspace.h: the store
    // and what replays it), with the GUI's selection ("pods/default/web-1", or "").
    Status saveWorkspace(const std::string& path, const std::string& selection);
    // Starts over from a workspace: its scenario and the user's actions replayed to the time it
    // was saved at (paused). `warning` is "" when the replayed store is the saved one, else what
    // differs; `selection` is the one saved.
    struct OpenedWorkspace {
        std::string selection;
        std::string warning;
    };
    StatusOr<OpenedWorkspace> openWorkspace(const std::string& path);
    // The actions the user performed so far (request(), controlNode()), in time order.
    const std::deque<cluster::ScenarioAction>& recordedActions() const { return recorded_; }

    // Carries out one API request as the GUI's user, now: a write that succeeds is recorded, and
    // the components react to it at once (the cluster settles), even while paused.
    apiserver::Response request(apiserver::Request request);
    // failNode / recoverNode on the node's simulated kubelet, now; recorded like request().
    Status controlNode(const std::string& action, const std::string& node);
    // kube-scheduler restarted with this KubeSchedulerConfiguration (YAML), now; recorded like
    // request() (a configureScheduler action). Errors name `source` and the field; the running
    // scheduler then stays as it was.
    Status configureScheduler(const std::string& yaml, const std::string& source);
    // The configuration kube-scheduler ran with at `elapsed` since the start: the scenario's, or
    // the last one a configureScheduler action gave it by then.
    scheduler::config::KubeSchedulerConfiguration schedulerConfigurationAt(sim::Duration elapsed) const;

    // Creates every object of a manifest file through the API server, in order (existing ones are
    // left as they are).
    Status applyManifests(const QString& path);

    bool playing() const { return playing_; }
    void setPlaying(bool playing);
    double speed() const { return speed_; }
    // InvalidArgument outside 0.1–1000.
    Status setSpeed(double speed);
    // Runs the next event and the settling after it; false when nothing is scheduled.
    StatusOr<bool> step();
    // Runs events until the scheduler has finished one more scheduling attempt (a journey record
    // of stage "scheduling"); false when time ran out of events first.
    StatusOr<bool> stepSchedulingCycle();
    // Runs `d` of virtual time as fast as possible.
    Status runFor(sim::Duration d);
    // Play as fast as the machine allows (speed is then ignored).
    bool asFastAsPossible() const { return asFastAsPossible_; }
    void setAsFastAsPossible(bool on);
    // Replays the scenario from the start to `elapsed` (clamped at 0); the session stays paused
    // or playing as it was.
    Status rewindTo(sim::Duration elapsed);
    Status reset() { return rewindTo(sim::Duration::zero()); }
    // Virtual time since the session started.
    sim::Duration elapsed() const { return cluster_->loop().now() - cluster_->loop().epoch(); }

signals:
    void timeChanged();
    // The cluster is about to be destroyed and rebuilt (reset, rewind): whoever reads it from
    // another thread (a client's informers) must stop now.
    void clusterAboutToBeReplaced();
    // The cluster object was rebuilt (reset, rewind); cluster() is the new one.
    void clusterReplaced();
    void playingChanged(bool playing);
    void speedChanged(double speed);
    void errorOccurred(const QString& message);

private:
    EmbeddedSession() = default;
    // A new cluster for the scenario at virtual time 0: objects created, components added,
    // actions scheduled.
    Status build();
    // Moves the clock past every event of the present instant, so a user's action happens after
    // them — where the replay, which schedules it 1 ns later, puts it too.
    Status beginUserAction();
    void endUserAction(std::optional<cluster::ScenarioAction> action);
    void tick();
    void fail(const Status& status);

    std::string storePath_;
    std::unique_ptr<cluster::Cluster> cluster_;
    cluster::Scenario scenario_;
    std::deque<cluster::ScenarioAction> recorded_;
    // The scenario's own actions come first in scenario_.actions; build() appends the recorded
    // ones after them (the runner refers to the actions: they change only in build()).
    size_t scenarioActions_ = 0;
    cluster::ScenarioRunner::NodeActionHandler nodeActions_;
    std::unique_ptr<cluster::ScenarioRunner> runner_;
    QTimer* timer_ = nullptr;
    QElapsedTimer wall_;
    bool playing_ = false;
    double speed_ = 1.0;
    bool asFastAsPossible_ = false;
};

}  // namespace pilothouse::ui
