#include "cluster/session.h"

#include <algorithm>
#include <filesystem>
#include <iostream>

#include "api/codec/manifest.h"
#include "api/codec/yaml.h"
#include "api/object.h"
#include "apiserver/loopback_client.h"
#include "cluster/components.h"
#include "cluster/scenario_recorder.h"
#include "cluster/workspace.h"
#include "scheduler/apis/config/load.h"
#include "sim/runner.h"
#include "store/sqlite_db.h"
#include "util/phase_times.h"
#include "util/rfc3339.h"

namespace pilothouse::cluster {

namespace {
// A user's node or scheduler action, now. The component it stops, resumes or restarts
// (kube-scheduler lists the cluster again) talks to the API server as the control plane's own
// client, as it does inside runUntil() and settle(): on the caller's thread it would otherwise
// have no identity, and an API server with a token file would refuse it.
Status performAsLoopback(const ScenarioRunner::NodeActionHandler& perform, const ScenarioAction& a) {
    apiserver::LoopbackClientScope loopback;
    return perform(a);
}
// SessionOptions::epoch for a scenario without spec.epoch: written into it, so that a rewind and a
// saved workspace replay from the same instant.
Status adoptEpoch(const std::string& epoch, Scenario& scenario) {
    if (!scenario.epoch.empty() || epoch.empty()) return {};
    if (epoch == "now") {
        scenario.epoch = rfc3339::format(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                             std::chrono::system_clock::now().time_since_epoch())
                                             .count());
        return {};
    }
    auto at = rfc3339::parse(epoch);
    if (!at) return at.status().withContext("the epoch: ");
    scenario.epoch = epoch;
    return {};
}

}  // namespace

Session::~Session() {
    // The runner refers to the cluster: it goes first.
    runner_.reset();
    cluster_.reset();
}

StatusOr<std::unique_ptr<Session>> Session::start(SessionOptions options, Scenario scenario) {
    std::unique_ptr<Session> s(new Session());
    s->options_ = std::move(options);
    s->scenario_ = std::move(scenario);
    PH_RETURN_IF_ERROR(adoptEpoch(s->options_.epoch, s->scenario_));
    s->scenarioActions_ = s->scenario_.actions.size();
    PH_RETURN_IF_ERROR(s->build());
    return s;
}

void Session::setReplaceHooks(std::function<void()> before, std::function<void()> after) {
    beforeReplace_ = std::move(before);
    afterReplace_ = std::move(after);
}

Status Session::build() {
    auto options = clusterOptionsOf(scenario_, options_.storePath);
    if (!options) return options.status();
    options->tokenFile = options_.tokenFile;
    options->anonymousAuth = options_.anonymousAuth;
    auto c = Cluster::create(*options);
    if (!c) return c.status();
    runner_.reset();
    cluster_ = std::move(*c);
    ++generation_;
    restartWallClock();
    // As `pilothousectl simulate` does: the scenario's objects, then the components, then the
    // actions on the loop — the scenario's own, then what users did (still to come, or to replay).
    scenario_.actions.resize(scenarioActions_);
    scenario_.actions.insert(scenario_.actions.end(), recorded_.begin(), recorded_.end());
    runner_ = std::make_unique<ScenarioRunner>(*cluster_, scenario_);
    apiserver::LoopbackClientScope loopback;
    util::PhaseTimes applied;  // PILOTHOUSE_PHASE_TIMES: creating the scenario's objects
    PH_RETURN_IF_ERROR(runner_->applyObjects(options_.creationProgress));
    applied.mark("apply", std::cerr);
    auto schedulerConfig = schedulerConfigurationOf(scenario_);
    if (!schedulerConfig) return schedulerConfig.status();
    auto nodeActions = addStandardComponents(*cluster_, &*schedulerConfig);
    if (!nodeActions) return nodeActions.status();
    nodeActions_ = *nodeActions;
    runner_->setNodeActionHandler(*nodeActions);
    runner_->scheduleActions();
    return {};
}

