// The simulation's clock as the window's toolbar and timeline drive it: play and pause, speed,
// step, rewind, reset, another scenario. Two implementations, and the window never asks which:
//
//   EmbeddedSimulation  the simulation in this process (session/embedded_simulation.h over an
//                       EmbeddedSession): every command done at once, on the GUI thread
//   RemoteSimulation    a pilothouse-server's simulation (session/remote_simulation.h over a
//                       RemoteClient's Simulation service), shared with every client of that
//                       server: commands are calls off the GUI thread, the state is the last one
//                       the server sent
//
// The getters answer at once from the state known now. A command's outcome comes to `done` later
// on the GUI thread (never inside the call), and not at all once `context` is gone; `done` may be
// empty. Signals come on the GUI thread whoever changed the simulation (this window, another
// client of the server, the simulation stopping on an error).
#pragma once

#include <QObject>
#include <QString>

#include <functional>

#include "cluster/scenario.h"
#include "sim/clock.h"
#include "util/status.h"

namespace pilothouse::ui {

class SimulationControl : public QObject {
    Q_OBJECT
public:
    using Done = std::function<void(const Status&)>;
    // True when something ran; false when nothing was left to run (the cluster is idle).
    using Stepped = std::function<void(const StatusOr<bool>&)>;

    using QObject::QObject;
    ~SimulationControl() override = default;

    // In this process, or a server's that other clients share (a rewind or a pause is theirs too).
    enum class Location { Embedded, Remote };
    virtual Location location() const = 0;
    // Commands can be sent (false while a remote server cannot be reached).
    virtual bool available() const = 0;

    virtual bool playing() const = 0;
    // Virtual seconds per wall-clock second (0.1 to 1000); asFastAsPossible() overrides it.
    virtual double speed() const = 0;
    virtual bool asFastAsPossible() const = 0;
    // Virtual time since the scenario started.
    virtual sim::Duration elapsed() const = 0;
    // The scenario's name ("" for an empty cluster).
    virtual QString scenarioName() const = 0;

    virtual void setPlaying(bool playing, QObject* context = nullptr, Done done = {}) = 0;
    virtual void setSpeed(double speed, QObject* context = nullptr, Done done = {}) = 0;
    virtual void setAsFastAsPossible(bool on, QObject* context = nullptr, Done done = {}) = 0;
    // The next event of the simulation, and what settles after it.
    virtual void step(QObject* context, Stepped done) = 0;
    // Events until the scheduler has made one more scheduling attempt.
    virtual void stepSchedulingCycle(QObject* context, Stepped done) = 0;
    // Replays the scenario from its start to `elapsed`; what happened after it is forgotten.
    virtual void rewindTo(sim::Duration elapsed, QObject* context, Done done) = 0;
    void reset(QObject* context, Done done) { rewindTo(sim::Duration::zero(), context, std::move(done)); }
    // Starts over from another scenario (`source` names it in errors: "my-scenario.yaml").
    virtual void loadScenario(cluster::Scenario scenario, const QString& source, QObject* context, Done done) = 0;

signals:
    // Virtual time moved (or the cluster changed at the same instant).
    void timeChanged();
    // The cluster was rebuilt from its scenario (a reset, a rewind, another scenario).
    void clusterReplaced();
    void playingChanged(bool playing);
    // The speed or asFastAsPossible() changed.
    void speedChanged(double speed);
    void availableChanged(bool available);
    // The simulation stopped on an error (a scenario action failed).
    void errorOccurred(const QString& message);
};

}  // namespace pilothouse::ui
