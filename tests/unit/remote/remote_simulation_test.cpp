#include "remote_simulation_test.h"

#include <QtTest>

#include <sys/resource.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "cluster/builtin_scenarios.h"
#include "cluster/scenario.h"
#include "cluster/session.h"
#include "core_v1.pb.h"
#include "remote/server.h"
#include "remote/simulation_host.h"
#include "remote_test_cluster.h"
#include "simulation_service.grpc.pb.h"

using namespace remote_test;
using namespace pilothouse;
namespace sv1 = pilothouse::simulation::v1;
namespace core = k8s::io::api::core::v1;
using SimStub = sv1::Simulation::Stub;
using ApiStub = v1::KubernetesAPI::Stub;

namespace {

constexpr int64_t kSecond = 1'000'000'000;

// single-pod-journey (pod default/web created at 5 s, bound to node-1: node-2 is tainted) plus a
// read-only role on the simulation (and on pods and nodes) for the group "students".
std::string scenarioText() {
    return std::string(*cluster::builtinScenario("single-pod-journey")) + R"(
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata: {name: simulation-viewer}
rules:
- {apiGroups: [pilothouse.io], resources: [simulations], verbs: [get]}
- {apiGroups: [""], resources: [pods, nodes], verbs: [get, list, watch]}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata: {name: students-view-simulation}
subjects: [{kind: Group, name: students, apiGroup: rbac.authorization.k8s.io}]
roleRef: {kind: ClusterRole, name: simulation-viewer, apiGroup: rbac.authorization.k8s.io}
)";
}

cluster::SessionOptions sessionOptions(const QTemporaryDir& dir, bool fileStore) {
    cluster::SessionOptions o;
    o.tokenFile = dir.filePath(QStringLiteral("tokens.csv")).toStdString();
    if (!std::filesystem::exists(o.tokenFile))
        std::ofstream(o.tokenFile) << "admin-token,alice,1,system:masters\n"
                                      "student-token,bob,2,\"students\"\n";
    if (fileStore) o.storePath = dir.filePath(QStringLiteral("store.db")).toStdString();
    return o;
}

// A simulation served as pilothouse-server serves it (main.cpp): the session adopted by a
// SimulationHost, the gRPC server on 127.0.0.1 with a picked port, the driver thread running.
class SimServer {
public:
    // single-pod-journey with the viewer role, paused at 0, in memory (or in dir/store.db).
    explicit SimServer(bool fileStore = false) { start(dir_, fileStore); }
    SimServer(const QTemporaryDir& dir, bool fileStore) { start(dir, fileStore); }

private:
    void start(const QTemporaryDir& dir, bool fileStore) {
        std::vector<std::string> warnings;
        auto scenario = cluster::loadScenario(scenarioText(), "single-pod-journey.yaml", &warnings);
        if (!scenario) {
            error_ = scenario.status().message();
            return;
        }
        auto session = cluster::Session::start(sessionOptions(dir, fileStore), std::move(*scenario));
        if (!session) {
            error_ = session.status().message();
            return;
        }
        serve(std::move(*session));
    }

public:
    explicit SimServer(std::unique_ptr<cluster::Session> session) { serve(std::move(session)); }
    ~SimServer() { stop(); }

    bool ok() const { return server_ != nullptr; }
    const std::string& error() const { return error_; }
    remote::SimulationHost& host() { return *host_; }
    SimStub& sim() { return *sim_; }
    ApiStub& api() { return *api_; }

    // As pilothouse-server shuts down: the driver stops, the server ends its calls, then the host
    // goes and hands its session over (to be saved), or the session goes with it.
    std::unique_ptr<cluster::Session> release() {
        if (!host_) return nullptr;
        host_->stop();
        if (server_) server_->shutdown(std::chrono::seconds(5));
        server_.reset();
        auto session = host_->release();
        host_.reset();
        return session;
    }
    void stop() { release(); }

private:
    void serve(std::unique_ptr<cluster::Session> session) {
        host_ = remote::SimulationHost::adopt(std::move(session));
        remote::ServerOptions o;
        o.listenAddress = "127.0.0.1:0";
        o.authenticates = true;
        auto server = remote::Server::start(*host_, o);
        if (!server) {
            error_ = server.status().message();
            return;
        }
        server_ = std::move(*server);
        host_->run();
        channel_ = grpc::CreateChannel(server_->address(), grpc::InsecureChannelCredentials());
        sim_ = sv1::Simulation::NewStub(channel_);
        api_ = v1::KubernetesAPI::NewStub(channel_);
    }

    QTemporaryDir dir_;
    std::unique_ptr<remote::SimulationHost> host_;
    std::unique_ptr<remote::Server> server_;
    std::shared_ptr<grpc::Channel> channel_;
    std::unique_ptr<SimStub> sim_;
    std::unique_ptr<ApiStub> api_;
    std::string error_;
};

template <typename Resp>
struct Result {
    grpc::Status status;
    meta::Status k8s;  // the trailing metav1.Status of a failed call
    Resp response;
    bool ok() const { return status.ok(); }
    const char* message() const { return status.error_message().c_str(); }
};

template <typename Stub, typename Req, typename Resp>
Result<Resp> call(Stub& stub, grpc::Status (Stub::*method)(grpc::ClientContext*, const Req&, Resp*), const Req& request,
                  const std::string& token = kAdminToken) {
    auto context = as(token, 20);
    Result<Resp> r;
    r.status = (stub.*method)(context.get(), request, &r.response);
    r.k8s = trailingStatus(*context);
    return r;
}

#define EXPECT_OK(result)                                                   \
    do {                                                                    \
        const auto& result_ = (result);                                     \
        QVERIFY2(result_.ok(), result_.status.error_message().c_str());     \
    } while (0)

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }
#define EXPECT_CONTAINS(text, part) \
    QVERIFY2(contains((text), (part)), ("\"" + std::string(text) + "\" does not contain \"" + std::string(part) + "\"").c_str())

Result<sv1::SimulationState> getState(SimServer& s, const std::string& token = kAdminToken) {
    return call(s.sim(), &SimStub::GetState, sv1::GetStateRequest(), token);
}

// The state, or a failed QVERIFY in the caller (via `ok`).
sv1::SimulationState state(SimServer& s) {
    auto r = getState(s);
    if (!r.ok()) qWarning("GetState failed: %s", r.message());
    return r.response;
}

int64_t elapsed(const sv1::SimulationState& st) { return st.now_unix_nanos() - st.epoch_unix_nanos(); }

Result<sv1::StepResponse> stepBy(SimServer& s, sv1::StepRequest::Unit unit, int64_t durationNanos = 0,
                               const std::string& token = kAdminToken) {
    sv1::StepRequest request;
    request.set_unit(unit);
    request.set_duration_nanos(durationNanos);
    return call(s.sim(), &SimStub::Step, request, token);
}
Result<sv1::StepResponse> stepFor(SimServer& s, int64_t nanos) { return stepBy(s, sv1::StepRequest::DURATION, nanos); }

Result<sv1::SimulationState> rewindTo(SimServer& s, int64_t elapsedNanos, const std::string& token = kAdminToken) {
    sv1::RewindRequest request;
    request.set_elapsed_nanos(elapsedNanos);
    return call(s.sim(), &SimStub::Rewind, request, token);
}

Result<v1::ObjectResponse> getObject(SimServer& s, const v1::Target& t, const std::string& token = kAdminToken) {
    v1::GetRequest request;
    *request.mutable_target() = t;
    return call(s.api(), &ApiStub::Get, request, token);
}

template <typename T>
T unpack(const google::protobuf::Any& any) {
    T out;
    if (!any.UnpackTo(&out)) qWarning("unexpected object %s", any.type_url().c_str());
    return out;
}

Result<v1::ObjectResponse> createPod(SimServer& s, const std::string& name, const std::string& token = kAdminToken) {
    v1::CreateRequest request;
    *request.mutable_target() = target("pods", "default");
    request.mutable_object()->PackFrom(*object(podYaml("default", name)));
    return call(s.api(), &ApiStub::Create, request, token);
}

// The status of a node's Ready condition ("" without one).
std::string nodeReady(SimServer& s, const std::string& node) {
    auto got = getObject(s, target("nodes", {}, node));
    if (!got.ok()) return "get failed: " + got.status.error_message();
    const auto n = unpack<core::Node>(got.response.object());
    for (const auto& c : n.status().conditions())
        if (c.type() == "Ready") return c.status();
    return {};
}

// A server stream as a client reads it; every read ends by the context's deadline at the latest.
template <typename Msg>
struct Stream {
    std::unique_ptr<grpc::ClientContext> context;
    std::unique_ptr<grpc::ClientReader<Msg>> reader;

    std::optional<Msg> next() {
        Msg m;
        if (reader->Read(&m)) return m;
        return std::nullopt;
    }
    // Cancels the call and returns how it ended.
    grpc::Status cancel() {
        context->TryCancel();
        Msg m;
        while (reader->Read(&m)) {
        }
        return reader->Finish();
    }
};

