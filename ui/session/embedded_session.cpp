#include "session/embedded_session.h"

#include <QFile>
#include <QLocale>
#include <QMetaObject>
#include <QTimer>

#include "cluster/components.h"
#include "scheduler/apis/config/load.h"
#include "scheduler/snapshot_scheduler.h"
#include "session/scenario_file.h"
#include "sim/runner.h"

namespace pilothouse::ui {

namespace {
// How often the timer advances time while playing, and how much wall time one advance may take
// before the rest waits for the next tick (the window must keep painting).
constexpr int kTickMillis = 33;
constexpr std::chrono::milliseconds kBudget{25};
}  // namespace

EmbeddedSession::EmbeddedSession(std::unique_ptr<cluster::Session> session) : session_(std::move(session)) {
    if (session_) hookReplaces();
    timer_ = new QTimer(this);
    connect(timer_, &QTimer::timeout, this, &EmbeddedSession::tick);
    timer_->start(kTickMillis);
}

void EmbeddedSession::hookReplaces() {
    session_->setReplaceHooks([this] { emit clusterAboutToBeReplaced(); },
                              [this] {
                                  emit clusterReplaced();
                                  emit timeChanged();
                              });
}

EmbeddedSession::~EmbeddedSession() {
    stopStarting_ = true;
    if (worker_.joinable()) worker_.join();
}

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
    std::unique_ptr<EmbeddedSession> s(new EmbeddedSession(std::move(*session)));
    s->storePath_ = storePath;
    return s;
}

std::unique_ptr<EmbeddedSession> EmbeddedSession::startInBackground(const std::string& storePath, cluster::Scenario scenario,
                                                                   const QString& explainFirst) {
    std::unique_ptr<EmbeddedSession> s(new EmbeddedSession(nullptr));
    s->storePath_ = storePath;
    s->beginStart(std::move(scenario), explainFirst);
    return s;
}

Status EmbeddedSession::replaceScenarioInBackground(cluster::Scenario scenario, const QString& explainFirst) {
    if (worker_.joinable()) return notStarted();
    // A store file cannot be started on while the running cluster is let go of: replaced at once.
    if (storePath_ != ":memory:" && !storePath_.empty()) return replaceScenario(std::move(scenario));
    const bool wasPlaying = playing();
    if (session_) {
        emit clusterAboutToBeReplaced();
        session_.reset();
    }
    startPlaying_ = false;
    if (wasPlaying) emit playingChanged(false);
    beginStart(std::move(scenario), explainFirst);
    emit restarting();
    emit timeChanged();
    return {};
}

void EmbeddedSession::beginStart(cluster::Scenario scenario, const QString& explainFirst) {
    startingScenario_ = cluster::Scenario{};
    startingScenario_.name = scenario.name;
    startingScenario_.description = scenario.description;
    startingScenario_.learningGoal = scenario.learningGoal;
    startingScenario_.seed = scenario.seed;
    startingScenario_.schedulerConfiguration = scenario.schedulerConfiguration;
    startingScenario_.schedulerConfigurationSource = scenario.schedulerConfigurationSource;
    auto configuration = cluster::schedulerConfigurationOf(scenario);
    startingConfiguration_ = configuration ? *configuration : scheduler::config::defaultConfiguration();
    startingExplanation_.reset();
    startError_.clear();
    created_ = 0;
    total_ = scenario.objects.size();
    creating_ = true;
    stopStarting_ = false;
    EmbeddedSession* self = this;
    worker_ = std::thread([self, storePath = storePath_, scenario = std::move(scenario), pod = explainFirst.toStdString(),
                           configuration = std::move(configuration)]() mutable {
        if (!pod.empty()) {
            // The objects are the scenario's, lent: it outlives the answer, which copies what it keeps.
            std::vector<std::shared_ptr<const google::protobuf::Message>> objects;
            for (const auto& m : scenario.objects)
                if (m.type && scheduler::readForScheduling(m.kind)) objects.emplace_back(std::shared_ptr<const google::protobuf::Message>(), m.object.get());
            std::shared_ptr<void> leftovers;  // freed after the answer is passed on
            auto answer = configuration ? scheduler::explainPod(objects, pod, *configuration, {}, leftovers)
                                        : StatusOr<scheduler::PodExplanation>(configuration.status());
            auto shared = std::make_shared<StatusOr<scheduler::PodExplanation>>(std::move(answer));
            QMetaObject::invokeMethod(self, [self, shared, pod] {
                StartingExplanation e;
                e.pod = QString::fromStdString(pod);
                if (*shared) e.answer = std::move(**shared);
                else e.error = QString::fromStdString(shared->status().message());
                self->startingExplanation_ = std::move(e);
                emit self->startingExplained();
            }, Qt::QueuedConnection);
            leftovers.reset();
        }
        cluster::SessionOptions options;
        options.storePath = storePath;
        options.creationProgress = [self](size_t created, size_t total) {
            self->created_ = created;
            self->total_ = total;
            QMetaObject::invokeMethod(self, [self, done = created == total] {
                self->creating_ = !done;
                emit self->startingProgress();
            }, Qt::QueuedConnection);
            return !self->stopStarting_.load();
        };
        auto session = std::make_shared<StatusOr<std::unique_ptr<cluster::Session>>>(cluster::Session::start(options, std::move(scenario)));
        QMetaObject::invokeMethod(self, [self, session] { self->adopt(std::move(*session)); }, Qt::QueuedConnection);
    });
}