Status Session::rewindTo(sim::Duration elapsed) {
    if (elapsed < sim::Duration::zero()) elapsed = sim::Duration::zero();
    if (beforeReplace_) beforeReplace_();
    // What users did after `elapsed` is undone with the rest.
    std::erase_if(recorded_, [elapsed](const ScenarioAction& a) { return a.at > elapsed; });
    // A store file is started again too: what it held after `elapsed` is what is being undone.
    if (options_.storePath != ":memory:" && !options_.storePath.empty()) {
        runner_.reset();
        cluster_.reset();
        std::error_code ignored;
        std::filesystem::remove(options_.storePath, ignored);
    }
    Status st = build();
    if (st.isOk()) st = cluster_->runUntil(cluster_->loop().epoch() + elapsed);
    restartWallClock();
    if (afterReplace_) afterReplace_();
    return st;
}

void Session::setPlaying(bool playing) {
    playing_ = playing;
    restartWallClock();
}

Status Session::setSpeed(double speed) {
    PH_RETURN_IF_ERROR(sim::validateSpeed(speed));
    speed_ = speed;
    restartWallClock();
    return {};
}

void Session::setAsFastAsPossible(bool on) {
    asFastAsPossible_ = on;
    restartWallClock();
}

Status Session::tick(std::chrono::nanoseconds budget) {
    const auto now = std::chrono::steady_clock::now();
    const auto wall = now - lastTick_;
    lastTick_ = now;
    if (!playing_) return {};
    // As fast as possible: as far as this tick's budget goes.
    const sim::Time target = asFastAsPossible_
                                 ? sim::Time::max()
                                 : cluster_->loop().now() +
                                       sim::scaleWallToVirtual(std::chrono::duration_cast<std::chrono::nanoseconds>(wall), speed_);
    // Event by event (each with its settling) until the target, or until the budget is spent: then
    // the clock stays at the last event.
    for (;;) {
        auto next = cluster_->loop().nextEventTime();
        if (!next || *next > target) {
            if (target != sim::Time::max()) PH_RETURN_IF_ERROR(cluster_->runUntil(target));
            return {};
        }
        PH_RETURN_IF_ERROR(cluster_->runUntil(*next));
        if (std::chrono::steady_clock::now() - now > budget) return {};
    }
}

StatusOr<bool> Session::step() {
    auto next = cluster_->loop().nextEventTime();
    if (!next) return false;
    PH_RETURN_IF_ERROR(cluster_->runUntil(*next));
    return true;
}

StatusOr<bool> Session::stepSchedulingCycle() {
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
        if (!next) return false;
        PH_RETURN_IF_ERROR(cluster_->runUntil(*next));
    }
    return attempted();
}

Status Session::runFor(sim::Duration d) { return cluster_->runUntil(cluster_->loop().now() + d); }

Status Session::applyManifests(const std::string& text, const std::string& source) {
    std::vector<std::string> warnings;
    auto manifests = codec::loadManifests(text, source, &warnings);
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
        if (!resp.ok() && resp.status.reason() != "AlreadyExists") return resp.status.withContext(where + ": ");
    }
    return {};
}

Status Session::beginUserAction() { return cluster_->runUntil(cluster_->loop().now() + std::chrono::nanoseconds(1)); }

Status Session::endUserAction(std::optional<ScenarioAction> action) {
    std::vector<ScenarioAction> actions;
    if (action) actions.push_back(std::move(*action));
    return endUserAction(std::move(actions));
}

Status Session::endUserAction(std::vector<ScenarioAction> actions) {
    for (ScenarioAction& action : actions) {
        action.where = "recorded action " + std::to_string(recorded_.size() + 1);
        recorded_.push_back(std::move(action));
    }
    return cluster_->settle();
}

std::shared_ptr<const google::protobuf::Message> Session::currentObject(const apiserver::Request& request) {
    apiserver::Request get;
    get.verb = "get";
    get.type = request.type;
    get.namespace_ = request.namespace_;
    get.name = request.name;
    get.token = controlPlane().loopbackToken();
    auto response = controlPlane().apiServer().handle(get);
    if (!response.ok() || !response.object) return nullptr;
    return std::shared_ptr<const google::protobuf::Message>(std::move(response.object));
}