template <typename Msg, typename Req>
Stream<Msg> open(std::unique_ptr<grpc::ClientReader<Msg>> (SimStub::*method)(grpc::ClientContext*, const Req&), SimServer& s,
                 const Req& request, const std::string& token = kAdminToken, int timeoutSeconds = 15) {
    Stream<Msg> out;
    out.context = as(token, timeoutSeconds);
    out.reader = (s.sim().*method)(out.context.get(), request);
    return out;
}

Stream<v1::WatchEvent> watchPods(SimServer& s, const std::string& token = kAdminToken) {
    Stream<v1::WatchEvent> out;
    out.context = as(token, 15);
    v1::WatchRequest request;
    *request.mutable_target() = target("pods", "default");
    request.set_resource_version("0");
    out.reader = s.api().Watch(out.context.get(), request);
    return out;
}

double cpuSeconds() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

const char* kMostAllocated = R"(apiVersion: kubescheduler.config.k8s.io/v1
kind: KubeSchedulerConfiguration
profiles:
- schedulerName: default-scheduler
  pluginConfig:
  - name: NodeResourcesFit
    args:
      scoringStrategy:
        type: MostAllocated
)";

}  // namespace

void RemoteSimulationTest::stateAndPlaying() {
    SimServer s;
    QVERIFY2(s.ok(), s.error().c_str());
    auto first = getState(s);
    EXPECT_OK(first);
    const auto& st = first.response;
    QCOMPARE(st.generation(), uint64_t(1));
    QVERIFY(!st.playing());
    QCOMPARE(st.speed(), 1.0);
    QVERIFY(!st.as_fast_as_possible());
    QVERIFY(st.revision() > 0);  // the scenario's nodes and roles
    QCOMPARE(st.scenario(), std::string("single-pod-journey"));
    QVERIFY(st.epoch_unix_nanos() > 0);
    QCOMPARE(st.now_unix_nanos(), st.epoch_unix_nanos());

    // Paused: the driver leaves virtual time alone.
    std::this_thread::sleep_for(std::chrono::milliseconds(150));
    QCOMPARE(state(s).now_unix_nanos(), st.now_unix_nanos());

    // Playing at 100x: the driver moves time on (a virtual second within a few wall ones).
    sv1::SetSpeedRequest speed;
    speed.set_speed(100);
    auto fast = call(s.sim(), &SimStub::SetSpeed, speed);
    EXPECT_OK(fast);
    QCOMPARE(fast.response.speed(), 100.0);
    sv1::SetPlayingRequest play;
    play.set_playing(true);
    auto playing = call(s.sim(), &SimStub::SetPlaying, play);
    EXPECT_OK(playing);
    QVERIFY(playing.response.playing());
    QTRY_VERIFY_WITH_TIMEOUT(elapsed(state(s)) >= kSecond, 5000);
    QVERIFY(state(s).playing());

    // Paused again: time stays where it stopped.
    play.set_playing(false);
    auto paused = call(s.sim(), &SimStub::SetPlaying, play);
    EXPECT_OK(paused);
    QVERIFY(!paused.response.playing());
    std::this_thread::sleep_for(std::chrono::milliseconds(150));
    QCOMPARE(state(s).now_unix_nanos(), paused.response.now_unix_nanos());
    QCOMPARE(state(s).speed(), 100.0);
}

void RemoteSimulationTest::setSpeed_data() {
    QTest::addColumn<double>("speed");
    QTest::addColumn<bool>("asFastAsPossible");
    QTest::addColumn<bool>("valid");
    QTest::newRow("slowest") << 0.1 << false << true;
    QTest::newRow("fastest") << 1000.0 << false << true;
    QTest::newRow("as fast as possible ignores the speed") << 0.0 << true << true;
    QTest::newRow("too fast") << 5000.0 << false << false;
    QTest::newRow("too slow") << 0.05 << false << false;
    QTest::newRow("zero") << 0.0 << false << false;
    QTest::newRow("negative") << -2.0 << false << false;
    QTest::newRow("NaN") << std::nan("") << false << false;
}

void RemoteSimulationTest::setSpeed() {
    QFETCH(double, speed);
    QFETCH(bool, asFastAsPossible);
    QFETCH(bool, valid);
    SimServer s;
    QVERIFY2(s.ok(), s.error().c_str());
    sv1::SetSpeedRequest request;
    request.set_speed(speed);
    request.set_as_fast_as_possible(asFastAsPossible);
    auto r = call(s.sim(), &SimStub::SetSpeed, request);
    if (valid) {
        EXPECT_OK(r);
        QCOMPARE(r.response.as_fast_as_possible(), asFastAsPossible);
        QCOMPARE(state(s).as_fast_as_possible(), asFastAsPossible);
        if (!asFastAsPossible) QCOMPARE(state(s).speed(), speed);
        return;
    }
    EXPECT_API_ERROR(r, grpc::StatusCode::INVALID_ARGUMENT, "BadRequest", 400);
    QVERIFY2(r.status.error_message().rfind("speed: ", 0) == 0, r.message());
    EXPECT_CONTAINS(r.status.error_message(), "out of range");
    // The speed stays as it was.
    QCOMPARE(state(s).speed(), 1.0);
    QVERIFY(!state(s).as_fast_as_possible());
}

void RemoteSimulationTest::step_data() {
    QTest::addColumn<int>("unit");
    QTest::addColumn<qint64>("duration");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("error");
    QTest::newRow("event") << int(sv1::StepRequest::EVENT) << qint64(0) << int(grpc::StatusCode::OK) << QString();
    QTest::newRow("scheduling cycle") << int(sv1::StepRequest::SCHEDULING_CYCLE) << qint64(0) << int(grpc::StatusCode::OK)
                                      << QString();
    QTest::newRow("duration") << int(sv1::StepRequest::DURATION) << qint64(12 * kSecond) << int(grpc::StatusCode::OK)
                              << QString();
    QTest::newRow("duration 1 ns") << int(sv1::StepRequest::DURATION) << qint64(1) << int(grpc::StatusCode::OK) << QString();
    QTest::newRow("duration 0") << int(sv1::StepRequest::DURATION) << qint64(0) << int(grpc::StatusCode::INVALID_ARGUMENT)
                                << QStringLiteral("duration_nanos: must be greater than 0");
    QTest::newRow("negative duration") << int(sv1::StepRequest::DURATION) << qint64(-kSecond)
                                       << int(grpc::StatusCode::INVALID_ARGUMENT)
                                       << QStringLiteral("duration_nanos: must be greater than 0");
    QTest::newRow("unknown unit") << 7 << qint64(0) << int(grpc::StatusCode::INVALID_ARGUMENT)
                                  << QStringLiteral("unit: unknown step unit 7");
}

void RemoteSimulationTest::step() {
    QFETCH(int, unit);
    QFETCH(qint64, duration);
    QFETCH(int, code);
    QFETCH(QString, error);
    SimServer s;
    QVERIFY2(s.ok(), s.error().c_str());
    const auto before = state(s);
    auto r = stepBy(s, sv1::StepRequest::Unit(unit), duration);
    if (code != int(grpc::StatusCode::OK)) {
        EXPECT_API_ERROR(r, grpc::StatusCode(code), "BadRequest", 400);
        QVERIFY2(r.status.error_message().rfind(error.toStdString(), 0) == 0, r.message());
        QCOMPARE(state(s).now_unix_nanos(), before.now_unix_nanos());
        QCOMPARE(state(s).revision(), before.revision());
        return;
    }
    EXPECT_OK(r);
    QVERIFY(r.response.progressed());
    const auto& after = r.response.state();
    QCOMPARE(after.now_unix_nanos(), state(s).now_unix_nanos());
    QCOMPARE(after.generation(), uint64_t(1));
    switch (unit) {
        case sv1::StepRequest::EVENT: {
            // The next event may be at the present instant (the components' first wake-ups): a few
            // more steps move time on.
            int64_t now = after.now_unix_nanos();
            for (int i = 0; i < 50 && now == before.now_unix_nanos(); ++i) {
                auto again = stepBy(s, sv1::StepRequest::EVENT);
                EXPECT_OK(again);
                QVERIFY(again.response.progressed());
                QVERIFY(again.response.state().now_unix_nanos() >= now);
                now = again.response.state().now_unix_nanos();
            }
            QVERIFY(now > before.now_unix_nanos());
            break;
        }
        case sv1::StepRequest::SCHEDULING_CYCLE:
            // The first attempt is web's, created at 5 s.
            QVERIFY2(elapsed(after) >= 5 * kSecond, std::to_string(elapsed(after)).c_str());
            QVERIFY(after.last_journey_seq() > before.last_journey_seq());
            QVERIFY(after.revision() > before.revision());
            break;
        case sv1::StepRequest::DURATION: QCOMPARE(after.now_unix_nanos(), before.now_unix_nanos() + duration); break;
    }
}

