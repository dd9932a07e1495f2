// SimulationControl over the simulation in this process (an EmbeddedSession): each command runs
// at once on the GUI thread, its outcome delivered to `done` right after, as the remote one's is.
#pragma once

#include "session/simulation_control.h"

namespace pilothouse::ui {

class EmbeddedSession;

class EmbeddedSimulation final : public SimulationControl {
    Q_OBJECT
public:
    // `session` must outlive this.
    explicit EmbeddedSimulation(EmbeddedSession& session, QObject* parent = nullptr);

    EmbeddedSession& session() const { return session_; }

    Location location() const override { return Location::Embedded; }
    // False while the session's control plane starts (EmbeddedSession::startInBackground).
    bool available() const override;
    bool playing() const override;
    double speed() const override;
    bool asFastAsPossible() const override;
    sim::Duration elapsed() const override;
    QString scenarioName() const override;

    void setPlaying(bool playing, QObject* context = nullptr, Done done = {}) override;
    void setSpeed(double speed, QObject* context = nullptr, Done done = {}) override;
    void setAsFastAsPossible(bool on, QObject* context = nullptr, Done done = {}) override;
    void step(QObject* context, Stepped done) override;
    void stepSchedulingCycle(QObject* context, Stepped done) override;
    void rewindTo(sim::Duration elapsed, QObject* context, Done done) override;
    void loadScenario(cluster::Scenario scenario, const QString& source, QObject* context, Done done) override;

private:
    EmbeddedSession& session_;
};

}  // namespace pilothouse::ui