bool Session::isWrite(const apiserver::Request& r) {
    if (r.dryRun || r.verb == "get" || r.verb == "list" || r.verb == "watch") return false;
    // A review (selfsubjectreviews, selfsubjectaccessreviews: created, answered, never stored)
    // changes nothing: it takes no virtual time and is not recorded.
    return !r.type || r.type->supports("get");
}

apiserver::Response Session::request(apiserver::Request req) {
    if (!isWrite(req)) return controlPlane().apiServer().handle(req);
    apiserver::Response failed;
    if (failed.status = beginUserAction(); !failed.status.isOk()) return failed;
    // A write no scenario action expresses (a JSON patch, a /status update, ...) is recorded by
    // what it changed, so that a rewind replays it too.
    std::optional<ScenarioAction> action = toScenarioAction(req, elapsed());
    const bool observe = !action && req.type && !req.name.empty() && req.verb != "delete";
    std::shared_ptr<const google::protobuf::Message> before = observe ? currentObject(req) : nullptr;
    auto response = controlPlane().apiServer().handle(req);
    std::vector<ScenarioAction> actions;
    if (response.ok() && action) actions.push_back(std::move(*action));
    if (response.ok() && observe) {
        std::shared_ptr<const google::protobuf::Message> after = currentObject(req);
        actions = observedChange(*req.type, req.namespace_, req.name, before.get(), after.get(), elapsed());
    }
    if (Status st = endUserAction(std::move(actions)); !st.isOk()) {
        // The write happened; the cluster failed to react to it (a component's error).
        failed.status = st;
        return failed;
    }
    return response;
}

Status Session::controlNode(const std::string& action, const std::string& node) {
    if (action != "failNode" && action != "recoverNode")
        return Status(StatusCode::InvalidArgument, "unknown node action \"" + action + "\" (failNode, recoverNode)");
    PH_RETURN_IF_ERROR(beginUserAction());
    ScenarioAction a;
    a.at = elapsed();
    a.action = action;
    a.node = node;
    a.where = "recorded action";
    Status st = performAsLoopback(nodeActions_, a);
    PH_RETURN_IF_ERROR(endUserAction(st.isOk() ? std::optional(a) : std::nullopt));
    return st;
}

std::vector<ScenarioAction> Session::actionsToSave() const {
    std::vector<ScenarioAction> out(scenario_.actions.begin(), scenario_.actions.begin() + std::ptrdiff_t(scenarioActions_));
    out.insert(out.end(), recorded_.begin(), recorded_.end());
    return out;
}

Status Session::saveWorkspace(const std::string& path, const std::string& selection) {
    return cluster::saveWorkspace(path, cluster_->controlPlane().store(), scenario_, actionsToSave(), scenarioActions_,
                                  elapsed(), selection);
}

StatusOr<std::unique_ptr<Session>> Session::resume(SessionOptions options, const std::string& workspacePath,
                                                   OpenedWorkspace* opened) {
    // Read whole before anything is built: the workspace may be the store file about to be rebuilt.
    auto ws = readWorkspace(workspacePath);
    if (!ws) return ws.status();
    std::unique_ptr<Session> s(new Session());
    s->options_ = std::move(options);
    auto loaded = s->load(std::move(*ws), workspacePath);
    if (!loaded) return loaded.status();
    if (opened) *opened = std::move(*loaded);
    return s;
}

StatusOr<std::unique_ptr<Session>> Session::continueStore(SessionOptions options, OpenedWorkspace* opened) {
    const std::string store = options.storePath;
    const std::string previous = store + ".previous";
    std::error_code ec;
    std::filesystem::copy_file(store, previous, std::filesystem::copy_options::overwrite_existing, ec);
    if (ec) return Status(StatusCode::Unavailable, "cannot keep a copy of " + store + " as " + previous + ": " + ec.message());
    return resume(std::move(options), previous, opened);
}

Status Session::closeIntoStore(std::unique_ptr<Session> session) {
    const std::string store = session->options_.storePath;
    const std::string saving = store + ".saving-workspace";
    Status st = session->saveWorkspace(saving, "");
    session.reset();
    if (!st.isOk()) return st;
    return store::sqlite::replaceDatabaseFile(saving, store);
}

StatusOr<Session::OpenedWorkspace> Session::openWorkspace(const std::string& path) {
    auto ws = readWorkspace(path);
    if (!ws) return ws.status();
    return load(std::move(*ws), path);
}