void RemoteSimulationTest::rewind() {
    SimServer s;
    QVERIFY2(s.ok(), s.error().c_str());
    auto stepped = stepFor(s, 20 * kSecond);
    EXPECT_OK(stepped);
    const auto at20 = stepped.response.state();

    auto back = rewindTo(s, 7 * kSecond);
    EXPECT_OK(back);
    QCOMPARE(back.response.generation(), uint64_t(2));
    QCOMPARE(elapsed(back.response), 7 * kSecond);
    QCOMPARE(back.response.epoch_unix_nanos(), at20.epoch_unix_nanos());
    QVERIFY(back.response.revision() > 0);
    QVERIFY(back.response.revision() < at20.revision());
    QVERIFY(!back.response.playing());
    QCOMPARE(state(s).generation(), uint64_t(2));
    // The same run again: forward to 20 s gives the same store revision.
    auto again = stepFor(s, 13 * kSecond);
    EXPECT_OK(again);
    QCOMPARE(elapsed(again.response.state()), 20 * kSecond);
    QCOMPARE(again.response.state().revision(), at20.revision());
    QCOMPARE(again.response.state().last_journey_seq(), at20.last_journey_seq());

    // 0 resets.
    auto reset = rewindTo(s, 0);
    EXPECT_OK(reset);
    QCOMPARE(reset.response.generation(), uint64_t(3));
    QCOMPARE(reset.response.now_unix_nanos(), reset.response.epoch_unix_nanos());
    QCOMPARE(reset.response.last_journey_seq(), int64_t(0));

    auto negative = rewindTo(s, -kSecond);
    EXPECT_API_ERROR(negative, grpc::StatusCode::INVALID_ARGUMENT, "BadRequest", 400);
    EXPECT_CONTAINS(negative.status.error_message(), "elapsed_nanos");
    QCOMPARE(state(s).generation(), uint64_t(3));
}

void RemoteSimulationTest::loadScenario_data() {
    QTest::addColumn<QString>("name");  // a built-in scenario, or "" for the text
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("scenario");  // the scenario then running ("" for an error)
    QTest::addColumn<QStringList>("errorParts");
    QTest::newRow("built in by name") << QStringLiteral("node-failure") << QString() << QString() << QStringLiteral("node-failure")
                                      << QStringList();
    QTest::newRow("text") << QString()
                          << QStringLiteral("apiVersion: pilothouse.dev/v1alpha1\nkind: Scenario\nmetadata: {name: from-text}\n"
                                            "spec: {seed: 3}\n---\napiVersion: v1\nkind: Node\nmetadata: {name: solo}\n"
                                            "status: {capacity: {cpu: '2', memory: 4Gi, pods: '110'}}\n")
                          << QStringLiteral("mine.yaml") << QStringLiteral("from-text") << QStringList();
    QTest::newRow("unknown name") << QStringLiteral("no-such-scenario") << QString() << QString() << QString()
                                  << QStringList{QStringLiteral("name: no built-in scenario \"no-such-scenario\""),
                                                 QStringLiteral("single-pod-journey"), QStringLiteral("node-failure")};
    QTest::newRow("action without its field")
        << QString()
        << QStringLiteral("apiVersion: pilothouse.dev/v1alpha1\nkind: Scenario\nmetadata: {name: bad}\nspec:\n"
                          "  actions: [{at: 1s, action: configureScheduler}]\n")
        << QStringLiteral("bad.yaml") << QString()
        << QStringList{QStringLiteral("bad.yaml: document 1: spec.actions[0].configuration")};
    QTest::newRow("bad duration in the second document")
        << QString()
        << QStringLiteral("apiVersion: v1\nkind: Node\nmetadata: {name: n}\n---\napiVersion: pilothouse.dev/v1alpha1\n"
                          "kind: Scenario\nmetadata: {name: bad}\nspec:\n  actions: [{at: 5 minutes, action: failNode, node: n}]\n")
        << QStringLiteral("late.yaml") << QString()
        << QStringList{QStringLiteral("late.yaml: document 2: spec.actions[0].at"), QStringLiteral("5 minutes")};
    QTest::newRow("an object the API server refuses")
        << QString()
        << QStringLiteral("apiVersion: pilothouse.dev/v1alpha1\nkind: Scenario\nmetadata: {name: refused}\n---\n"
                          "apiVersion: v1\nkind: Pod\nmetadata: {name: empty, namespace: default}\nspec: {containers: []}\n")
        << QStringLiteral("refused.yaml") << QString() << QStringList{QStringLiteral("refused.yaml: document 2: Pod \"empty\" is invalid: spec.containers: Required value")};
    QTest::newRow("not YAML, no source") << QString() << QStringLiteral("kind: [unclosed\n") << QString() << QString()
                                         << QStringList{QStringLiteral("text")};
    QTest::newRow("neither name nor text") << QString() << QString() << QString() << QString()
                                           << QStringList{QStringLiteral("scenario: give a name or a text")};
}

void RemoteSimulationTest::loadScenario() {
    QFETCH(QString, name);
    QFETCH(QString, text);
    QFETCH(QString, source);
    QFETCH(QString, scenario);
    QFETCH(QStringList, errorParts);
    const bool refusedByApiServer = source == QLatin1String("refused.yaml");
    SimServer s;
    QVERIFY2(s.ok(), s.error().c_str());
    EXPECT_OK(stepFor(s, 10 * kSecond));
    const auto before = state(s);

    sv1::LoadScenarioRequest request;
    if (!name.isEmpty()) request.set_name(name.toStdString());
    else if (!text.isEmpty()) request.set_text(text.toStdString());
    request.set_source(source.toStdString());
    auto r = call(s.sim(), &SimStub::LoadScenario, request);
    if (!scenario.isEmpty()) {
        EXPECT_OK(r);
        QCOMPARE(r.response.scenario(), scenario.toStdString());
        QCOMPARE(r.response.generation(), before.generation() + 1);
        QCOMPARE(r.response.now_unix_nanos(), r.response.epoch_unix_nanos());
        QCOMPARE(state(s).scenario(), scenario.toStdString());
        // The new cluster is the one the Kubernetes API serves: single-pod-journey's web is gone.
        EXPECT_API_ERROR(getObject(s, target("pods", "default", "web")), grpc::StatusCode::NOT_FOUND, "NotFound", 404);
        v1::ListRequest nodes;
        *nodes.mutable_target() = target("nodes");
        auto listed = call(s.api(), &ApiStub::List, nodes);
        EXPECT_OK(listed);
        QCOMPARE(listed.response.items_size(), name == QLatin1String("node-failure") ? 3 : 1);
        return;
    }
    QCOMPARE(int(r.status.error_code()), int(grpc::StatusCode::INVALID_ARGUMENT));
    QCOMPARE(r.k8s.reason(), std::string(refusedByApiServer ? "Invalid" : "BadRequest"));
    QCOMPARE(r.k8s.message(), r.status.error_message());
    for (const auto& part : errorParts) EXPECT_CONTAINS(r.status.error_message(), part.toStdString());
    // The running scenario is left as it was (an object the API server refused showed only while
    // building the new cluster: the running scenario was then replayed, a new generation).
    const auto after = state(s);
    QCOMPARE(after.scenario(), std::string("single-pod-journey"));
    if (refusedByApiServer) QVERIFY(after.generation() > before.generation());
    else QCOMPARE(after.generation(), before.generation());
    QCOMPARE(after.now_unix_nanos(), before.now_unix_nanos());
    QCOMPARE(after.revision(), before.revision());
    // ... and runs on: its components are there.
    EXPECT_OK(stepFor(s, 20 * kSecond));
    auto web = getObject(s, target("pods", "default", "web"));
    EXPECT_OK(web);
    QCOMPARE(unpack<core::Pod>(web.response.object()).status().phase(), std::string("Running"));
}

