#include "cluster_test.h"

#include <QDir>
#include <QtTest>

#include <map>
#include <set>
#include <sstream>

#include "api/codec/json.h"
#include "api/object.h"
#include "client/event_recorder.h"
#include "client/informer.h"
#include "client/shared_informer_factory.h"
#include "client/record/event_recorder.h"
#include "client/workqueue.h"
#include "cluster/cluster.h"
#include "cluster/scenario.h"
#include "cluster/workspace.h"
#include "core_v1.pb.h"
#include "kubectl/simulate_command.h"
#include "testing/scenario_run.h"

using namespace pilothouse;
namespace core = k8s::io::api::core::v1;
using namespace std::chrono_literals;

namespace {

std::shared_ptr<core::Node> node(const std::string& name) {
    auto n = std::make_shared<core::Node>();
    n->mutable_metadata()->set_name(name);
    (*n->mutable_status()->mutable_capacity())["cpu"] = "2";
    (*n->mutable_status()->mutable_capacity())["pods"] = "110";
    return n;
}

apiserver::Response create(cluster::Cluster& c, const char* resource, std::shared_ptr<google::protobuf::Message> obj) {
    apiserver::Request r;
    r.verb = "create";
    r.type = api::Scheme::instance().byName(resource);
    r.namespace_ = api::metadata(*obj).namespace_();
    r.body = std::move(obj);
    return c.apiServer().handle(r);
}

// A component that has timed work at fixed instants and counts its reconciles at each.
class Ticker final : public cluster::Component {
public:
    explicit Ticker(const sim::Clock& clock, std::vector<sim::Duration> at) : clock_(clock), at_(std::move(at)) {}
    std::string name() const override { return "ticker"; }
    Status start() override { return {}; }
    StatusOr<bool> reconcile() override {
        bool did = false;
        while (next_ < at_.size() && clock_.now() >= sim::kDefaultEpoch + at_[next_]) {
            seen.push_back(clock_.now() - sim::kDefaultEpoch);
            ++next_;
            did = true;
        }
        return did;
    }
    std::optional<sim::Time> nextWakeup() const override {
        if (next_ >= at_.size()) return std::nullopt;
        return sim::kDefaultEpoch + at_[next_];
    }
    std::vector<sim::Duration> seen;

private:
    const sim::Clock& clock_;
    std::vector<sim::Duration> at_;
    size_t next_ = 0;
};

std::string simulate(const std::string& path, const std::vector<std::string>& extra = {}) {
    std::ostringstream out, err;
    std::vector<std::string> args = {path, "-o", "json"};
    args.insert(args.end(), extra.begin(), extra.end());
    const int rc = kubectl::cmdSimulate(args, out, err);
    if (rc != 0) qWarning("%s", err.str().c_str());
    return rc == 0 ? out.str() : "";
}

}  // namespace

