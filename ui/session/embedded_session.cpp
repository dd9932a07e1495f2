#include "session/embedded_session.h"

#include <QFile>
#include <QTimer>

#include "session/scenario_file.h"

namespace pilothouse::ui {

namespace {
// How often the timer advances time while playing, and how much wall time one advance may take
// before the rest waits for the next tick (the window must keep painting).
constexpr int kTickMillis = 33;
constexpr std::chrono::milliseconds kBudget{25};
}  // namespace

EmbeddedSession::EmbeddedSession(std::unique_ptr<cluster::Session> session) : session_(std::move(session)) {
    session_->setReplaceHooks([this] { emit clusterAboutToBeReplaced(); },
                              [this] {
                                  emit clusterReplaced();
                                  emit timeChanged();
                              });
    timer_ = new QTimer(this);
    connect(timer_, &QTimer::timeout, this, &EmbeddedSession::tick);
    timer_->start(kTickMillis);
}

EmbeddedSession::~EmbeddedSession() = default;

StatusOr<std::unique_ptr<EmbeddedSession>> EmbeddedSession::start(const std::string& storePath,
                                                                  const QString& scenarioPath) {
    if (scenarioPath.isEmpty()) return start(storePath, cluster::Scenario{});
    auto loaded = readScenarioFile(scenarioPath);
    if (!loaded) return loaded.status();
    return start(storePath, std::move(*loaded));
}

StatusOr<std::unique_ptr<EmbeddedSession>> EmbeddedSession::start(const std::string& storePath, cluster::Scenario scenario) {
    cluster::SessionOptions options;
    options.storePath = storePath;
    auto session = cluster::Session::start(options, std::move(scenario));
    if (!session) return session.status();
    return std::unique_ptr<EmbeddedSession>(new EmbeddedSession(std::move(*session)));
}

Status EmbeddedSession::rewindTo(sim::Duration elapsed) { return session_->rewindTo(elapsed); }

void EmbeddedSession::setPlaying(bool playing) {
    if (playing == session_->playing()) return;
    session_->setPlaying(playing);
    emit playingChanged(playing);
}

Status EmbeddedSession::setSpeed(double speed) {
    PH_RETURN_IF_ERROR(session_->setSpeed(speed));
    emit speedChanged(speed);
    return {};
}

void EmbeddedSession::setAsFastAsPossible(bool on) {
    session_->setAsFastAsPossible(on);
    emit speedChanged(session_->speed());
}

StatusOr<bool> EmbeddedSession::step() {
    auto stepped = session_->step();
    emit timeChanged();
    return stepped;
}

StatusOr<bool> EmbeddedSession::stepSchedulingCycle() {
    auto stepped = session_->stepSchedulingCycle();
    emit timeChanged();
    return stepped;
}

Status EmbeddedSession::runFor(sim::Duration d) {
    Status st = session_->runFor(d);
    emit timeChanged();
    return st;
}

void EmbeddedSession::tick() {
    if (!session_->playing()) return;
    if (Status st = session_->tick(kBudget); !st.isOk()) return fail(st);
    emit timeChanged();
}

void EmbeddedSession::fail(const Status& status) {
    setPlaying(false);
    emit timeChanged();
    emit errorOccurred(QString::fromStdString(status.message()));
}

Status EmbeddedSession::applyManifests(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Status(StatusCode::NotFound, "cannot open \"" + path.toStdString() + "\": " +
                                                file.errorString().toStdString());
    Status st = session_->applyManifests(file.readAll().toStdString(), path.toStdString());
    emit timeChanged();
    return st;
}

apiserver::Response EmbeddedSession::request(apiserver::Request req) {
    req.token = controlPlane().loopbackToken();
    auto response = session_->request(std::move(req));
    emit timeChanged();
    return response;
}

Status EmbeddedSession::controlNode(const std::string& action, const std::string& node) {
    Status st = session_->controlNode(action, node);
    emit timeChanged();
    return st;
}

Status EmbeddedSession::configureScheduler(const std::string& yaml, const std::string& source) {
    Status st = session_->configureScheduler(yaml, source);
    emit timeChanged();
    return st;
}

StatusOr<EmbeddedSession::OpenedWorkspace> EmbeddedSession::openWorkspace(const std::string& path) {
    setPlaying(false);
    return session_->openWorkspace(path);
}

Status EmbeddedSession::replaceScenario(cluster::Scenario scenario) { return session_->replaceScenario(std::move(scenario)); }

}  // namespace pilothouse::ui