void RemoteSimulationTest::controlNode() {
    SimServer s;
    QVERIFY2(s.ok(), s.error().c_str());
    EXPECT_OK(stepFor(s, 10 * kSecond));
    QCOMPARE(nodeReady(s, "node-1"), std::string("True"));
    QCOMPARE(nodeReady(s, "node-2"), std::string("True"));

    sv1::ControlNodeRequest fail;
    fail.set_action(sv1::ControlNodeRequest::FAIL);
    fail.set_node("node-1");
    auto failed = call(s.sim(), &SimStub::ControlNode, fail);
    EXPECT_OK(failed);
    QCOMPARE(nodeReady(s, "node-1"), std::string("True"));  // its heartbeats have not run out yet
    // After the node monitor grace period (40 s) the node lifecycle controller marks it Unknown.
    EXPECT_OK(stepFor(s, 60 * kSecond));
    QCOMPARE(nodeReady(s, "node-1"), std::string("Unknown"));
    QCOMPARE(nodeReady(s, "node-2"), std::string("True"));
    auto node = unpack<core::Node>(getObject(s, target("nodes", {}, "node-1")).response.object());
    bool unreachable = false;
    for (const auto& t : node.spec().taints()) unreachable = unreachable || t.key() == "node.kubernetes.io/unreachable";
    QVERIFY(unreachable);

    // Recorded: a rewind to after the failure fails the node again; one to before it does not.
    const int64_t failedAt = elapsed(failed.response);
    EXPECT_OK(rewindTo(s, failedAt + 50 * kSecond));
    QCOMPARE(nodeReady(s, "node-1"), std::string("Unknown"));
    EXPECT_OK(rewindTo(s, failedAt - kSecond));
    EXPECT_OK(stepFor(s, 51 * kSecond));
    QCOMPARE(nodeReady(s, "node-1"), std::string("True"));

    // Back again.
    fail.set_action(sv1::ControlNodeRequest::FAIL);
    EXPECT_OK(call(s.sim(), &SimStub::ControlNode, fail));
    EXPECT_OK(stepFor(s, 60 * kSecond));
    QCOMPARE(nodeReady(s, "node-1"), std::string("Unknown"));
    sv1::ControlNodeRequest recover;
    recover.set_action(sv1::ControlNodeRequest::RECOVER);
    recover.set_node("node-1");
    EXPECT_OK(call(s.sim(), &SimStub::ControlNode, recover));
    EXPECT_OK(stepFor(s, 20 * kSecond));
    QCOMPARE(nodeReady(s, "node-1"), std::string("True"));

    // Errors: no node named, a node that does not exist.
    sv1::ControlNodeRequest noNode;
    auto missing = call(s.sim(), &SimStub::ControlNode, noNode);
    EXPECT_API_ERROR(missing, grpc::StatusCode::INVALID_ARGUMENT, "BadRequest", 400);
    EXPECT_CONTAINS(missing.status.error_message(), "node: required");
    sv1::ControlNodeRequest unknown;
    unknown.set_node("node-9");
    auto notThere = call(s.sim(), &SimStub::ControlNode, unknown);
    QCOMPARE(int(notThere.status.error_code()), int(grpc::StatusCode::NOT_FOUND));
    EXPECT_CONTAINS(notThere.status.error_message(), "no node \"node-9\"");
}

void RemoteSimulationTest::configureScheduler_data() {
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<QStringList>("errorParts");  // empty: accepted
    QTest::newRow("MostAllocated") << QString::fromUtf8(kMostAllocated) << QStringList();
    QTest::newRow("not YAML") << QStringLiteral("profiles: [unclosed\n") << QStringList{QStringLiteral("sched.yaml")};
    QTest::newRow("unknown field")
        << QStringLiteral("apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\nprofilez: []\n")
        << QStringList{QStringLiteral("sched.yaml"), QStringLiteral("unknown field \"profilez\"")};
    QTest::newRow("two documents")
        << QStringLiteral("apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\n---\n"
                          "apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\n")
        << QStringList{QStringLiteral("sched.yaml: expected one KubeSchedulerConfiguration document")};
    QTest::newRow("bad scoring strategy")
        << QString::fromUtf8(kMostAllocated).replace(QLatin1String("MostAllocated"), QLatin1String("MostFancy"))
        << QStringList{QStringLiteral("sched.yaml"), QStringLiteral("MostFancy")};
    QTest::newRow("empty") << QString() << QStringList{QStringLiteral("sched.yaml")};
}

void RemoteSimulationTest::configureScheduler() {
    QFETCH(QString, yaml);
    QFETCH(QStringList, errorParts);
    SimServer s;
    QVERIFY2(s.ok(), s.error().c_str());
    EXPECT_OK(stepFor(s, 10 * kSecond));
    const auto before = state(s);
    sv1::ConfigureSchedulerRequest request;
    request.set_yaml(yaml.toStdString());
    request.set_source("sched.yaml");
    auto r = call(s.sim(), &SimStub::ConfigureScheduler, request);

    sv1::GetSchedulerConfigurationRequest at;
    at.set_at_unix_nanos(state(s).now_unix_nanos());
    auto now = call(s.sim(), &SimStub::GetSchedulerConfiguration, at);
    EXPECT_OK(now);
    if (errorParts.isEmpty()) {
        EXPECT_OK(r);
        EXPECT_CONTAINS(now.response.yaml(), "KubeSchedulerConfiguration");
        EXPECT_CONTAINS(now.response.yaml(), "MostAllocated");
        return;
    }
    EXPECT_API_ERROR(r, grpc::StatusCode::INVALID_ARGUMENT, "BadRequest", 400);
    for (const auto& part : errorParts) EXPECT_CONTAINS(r.status.error_message(), part.toStdString());
    // kube-scheduler keeps v1.28's defaults, and nothing was recorded.
    QCOMPARE(now.response.yaml(), std::string());
    QCOMPARE(state(s).generation(), before.generation());
    EXPECT_OK(rewindTo(s, elapsed(before) + kSecond));
    at.set_at_unix_nanos(state(s).now_unix_nanos());
    QCOMPARE(call(s.sim(), &SimStub::GetSchedulerConfiguration, at).response.yaml(), std::string());
}

void RemoteSimulationTest::schedulerConfigurationAndRevisionAtTimes() {
    SimServer s;
    QVERIFY2(s.ok(), s.error().c_str());
    EXPECT_OK(stepFor(s, 20 * kSecond));
    sv1::ConfigureSchedulerRequest configure;
    configure.set_yaml(kMostAllocated);
    auto configured = call(s.sim(), &SimStub::ConfigureScheduler, configure);
    EXPECT_OK(configured);
    const int64_t configuredAt = configured.response.now_unix_nanos();
    EXPECT_OK(stepFor(s, 10 * kSecond));
    const auto st = state(s);

    auto configurationAt = [&](int64_t unixNanos) {
        sv1::GetSchedulerConfigurationRequest request;
        request.set_at_unix_nanos(unixNanos);
        auto r = call(s.sim(), &SimStub::GetSchedulerConfiguration, request);
        if (!r.ok()) qWarning("GetSchedulerConfiguration: %s", r.message());
        return r.response.yaml();
    };
    QCOMPARE(configurationAt(st.epoch_unix_nanos()), std::string());
    QCOMPARE(configurationAt(configuredAt - kSecond), std::string());
    EXPECT_CONTAINS(configurationAt(configuredAt), "MostAllocated");
    EXPECT_CONTAINS(configurationAt(st.now_unix_nanos()), "MostAllocated");

    auto revisionAt = [&](int64_t unixNanos) {
        sv1::RevisionAtRequest request;
        request.set_at_unix_nanos(unixNanos);
        auto r = call(s.sim(), &SimStub::RevisionAt, request);
        if (!r.ok()) qWarning("RevisionAt: %s", r.message());
        return r.response.revision();
    };
    const int64_t atStart = revisionAt(st.epoch_unix_nanos());
    QVERIFY(atStart > 0);  // the scenario's objects
    // web is created at 5 s: the store moves on then.
    QVERIFY(revisionAt(st.epoch_unix_nanos() + 4 * kSecond) < revisionAt(st.epoch_unix_nanos() + 6 * kSecond));
    QCOMPARE(revisionAt(st.now_unix_nanos()), st.revision());
    QVERIFY(revisionAt(st.epoch_unix_nanos() - kSecond) <= atStart);
}

void RemoteSimulationTest::rbac_data() {
    QTest::addColumn<QString>("verb");
    QTest::addColumn<QString>("token");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("reason");
    const QStringList reads = {QStringLiteral("GetState"), QStringLiteral("GetSchedulerConfiguration"),
                               QStringLiteral("RevisionAt"), QStringLiteral("WatchState"), QStringLiteral("WatchJourneys"),
                               QStringLiteral("WatchMetrics")};
    const QStringList changes = {QStringLiteral("SetPlaying"),  QStringLiteral("SetSpeed"),      QStringLiteral("Step"),
                                 QStringLiteral("Rewind"),      QStringLiteral("LoadScenario"),  QStringLiteral("ControlNode"),
                                 QStringLiteral("ConfigureScheduler")};
    const QString student = QString::fromLatin1(kStudentToken);
    for (const auto& verb : reads + changes) {
        const bool read = reads.contains(verb);
        QTest::newRow(qPrintable(verb + QLatin1String(" as bob"))) << verb << student
                                                                   << int(read ? grpc::StatusCode::OK : grpc::StatusCode::PERMISSION_DENIED)
                                                                   << (read ? QString() : QStringLiteral("Forbidden"));
        QTest::newRow(qPrintable(verb + QLatin1String(" without a token")))
            << verb << QString() << int(grpc::StatusCode::UNAUTHENTICATED) << QStringLiteral("Unauthorized");
        QTest::newRow(qPrintable(verb + QLatin1String(" with an unknown token")))
            << verb << QStringLiteral("not-a-token") << int(grpc::StatusCode::UNAUTHENTICATED) << QStringLiteral("Unauthorized");
    }
}