void ClusterTest::parseDuration_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("nanos");  // -1: an error
    QTest::newRow("seconds") << "30s" << qint64(30'000'000'000);
    QTest::newRow("minutes") << "5m" << qint64(300'000'000'000);
    QTest::newRow("compound") << "1m30s" << qint64(90'000'000'000);
    QTest::newRow("fraction") << "1.5s" << qint64(1'500'000'000);
    QTest::newRow("millis") << "500ms" << qint64(500'000'000);
    QTest::newRow("hours") << "2h" << qint64(7'200'000'000'000);
    QTest::newRow("zero") << "0" << qint64(0);
    QTest::newRow("no unit") << "30" << qint64(-1);
    QTest::newRow("unknown unit") << "5 minutes" << qint64(-1);
    QTest::newRow("empty") << "" << qint64(-1);
}

void ClusterTest::parseDuration() {
    QFETCH(QString, text);
    QFETCH(qint64, nanos);
    auto d = cluster::parseDuration(text.toStdString());
    if (nanos < 0) {
        QVERIFY(!d);
        return;
    }
    QVERIFY2(d, d.status().message().c_str());
    QCOMPARE(qint64(d->count()), nanos);
}

void ClusterTest::scenarioErrors_data() {
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<QString>("error");
    const QString head = "apiVersion: pilothouse.dev/v1alpha1\nkind: Scenario\nmetadata: {name: s}\nspec:\n";
    QTest::newRow("bad duration") << head + "  actions:\n  - {at: 5 minutes, action: cordon, node: a}\n"
                                  << "s.yaml: document 1: spec.actions[0].at: unknown unit \" minutes\" in duration \"5 minutes\"";
    QTest::newRow("unknown action") << head + "  actions:\n  - {at: 5s, action: reboot, node: a}\n"
                                    << "s.yaml: document 1: spec.actions[0].action: Unsupported value: \"reboot\"";
    QTest::newRow("missing node") << head + "  actions:\n  - {at: 5s, action: failNode}\n"
                                  << "s.yaml: document 1: spec.actions[0].node: Required value for action failNode";
    QTest::newRow("unknown field") << head + "  actions:\n  - {at: 5s, action: cordon, node: a, when: now}\n"
                                   << "s.yaml: document 1: spec.actions[0].when: unknown field";
    QTest::newRow("bad probe") << head + "  actions:\n  - {at: 5s, action: breakProbe, name: p, probe: health}\n"
                               << "s.yaml: document 1: spec.actions[0].probe: Unsupported value: \"health\"";
    QTest::newRow("bad cascade") << head + "  actions:\n  - {at: 5s, action: delete, kind: Deployment, name: web, cascade: all}\n"
                                 << "s.yaml: document 1: spec.actions[0].cascade: Unsupported value: \"all\": supported values: \"background\", \"foreground\", \"orphan\"";
    QTest::newRow("name and selector") << head + "  actions:\n  - {at: 5s, action: delete, kind: Pod, name: web, selector: app=web}\n"
                                       << "s.yaml: document 1: spec.actions[0].selector: name cannot be provided when a selector is specified";
    QTest::newRow("delete needs a name or selector") << head + "  actions:\n  - {at: 5s, action: delete, kind: Pod}\n"
                                                     << "s.yaml: document 1: spec.actions[0].name: Required value for action delete";
    QTest::newRow("second document")
        << "apiVersion: v1\nkind: Namespace\nmetadata: {name: x}\n---\n" + head + "  seed: -1\n"
        << "s.yaml: document 2: spec.seed: must be a non-negative integer";
}

void ClusterTest::scenarioErrors() {
    QFETCH(QString, yaml);
    QFETCH(QString, error);
    std::vector<std::string> warnings;
    auto s = cluster::loadScenario(yaml.toStdString(), "s.yaml", &warnings);
    QVERIFY(!s);
    QVERIFY2(QString::fromStdString(s.status().message()).startsWith(error), s.status().message().c_str());
}

void ClusterTest::scenarioActions() {
    const std::string yaml =
        "apiVersion: pilothouse.dev/v1alpha1\nkind: Scenario\nmetadata: {name: demo}\n"
        "spec:\n  description: d\n  seed: 7\n  actions:\n"
        "  - {at: 1m, action: scale, kind: Deployment, name: web, replicas: 3}\n"
        "  - {at: 90s, action: breakProbe, name: web-1, container: c, probe: readiness, broken: false}\n"
        "---\napiVersion: v1\nkind: Node\nmetadata: {name: n1}\n";
    std::vector<std::string> warnings;
    auto s = cluster::loadScenario(yaml, "s.yaml", &warnings);
    QVERIFY2(s, s.status().message().c_str());
    QCOMPARE(s->name, std::string("demo"));
    QCOMPARE(s->seed, uint64_t(7));
    QCOMPARE(int(s->objects.size()), 1);
    QCOMPARE(int(s->actions.size()), 2);
    QCOMPARE(s->actions[0].at, sim::Duration(60s));
    QCOMPARE(*s->actions[0].replicas, 3);
    QCOMPARE(s->actions[1].broken, false);
    QCOMPARE(s->actions[1].where, std::string("s.yaml: document 1: spec.actions[1]"));
}

void ClusterTest::workQueueBackoff() {
    sim::VirtualClock clock;
    client::WorkQueue q(clock);
    q.add("a");
    q.add("a");  // once in the queue however often it is added
    QCOMPARE(q.get().value(), std::string("a"));
    QVERIFY(!q.get());
    // Failures back off 5 ms, 10 ms, 20 ms ...
    for (int i = 0; i < 3; ++i) {
        q.addRateLimited("a");
        QVERIFY(!q.get());
        const auto ready = q.nextReadyTime().value();
        QCOMPARE(ready - clock.now(), sim::Duration(std::chrono::milliseconds(5 << i)));
        clock.advanceTo(ready);
        QCOMPARE(q.get().value(), std::string("a"));
    }
    QCOMPARE(q.numRequeues("a"), 3);
    q.forget("a");
    QCOMPARE(q.numRequeues("a"), 0);
}

// kube-controller-manager's shared informers: one informer per resource and options for every
// user; a user who comes after the start sees the cache as adds; one sync delivers to every user;
// a resync skips handlers registered without one (the garbage collector's); the watches count
// under the factory's client.
void ClusterTest::sharedInformersServeEveryUser() {
    auto c = cluster::Cluster::create({});
    QVERIFY(c);
    QVERIFY(create(**c, "nodes", node("a")).ok());
    client::SharedInformerFactory factory((*c)->apiServer(), "", "kube-controller-manager");
    const auto& nodes = *api::Scheme::instance().byName("nodes");
    client::Informer& first = factory.informerFor(nodes);
    QCOMPARE(&factory.informerFor(nodes), &first);
    QVERIFY(&factory.informerFor(nodes, client::ListOptions{"", "role=db", ""}) != &first);
    std::vector<std::string> log;
    auto handlers = [&](const std::string& who, bool resync) {
        return client::InformerHandlers{
            [&log, who](const client::ObjectPtr& o) { log.push_back(who + " add " + client::keyOf(*o)); },
            [&log, who](const client::ObjectPtr&, const client::ObjectPtr& o) { log.push_back(who + " update " + client::keyOf(*o)); },
            [&log, who](const client::ObjectPtr& o) { log.push_back(who + " delete " + client::keyOf(*o)); }, resync};
    };
    first.setResyncPeriod((*c)->clock(), std::chrono::seconds(10));
    first.addHandlers(handlers("rs", true));
    QVERIFY(first.start().isOk());
    QVERIFY(create(**c, "nodes", node("b")).ok());
    QCOMPARE(*first.sync(), size_t(1));
    // A later user: the cache as adds; starting again lists nothing.
    first.setResyncPeriod((*c)->clock(), std::chrono::seconds(10));
    first.addHandlers(handlers("gc", false));
    QVERIFY(first.start().isOk());
    QCOMPARE(log, (std::vector<std::string>{"rs add a", "rs add b", "gc add a", "gc add b"}));
    log.clear();
    QVERIFY(create(**c, "nodes", node("c")).ok());
    QCOMPARE(*first.sync(), size_t(1));
    QCOMPARE(log, (std::vector<std::string>{"rs add c", "gc add c"}));
    log.clear();
    (*c)->loop().runFor(std::chrono::seconds(10));
    QCOMPARE(*first.sync(), size_t(3));
    QCOMPARE(log, (std::vector<std::string>{"rs update a", "rs update b", "rs update c"}));
    // An index added after the start files the cache, then follows the changes.
    first.addIndexer("even", [](const google::protobuf::Message& o) {
        const std::string& name = api::metadata(o).name();
        return name == "b" ? std::vector<std::string>{"yes"} : std::vector<std::string>{"no"};
    });
    auto filed = [&](const std::string& value) {
        std::string out;
        for (const auto& o : first.byIndex("even", value)) out += client::keyOf(*o);
        return out;
    };
    QCOMPARE(filed("no"), std::string("ac"));
    QCOMPARE(filed("yes"), std::string("b"));
    apiserver::Request del;
    del.verb = "delete";
    del.type = &nodes;
    del.name = "a";
    QVERIFY((*c)->apiServer().handle(del).ok());
    QCOMPARE(*first.sync(), size_t(1));
    QCOMPARE(filed("no"), std::string("c"));
    QVERIFY(first.byIndex("unknown", "no").empty());
    const auto deliveries = (*c)->apiServer().watchDeliveries();
    QVERIFY(deliveries.contains("kube-controller-manager"));
    QCOMPARE(deliveries.at("kube-controller-manager"), int64_t(3));
}

void ClusterTest::informerFollowsChanges() {
    auto c = cluster::Cluster::create({});
    QVERIFY(c);
    QVERIFY(create(**c, "nodes", node("a")).ok());
    client::Informer inf((*c)->apiServer(), *api::Scheme::instance().byName("nodes"), "");
    std::vector<std::string> log;
    inf.addHandlers({[&](const client::ObjectPtr& o) { log.push_back("add " + client::keyOf(*o)); },
                     [&](const client::ObjectPtr&, const client::ObjectPtr& o) { log.push_back("update " + client::keyOf(*o)); },
                     [&](const client::ObjectPtr& o) { log.push_back("delete " + client::keyOf(*o)); }});
    QVERIFY(inf.start().isOk());
    QVERIFY(create(**c, "nodes", node("b")).ok());
    apiserver::Request del;
    del.verb = "delete";
    del.type = api::Scheme::instance().byName("nodes");
    del.name = "a";
    QVERIFY((*c)->apiServer().handle(del).ok());
    auto n = inf.sync();
    QVERIFY(n);
    QCOMPARE(*n, size_t(2));
    QCOMPARE(log, (std::vector<std::string>{"add a", "add b", "delete a"}));
    QCOMPARE(int(inf.items().size()), 1);
    QVERIFY(inf.get("b"));

    // A resync period replays the cache to the update handlers (old == new) every period.
    log.clear();
    inf.setResyncPeriod((*c)->clock(), std::chrono::seconds(10));
    QCOMPARE(*inf.nextResync(), (*c)->clock().now() + std::chrono::seconds(10));
    (*c)->loop().runFor(std::chrono::seconds(9));
    QCOMPARE(*inf.sync(), size_t(0));
    (*c)->loop().runFor(std::chrono::seconds(1));
    QCOMPARE(*inf.sync(), size_t(1));
    QCOMPARE(log, (std::vector<std::string>{"update b"}));
    QCOMPARE(*inf.nextResync(), (*c)->clock().now() + std::chrono::seconds(10));
}

void ClusterTest::recorderCountsRepeats() {
    auto c = cluster::Cluster::create({});
    QVERIFY(c);
    auto pod = std::make_shared<core::Pod>();
    pod->mutable_metadata()->set_name("p");
    pod->mutable_metadata()->set_namespace_("default");
    pod->mutable_metadata()->set_uid("u1");
    client::record::EventRecorder rec((*c)->apiServer(), (*c)->clock(), "kubelet", "node-1", "");
    QVERIFY(rec.event(*pod, "Warning", "BackOff", "Back-off pulling image \"x\"").isOk());
    (*c)->loop().runFor(10s);
    QVERIFY(rec.event(*pod, "Warning", "BackOff", "Back-off pulling image \"x\"").isOk());
    QVERIFY(rec.event(*pod, "Normal", "Pulling", "Pulling image \"x\"").isOk());
    apiserver::Request list;
    list.verb = "list";
    list.type = api::Scheme::instance().byName("events");
    auto resp = (*c)->apiServer().handle(list);
    QCOMPARE(int(resp.items.size()), 2);
    bool found = false;
    for (const auto& item : resp.items) {
        const auto& e = static_cast<const core::Event&>(*item);
        if (e.reason() != "BackOff") continue;
        found = true;
        QCOMPARE(e.count(), 2);
        QCOMPARE(e.first_timestamp(), std::string("2024-01-01T00:00:00Z"));
        QCOMPARE(e.last_timestamp(), std::string("2024-01-01T00:00:10Z"));
        QCOMPARE(e.source().component(), std::string("kubelet"));
        QCOMPARE(e.source().host(), std::string("node-1"));
        QCOMPARE(e.involved_object().kind(), std::string("Pod"));
    }
    QVERIFY(found);
}

// events.k8s.io series (the scheduler's recorder): the second isomorphic event patches the first
// with count 2, later ones count in memory until the 6-minute finishSeries writes the total.
// Asynchronous (the recorder's own thread writes, as the broadcaster does): the same events once
// flushed.
void ClusterTest::eventSeries_data() {
    QTest::addColumn<bool>("async");
    QTest::newRow("written by eventf") << false;
    QTest::newRow("written by the recorder's thread") << true;
}

void ClusterTest::eventSeries() {
    QFETCH(bool, async);
    auto c = cluster::Cluster::create({});
    QVERIFY(c);
    core::Pod pod;
    pod.mutable_metadata()->set_name("p");
    pod.mutable_metadata()->set_namespace_("default");
    pod.mutable_metadata()->set_uid("u1");
    client::EventRecorder rec((*c)->apiServer(), (*c)->clock(), "default-scheduler", "default-scheduler-x", "");
    client::EventRecorder other((*c)->apiServer(), (*c)->clock(), "default-scheduler", "default-scheduler-x", "");
    if (async) {
        rec.startRecordingAsync();
        other.startRecordingAsync();
    }
    auto events = [&] {
        rec.flush();
        other.flush();
        apiserver::Request list;
        list.verb = "list";
        list.type = api::Scheme::instance().byName("events");
        std::vector<core::Event> out;
        for (auto& item : (*c)->apiServer().handle(list).items) out.push_back(static_cast<const core::Event&>(*item));
        return out;
    };
    QVERIFY(rec.eventf(pod, nullptr, "Warning", "FailedScheduling", "Scheduling", "0/3 nodes are available: first").isOk());
    QCOMPARE(events().size(), size_t(1));
    QVERIFY(!events()[0].has_series());
    (*c)->loop().runFor(10s);
    // The note is not part of the key: the stored event keeps the first message.
    QVERIFY(rec.eventf(pod, nullptr, "Warning", "FailedScheduling", "Scheduling", "0/3 nodes are available: second").isOk());
    auto e = events();
    QCOMPARE(e.size(), size_t(1));
    QCOMPARE(e[0].series().count(), 2);
    QCOMPARE(e[0].series().last_observed_time(), std::string("2024-01-01T00:00:10.000000Z"));
    QCOMPARE(e[0].message(), std::string("0/3 nodes are available: first"));
    (*c)->loop().runFor(10s);
    QVERIFY(rec.eventf(pod, nullptr, "Warning", "FailedScheduling", "Scheduling", "third").isOk());
    QVERIFY(rec.eventf(pod, nullptr, "Normal", "Scheduled", "Binding", "Successfully assigned default/p to n").isOk());
    e = events();
    QCOMPARE(e.size(), size_t(2));  // the third FailedScheduling only counted in memory
    for (const auto& ev : e)
        if (ev.reason() == "FailedScheduling") QCOMPARE(ev.series().count(), 2);
    // finishSeries: 6 minutes after the recorder started; the series was last seen at 20 s, so it
    // is not yet 6 minutes old at 6:00 and is written at the 12:00 run.
    (*c)->loop().runFor(std::chrono::seconds(340));
    QVERIFY(rec.tick().isOk());
    for (const auto& ev : events())
        if (ev.reason() == "FailedScheduling") QCOMPARE(ev.series().count(), 2);
    (*c)->loop().runFor(std::chrono::seconds(360));
    QVERIFY(rec.tick().isOk());
    for (const auto& ev : events())
        if (ev.reason() == "FailedScheduling") {
            QCOMPARE(ev.series().count(), 3);
            QCOMPARE(ev.series().last_observed_time(), std::string("2024-01-01T00:00:20.000000Z"));
        }
    // Forgotten: the next one starts a new event.
    QVERIFY(rec.eventf(pod, nullptr, "Warning", "FailedScheduling", "Scheduling", "again").isOk());
    QCOMPARE(events().size(), size_t(3));
    // Another component's event about the same pod in the same virtual nanosecond (same name
    // "<pod>.<hex nanos>") is still recorded, under the next nanosecond.
    client::record::EventRecorder kubelet((*c)->apiServer(), (*c)->clock(), "kubelet", "n", "");
    QVERIFY(kubelet.event(pod, "Normal", "Pulling", "Pulling image \"x\"").isOk());
    QVERIFY(other.eventf(pod, nullptr, "Normal", "Scheduled", "Binding", "Successfully assigned default/p to n").isOk());
    QCOMPARE(events().size(), size_t(5));
    QCOMPARE(rec.droppedWrites(), int64_t(0));
    QCOMPARE(other.droppedWrites(), int64_t(0));
}

void ClusterTest::settleWakesComponents() {
    auto c = cluster::Cluster::create({});
    QVERIFY(c);
    auto ticker = std::make_unique<Ticker>((*c)->clock(), std::vector<sim::Duration>{3s, 3s, 7500ms});
    Ticker* t = ticker.get();
    QVERIFY((*c)->add(std::move(ticker)).isOk());
    QVERIFY((*c)->runFor(10s).isOk());
    QCOMPARE(t->seen, (std::vector<sim::Duration>{3s, 3s, 7500ms}));
    QCOMPARE((*c)->loop().elapsed(), sim::Duration(10s));
}

void ClusterTest::simulateIsDeterministic() {
    const std::string path = std::string(PH_SOURCE_DIR) + "/resources/scenarios/single-pod-journey.yaml";
    const std::string a = simulate(path), b = simulate(path);
    QVERIFY(!a.empty());
    QCOMPARE(a, b);
    QVERIFY(a.find("\"reason\": \"Scheduled\"") != std::string::npos);
    // A different seed is a different run (generated names and UIDs differ).
    const std::string other = simulate(path, {"--seed", "99"});
    QVERIFY(!other.empty());
    QVERIFY(other != a);
}

// Time travel and workspaces rest on this: the same scenario builds the same store, revision
// for revision, byte for byte, every time. (Once, equal protobuf maps compared in iteration
// order made kube-scheduler retry a pod in some runs and not in others.)
void ClusterTest::everyScenarioReplaysToTheSameStore() {
    const QDir dir(QStringLiteral(PH_SOURCE_DIR "/resources/scenarios"));
    const QStringList files = dir.entryList({QStringLiteral("*.yaml")});
    QVERIFY(files.size() >= 10);
    for (const QString& file : files) {
        // The 500-node one takes most of a minute; the others cover every component.
        if (file == QLatin1String("large-cluster.yaml")) continue;
        auto runOnce = [&]() -> std::pair<int64_t, uint64_t> {
            auto scenario = cluster::loadScenarioFile(dir.filePath(file).toStdString(), nullptr);
            if (!scenario) qFatal("%s", scenario.status().message().c_str());
            testing::ScenarioRun run(std::move(*scenario));
            run.runUntil(45s);
            auto& store = run.cluster->controlPlane().store();
            auto digest = cluster::storeDigest(store);
            return {store.currentRevision(), digest ? *digest : 0};
        };
        const auto first = runOnce();
        for (int again = 0; again < 1; ++again) {
            const auto other = runOnce();
            QVERIFY2(other == first, qPrintable(file + QStringLiteral(": revision %1 vs %2").arg(other.first).arg(first.first)));
        }
    }
}

void ClusterTest::journeyStagesInOrder() {
    const std::string path = std::string(PH_SOURCE_DIR) + "/resources/scenarios/single-pod-journey.yaml";
    auto parsed = codec::parseJson(simulate(path));
    QVERIFY(parsed);
    const codec::Value* journeys = parsed->find("journeys");
    QVERIFY(journeys && journeys->size() == 1);
    const auto& j = journeys->asArray()[0];
    QCOMPARE(j.find("pod")->asString(), std::string("default/web"));
    std::vector<std::string> stages;
    double last = 0;
    for (const auto& s : j.find("stages")->asArray()) {
        stages.push_back(s.find("stage")->asString());
        const double start = s.find("start")->asDouble(), end = s.find("end")->asDouble();
        QVERIFY2(start >= last - 1e-9 && end >= start, s.find("stage")->asString().c_str());
        last = start;
    }
    // The request's path through the API server comes first, then the scheduler's.
    QCOMPARE(stages.front(), std::string("authentication: loopback"));
    auto at = [&](const std::string& name) { return std::find(stages.begin(), stages.end(), name) - stages.begin(); };
    QVERIFY(at("validation: Pod") < at("storage: etcd"));
    QVERIFY(at("storage: etcd") < at("scheduling queue"));
    QVERIFY(at("scheduling queue") < at("scheduling"));
    QVERIFY(at("scheduling") < at("binding"));
    // Then the kubelet's: admission, sandbox and IP, image pull, containers, Running, probes, Ready.
    QVERIFY(at("binding") < at("kubelet admission"));
    QVERIFY(at("kubelet admission") < at("sandbox"));
    QVERIFY(at("sandbox") < at("image pull"));
    QVERIFY(at("image pull") < at("containers"));
    QVERIFY(at("containers") < at("Running"));
    QVERIFY(at("Running") < at("Ready"));
    QCOMPARE(stages.back(), std::string("Ready"));
}
namespace {

codec::Value run(const std::string& scenario, const std::string& until) {
    const std::string out = simulate(std::string(PH_SOURCE_DIR) + "/resources/scenarios/" + scenario, {"--until", until});
    auto parsed = codec::parseJson(out);
    return parsed ? *parsed : codec::Value();
}

// Events with this reason, as "time object message".
std::vector<std::string> events(const codec::Value& doc, const std::string& reason) {
    std::vector<std::string> out;
    for (const auto& e : doc.find("events")->asArray())
        if (e.find("reason")->asString() == reason)
            out.push_back(e.find("time")->numberText() + " " + e.find("object")->asString() + " " + e.find("message")->asString());
    return out;
}

// The final pods: name -> (node, phase).
std::map<std::string, std::pair<std::string, std::string>> pods(const codec::Value& doc) {
    std::map<std::string, std::pair<std::string, std::string>> out;
    for (const auto& o : doc.find("objects")->find("items")->asArray()) {
        if (o.find("kind")->asString() != "Pod") continue;
        const codec::Value* node = o.find("spec")->find("nodeName");
        const codec::Value* phase = o.find("status") ? o.find("status")->find("phase") : nullptr;
        out[o.find("metadata")->find("name")->asString()] = {node ? node->asString() : "", phase ? phase->asString() : ""};
    }
    return out;
}

int running(const codec::Value& doc, const std::string& prefix) {
    int n = 0;
    for (const auto& [name, p] : pods(doc))
        if (name.rfind(prefix, 0) == 0 && p.second == "Running") ++n;
    return n;
}

}  // namespace

void ClusterTest::scenarioNodeFailure() {
    auto doc = run("node-failure.yaml", "8m");
    QVERIFY(doc.isObject());
    // node-2 stops at 30 s; 40 s later it is NotReady; its pod is evicted 300 s after the taint.
    auto notReady = events(doc, "NodeNotReady");
    QVERIFY(!notReady.empty());
    QVERIFY2(notReady[0].rfind("70 Node/node-2", 0) == 0, notReady[0].c_str());
    auto evictions = events(doc, "TaintManagerEviction");
    QCOMPARE(int(evictions.size()), 1);
    const double at = std::stod(evictions[0]);
    QVERIFY2(at >= 370 && at <= 380, evictions[0].c_str());
    // The ReplicaSet replaced it on a healthy node: three Running replicas, none on node-2.
    int healthy = 0;
    for (const auto& [name, p] : pods(doc))
        if (name.rfind("web-", 0) == 0 && p.second == "Running" && p.first != "node-2") ++healthy;
    QCOMPARE(healthy, 3);
}

void ClusterTest::scenarioPreemption() {
    auto doc = run("priority-preemption.yaml", "3m");
    QVERIFY(doc.isObject());
    QCOMPARE(int(events(doc, "Preempted").size()), 2);  // two 500m pods make room for 1 cpu
    auto all = pods(doc);
    QCOMPARE(all["critical"].first, std::string("node-1"));
    QCOMPARE(all["critical"].second, std::string("Running"));
}

void ClusterTest::scenarioResourcePressure() {
    auto doc = run("resource-pressure.yaml", "2m");
    QVERIFY(doc.isObject());
    bool found = false;
    for (const auto& e : events(doc, "FailedScheduling"))
        found |= e.find("0/2 nodes are available: 2 Insufficient cpu. preemption: 0/2 nodes are available: 2 No preemption "
                        "victims found for incoming pod..") != std::string::npos;
    QVERIFY(found);
    QCOMPARE(running(doc, "api-"), 4);
    auto later = run("resource-pressure.yaml", "4m");
    QCOMPARE(running(later, "api-"), 4);
    int pending = 0;
    for (const auto& [name, p] : pods(later)) pending += p.second == "Pending";
    QCOMPARE(pending, 0);
}

void ClusterTest::scenarioServiceLoadBalancing() {
    auto endpoints = [](const codec::Value& doc) {
        std::set<std::string> seen;
        for (const auto& s : doc.find("services")->asArray()) {
            if (s.find("service")->asString() != "default/web") continue;  // not the kubernetes Service
            for (const auto& c : s.find("connections")->asArray()) seen.insert(c.asString());
        }
        return seen;
    };
    auto before = run("service-load-balancing.yaml", "50s");
    QVERIFY(before.isObject());
    QCOMPARE(int(endpoints(before).size()), 3);  // round robin over all three
    auto broken = run("service-load-balancing.yaml", "90s");
    auto after = endpoints(broken);
    QCOMPARE(int(after.size()), 2);  // web-2 failed its readiness probe: out of rotation
    for (const auto& e : after) QVERIFY(e.find("web-2") == std::string::npos);
    QVERIFY(!events(broken, "Unhealthy").empty());
}

void ClusterTest::scenarioRollingUpdate() {
    auto doc = run("rolling-update.yaml", "150s");
    QVERIFY(doc.isObject());
    // Every pod of the Deployment now runs the new image, four of them.
    int updated = 0;
    for (const auto& o : doc.find("objects")->find("items")->asArray()) {
        if (o.find("kind")->asString() != "Pod") continue;
        if (o.find("spec")->find("containers")->asArray()[0].find("image")->asString() == "nginx:1.25") ++updated;
        else QFAIL("a pod with the old image is left");
    }
    QCOMPARE(updated, 4);
    QCOMPARE(running(doc, "web-"), 4);
    QVERIFY(events(doc, "ScalingReplicaSet").size() >= 4);
}

QTEST_GUILESS_MAIN(ClusterTest)

void ClusterTest::scenarioJob() {
    auto doc = run("job.yaml", "3m");
    QVERIFY(doc.isObject());
    const codec::Value* status = nullptr;
    for (const auto& o : doc.find("objects")->find("items")->asArray())
        if (o.find("kind")->asString() == "Job") status = o.find("status");
    QVERIFY(status);
    QCOMPARE(status->find("succeeded")->asInt(), int64_t(6));
    QCOMPARE(status->find("failed")->asInt(), int64_t(2));  // the two deleted at 10 s
    QCOMPARE(status->find("conditions")->asArray()[0].find("type")->asString(), std::string("Complete"));
    QCOMPARE(events(doc, "Completed").size(), size_t(1));
    // Two failures: the replacements wait 20 s (10 s doubled once), then two at a time.
    auto created = events(doc, "SuccessfulCreate");
    QCOMPARE(created.size(), size_t(8));
    QVERIFY(created[2].rfind("30 ", 0) == 0);
    QVERIFY(created[3].rfind("30 ", 0) == 0);
    int succeeded = 0;
    for (const auto& [name, p] : pods(doc)) succeeded += p.second == "Succeeded";
    QCOMPARE(succeeded, 6);
}

void ClusterTest::scenarioDaemonSet() {
    auto doc = run("daemonset.yaml", "3m");
    QVERIFY(doc.isObject());
    // One agent per node, the tolerated tainted node and the late node-4 included, all on the
    // new image after the rollout.
    std::set<std::string> nodes;
    for (const auto& o : doc.find("objects")->find("items")->asArray()) {
        if (o.find("kind")->asString() != "Pod" || o.find("status")->find("phase")->asString() != "Running") continue;
        QCOMPARE(o.find("spec")->find("containers")->asArray()[0].find("image")->asString(), std::string("fluent/fluent-bit:2.2"));
        QVERIFY(nodes.insert(o.find("spec")->find("nodeName")->asString()).second);
    }
    QCOMPARE(nodes, (std::set<std::string>{"infra-1", "node-1", "node-2", "node-4"}));
    // The rollout replaced one node at a time: each deletion after the previous pod was ready.
    auto deleted = events(doc, "SuccessfulDelete");
    QCOMPARE(deleted.size(), size_t(4));
    for (size_t i = 1; i < deleted.size(); ++i)
        QVERIFY(std::stod(deleted[i].substr(0, deleted[i].find(' '))) > std::stod(deleted[i - 1].substr(0, deleted[i - 1].find(' '))));
}