void EmbeddedSession::adopt(StatusOr<std::unique_ptr<cluster::Session>> session) {
    if (worker_.joinable()) worker_.join();
    if (!session) {
        startError_ = QString::fromStdString(session.status().message());
        emit startingProgress();
        emit startFailed(startError_);
        return;
    }
    session_ = std::move(*session);
    startError_.clear();
    hookReplaces();
    // What was asked while it started.
    if (startSpeed_ != session_->speed()) (void)session_->setSpeed(startSpeed_);
    session_->setAsFastAsPossible(startAsFastAsPossible_);
    session_->setPlaying(startPlaying_);
    emit startingProgress();
    emit started();
    emit clusterReplaced();
    emit timeChanged();
}

QString EmbeddedSession::startingStage() const {
    if (session_) return {};
    if (!startError_.isEmpty()) return startError_;
    const QLocale locale;
    if (creating_)
        return tr("creating the scenario's objects: %1 of %2")
            .arg(locale.toString(qulonglong(created_.load())), locale.toString(qulonglong(total_.load())));
    return tr("starting kube-scheduler, the controllers and the kubelets");
}

Status EmbeddedSession::notStarted() const {
    if (!startError_.isEmpty()) return Status(StatusCode::Unavailable, "the control plane could not start: " + startError_.toStdString());
    // Said in the API's language, English, as errors are.
    const std::string stage = creating_ ? "creating the scenario's objects: " + std::to_string(created_.load()) + " of " +
                                              std::to_string(total_.load())
                                        : std::string("starting kube-scheduler, the controllers and the kubelets");
    return Status(StatusCode::Unavailable, "the control plane is still starting (" + stage + ")");
}

const cluster::Scenario& EmbeddedSession::scenario() const { return session_ ? session_->scenario() : startingScenario_; }

std::vector<cluster::ScenarioAction> EmbeddedSession::actionsToSave() const {
    return session_ ? session_->actionsToSave() : std::vector<cluster::ScenarioAction>{};
}

const std::deque<cluster::ScenarioAction>& EmbeddedSession::recordedActions() const {
    static const std::deque<cluster::ScenarioAction> none;
    return session_ ? session_->recordedActions() : none;
}

Status EmbeddedSession::saveWorkspace(const std::string& path, const std::string& selection) {
    if (!session_) return notStarted();
    return session_->saveWorkspace(path, selection);
}

scheduler::config::KubeSchedulerConfiguration EmbeddedSession::schedulerConfigurationAt(sim::Duration elapsed) const {
    return session_ ? session_->schedulerConfigurationAt(elapsed) : startingConfiguration_;
}

bool EmbeddedSession::playing() const { return session_ ? session_->playing() : startPlaying_; }
double EmbeddedSession::speed() const { return session_ ? session_->speed() : startSpeed_; }
bool EmbeddedSession::asFastAsPossible() const { return session_ ? session_->asFastAsPossible() : startAsFastAsPossible_; }
sim::Duration EmbeddedSession::elapsed() const { return session_ ? session_->elapsed() : sim::Duration::zero(); }