void RemoteSimulationTest::rbac() {
    QFETCH(QString, verb);
    QFETCH(QString, token);
    QFETCH(int, code);
    QFETCH(QString, reason);
    SimServer s;
    QVERIFY2(s.ok(), s.error().c_str());
    const auto before = state(s);
    const std::string t = token.toStdString();
    const std::string v = verb.toStdString();

    grpc::Status status;
    meta::Status k8s;
    auto unary = [&](auto method, const auto& request) {
        auto r = call(s.sim(), method, request, t);
        status = r.status;
        k8s = r.k8s;
    };
    auto stream = [&](auto method, const auto& request) {
        auto st = open(method, s, request, t, 10);
        if (st.next()) {
            status = st.cancel();
            QCOMPARE(int(status.error_code()), int(grpc::StatusCode::CANCELLED));
            status = grpc::Status::OK;
        } else {
            status = st.reader->Finish();
            k8s = trailingStatus(*st.context);
        }
    };
    sv1::StepRequest stepRequest;
    stepRequest.set_unit(sv1::StepRequest::DURATION);
    stepRequest.set_duration_nanos(kSecond);
    sv1::LoadScenarioRequest load;
    load.set_name("node-failure");
    sv1::ControlNodeRequest control;
    control.set_node("node-1");
    sv1::ConfigureSchedulerRequest configure;
    configure.set_yaml(kMostAllocated);
    sv1::SetSpeedRequest speed;
    speed.set_speed(10);
    sv1::SetPlayingRequest play;
    play.set_playing(true);
    sv1::RewindRequest back;
    back.set_elapsed_nanos(kSecond);
    if (v == "GetState") unary(&SimStub::GetState, sv1::GetStateRequest());
    else if (v == "GetSchedulerConfiguration") unary(&SimStub::GetSchedulerConfiguration, sv1::GetSchedulerConfigurationRequest());
    else if (v == "RevisionAt") unary(&SimStub::RevisionAt, sv1::RevisionAtRequest());
    else if (v == "WatchState") stream(&SimStub::WatchState, sv1::WatchStateRequest());
    else if (v == "WatchJourneys") stream(&SimStub::WatchJourneys, sv1::WatchJourneysRequest());
    else if (v == "WatchMetrics") stream(&SimStub::WatchMetrics, sv1::WatchMetricsRequest());
    else if (v == "SetPlaying") unary(&SimStub::SetPlaying, play);
    else if (v == "SetSpeed") unary(&SimStub::SetSpeed, speed);
    else if (v == "Step") unary(&SimStub::Step, stepRequest);
    else if (v == "Rewind") unary(&SimStub::Rewind, back);
    else if (v == "LoadScenario") unary(&SimStub::LoadScenario, load);
    else if (v == "ControlNode") unary(&SimStub::ControlNode, control);
    else if (v == "ConfigureScheduler") unary(&SimStub::ConfigureScheduler, configure);
    else QFAIL(qPrintable(QStringLiteral("no such verb ") + verb));

    QVERIFY2(int(status.error_code()) == code,
             qPrintable(QStringLiteral("code %1 (%2), want %3").arg(int(status.error_code())).arg(QString::fromStdString(status.error_message())).arg(code)));
    if (code != int(grpc::StatusCode::OK)) {
        QCOMPARE(k8s.reason(), reason.toStdString());
        QCOMPARE(k8s.message(), status.error_message());
        if (reason == QLatin1String("Forbidden")) {
            QCOMPARE(k8s.code(), 403);
            // Upstream's text for a denied request on a cluster-scoped resource of an API group.
            const std::string expected = "simulations.pilothouse.io \"default\" is forbidden: User \"bob\" cannot update resource "
                                         "\"simulations\" in API group \"pilothouse.io\" at the cluster scope";
            QVERIFY2(status.error_message().rfind(expected, 0) == 0, status.error_message().c_str());
            QCOMPARE(k8s.details().group(), std::string("pilothouse.io"));
            QCOMPARE(k8s.details().kind(), std::string("simulations"));
            QCOMPARE(k8s.details().name(), std::string("default"));
        } else {
            QCOMPARE(k8s.code(), 401);
        }
    }
    // A refused call changed nothing.
    const auto after = state(s);
    QCOMPARE(after.generation(), before.generation());
    QCOMPARE(after.now_unix_nanos(), before.now_unix_nanos());
    QCOMPARE(after.playing(), before.playing());
    QCOMPARE(after.speed(), before.speed());
    QCOMPARE(after.scenario(), before.scenario());
    QCOMPARE(after.revision(), before.revision());
}

void RemoteSimulationTest::componentsRunWithAuthentication() {
    SimServer s;
    QVERIFY2(s.ok(), s.error().c_str());
    auto stepped = stepFor(s, 30 * kSecond);
    EXPECT_OK(stepped);
    // The scheduler, the kubelets and the controllers authenticate as the loopback user: web was
    // created by the scenario, bound by the scheduler and started by node-1's kubelet.
    auto got = getObject(s, target("pods", "default", "web"));
    EXPECT_OK(got);
    const auto web = unpack<core::Pod>(got.response.object());
    QCOMPARE(web.spec().node_name(), std::string("node-1"));
    QCOMPARE(web.status().phase(), std::string("Running"));
    const auto& deliveries = stepped.response.state().watch_deliveries();
    QVERIFY(deliveries.count("kube-scheduler") && deliveries.at("kube-scheduler") > 0);
    QVERIFY(deliveries.count("kubelet/node-1") && deliveries.at("kubelet/node-1") > 0);
    // ... while a gRPC client still needs a token: without one nothing is served.
    auto anonymous = getObject(s, target("pods", "default", "web"), "");
    EXPECT_API_ERROR(anonymous, grpc::StatusCode::UNAUTHENTICATED, "Unauthorized", 401);
    auto anonymousWrite = createPod(s, "sneaky", "");
    EXPECT_API_ERROR(anonymousWrite, grpc::StatusCode::UNAUTHENTICATED, "Unauthorized", 401);
    // bob may read pods (the scenario's role) but not create them.
    EXPECT_OK(getObject(s, target("pods", "default", "web"), kStudentToken));
    auto denied = createPod(s, "bobs", kStudentToken);
    EXPECT_API_ERROR(denied, grpc::StatusCode::PERMISSION_DENIED, "Forbidden", 403);
}

void RemoteSimulationTest::writesAreRecordedAndReplayed() {
    SimServer s;
    QVERIFY2(s.ok(), s.error().c_str());
    EXPECT_OK(stepFor(s, 10 * kSecond));
    auto created = createPod(s, "extra");
    EXPECT_OK(created);
    const auto extra = unpack<core::Pod>(created.response.object());
    const int64_t createdAt = elapsed(state(s));
    QVERIFY(createdAt >= 10 * kSecond && createdAt < 11 * kSecond);
    // Refused writes are not recorded.
    EXPECT_API_ERROR(createPod(s, "bobs", kStudentToken), grpc::StatusCode::PERMISSION_DENIED, "Forbidden", 403);
    EXPECT_API_ERROR(createPod(s, "extra"), grpc::StatusCode::ALREADY_EXISTS, "AlreadyExists", 409);
    EXPECT_OK(stepFor(s, 10 * kSecond));
    auto boundThen = unpack<core::Pod>(getObject(s, target("pods", "default", "extra")).response.object());
    QVERIFY(!boundThen.spec().node_name().empty());

    // After the creation: it is replayed (as the scenario runner) and the cluster reacts the same.
    auto after = rewindTo(s, createdAt + 5 * kSecond);
    EXPECT_OK(after);
    QCOMPARE(after.response.generation(), uint64_t(2));
    auto again = getObject(s, target("pods", "default", "extra"));
    EXPECT_OK(again);
    const auto replayed = unpack<core::Pod>(again.response.object());
    QCOMPARE(replayed.metadata().name(), extra.metadata().name());
    QCOMPARE(replayed.spec().node_name(), boundThen.spec().node_name());
    EXPECT_API_ERROR(getObject(s, target("pods", "default", "bobs")), grpc::StatusCode::NOT_FOUND, "NotFound", 404);

    // Before it: gone, and so is the record of it (forward again, it does not come back).
    auto before = rewindTo(s, createdAt - 2 * kSecond);
    EXPECT_OK(before);
    EXPECT_API_ERROR(getObject(s, target("pods", "default", "extra")), grpc::StatusCode::NOT_FOUND, "NotFound", 404);
    EXPECT_OK(getObject(s, target("pods", "default", "web")));
    EXPECT_OK(stepFor(s, 10 * kSecond));
    EXPECT_API_ERROR(getObject(s, target("pods", "default", "extra")), grpc::StatusCode::NOT_FOUND, "NotFound", 404);

    // A delete is recorded too.
    v1::DeleteRequest del;
    *del.mutable_target() = target("pods", "default", "web");
    del.mutable_options()->set_grace_period_seconds(0);
    EXPECT_OK(call(s.api(), &ApiStub::Delete, del));
    const int64_t deletedAt = elapsed(state(s));
    EXPECT_OK(stepFor(s, 5 * kSecond));
    EXPECT_API_ERROR(getObject(s, target("pods", "default", "web")), grpc::StatusCode::NOT_FOUND, "NotFound", 404);
    EXPECT_OK(rewindTo(s, deletedAt + kSecond));
    EXPECT_API_ERROR(getObject(s, target("pods", "default", "web")), grpc::StatusCode::NOT_FOUND, "NotFound", 404);
    EXPECT_OK(rewindTo(s, deletedAt - kSecond));
    EXPECT_OK(getObject(s, target("pods", "default", "web")));

    // A merge patch is recorded as well.
    v1::PatchRequest patch;
    *patch.mutable_target() = target("pods", "default", "web");
    patch.set_patch_type(v1::MERGE);
    patch.set_patch(R"({"metadata":{"labels":{"patched":"yes"}}})");
    EXPECT_OK(call(s.api(), &ApiStub::Patch, patch));
    const int64_t patchedAt = elapsed(state(s));
    EXPECT_OK(stepFor(s, 2 * kSecond));
    auto labels = [&] {
        return unpack<core::Pod>(getObject(s, target("pods", "default", "web")).response.object()).metadata().labels();
    };
    EXPECT_OK(rewindTo(s, patchedAt + kSecond));
    QCOMPARE(labels().count("patched"), size_t(1));
    EXPECT_OK(rewindTo(s, patchedAt - 1));
    QCOMPARE(labels().count("patched"), size_t(0));
    QCOMPARE(labels().at("app"), std::string("web"));
}