StatusOr<Session::OpenedWorkspace> Session::load(Workspace ws, const std::string& path) {
    playing_ = false;
    recorded_.assign(ws.scenario.actions.begin() + std::ptrdiff_t(ws.scenarioActions), ws.scenario.actions.end());
    ws.scenario.actions.resize(ws.scenarioActions);
    scenario_ = std::move(ws.scenario);
    scenarioActions_ = ws.scenarioActions;
    PH_RETURN_IF_ERROR(rewindTo(ws.elapsed));
    auto differs = compareWithWorkspace(cluster_->controlPlane().store(), ws);
    if (!differs) return differs.status();
    return OpenedWorkspace{ws.selection, differs->empty() ? std::string() : path + ": " + *differs};
}

Status Session::replaceScenario(Scenario scenario) {
    // The running scenario is kept until the new one's cluster is built: when that fails (an object
    // the API server refuses) the running one is replayed to where it was, rather than left as a
    // half-built cluster without components.
    Scenario previous = std::move(scenario_);
    const size_t previousActions = scenarioActions_;
    std::deque<ScenarioAction> previousRecorded = std::move(recorded_);
    const sim::Duration previousElapsed = elapsed();
    scenario_ = std::move(scenario);
    Status st = adoptEpoch(options_.epoch, scenario_);
    scenarioActions_ = scenario_.actions.size();
    recorded_.clear();
    if (st.isOk()) st = rewindTo(sim::Duration::zero());
    if (st.isOk()) return st;
    scenario_ = std::move(previous);
    scenarioActions_ = previousActions;
    recorded_ = std::move(previousRecorded);
    // It ran to there before: replayed, it does again (the same scenario and seed give the same run).
    (void)rewindTo(previousElapsed);
    return st;
}

Status Session::configureScheduler(const std::string& yaml, const std::string& source) {
    auto documents = codec::parseYamlDocuments(yaml);
    if (!documents) return documents.status().withContext(source + ": ");
    if (documents->size() != 1 || !documents->front().isObject())
        return Status(StatusCode::InvalidArgument, source + ": expected one KubeSchedulerConfiguration document");
    // Checked before anything happens, as kube-scheduler checks its file when it starts.
    auto config = scheduler::config::loadConfiguration(yaml, source);
    if (!config) return config.status();
    PH_RETURN_IF_ERROR(beginUserAction());
    ScenarioAction a;
    a.at = elapsed();
    a.action = "configureScheduler";
    a.configuration = std::move(documents->front());
    a.where = "recorded action";
    Status st = performAsLoopback(nodeActions_, a);
    PH_RETURN_IF_ERROR(endUserAction(st.isOk() ? std::optional(a) : std::nullopt));
    // kube-scheduler's own complaint (a plugin's args it cannot take) does not know the file.
    return st.isOk() ? st : st.withContext(source + ": ");
}

Session::SchedulerConfigurationDocument Session::schedulerConfigurationDocumentAt(sim::Duration at) const {
    // The actions run in time order (ties in file order: the scenario's own, then the recorded
    // ones); the last one by `at` is in force. Each was checked when it was read or recorded.
    const ScenarioAction* last = nullptr;
    auto consider = [&](const ScenarioAction& a) {
        if (a.action == "configureScheduler" && a.at <= at && (!last || a.at >= last->at)) last = &a;
    };
    std::for_each(scenario_.actions.begin(), scenario_.actions.begin() + std::ptrdiff_t(scenarioActions_), consider);
    std::for_each(recorded_.begin(), recorded_.end(), consider);
    if (last) return {codec::toYaml(last->configuration), last->where};
    return {scenario_.schedulerConfiguration, scenario_.schedulerConfigurationSource};
}

scheduler::config::KubeSchedulerConfiguration Session::schedulerConfigurationAt(sim::Duration at) const {
    const auto document = schedulerConfigurationDocumentAt(at);
    if (!document.yaml.empty())
        if (auto config = scheduler::config::loadConfiguration(document.yaml, document.source); config) return std::move(*config);
    return scheduler::config::defaultConfiguration();
}

}  // namespace pilothouse::cluster
