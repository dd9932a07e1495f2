#include "session/embedded_session.h"

#include <QFile>
#include <QTimer>

#include <algorithm>

#include "api/codec/manifest.h"
#include "api/codec/yaml.h"
#include "scheduler/apis/config/load.h"
#include "api/object.h"
#include "cluster/components.h"
#include "cluster/scenario_recorder.h"
#include "cluster/workspace.h"
#include "session/scenario_file.h"
#include "sim/runner.h"

namespace pilothouse::ui {

namespace {
// How often the timer advances time while playing, and how much wall time one advance may take
// before the rest waits for the next tick (the window must keep painting).
constexpr int kTickMillis = 33;
constexpr qint64 kBudgetNanos = 25'000'000;
}  // namespace

EmbeddedSession::~EmbeddedSession() = default;

StatusOr<std::unique_ptr<EmbeddedSession>> EmbeddedSession::start(const std::string& storePath,
                                                                  const QString& scenarioPath) {
    if (scenarioPath.isEmpty()) return start(storePath, cluster::Scenario{});
    auto loaded = readScenarioFile(scenarioPath);
    if (!loaded) return loaded.status();
    return start(storePath, std::move(*loaded));
}

StatusOr<std::unique_ptr<EmbeddedSession>> EmbeddedSession::start(const std::string& storePath, cluster::Scenario scenario) {
    std::unique_ptr<EmbeddedSession> s(new EmbeddedSession());
    s->scenario_ = std::move(scenario);
    s->scenarioActions_ = s->scenario_.actions.size();
    s->storePath_ = storePath;
    PH_RETURN_IF_ERROR(s->build());
    s->timer_ = new QTimer(s.get());
    QObject::connect(s->timer_, &QTimer::timeout, s.get(), [raw = s.get()] { raw->tick(); });
    s->timer_->start(kTickMillis);
    return s;
}

Status EmbeddedSession::build() {
    auto options = cluster::clusterOptionsOf(scenario_, storePath_);
    if (!options) return options.status();
    auto c = cluster::Cluster::create(*options);
    if (!c) return c.status();
    // The runner refers to the cluster: it goes first.
    runner_.reset();
    cluster_ = std::move(*c);
    // As `pilothousectl simulate` does: the scenario's objects, then the components, then its
    // actions on the loop.
    // The scenario's own actions, then what the user did (still to come, or to replay).
    scenario_.actions.resize(scenarioActions_);
    scenario_.actions.insert(scenario_.actions.end(), recorded_.begin(), recorded_.end());
    runner_ = std::make_unique<cluster::ScenarioRunner>(*cluster_, scenario_);
    PH_RETURN_IF_ERROR(runner_->applyObjects());
    auto schedulerConfig = cluster::schedulerConfigurationOf(scenario_);
    if (!schedulerConfig) return schedulerConfig.status();
    auto nodeActions = cluster::addStandardComponents(*cluster_, &*schedulerConfig);
    if (!nodeActions) return nodeActions.status();
    nodeActions_ = *nodeActions;
    runner_->setNodeActionHandler(*nodeActions);
    runner_->scheduleActions();
    return {};
}

Status EmbeddedSession::rewindTo(sim::Duration elapsed) {
    if (elapsed < sim::Duration::zero()) elapsed = sim::Duration::zero();
    emit clusterAboutToBeReplaced();
    // What the user did after `elapsed` is undone with the rest.
    std::erase_if(recorded_, [elapsed](const cluster::ScenarioAction& a) { return a.at > elapsed; });
    // A store file is started again too: what it held after `elapsed` is what is being undone.
    if (storePath_ != ":memory:" && !storePath_.empty()) {
        runner_.reset();
        cluster_.reset();
        QFile::remove(QString::fromStdString(storePath_));
    }
    Status st = build();
    if (st.isOk()) st = cluster_->runUntil(cluster_->loop().epoch() + elapsed);
    wall_.restart();
    emit clusterReplaced();
    emit timeChanged();
    return st;
}

void EmbeddedSession::setAsFastAsPossible(bool on) {
    asFastAsPossible_ = on;
    wall_.restart();
    emit speedChanged(speed_);
}

StatusOr<bool> EmbeddedSession::stepSchedulingCycle() {
    // Only the records added since the last look are read.
    int64_t seen = cluster_->journeys().lastSeq();
    bool found = false;
    auto attempted = [&] {
        for (const auto& r : cluster_->journeys().since(seen)) {
            seen = r.seq;
            found = found || r.stage.stage == sim::kStageSchedulingAttempt;
        }
        return found;
    };
    // Bounded, in case the scheduler has nothing to do for a very long time.
    for (int i = 0; i < 100'000 && !attempted(); ++i) {
        auto next = cluster_->loop().nextEventTime();
        if (!next) {
            emit timeChanged();
            return false;
        }
        if (Status st = cluster_->runUntil(*next); !st.isOk()) {
            emit timeChanged();
            return st;
        }
    }
    emit timeChanged();
    return attempted();
}

void EmbeddedSession::setPlaying(bool playing) {
    if (playing == playing_) return;
    playing_ = playing;
    wall_.restart();
    emit playingChanged(playing_);
}

Status EmbeddedSession::setSpeed(double speed) {
    PH_RETURN_IF_ERROR(sim::validateSpeed(speed));
    speed_ = speed;
    emit speedChanged(speed_);
    return {};
}

StatusOr<bool> EmbeddedSession::step() {
    auto next = cluster_->loop().nextEventTime();
    if (!next) return false;
    Status st = cluster_->runUntil(*next);
    emit timeChanged();
    if (!st.isOk()) return st;
    return true;
}

Status EmbeddedSession::runFor(sim::Duration d) {
    Status st = cluster_->runUntil(cluster_->loop().now() + d);
    emit timeChanged();
    return st;
}

void EmbeddedSession::tick() {
    if (!playing_) return;
    const qint64 wall = wall_.nsecsElapsed();
    wall_.restart();
    // As fast as possible: as far as this tick's budget goes.
    const sim::Time target = asFastAsPossible_ ? sim::Time::max()
                                               : cluster_->loop().now() +
                                                     sim::scaleWallToVirtual(std::chrono::nanoseconds(wall), speed_);
    // Event by event (each with its settling) until the target, or until this tick's budget is
    // spent: then the clock stays at the last event and the simulation runs slower than asked.
    QElapsedTimer spent;
    spent.start();
    for (;;) {
        auto next = cluster_->loop().nextEventTime();
        if (!next || *next > target) {
            if (target != sim::Time::max())
                if (Status st = cluster_->runUntil(target); !st.isOk()) return fail(st);
            break;
        }
        if (Status st = cluster_->runUntil(*next); !st.isOk()) return fail(st);
        if (spent.nsecsElapsed() > kBudgetNanos) break;
    }
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
    const QByteArray text = file.readAll();
    std::vector<std::string> warnings;
    auto manifests = codec::loadManifests(text.toStdString(), path.toStdString(), &warnings);
    if (!manifests) return manifests.status();
    for (auto& m : *manifests) {
        const auto& meta = api::metadata(*m.object);
        apiserver::Request req;
        req.verb = "create";
        req.token = controlPlane().loopbackToken();
        req.type = m.type;
        req.namespace_ = meta.namespace_();
        const std::string where = m.location();
        req.body = std::shared_ptr<google::protobuf::Message>(std::move(m.object));
        auto resp = controlPlane().apiServer().handle(req);
        if (!resp.ok() && resp.status.reason() != "AlreadyExists")
            return resp.status.withContext(where + ": ");
    }
    return {};
}

Status EmbeddedSession::beginUserAction() {
    return cluster_->runUntil(cluster_->loop().now() + std::chrono::nanoseconds(1));
}

void EmbeddedSession::endUserAction(std::optional<cluster::ScenarioAction> action) {
    if (action) {
        action->where = "recorded action " + std::to_string(recorded_.size() + 1);
        recorded_.push_back(std::move(*action));
    }
    if (Status st = cluster_->settle(); !st.isOk()) return fail(st);
    emit timeChanged();
}

apiserver::Response EmbeddedSession::request(apiserver::Request req) {
    req.token = controlPlane().loopbackToken();
    const bool write = !req.dryRun && req.verb != "get" && req.verb != "list" && req.verb != "watch";
    if (!write) return controlPlane().apiServer().handle(req);
    if (Status st = beginUserAction(); !st.isOk()) {
        apiserver::Response failed;
        failed.status = st;
        return failed;
    }
    auto response = controlPlane().apiServer().handle(req);
    endUserAction(response.ok() ? cluster::toScenarioAction(req, elapsed()) : std::nullopt);
    return response;
}

Status EmbeddedSession::controlNode(const std::string& action, const std::string& node) {
    if (action != "failNode" && action != "recoverNode")
        return Status(StatusCode::InvalidArgument, "unknown node action \"" + action + "\" (failNode, recoverNode)");
    PH_RETURN_IF_ERROR(beginUserAction());
    cluster::ScenarioAction a;
    a.at = elapsed();
    a.action = action;
    a.node = node;
    a.where = "recorded action";
    Status st = nodeActions_(a);
    endUserAction(st.isOk() ? std::optional(a) : std::nullopt);
    return st;
}

std::vector<cluster::ScenarioAction> EmbeddedSession::actionsToSave() const {
    std::vector<cluster::ScenarioAction> out(scenario_.actions.begin(), scenario_.actions.begin() + std::ptrdiff_t(scenarioActions_));
    out.insert(out.end(), recorded_.begin(), recorded_.end());
    return out;
}

Status EmbeddedSession::saveWorkspace(const std::string& path, const std::string& selection) {
    return cluster::saveWorkspace(path, cluster_->controlPlane().store(), scenario_, actionsToSave(), scenarioActions_, elapsed(),
                                  selection);
}

StatusOr<EmbeddedSession::OpenedWorkspace> EmbeddedSession::openWorkspace(const std::string& path) {
    auto ws = cluster::readWorkspace(path);
    if (!ws) return ws.status();
    setPlaying(false);
    recorded_.assign(ws->scenario.actions.begin() + std::ptrdiff_t(ws->scenarioActions), ws->scenario.actions.end());
    ws->scenario.actions.resize(ws->scenarioActions);
    scenario_ = std::move(ws->scenario);
    scenarioActions_ = ws->scenarioActions;
    PH_RETURN_IF_ERROR(rewindTo(ws->elapsed));
    auto differs = cluster::compareWithWorkspace(cluster_->controlPlane().store(), *ws);
    if (!differs) return differs.status();
    return OpenedWorkspace{ws->selection, differs->empty() ? std::string() : path + ": " + *differs};
}

Status EmbeddedSession::replaceScenario(cluster::Scenario scenario) {
    const bool wasPlaying = playing_;
    setPlaying(false);
    scenario_ = std::move(scenario);
    scenarioActions_ = scenario_.actions.size();
    recorded_.clear();
    Status st = rewindTo(sim::Duration::zero());
    if (wasPlaying) setPlaying(true);
    return st;
}

Status EmbeddedSession::configureScheduler(const std::string& yaml, const std::string& source) {
    auto documents = codec::parseYamlDocuments(yaml);
    if (!documents) return documents.status().withContext(source + ": ");
    if (documents->size() != 1 || !documents->front().isObject())
        return Status(StatusCode::InvalidArgument, source + ": expected one KubeSchedulerConfiguration document");
    // Checked before anything happens, as kube-scheduler checks its file when it starts.
    auto config = scheduler::config::loadConfiguration(yaml, source);
    if (!config) return config.status();
    PH_RETURN_IF_ERROR(beginUserAction());
    cluster::ScenarioAction a;
    a.at = elapsed();
    a.action = "configureScheduler";
    a.configuration = std::move(documents->front());
    a.where = "recorded action";
    Status st = nodeActions_(a);
    endUserAction(st.isOk() ? std::optional(a) : std::nullopt);
    // kube-scheduler's own complaint (a plugin's args it cannot take) does not know the file.
    return st.isOk() ? st : st.withContext(source + ": ");
}

scheduler::config::KubeSchedulerConfiguration EmbeddedSession::schedulerConfigurationAt(sim::Duration at) const {
    auto initial = cluster::schedulerConfigurationOf(scenario_);
    auto config = initial ? std::move(*initial) : scheduler::config::defaultConfiguration();
    // The actions run in time order (ties in file order: the scenario's own, then the recorded
    // ones); the last one by `at` is in force. Each was checked when it was read or recorded.
    const cluster::ScenarioAction* last = nullptr;
    auto consider = [&](const cluster::ScenarioAction& a) {
        if (a.action == "configureScheduler" && a.at <= at && (!last || a.at >= last->at)) last = &a;
    };
    std::for_each(scenario_.actions.begin(), scenario_.actions.begin() + std::ptrdiff_t(scenarioActions_), consider);
    std::for_each(recorded_.begin(), recorded_.end(), consider);
    if (last) {
        if (auto c = scheduler::config::loadConfiguration(codec::toYaml(last->configuration), last->where); c) config = std::move(*c);
    }
    return config;
}

}  // namespace pilothouse::ui
