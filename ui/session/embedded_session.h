// The simulated cluster a GUI runs on when it is not attached to a server: a simulation session
// (cluster/session.h: the scenario's cluster on its virtual clock, rewinds, recorded user actions)
// driven on the GUI thread. While playing, a timer advances virtual time a little at a time so
// the window stays responsive; what the GUI's user does runs as the control plane's loopback
// user. Signals tell the views when time moved and when the cluster was replaced.
//
// A large cluster snapshot takes its control plane many seconds to start (150,000 pods: every
// object created through the API server, then kube-scheduler's cache and 5,000 kubelets), so it can
// start on a worker thread behind the window (startInBackground): the window shows at once, the
// first pending pod is explained on the snapshot's objects first, and the views fill when the
// control plane is up.
#pragma once

#include <QObject>
#include <QString>

#include <atomic>
#include <deque>
#include <memory>
#include <optional>
#include <thread>

#include "cluster/session.h"
#include "scheduler/explainer.h"

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
    // The same, the control plane started on a worker thread: this returns at once. `explainFirst`
    // ("namespace/name", "" for none) is a pod the worker explains before it starts the control
    // plane, on the scenario's objects — what the API server is about to be asked to create, as
    // kube-scheduler will see them (scheduler::explainPod) —: startingExplained() says the answer.
    // Until started() (or startFailed()), isStarted() is false: commands answer Unavailable with
    // what is being done, the getters the scenario's beginning (paused, 0 s), playing, speed and
    // as-fast-as-possible are kept for the start, and cluster() and controlPlane() must not be called.
    static std::unique_ptr<EmbeddedSession> startInBackground(const std::string& storePath, cluster::Scenario scenario,
                                                              const QString& explainFirst = {});
    // Waits for a worker still starting, after asking it to stop.
    ~EmbeddedSession() override;

    bool isStarted() const { return session_ != nullptr; }
    // While it starts: what is being done ("creating the scenario's objects: 46,000 of 155,041"); the
    // error after startFailed(); "" once started.
    QString startingStage() const;
    // Why the control plane could not start ("" unless startFailed()).
    const QString& startError() const { return startError_; }
    // What a command answers while it starts, or after it could not (Unavailable, in English as
    // the API's errors are).
    Status notStarted() const;
    struct StartingExplanation {
        QString pod;                                     // "namespace/name"
        std::optional<scheduler::PodExplanation> answer;  // unset: `error` says why
        QString error;
    };
    // The answer for startInBackground's `explainFirst` (unset until startingExplained()).
    const std::optional<StartingExplanation>& startingExplanation() const { return startingExplanation_; }

    cluster::Cluster& cluster() { return session_->cluster(); }
    controlplane::ControlPlane& controlPlane() { return session_->controlPlane(); }
    const cluster::Scenario& scenario() const;
    std::vector<cluster::ScenarioAction> actionsToSave() const;
    const std::deque<cluster::ScenarioAction>& recordedActions() const;
    // cluster::Session's, with the signals below.
    Status replaceScenario(cluster::Scenario scenario);
    // Another scenario, its control plane started behind the window as startInBackground's: the
    // running cluster is let go of at once (clusterAboutToBeReplaced(), then restarting()), and the
    // session is starting until started() or startFailed() — after which another can be tried. On a
    // store file the scenario is replaced at once instead (replaceScenario). Unavailable while a
    // start is under way.
    Status replaceScenarioInBackground(cluster::Scenario scenario, const QString& explainFirst = {});
    Status saveWorkspace(const std::string& path, const std::string& selection);
    using OpenedWorkspace = cluster::Session::OpenedWorkspace;
    StatusOr<OpenedWorkspace> openWorkspace(const std::string& path);

    // The request as the GUI's user (the control plane's loopback user), now; recorded.
    apiserver::Response request(apiserver::Request request);
    // A request of a client of the Kubernetes API this window serves (embedded_kube_api.h), with
    // its own bearer token, now; a write is recorded. 503 ServiceUnavailable while starting.
    apiserver::Response clientRequest(apiserver::Request request);
    Status controlNode(const std::string& action, const std::string& node);
    Status configureScheduler(const std::string& yaml, const std::string& source);
    scheduler::config::KubeSchedulerConfiguration schedulerConfigurationAt(sim::Duration elapsed) const;
    // Creates every object of a manifest file through the API server, in order (existing ones are
    // left as they are).
    Status applyManifests(const QString& path);

    bool playing() const;
    void setPlaying(bool playing);
    double speed() const;
    Status setSpeed(double speed);
    StatusOr<bool> step();
    StatusOr<bool> stepSchedulingCycle();
    Status runFor(sim::Duration d);
    bool asFastAsPossible() const;
    void setAsFastAsPossible(bool on);
    Status rewindTo(sim::Duration elapsed);
    Status reset() { return rewindTo(sim::Duration::zero()); }
    sim::Duration elapsed() const;

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
    // startInBackground: startingStage() changed; the first pod was explained; the control plane
    // is up (cluster() is valid; clusterReplaced() and timeChanged() follow); it could not start.
    void startingProgress();
    void startingExplained();
    void started();
    void startFailed(const QString& message);
    // replaceScenarioInBackground: the session is starting again (cluster() is gone).
    void restarting();

private:
    explicit EmbeddedSession(std::unique_ptr<cluster::Session> session);
    void tick();
    void fail(const Status& status);
    // The session's rewinds and resets said by this one's signals.
    void hookReplaces();
    // The worker's session, on the GUI thread.
    void adopt(StatusOr<std::unique_ptr<cluster::Session>> session);
    // The worker for `scenario` (startInBackground, replaceScenarioInBackground).
    void beginStart(cluster::Scenario scenario, const QString& explainFirst);

    std::unique_ptr<cluster::Session> session_;
    std::string storePath_ = ":memory:";
    QTimer* timer_ = nullptr;
    // startInBackground: the worker, what it is doing, and what was asked of the session meanwhile.
    std::thread worker_;
    std::atomic<bool> stopStarting_{false};
    std::atomic<size_t> created_{0};
    std::atomic<size_t> total_{0};
    bool creating_ = true;  // else the components are starting
    QString startError_;
    cluster::Scenario startingScenario_;  // its name, description and configuration (no objects)
    scheduler::config::KubeSchedulerConfiguration startingConfiguration_;
    std::optional<StartingExplanation> startingExplanation_;
    bool startPlaying_ = false;
    double startSpeed_ = 1.0;
    bool startAsFastAsPossible_ = false;
};

}  // namespace pilothouse::ui