void RemoteSimulationTest::watchEndsWhenClusterReplaced_data() {
    QTest::addColumn<QString>("how");
    QTest::newRow("rewind") << QStringLiteral("rewind");
    QTest::newRow("reset") << QStringLiteral("reset");
    QTest::newRow("new scenario") << QStringLiteral("scenario");
}

void RemoteSimulationTest::watchEndsWhenClusterReplaced() {
    QFETCH(QString, how);
    SimServer s;
    QVERIFY2(s.ok(), s.error().c_str());
    EXPECT_OK(stepFor(s, 10 * kSecond));

    auto watch = watchPods(s);
    auto first = watch.next();
    QVERIFY(first);
    QCOMPARE(first->type(), std::string("ADDED"));
    QCOMPARE(unpack<core::Pod>(first->object()).metadata().name(), std::string("web"));
    // bob's watch (the role lets him) ends the same way.
    auto bobs = watchPods(s, kStudentToken);
    QVERIFY(bobs.next());

    Result<sv1::SimulationState> replaced;
    if (how == QLatin1String("rewind")) {
        replaced = rewindTo(s, 8 * kSecond);
    } else if (how == QLatin1String("reset")) {
        replaced = rewindTo(s, 0);
    } else {
        sv1::LoadScenarioRequest load;
        load.set_name("node-failure");
        replaced = call(s.sim(), &SimStub::LoadScenario, load);
    }
    EXPECT_OK(replaced);
    QCOMPARE(replaced.response.generation(), uint64_t(2));

    for (auto* w : {&watch, &bobs}) {
        QVERIFY(!w->next());
        grpc::Status ended = w->reader->Finish();
        QCOMPARE(int(ended.error_code()), int(grpc::StatusCode::OUT_OF_RANGE));
        const meta::Status k8s = trailingStatus(*w->context);
        QCOMPARE(k8s.reason(), std::string("Expired"));
        QCOMPARE(k8s.code(), 410);
        EXPECT_CONTAINS(ended.error_message(), "list again");
    }

    // A new watch is on the new cluster: its current pods, then what happens next.
    auto fresh = watchPods(s);
    if (how == QLatin1String("rewind")) {
        auto added = fresh.next();
        QVERIFY(added);
        QCOMPARE(added->type(), std::string("ADDED"));
        QCOMPARE(unpack<core::Pod>(added->object()).metadata().name(), std::string("web"));
    }
    EXPECT_OK(stepFor(s, 10 * kSecond));
    auto next = fresh.next();
    QVERIFY(next);
    const auto pod = unpack<core::Pod>(next->object());
    if (how == QLatin1String("scenario")) {
        QCOMPARE(next->type(), std::string("ADDED"));
        QVERIFY2(pod.metadata().name().rfind("web-", 0) == 0, pod.metadata().name().c_str());  // the Deployment's
    } else {
        QCOMPARE(pod.metadata().name(), std::string("web"));
    }
    QCOMPARE(int(fresh.cancel().error_code()), int(grpc::StatusCode::CANCELLED));
}

void RemoteSimulationTest::watchJourneys() {
    SimServer s;
    QVERIFY2(s.ok(), s.error().c_str());
    EXPECT_OK(stepFor(s, 10 * kSecond));

    auto stream = open(&SimStub::WatchJourneys, s, sv1::WatchJourneysRequest());
    auto first = stream.next();
    QVERIFY(first);
    QCOMPARE(first->generation(), uint64_t(1));
    QVERIFY(!first->reset());
    QVERIFY(first->records_size() > 0);
    int64_t lastSeq = 0;
    bool scheduling = false;
    for (const auto& r : first->records()) {
        QCOMPARE(r.seq(), lastSeq + 1);  // the whole history, in order
        lastSeq = r.seq();
        QCOMPARE(r.pod(), std::string("default/web"));
        scheduling = scheduling || r.stage().stage() == "scheduling";
        QVERIFY(r.stage().end_unix_nanos() >= r.stage().start_unix_nanos());
    }
    QVERIFY(scheduling);
    QCOMPARE(lastSeq, state(s).last_journey_seq());

    // More as they are recorded: a pod created now travels too.
    EXPECT_OK(createPod(s, "later"));
    EXPECT_OK(stepFor(s, 20 * kSecond));
    const int64_t target = state(s).last_journey_seq();
    QVERIFY(target > lastSeq);
    bool sawLater = false;
    while (lastSeq < target) {
        auto batch = stream.next();
        QVERIFY2(batch, "the stream ended before the new records came");
        QCOMPARE(batch->generation(), uint64_t(1));
        QVERIFY(!batch->reset());
        QVERIFY(batch->records_size() > 0);
        for (const auto& r : batch->records()) {
            QCOMPARE(r.seq(), lastSeq + 1);
            lastSeq = r.seq();
            sawLater = sawLater || r.pod() == "default/later";
        }
    }
    QVERIFY(sawLater);

    // A rewind starts a new generation: a batch says so, and the records start again at 1.
    auto back = rewindTo(s, 7 * kSecond);
    EXPECT_OK(back);
    auto reset = stream.next();
    QVERIFY(reset);
    QVERIFY(reset->reset());
    QCOMPARE(reset->generation(), uint64_t(2));
    int64_t seq = 0;
    for (const auto& r : reset->records()) {
        QCOMPARE(r.seq(), seq + 1);
        seq = r.seq();
        QCOMPARE(r.pod(), std::string("default/web"));
    }
    // (the records up to 7 s may come in this batch or the next)
    while (seq < back.response.last_journey_seq()) {
        auto batch = stream.next();
        QVERIFY(batch);
        QVERIFY(!batch->reset());
        QCOMPARE(batch->generation(), uint64_t(2));
        for (const auto& r : batch->records()) {
            QCOMPARE(r.seq(), seq + 1);
            seq = r.seq();
        }
    }
    QCOMPARE(int(stream.cancel().error_code()), int(grpc::StatusCode::CANCELLED));
}

void RemoteSimulationTest::watchJourneysResumesFromSeq() {
    SimServer s;
    QVERIFY2(s.ok(), s.error().c_str());
    EXPECT_OK(stepFor(s, 10 * kSecond));
    const auto st = state(s);
    QVERIFY(st.last_journey_seq() > 3);

    // From a seq of the current generation: only what came after it.
    sv1::WatchJourneysRequest from;
    from.set_after_seq(3);
    from.set_generation(st.generation());
    auto resumed = open(&SimStub::WatchJourneys, s, from);
    auto batch = resumed.next();
    QVERIFY(batch);
    QVERIFY(!batch->reset());
    QVERIFY(batch->records_size() > 0);
    QCOMPARE(batch->records(0).seq(), int64_t(4));
    QCOMPARE(batch->records(batch->records_size() - 1).seq(), st.last_journey_seq());
    resumed.cancel();

    // Up to date: an empty first batch, then nothing until there is news.
    from.set_after_seq(st.last_journey_seq());
    auto current = open(&SimStub::WatchJourneys, s, from);
    auto empty = current.next();
    QVERIFY(empty);
    QVERIFY(!empty->reset());
    QCOMPARE(empty->records_size(), 0);
    QCOMPARE(empty->generation(), st.generation());
    current.cancel();

    // From a seq of an older generation: told to forget it, and given the current one from 1.
    EXPECT_OK(rewindTo(s, 9 * kSecond));
    from.set_after_seq(5);
    from.set_generation(1);
    auto stale = open(&SimStub::WatchJourneys, s, from);
    auto restarted = stale.next();
    QVERIFY(restarted);
    QVERIFY(restarted->reset());
    QCOMPARE(restarted->generation(), uint64_t(2));
    QVERIFY(restarted->records_size() > 0);
    QCOMPARE(restarted->records(0).seq(), int64_t(1));
    stale.cancel();
}

