// The simulated cluster a GUI runs on when it is not attached to a server: the control plane,
// scheduler, controllers and a kubelet per node (cluster::addStandardComponents) on one virtual
// clock, started from a scenario (its manifests created, its timed actions scheduled).
//
// Time moves only when asked: play() advances virtual time at speed × wall time (0.1× to 1000×) on
// a GUI-thread timer, a little at a time so the window stays responsive; step() runs the next
// event (and the settling after it); runFor() runs as fast as possible (screenshots at a given
// virtual time). A session starts paused at virtual time 0.
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QString>

#include <memory>

#include "cluster/cluster.h"
#include "cluster/scenario.h"
#include "cluster/scenario_runner.h"
#include "util/status.h"

class QTimer;

namespace pilothouse::ui {

class EmbeddedSession final : public QObject {
    Q_OBJECT
public:
    // `scenarioPath`: a scenario file (or plain manifests), also from Qt resources (":/..."); ""
    // for an empty cluster. Errors name the file, document and field.
    static StatusOr<std::unique_ptr<EmbeddedSession>> start(const std::string& storePath, const QString& scenarioPath);
    ~EmbeddedSession() override;

    cluster::Cluster& cluster() { return *cluster_; }
    controlplane::ControlPlane& controlPlane() { return cluster_->controlPlane(); }
    const cluster::Scenario& scenario() const { return scenario_; }

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
    // Runs `d` of virtual time as fast as possible.
    Status runFor(sim::Duration d);
    // Virtual time since the session started.
    sim::Duration elapsed() const { return cluster_->loop().now() - cluster_->loop().epoch(); }

signals:
    void timeChanged();
    void playingChanged(bool playing);
    void speedChanged(double speed);
    void errorOccurred(const QString& message);

private:
    EmbeddedSession() = default;
    void tick();
    void fail(const Status& status);

    std::unique_ptr<cluster::Cluster> cluster_;
    cluster::Scenario scenario_;
    std::unique_ptr<cluster::ScenarioRunner> runner_;
    QTimer* timer_ = nullptr;
    QElapsedTimer wall_;
    bool playing_ = false;
    double speed_ = 1.0;
};

}  // namespace pilothouse::ui
