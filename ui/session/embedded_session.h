// The simulated cluster a GUI runs on when it is not attached to a server: a simulation session
// (cluster/session.h: the scenario's cluster on its virtual clock, rewinds, recorded user actions)
// driven on the GUI thread. While playing, a timer advances virtual time a little at a time so
// the window stays responsive; what the GUI's user does runs as the control plane's loopback
// user. Signals tell the views when time moved and when the cluster was replaced.
#pragma once

#include <QObject>
#include <QString>

#include <deque>
#include <memory>

#include "cluster/session.h"

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

    cluster::Cluster& cluster() { return session_->cluster(); }
    controlplane::ControlPlane& controlPlane() { return session_->controlPlane(); }
    const cluster::Scenario& scenario() const { return session_->scenario(); }
    std::vector<cluster::ScenarioAction> actionsToSave() const { return session_->actionsToSave(); }
    const std::deque<cluster::ScenarioAction>& recordedActions() const { return session_->recordedActions(); }
    // cluster::Session's, with the signals below.
    Status replaceScenario(cluster::Scenario scenario);
    Status saveWorkspace(const std::string& path, const std::string& selection) { return session_->saveWorkspace(path, selection); }
    using OpenedWorkspace = cluster::Session::OpenedWorkspace;
    StatusOr<OpenedWorkspace> openWorkspace(const std::string& path);

    // The request as the GUI's user (the control plane's loopback user), now; recorded.
    apiserver::Response request(apiserver::Request request);
    Status controlNode(const std::string& action, const std::string& node);
    Status configureScheduler(const std::string& yaml, const std::string& source);
    scheduler::config::KubeSchedulerConfiguration schedulerConfigurationAt(sim::Duration elapsed) const {
        return session_->schedulerConfigurationAt(elapsed);
    }
    // Creates every object of a manifest file through the API server, in order (existing ones are
    // left as they are).
    Status applyManifests(const QString& path);

    bool playing() const { return session_->playing(); }
    void setPlaying(bool playing);
    double speed() const { return session_->speed(); }
    Status setSpeed(double speed);
    StatusOr<bool> step();
    StatusOr<bool> stepSchedulingCycle();
    Status runFor(sim::Duration d);
    bool asFastAsPossible() const { return session_->asFastAsPossible(); }
    void setAsFastAsPossible(bool on);
    Status rewindTo(sim::Duration elapsed);
    Status reset() { return rewindTo(sim::Duration::zero()); }
    sim::Duration elapsed() const { return session_->elapsed(); }

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
    explicit EmbeddedSession(std::unique_ptr<cluster::Session> session);
    void tick();
    void fail(const Status& status);

    std::unique_ptr<cluster::Session> session_;
    QTimer* timer_ = nullptr;
};

}  // namespace pilothouse::ui