void RemoteSimulationTest::watchMetrics() {
    SimServer s;
    QVERIFY2(s.ok(), s.error().c_str());
    EXPECT_OK(stepFor(s, 30 * kSecond));

    auto stream = open(&SimStub::WatchMetrics, s, sv1::WatchMetricsRequest());
    auto first = stream.next();
    QVERIFY(first);
    QCOMPARE(first->generation(), uint64_t(1));
    QVERIFY(!first->reset());
    QVERIFY(first->series_size() > 0);
    std::map<std::string, int64_t> last;
    bool runningPods = false;
    for (const auto& series : first->series()) {
        QVERIFY(series.samples_size() > 0);
        int64_t t = 0;
        for (const auto& sample : series.samples()) {
            QVERIFY(sample.at_unix_nanos() > t);
            t = sample.at_unix_nanos();
        }
        last[series.name()] = t;
        if (series.name() == "pods{phase=\"Running\"}") runningPods = series.samples(series.samples_size() - 1).value() == 1;
    }
    QVERIFY(last.count("pods{phase=\"Running\"}"));
    QVERIFY(runningPods);

    // New samples only, after the ones sent.
    EXPECT_OK(stepFor(s, 20 * kSecond));
    auto more = stream.next();
    QVERIFY(more);
    QVERIFY(!more->reset());
    QVERIFY(more->series_size() > 0);
    for (const auto& series : more->series())
        for (const auto& sample : series.samples())
            if (last.count(series.name())) QVERIFY(sample.at_unix_nanos() > last[series.name()]);

    // A rewind: a batch with reset and the new generation.
    EXPECT_OK(rewindTo(s, 12 * kSecond));
    bool reset = false;
    for (int i = 0; i < 5 && !reset; ++i) {
        auto batch = stream.next();
        QVERIFY(batch);
        if (batch->reset()) {
            reset = true;
            QCOMPARE(batch->generation(), uint64_t(2));
            for (const auto& series : batch->series())
                for (const auto& sample : series.samples())
                    QVERIFY(sample.at_unix_nanos() <= state(s).now_unix_nanos());
        }
    }
    QVERIFY(reset);

    // since_unix_nanos: samples before it are left out.
    const auto st = state(s);
    sv1::WatchMetricsRequest since;
    since.set_since_unix_nanos(st.epoch_unix_nanos() + 10 * kSecond);
    auto later = open(&SimStub::WatchMetrics, s, since);
    auto batch = later.next();
    QVERIFY(batch);
    QVERIFY(batch->series_size() > 0);
    for (const auto& series : batch->series())
        for (const auto& sample : series.samples()) QVERIFY(sample.at_unix_nanos() >= since.since_unix_nanos());
    later.cancel();
    QCOMPARE(int(stream.cancel().error_code()), int(grpc::StatusCode::CANCELLED));
}

void RemoteSimulationTest::watchState() {
    SimServer s;
    QVERIFY2(s.ok(), s.error().c_str());
    sv1::WatchStateRequest request;
    request.set_min_interval_millis(10);
    auto stream = open(&SimStub::WatchState, s, request);
    auto first = stream.next();
    QVERIFY(first);
    QCOMPARE(first->generation(), uint64_t(1));
    QCOMPARE(first->now_unix_nanos(), first->epoch_unix_nanos());

    auto stepped = stepFor(s, 5 * kSecond);
    EXPECT_OK(stepped);
    std::optional<sv1::SimulationState> moved;
    for (int i = 0; i < 10 && !moved; ++i) {
        auto next = stream.next();
        QVERIFY(next);
        if (next->now_unix_nanos() != first->now_unix_nanos()) moved = next;
    }
    QVERIFY(moved);
    QCOMPARE(moved->now_unix_nanos(), stepped.response.state().now_unix_nanos());
    QCOMPARE(moved->revision(), stepped.response.state().revision());

    sv1::SetPlayingRequest play;
    play.set_playing(true);
    EXPECT_OK(call(s.sim(), &SimStub::SetPlaying, play));
    bool playing = false;
    for (int i = 0; i < 10 && !playing; ++i) {
        auto next = stream.next();
        QVERIFY(next);
        playing = next->playing();
    }
    QVERIFY(playing);

    EXPECT_OK(rewindTo(s, 0));
    bool newGeneration = false;
    for (int i = 0; i < 50 && !newGeneration; ++i) {
        auto next = stream.next();
        QVERIFY(next);
        newGeneration = next->generation() == 2;
    }
    QVERIFY(newGeneration);
    QCOMPARE(int(stream.cancel().error_code()), int(grpc::StatusCode::CANCELLED));
}

void RemoteSimulationTest::idleStreamsDoNotSpin() {
    SimServer s;
    QVERIFY2(s.ok(), s.error().c_str());
    EXPECT_OK(stepFor(s, 20 * kSecond));
    auto states = open(&SimStub::WatchState, s, sv1::WatchStateRequest());
    auto journeys = open(&SimStub::WatchJourneys, s, sv1::WatchJourneysRequest());
    auto metrics = open(&SimStub::WatchMetrics, s, sv1::WatchMetricsRequest());
    QVERIFY(states.next());
    QVERIFY(journeys.next());
    QVERIFY(metrics.next());
    std::this_thread::sleep_for(std::chrono::milliseconds(200));

    // Paused, nothing to send: the streams wait for news rather than look again and again (each
    // look would lock the session the driver and every call need).
    const uint64_t changes = s.host().changes();
    const double cpu = cpuSeconds();
    std::this_thread::sleep_for(std::chrono::milliseconds(600));
    const uint64_t looked = s.host().changes() - changes;
    const double used = cpuSeconds() - cpu;
    QVERIFY2(looked < 20, qPrintable(QStringLiteral("%1 changes counted while idle").arg(looked)));
    QVERIFY2(used < 0.3, qPrintable(QStringLiteral("%1 s of CPU used in 0.6 s while idle").arg(used)));

    // ... and still answer at once when there is news.
    EXPECT_OK(stepFor(s, 5 * kSecond));
    auto next = states.next();
    QVERIFY(next);
    QCOMPARE(int(states.cancel().error_code()), int(grpc::StatusCode::CANCELLED));
    QCOMPARE(int(journeys.cancel().error_code()), int(grpc::StatusCode::CANCELLED));
    QCOMPARE(int(metrics.cancel().error_code()), int(grpc::StatusCode::CANCELLED));
}

void RemoteSimulationTest::streamsTakeNoThreadEach() {
    SimServer s;
    QVERIFY2(s.ok(), s.error().c_str());
    EXPECT_OK(stepFor(s, 5 * kSecond));
    auto threads = [] {
        return std::distance(std::filesystem::directory_iterator("/proc/self/task"), std::filesystem::directory_iterator{});
    };
    // Warm up gRPC's own threads with one set first.
    auto warm = open(&SimStub::WatchState, s, sv1::WatchStateRequest());
    QVERIFY(warm.next());
    const auto before = threads();
    constexpr int kClients = 30;
    std::vector<Stream<sv1::SimulationState>> states(kClients);
    std::vector<Stream<sv1::JourneyBatch>> journeys(kClients);
    std::vector<Stream<sv1::MetricsBatch>> metrics(kClients);
    for (int i = 0; i < kClients; ++i) {
        states[size_t(i)] = open(&SimStub::WatchState, s, sv1::WatchStateRequest());
        journeys[size_t(i)] = open(&SimStub::WatchJourneys, s, sv1::WatchJourneysRequest());
        metrics[size_t(i)] = open(&SimStub::WatchMetrics, s, sv1::WatchMetricsRequest());
    }
    for (int i = 0; i < kClients; ++i) {
        QVERIFY(states[size_t(i)].next());
        QVERIFY(journeys[size_t(i)].next());
        QVERIFY(metrics[size_t(i)].next());
    }
    const auto grown = threads() - before;
    QVERIFY2(grown < kClients, qPrintable(QStringLiteral("%1 threads more for %2 streams").arg(grown).arg(3 * kClients)));
    // Every stream still follows the simulation.
    auto stepped = stepFor(s, 5 * kSecond);
    EXPECT_OK(stepped);
    for (int i = 0; i < kClients; ++i) {
        bool moved = false;
        for (int k = 0; k < 10 && !moved; ++k) {
            auto next = states[size_t(i)].next();
            QVERIFY(next);
            moved = next->now_unix_nanos() == stepped.response.state().now_unix_nanos();
        }
        QVERIFY(moved);
    }
    for (int i = 0; i < kClients; ++i) {
        QCOMPARE(int(states[size_t(i)].cancel().error_code()), int(grpc::StatusCode::CANCELLED));
        QCOMPARE(int(journeys[size_t(i)].cancel().error_code()), int(grpc::StatusCode::CANCELLED));
        QCOMPARE(int(metrics[size_t(i)].cancel().error_code()), int(grpc::StatusCode::CANCELLED));
    }
    QCOMPARE(int(warm.cancel().error_code()), int(grpc::StatusCode::CANCELLED));
}