Status EmbeddedSession::rewindTo(sim::Duration elapsed) {
    if (!session_) return notStarted();
    return session_->rewindTo(elapsed);
}

void EmbeddedSession::setPlaying(bool playing) {
    if (playing == this->playing()) return;
    if (session_) session_->setPlaying(playing);
    else startPlaying_ = playing;
    emit playingChanged(playing);
}

Status EmbeddedSession::setSpeed(double speed) {
    if (session_) PH_RETURN_IF_ERROR(session_->setSpeed(speed));
    else PH_RETURN_IF_ERROR(sim::validateSpeed(speed));
    if (!session_) startSpeed_ = speed;
    emit speedChanged(speed);
    return {};
}

void EmbeddedSession::setAsFastAsPossible(bool on) {
    if (session_) session_->setAsFastAsPossible(on);
    else startAsFastAsPossible_ = on;
    emit speedChanged(speed());
}

StatusOr<bool> EmbeddedSession::step() {
    if (!session_) return notStarted();
    auto stepped = session_->step();
    emit timeChanged();
    return stepped;
}

StatusOr<bool> EmbeddedSession::stepSchedulingCycle() {
    if (!session_) return notStarted();
    auto stepped = session_->stepSchedulingCycle();
    emit timeChanged();
    return stepped;
}

Status EmbeddedSession::runFor(sim::Duration d) {
    if (!session_) return notStarted();
    Status st = session_->runFor(d);
    emit timeChanged();
    return st;
}

void EmbeddedSession::tick() {
    if (!session_ || !session_->playing()) return;
    if (Status st = session_->tick(kBudget); !st.isOk()) return fail(st);
    emit timeChanged();
}

void EmbeddedSession::fail(const Status& status) {
    setPlaying(false);
    emit timeChanged();
    emit errorOccurred(QString::fromStdString(status.message()));
}

Status EmbeddedSession::applyManifests(const QString& path) {
    if (!session_) return notStarted();
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Status(StatusCode::NotFound, "cannot open \"" + path.toStdString() + "\": " +
                                                file.errorString().toStdString());
    Status st = session_->applyManifests(file.readAll().toStdString(), path.toStdString());
    emit timeChanged();
    return st;
}

apiserver::Response EmbeddedSession::request(apiserver::Request req) {
    if (!session_) {
        apiserver::Response refused;
        refused.status = notStarted();
        return refused;
    }
    req.token = controlPlane().loopbackToken();
    auto response = session_->request(std::move(req));
    emit timeChanged();
    return response;
}

apiserver::Response EmbeddedSession::clientRequest(apiserver::Request req) {
    if (!session_) {
        apiserver::Response refused;
        refused.status = notStarted();
        refused.status.setReason("ServiceUnavailable", 503);
        return refused;
    }
    const bool write = cluster::Session::isWrite(req);
    auto response = session_->request(std::move(req));
    if (write) emit timeChanged();
    return response;
}

Status EmbeddedSession::controlNode(const std::string& action, const std::string& node) {
    if (!session_) return notStarted();
    Status st = session_->controlNode(action, node);
    emit timeChanged();
    return st;
}

Status EmbeddedSession::configureScheduler(const std::string& yaml, const std::string& source) {
    if (!session_) return notStarted();
    Status st = session_->configureScheduler(yaml, source);
    emit timeChanged();
    return st;
}

StatusOr<EmbeddedSession::OpenedWorkspace> EmbeddedSession::openWorkspace(const std::string& path) {
    if (!session_) return notStarted();
    setPlaying(false);
    return session_->openWorkspace(path);
}

Status EmbeddedSession::replaceScenario(cluster::Scenario scenario) {
    if (!session_) {
        // A start under way is waited for; after one that failed, this one starts here and now.
        if (worker_.joinable()) return notStarted();
        cluster::SessionOptions options;
        options.storePath = storePath_;
        auto session = cluster::Session::start(options, std::move(scenario));
        if (!session) return session.status();
        adopt(std::move(session));
        return {};
    }
    return session_->replaceScenario(std::move(scenario));
}

}  // namespace pilothouse::ui
