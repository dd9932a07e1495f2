// SimulationControl over a pilothouse-server's simulation: its Simulation service
// (simulation_service.proto), reached through a RemoteClient and shared with every other client
// of that server (a pause, a rewind or another scenario is theirs too).
//
// The state is the one the server sent last: the RemoteClient's WatchState stream, or the answer
// to one of this object's commands, whichever came later (within one generation a state older in
// virtual time than the one held is dropped: a stream message overtaken by a command's answer).
// Commands run one at a time, in the order given, on a thread of their own — a pause and then a
// step are done in that order — and their outcome comes to `done` on the GUI thread. available()
// follows the client's connection: commands need the server.
#pragma once

#include <QThreadPool>

#include <mutex>

#include "session/simulation_control.h"
#include "simulation_service.pb.h"

namespace grpc {
class ClientContext;
}

namespace pilothouse::ui {

class RemoteClient;

class RemoteSimulation final : public SimulationControl {
    Q_OBJECT
public:
    // `client` must outlive this.
    explicit RemoteSimulation(RemoteClient& client, QObject* parent = nullptr);
    // Cancels the command running (its `done` is not called) and drops those waiting.
    ~RemoteSimulation() override;

    RemoteClient& client() const { return client_; }
    // The state held now (generation 0 before the server's first).
    const pilothouse::simulation::v1::SimulationState& state() const { return state_; }

    Location location() const override { return Location::Remote; }
    bool available() const override;
    bool playing() const override { return state_.playing(); }
    double speed() const override { return state_.speed(); }
    bool asFastAsPossible() const override { return state_.as_fast_as_possible(); }
    sim::Duration elapsed() const override;
    QString scenarioName() const override { return QString::fromStdString(state_.scenario()); }

    void setPlaying(bool playing, QObject* context = nullptr, Done done = {}) override;
    void setSpeed(double speed, QObject* context = nullptr, Done done = {}) override;
    void setAsFastAsPossible(bool on, QObject* context = nullptr, Done done = {}) override;
    void step(QObject* context, Stepped done) override;
    void stepSchedulingCycle(QObject* context, Stepped done) override;
    void rewindTo(sim::Duration elapsed, QObject* context, Done done) override;
    // The scenario as its file would say it (cluster/scenario_writer.h), for the server to load.
    void loadScenario(cluster::Scenario scenario, const QString& source, QObject* context, Done done) override;

private:
    // One call to the Simulation service. `call` runs on the command thread with a context that
    // carries the token; the state it fills in (when the call succeeded) is taken before `done`.
    template <typename Result>
    void run(QObject* context,
             std::function<Result(grpc::ClientContext&, pilothouse::simulation::v1::SimulationState*)> call,
             std::function<void(const Result&)> done);
    // Holds `state` unless it is older; true when it moved time (timeChanged was emitted).
    bool takeState(const pilothouse::simulation::v1::SimulationState& state);

    RemoteClient& client_;
    pilothouse::simulation::v1::SimulationState state_;
    pilothouse::simulation::v1::SimulationState lastStreamed_;  // the client's, when last looked at
    QThreadPool pool_;  // one thread: commands in order
    std::mutex runningMutex_;
    grpc::ClientContext* running_ = nullptr;  // guarded by runningMutex_
    bool stopping_ = false;                   // guarded by runningMutex_
};

}  // namespace pilothouse::ui