void RemoteSimulationTest::concurrentCallsDuringRewinds() {
    SimServer s;
    QVERIFY2(s.ok(), s.error().c_str());
    sv1::SetSpeedRequest speed;
    speed.set_speed(1000);
    EXPECT_OK(call(s.sim(), &SimStub::SetSpeed, speed));
    sv1::SetPlayingRequest play;
    play.set_playing(true);
    EXPECT_OK(call(s.sim(), &SimStub::SetPlaying, play));
    QTRY_VERIFY_WITH_TIMEOUT(elapsed(state(s)) > 10 * kSecond, 5000);

    // Writers, readers, watchers and streams while the cluster is rewound again and again: every
    // call ends (no deadlock), none with an unexpected error.
    std::atomic<bool> done{false};
    std::atomic<int> failures{0}, writes{0}, reads{0}, watches{0};
    std::mutex mutex;
    std::vector<std::string> errors;
    auto failed = [&](const std::string& what) {
        failures.fetch_add(1);
        std::lock_guard lock(mutex);
        if (errors.size() < 10) errors.push_back(what);
    };
    auto expected = [](grpc::StatusCode c) {
        // A rewind may take a pod away under a reader, or bring a name back.
        return c == grpc::StatusCode::OK || c == grpc::StatusCode::NOT_FOUND || c == grpc::StatusCode::ALREADY_EXISTS;
    };
    std::vector<std::thread> threads;
    threads.emplace_back([&] {
        for (int i = 0; !done; ++i) {
            auto r = createPod(s, "busy-" + std::to_string(i));
            if (!expected(r.status.error_code())) failed("create: " + r.status.error_message());
            writes.fetch_add(1);
        }
    });
    threads.emplace_back([&] {
        while (!done) {
            v1::ListRequest request;
            *request.mutable_target() = target("pods", "default");
            auto r = call(s.api(), &ApiStub::List, request, kStudentToken);
            if (!r.ok()) failed("list: " + r.status.error_message());
            auto st = getState(s, kStudentToken);
            if (!st.ok()) failed("state: " + st.status.error_message());
            reads.fetch_add(1);
        }
    });
    threads.emplace_back([&] {
        while (!done) {
            auto w = watchPods(s);
            int events = 0;
            while (w.next() && ++events < 3) {
            }
            const grpc::Status st = events >= 3 ? w.cancel() : w.reader->Finish();
            if (st.error_code() != grpc::StatusCode::CANCELLED && st.error_code() != grpc::StatusCode::OUT_OF_RANGE)
                failed("watch: " + std::to_string(int(st.error_code())) + " " + st.error_message());
            watches.fetch_add(1);
        }
    });
    threads.emplace_back([&] {
        auto journeys = open(&SimStub::WatchJourneys, s, sv1::WatchJourneysRequest());
        while (!done && journeys.next()) {
        }
        if (!done) failed("WatchJourneys ended early");
        journeys.cancel();
    });
    for (int i = 0; i < 6; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        auto r = rewindTo(s, (i % 3) * 4 * kSecond + kSecond);
        if (!r.ok()) failed("rewind: " + r.status.error_message());
        EXPECT_OK(r);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    done = true;
    for (auto& t : threads) t.join();
    QVERIFY2(failures == 0, errors.empty() ? "" : errors.front().c_str());
    QVERIFY(writes > 0 && reads > 0 && watches > 0);
    QCOMPARE(state(s).generation(), uint64_t(7));
}

void RemoteSimulationTest::shutdownEndsStreams() {
    SimServer s;
    QVERIFY2(s.ok(), s.error().c_str());
    EXPECT_OK(stepFor(s, 10 * kSecond));
    auto states = open(&SimStub::WatchState, s, sv1::WatchStateRequest());
    auto journeys = open(&SimStub::WatchJourneys, s, sv1::WatchJourneysRequest());
    auto metrics = open(&SimStub::WatchMetrics, s, sv1::WatchMetricsRequest());
    auto pods = watchPods(s);
    QVERIFY(states.next());
    QVERIFY(journeys.next());
    QVERIFY(metrics.next());
    QVERIFY(pods.next());

    // As pilothouse-server stops: the streams end at once (not at the shutdown's deadline).
    QElapsedTimer timer;
    timer.start();
    s.stop();
    QVERIFY2(timer.elapsed() < 2000, qPrintable(QStringLiteral("the shutdown took %1 ms").arg(timer.elapsed())));
    QVERIFY(!states.next());
    QVERIFY(!journeys.next());
    QVERIFY(!metrics.next());
    QVERIFY(!pods.next());
    QCOMPARE(int(states.reader->Finish().error_code()), int(grpc::StatusCode::UNAVAILABLE));
    QCOMPARE(int(journeys.reader->Finish().error_code()), int(grpc::StatusCode::UNAVAILABLE));
    QCOMPARE(int(metrics.reader->Finish().error_code()), int(grpc::StatusCode::UNAVAILABLE));
    QCOMPARE(int(pods.reader->Finish().error_code()), int(grpc::StatusCode::UNAVAILABLE));
}

void RemoteSimulationTest::restartContinuesFromStore() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string store = dir.filePath(QStringLiteral("store.db")).toStdString();
    sv1::SimulationState saved;
    {
        SimServer s(dir, /*fileStore=*/true);
        QVERIFY2(s.ok(), s.error().c_str());
        EXPECT_OK(stepFor(s, 10 * kSecond));
        EXPECT_OK(createPod(s, "kept"));
        sv1::ConfigureSchedulerRequest configure;
        configure.set_yaml(kMostAllocated);
        EXPECT_OK(call(s.sim(), &SimStub::ConfigureScheduler, configure));
        EXPECT_OK(stepFor(s, 20 * kSecond));
        saved = state(s);
        // pilothouse-server's shutdown: the session saved into its store file.
        Status st = cluster::Session::closeIntoStore(s.release());
        QVERIFY2(st.isOk(), st.message().c_str());
    }
    // ... and its start on the same file: a copy kept as .previous, the session resumed from it.
    cluster::Session::OpenedWorkspace opened;
    auto resumed = cluster::Session::continueStore(sessionOptions(dir, true), &opened);
    QVERIFY2(resumed.isOk(), resumed.status().message().c_str());
    QVERIFY(std::filesystem::exists(store + ".previous"));
    QCOMPARE(opened.warning, std::string());
    QVERIFY(!(*resumed)->playing());

    SimServer s(std::move(*resumed));
    QVERIFY2(s.ok(), s.error().c_str());
    const auto st = state(s);
    QCOMPARE(st.revision(), saved.revision());
    QCOMPARE(st.now_unix_nanos(), saved.now_unix_nanos());
    QCOMPARE(st.epoch_unix_nanos(), saved.epoch_unix_nanos());
    QCOMPARE(st.scenario(), saved.scenario());
    QCOMPARE(st.last_journey_seq(), saved.last_journey_seq());
    auto kept = getObject(s, target("pods", "default", "kept"));
    EXPECT_OK(kept);
    QVERIFY(!unpack<core::Pod>(kept.response.object()).spec().node_name().empty());
    EXPECT_OK(getObject(s, target("pods", "default", "web")));
    // The roles came back with the scenario: bob still reads and is still refused changes.
    EXPECT_OK(getState(s, kStudentToken));
    sv1::SetPlayingRequest play;
    play.set_playing(true);
    EXPECT_API_ERROR(call(s.sim(), &SimStub::SetPlaying, play, kStudentToken), grpc::StatusCode::PERMISSION_DENIED, "Forbidden",
                     403);
    sv1::GetSchedulerConfigurationRequest at;
    at.set_at_unix_nanos(st.now_unix_nanos());
    EXPECT_CONTAINS(call(s.sim(), &SimStub::GetSchedulerConfiguration, at).response.yaml(), "MostAllocated");

    // What was done before the restart is still recorded: a rewind before it forgets it, one
    // after it replays it.
    EXPECT_OK(rewindTo(s, 5 * kSecond));
    EXPECT_API_ERROR(getObject(s, target("pods", "default", "kept")), grpc::StatusCode::NOT_FOUND, "NotFound", 404);
    s.stop();
    resumed = cluster::Session::resume(sessionOptions(dir, true), store + ".previous", &opened);
    QVERIFY2(resumed.isOk(), resumed.status().message().c_str());
    SimServer again(std::move(*resumed));
    QVERIFY2(again.ok(), again.error().c_str());
    EXPECT_OK(rewindTo(again, 15 * kSecond));
    EXPECT_OK(getObject(again, target("pods", "default", "kept")));
}

QTEST_GUILESS_MAIN(RemoteSimulationTest)
