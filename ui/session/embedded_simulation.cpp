#include "session/embedded_simulation.h"

#include <QMetaObject>
#include <QPointer>

#include "session/embedded_session.h"

namespace pilothouse::ui {

namespace {
// `done(result)` after the current event, if `context` (when one was given) still exists.
template <typename Result>
void deliver(QObject* owner, QObject* context, std::function<void(const Result&)> done, Result result) {
    if (!done) return;
    QPointer<QObject> guard(context);
    const bool guarded = context != nullptr;
    QMetaObject::invokeMethod(owner, [guard, guarded, done = std::move(done), result = std::move(result)] {
        if (!guarded || guard) done(result);
    }, Qt::QueuedConnection);
}
}  // namespace

EmbeddedSimulation::EmbeddedSimulation(EmbeddedSession& session, QObject* parent)
    : SimulationControl(parent), session_(session) {
    connect(&session_, &EmbeddedSession::timeChanged, this, &SimulationControl::timeChanged);
    connect(&session_, &EmbeddedSession::clusterReplaced, this, &SimulationControl::clusterReplaced);
    connect(&session_, &EmbeddedSession::playingChanged, this, &SimulationControl::playingChanged);
    connect(&session_, &EmbeddedSession::speedChanged, this, &SimulationControl::speedChanged);
    connect(&session_, &EmbeddedSession::errorOccurred, this, &SimulationControl::errorOccurred);
    connect(&session_, &EmbeddedSession::started, this, [this] { emit availableChanged(true); });
    connect(&session_, &EmbeddedSession::restarting, this, [this] {
        emit availableChanged(false);
        emit clusterReplaced();
    });
    connect(&session_, &EmbeddedSession::startFailed, this, &SimulationControl::errorOccurred);
}

bool EmbeddedSimulation::available() const { return session_.isStarted(); }

bool EmbeddedSimulation::playing() const { return session_.playing(); }
double EmbeddedSimulation::speed() const { return session_.speed(); }
bool EmbeddedSimulation::asFastAsPossible() const { return session_.asFastAsPossible(); }
sim::Duration EmbeddedSimulation::elapsed() const { return session_.elapsed(); }
QString EmbeddedSimulation::scenarioName() const { return QString::fromStdString(session_.scenario().name); }

void EmbeddedSimulation::setPlaying(bool playing, QObject* context, Done done) {
    session_.setPlaying(playing);
    deliver<Status>(this, context, std::move(done), Status());
}

void EmbeddedSimulation::setSpeed(double speed, QObject* context, Done done) {
    if (session_.asFastAsPossible()) session_.setAsFastAsPossible(false);
    deliver<Status>(this, context, std::move(done), session_.setSpeed(speed));
}

void EmbeddedSimulation::setAsFastAsPossible(bool on, QObject* context, Done done) {
    session_.setAsFastAsPossible(on);
    deliver<Status>(this, context, std::move(done), Status());
}

void EmbeddedSimulation::step(QObject* context, Stepped done) {
    deliver<StatusOr<bool>>(this, context, std::move(done), session_.step());
}

void EmbeddedSimulation::stepSchedulingCycle(QObject* context, Stepped done) {
    deliver<StatusOr<bool>>(this, context, std::move(done), session_.stepSchedulingCycle());
}

void EmbeddedSimulation::rewindTo(sim::Duration elapsed, QObject* context, Done done) {
    deliver<Status>(this, context, std::move(done), session_.rewindTo(elapsed));
}

void EmbeddedSimulation::loadScenario(cluster::Scenario scenario, const QString&, QObject* context, Done done) {
    deliver<Status>(this, context, std::move(done), session_.replaceScenario(std::move(scenario)));
}

}  // namespace pilothouse::ui
