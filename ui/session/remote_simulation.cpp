#include "session/remote_simulation.h"

#include <QMetaObject>
#include <QPointer>

#include "client/remote_client.h"
#include "cluster/scenario_writer.h"
#include "remote/api_client.h"

namespace pilothouse::ui {

namespace sv1 = pilothouse::simulation::v1;

RemoteSimulation::RemoteSimulation(RemoteClient& client, QObject* parent)
    : SimulationControl(parent), client_(client), state_(client.simulationState()) {
    pool_.setMaxThreadCount(1);
    connect(&client_, &RemoteClient::simulationStateChanged, this, [this] {
        // The client's own clock (nowNanos, what the window's timeline reads) moved: said even
        // when a command's answer brought this state here first.
        const sv1::SimulationState stream = client_.simulationState();
        const bool moved = stream.now_unix_nanos() != lastStreamed_.now_unix_nanos() ||
                           stream.revision() != lastStreamed_.revision() || stream.generation() != lastStreamed_.generation();
        lastStreamed_ = stream;
        if (!takeState(stream) && moved) emit timeChanged();
    });
    connect(&client_, &ControlPlaneClient::connectionStateChanged, this, [this] { emit availableChanged(available()); });
}

RemoteSimulation::~RemoteSimulation() {
    pool_.clear();
    {
        std::lock_guard lock(runningMutex_);
        stopping_ = true;
        if (running_) running_->TryCancel();
    }
    pool_.waitForDone();
}

bool RemoteSimulation::available() const {
    return client_.connectionState() == ControlPlaneClient::ConnectionState::Connected;
}

sim::Duration RemoteSimulation::elapsed() const {
    return std::chrono::nanoseconds(state_.now_unix_nanos() - state_.epoch_unix_nanos());
}

bool RemoteSimulation::takeState(const sv1::SimulationState& state) {
    if (state.generation() == 0) return false;
    const sv1::SimulationState old = state_;
    const bool replaced = old.generation() != 0 && old.generation() != state.generation();
    if (!replaced && state.now_unix_nanos() < old.now_unix_nanos()) return false;
    state_ = state;
    if (replaced) emit clusterReplaced();
    if (old.playing() != state.playing()) emit playingChanged(state.playing());
    if (old.speed() != state.speed() || old.as_fast_as_possible() != state.as_fast_as_possible())
        emit speedChanged(state.speed());
    const bool moved = replaced || old.now_unix_nanos() != state.now_unix_nanos() || old.revision() != state.revision();
    if (moved) emit timeChanged();
    return moved;
}

template <typename Result>
void RemoteSimulation::run(QObject* context, std::function<Result(grpc::ClientContext&, sv1::SimulationState*)> call,
                           std::function<void(const Result&)> done) {
    QPointer<QObject> guard(context);
    const bool guarded = context != nullptr;
    pool_.start([this, guard, guarded, call = std::move(call), done = std::move(done)] {
        auto rpc = client_.callContext();
        {
            std::lock_guard lock(runningMutex_);
            if (stopping_) return;
            running_ = rpc.get();
        }
        sv1::SimulationState state;
        Result result = call(*rpc, &state);
        {
            std::lock_guard lock(runningMutex_);
            running_ = nullptr;
        }
        QMetaObject::invokeMethod(this, [this, guard, guarded, done, result = std::move(result), state] {
            takeState(state);
            if (done && (!guarded || guard)) done(result);
        }, Qt::QueuedConnection);
    });
}

void RemoteSimulation::setPlaying(bool playing, QObject* context, Done done) {
    run<Status>(context, [this, playing](grpc::ClientContext& rpc, sv1::SimulationState* state) {
        sv1::SetPlayingRequest request;
        request.set_playing(playing);
        return remote::statusOfCall(client_.simulation().SetPlaying(&rpc, request, state), rpc);
    }, std::move(done));
}

void RemoteSimulation::setSpeed(double speed, QObject* context, Done done) {
    run<Status>(context, [this, speed](grpc::ClientContext& rpc, sv1::SimulationState* state) {
        sv1::SetSpeedRequest request;
        request.set_speed(speed);
        return remote::statusOfCall(client_.simulation().SetSpeed(&rpc, request, state), rpc);
    }, std::move(done));
}

void RemoteSimulation::setAsFastAsPossible(bool on, QObject* context, Done done) {
    // Off: back to the speed it had.
    const double speed = state_.speed() > 0 ? state_.speed() : 1.0;
    run<Status>(context, [this, on, speed](grpc::ClientContext& rpc, sv1::SimulationState* state) {
        sv1::SetSpeedRequest request;
        request.set_as_fast_as_possible(on);
        request.set_speed(speed);
        return remote::statusOfCall(client_.simulation().SetSpeed(&rpc, request, state), rpc);
    }, std::move(done));
}

void RemoteSimulation::step(QObject* context, Stepped done) {
    run<StatusOr<bool>>(context, [this](grpc::ClientContext& rpc, sv1::SimulationState* state) -> StatusOr<bool> {
        sv1::StepRequest request;
        request.set_unit(sv1::StepRequest::EVENT);
        sv1::StepResponse response;
        if (Status st = remote::statusOfCall(client_.simulation().Step(&rpc, request, &response), rpc); !st.isOk()) return st;
        *state = response.state();
        return response.progressed();
    }, std::move(done));
}

void RemoteSimulation::stepSchedulingCycle(QObject* context, Stepped done) {
    run<StatusOr<bool>>(context, [this](grpc::ClientContext& rpc, sv1::SimulationState* state) -> StatusOr<bool> {
        sv1::StepRequest request;
        request.set_unit(sv1::StepRequest::SCHEDULING_CYCLE);
        sv1::StepResponse response;
        if (Status st = remote::statusOfCall(client_.simulation().Step(&rpc, request, &response), rpc); !st.isOk()) return st;
        *state = response.state();
        return response.progressed();
    }, std::move(done));
}

void RemoteSimulation::rewindTo(sim::Duration elapsed, QObject* context, Done done) {
    run<Status>(context, [this, elapsed](grpc::ClientContext& rpc, sv1::SimulationState* state) {
        sv1::RewindRequest request;
        request.set_elapsed_nanos(std::chrono::duration_cast<std::chrono::nanoseconds>(elapsed).count());
        return remote::statusOfCall(client_.simulation().Rewind(&rpc, request, state), rpc);
    }, std::move(done));
}

void RemoteSimulation::loadScenario(cluster::Scenario scenario, const QString& source, QObject* context, Done done) {
    sv1::LoadScenarioRequest request;
    request.set_text(cluster::writeScenario(scenario));
    request.set_source(source.toStdString());
    run<Status>(context, [this, request](grpc::ClientContext& rpc, sv1::SimulationState* state) {
        return remote::statusOfCall(client_.simulation().LoadScenario(&rpc, request, state), rpc);
    }, std::move(done));
}

}  // namespace pilothouse::ui
