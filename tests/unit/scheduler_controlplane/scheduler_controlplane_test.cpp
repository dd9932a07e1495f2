#include "scheduler_controlplane_test.h"

#include <QtTest>

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "testing/create_manifests.h"
#include "api/codec/manifest.h"
#include "api/object.h"
#include "controlplane/control_plane.h"
#include "core_v1.pb.h"
#include "scheduler/apis/config/load.h"
#include "scheduler/explainer.h"
#include "scheduler/scheduler.h"
#include "sim/clock.h"

using namespace pilothouse;
namespace core = k8s::io::api::core::v1;

namespace {

struct Cluster {
    sim::VirtualClock clock;
    std::unique_ptr<controlplane::ControlPlane> cp;
    std::unique_ptr<scheduler::Scheduler> sched;

    explicit Cluster(uint64_t seed = 1) {
        auto started = controlplane::ControlPlane::start({}, clock);
        if (!started) qFatal("%s", started.status().message().c_str());
        cp = std::move(*started);
        scheduler::SchedulerOptions o;
        o.config = scheduler::config::defaultConfiguration();
        o.seed = seed;
        auto s = scheduler::Scheduler::create(cp->apiServer(), clock, o);
        if (!s) qFatal("%s", s.status().message().c_str());
        sched = std::move(*s);
    }

    void apply(const std::string& yaml) {
        testing::createManifests(cp->apiServer(), yaml);
    }
    void applyFile(const std::string& path) {
        std::ifstream in(path);
        std::stringstream s;
        s << in.rdbuf();
        apply(s.str());
    }
    core::Pod pod(const std::string& name, const std::string& ns = "default") {
        apiserver::Request r;
        r.verb = "get";
        r.type = api::Scheme::instance().byName("pods");
        r.namespace_ = ns;
        r.name = name;
        auto resp = cp->apiServer().handle(r);
        if (!resp.ok()) return {};
        return static_cast<const core::Pod&>(*resp.object);
    }
    std::vector<core::Event> events(const std::string& podName) {
        apiserver::Request r;
        r.verb = "list";
        r.type = api::Scheme::instance().byName("events");
        r.fieldSelector = "involvedObject.name=" + podName;
        std::vector<core::Event> out;
        for (auto& e : cp->apiServer().handle(r).items) out.push_back(static_cast<const core::Event&>(*e));
        return out;
    }
    const core::PodCondition* condition(const core::Pod& p, const char* type) {
        for (const auto& c : p.status().conditions())
            if (c.type() == type) return &c;
        return nullptr;
    }
    std::vector<std::shared_ptr<const google::protobuf::Message>> list(const char* resource) {
        apiserver::Request r;
        r.verb = "list";
        r.type = api::Scheme::instance().byName(resource);
        std::vector<std::shared_ptr<const google::protobuf::Message>> out;
        for (auto& o : cp->apiServer().handle(r).items) out.push_back(std::move(o));
        return out;
    }
    void run() {
        auto st = sched->runUntilIdle(10000);
        if (!st.isOk()) qFatal("%s", st.message().c_str());
    }
};

}  // namespace

void SchedulerControlPlaneTest::workedExampleThroughTheApiServer() {
    Cluster c;
    c.applyFile(PH_SOURCE_DIR "/tests/unit/pilothousectl_schedule/data/explain-cluster.yaml");
    QVERIFY(c.sched->start().isOk());
    c.run();
    // The same decision as the real kube-scheduler v1.28.7 for this cluster.
    core::Pod web = c.pod("web-1");
    QCOMPARE(web.spec().node_name(), std::string("node-d"));
    QCOMPARE(std::string(c.condition(web, "PodScheduled")->status()), std::string("True"));
    auto webEvents = c.events("web-1");
    QCOMPARE(int(webEvents.size()), 1);
    QCOMPARE(webEvents[0].reason(), std::string("Scheduled"));
    QCOMPARE(webEvents[0].message(), std::string("Successfully assigned default/web-1 to node-d"));
    QCOMPARE(webEvents[0].reporting_component(), std::string("default-scheduler"));
    QCOMPARE(webEvents[0].action(), std::string("Binding"));
    // The pod that fits nowhere: its event and condition carry kube-scheduler's exact message.
    const std::string message =
        "0/4 nodes are available: 1 node(s) had untolerated taint {dedicated: gpu}, 3 Insufficient cpu. preemption: 0/4 nodes "
        "are available: 1 Preemption is not helpful for scheduling, 3 No preemption victims found for incoming pod..";
    core::Pod big = c.pod("big-1");
    QVERIFY(big.spec().node_name().empty());
    const core::PodCondition* cond = c.condition(big, "PodScheduled");
    QVERIFY(cond);
    QCOMPARE(cond->status(), std::string("False"));
    QCOMPARE(cond->reason(), std::string("Unschedulable"));
    QCOMPARE(cond->message(), message);
    auto bigEvents = c.events("big-1");
    QCOMPARE(int(bigEvents.size()), 1);
    QCOMPARE(bigEvents[0].type(), std::string("Warning"));
    QCOMPARE(bigEvents[0].reason(), std::string("FailedScheduling"));
    QCOMPARE(bigEvents[0].message(), message);
    QCOMPARE(c.sched->queue().queueOf("default/big-1"), std::string("unschedulablePods"));
    // The explanation record of the attempt.
    bool explained = false;
    for (const auto& a : c.sched->attempts())
        if (a.pod == "default/big-1") {
            explained = true;
            QCOMPARE(a.result, std::string("Unschedulable"));
            QCOMPARE(int(a.explanation.nodes.size()), 4);
        }
    QVERIFY(explained);
    // A successful attempt's record: the rejected nodes with their reasons, the feasible ones as
    // score rows, the chosen node among the highest totals.
    explained = false;
    for (const auto& a : c.sched->attempts()) {
        if (a.pod != "default/web-1" || a.result != "Scheduled") continue;
        explained = true;
        const auto& e = a.explanation;
        QCOMPARE(e.selectedNode, std::string("node-d"));
        std::set<std::string> seen;
        for (const auto& n : e.nodes) {
            QVERIFY(!n.feasible);
            QVERIFY(!n.filter.empty());
            seen.insert(n.node);
        }
        for (const auto& n : e.scores.nodes) QVERIFY(seen.insert(n).second);
        QCOMPARE(int(seen.size()), e.evaluatedNodes);
        QCOMPARE(int(e.scores.nodes.size()), e.feasibleNodes > 1 ? e.feasibleNodes : 0);
        for (size_t row = 0; row < e.scores.nodes.size(); ++row) {
            int64_t total = 0;
            for (const auto& s : e.scoresAt(row)) total += s.weighted;
            QCOMPARE(total, e.scores.totals[row]);
            if (e.scores.nodes[row] == e.selectedNode)
                QCOMPARE(total, *std::max_element(e.scores.totals.begin(), e.scores.totals.end()));
        }
    }
    QVERIFY(explained);
}

void SchedulerControlPlaneTest::nodeAddRequeuesUnschedulablePod() {
    Cluster c;
    c.apply("apiVersion: v1\nkind: Node\nmetadata: {name: small}\nstatus: {capacity: {cpu: '1', memory: 1Gi, pods: '110'}}\n"
            "---\napiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers: [{name: c, image: i, resources: {requests: {cpu: '2'}}}]\n");
    QVERIFY(c.sched->start().isOk());
    c.run();
    QVERIFY(c.pod("p").spec().node_name().empty());
    QCOMPARE(c.condition(c.pod("p"), "PodScheduled")->message(),
             std::string("0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.."));
    // A bigger node arrives: NodeAdd moves the pod back (to backoffQ, since it just failed).
    c.apply("apiVersion: v1\nkind: Node\nmetadata: {name: big}\nstatus: {capacity: {cpu: '4', memory: 4Gi, pods: '110'}}\n");
    QVERIFY(c.sched->syncInformers().isOk());
    QVERIFY(c.sched->queue().queueOf("default/p") != "unschedulablePods");
    c.clock.advanceTo(c.clock.now() + std::chrono::seconds(2));
    c.sched->flushQueues();
    c.run();
    QCOMPARE(c.pod("p").spec().node_name(), std::string("big"));
}

void SchedulerControlPlaneTest::schedulingGatesHoldThePod() {
    Cluster c;
    c.apply("apiVersion: v1\nkind: Node\nmetadata: {name: n}\nstatus: {capacity: {cpu: '4', memory: 4Gi, pods: '110'}}\n"
            "---\napiVersion: v1\nkind: Pod\nmetadata: {name: gated}\nspec:\n  schedulingGates: [{name: example.com/wait}]\n  containers: [{name: c, image: i}]\n");
    QVERIFY(c.sched->start().isOk());
    c.run();
    QVERIFY(c.pod("gated").spec().node_name().empty());
    QCOMPARE(c.sched->queue().queueOf("default/gated"), std::string("unschedulablePods"));
    // Removing the gate (an update through the API server) releases it.
    auto p = std::make_shared<core::Pod>(c.pod("gated"));
    p->mutable_spec()->clear_scheduling_gates();
    apiserver::Request u;
    u.verb = "update";
    u.type = api::Scheme::instance().byName("pods");
    u.namespace_ = "default";
    u.name = "gated";
    u.body = p;
    auto resp = c.cp->apiServer().handle(u);
    QVERIFY2(resp.ok(), resp.status.message().c_str());
    c.run();
    QCOMPARE(c.pod("gated").spec().node_name(), std::string("n"));
}

void SchedulerControlPlaneTest::preemptionNominatesAndBindsAfterVictimsGo() {
    Cluster c;
    c.apply("apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata: {name: high}\nvalue: 1000\n"
            "---\napiVersion: v1\nkind: Node\nmetadata: {name: n}\nstatus: {capacity: {cpu: '2', memory: 4Gi, pods: '110'}}\n"
            "---\napiVersion: v1\nkind: Pod\nmetadata: {name: low}\nspec:\n  nodeName: n\n  containers: [{name: c, image: i, resources: {requests: {cpu: '2'}}}]\n"
            "---\napiVersion: v1\nkind: Pod\nmetadata: {name: urgent}\nspec:\n  priorityClassName: high\n  containers: [{name: c, image: i, resources: {requests: {cpu: '1'}}}]\n");
    QVERIFY(c.sched->start().isOk());
    c.run();
    core::Pod urgent = c.pod("urgent");
    QCOMPARE(urgent.status().nominated_node_name(), std::string("n"));
    QVERIFY(urgent.spec().node_name().empty());
    // The victim is terminating (graceful deletion of a bound pod) and knows why.
    core::Pod low = c.pod("low");
    QVERIFY(low.metadata().has_deletion_timestamp());
    const core::PodCondition* disruption = c.condition(low, "DisruptionTarget");
    QVERIFY(disruption);
    QCOMPARE(disruption->reason(), std::string("PreemptionByScheduler"));
    QCOMPARE(disruption->message(), std::string("default-scheduler: preempting to accommodate a higher priority pod"));
    auto lowEvents = c.events("low");
    QVERIFY(!lowEvents.empty());
    QCOMPARE(lowEvents.back().reason(), std::string("Preempted"));
    QCOMPARE(lowEvents.back().message(), "Preempted by pod " + urgent.metadata().uid() + " on node n");
    // The kubelet (a later stage) would finish the termination; here the test deletes it.
    apiserver::Request del;
    del.verb = "delete";
    del.type = api::Scheme::instance().byName("pods");
    del.namespace_ = "default";
    del.name = "low";
    del.gracePeriodSeconds = 0;
    QVERIFY(c.cp->apiServer().handle(del).ok());
    QVERIFY(c.sched->syncInformers().isOk());
    c.clock.advanceTo(c.clock.now() + std::chrono::seconds(2));
    c.sched->flushQueues();
    c.run();
    QCOMPARE(c.pod("urgent").spec().node_name(), std::string("n"));
}

void SchedulerControlPlaneTest::sameSeedSameDecisions() {
    // Ten identical nodes, twenty pods: ties everywhere, broken by the seeded random stream.
    std::string yaml;
    for (int i = 0; i < 10; ++i)
        yaml += "apiVersion: v1\nkind: Node\nmetadata: {name: n" + std::to_string(i) + "}\nstatus: {capacity: {cpu: '8', memory: 16Gi, pods: '110'}}\n---\n";
    for (int i = 0; i < 20; ++i)
        yaml += "apiVersion: v1\nkind: Pod\nmetadata: {name: p" + std::to_string(i) + "}\nspec:\n  containers: [{name: c, image: i, resources: {requests: {cpu: 100m}}}]\n---\n";
    auto placements = [&](uint64_t seed) {
        Cluster c(seed);
        c.apply(yaml);
        if (!c.sched->start().isOk()) qFatal("start");
        c.run();
        std::string out;
        for (int i = 0; i < 20; ++i) out += c.pod("p" + std::to_string(i)).spec().node_name() + ",";
        return out;
    };
    const std::string a = placements(42);
    QCOMPARE(placements(42), a);
    QVERIFY(a.find(",,") == std::string::npos);  // every pod placed
}

namespace {
std::string readTestData(const char* name) {
    std::ifstream in(std::string(PH_SOURCE_DIR "/tests/unit/pilothousectl_schedule/data/") + name);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}
}  // namespace

// A pod whose PriorityClass says preemptionPolicy: Never may not preempt: its FailedScheduling
// message is kube-scheduler v1.28.7's, it is nominated nowhere and evicts nothing, while a pod of
// the same priority that may preempt does (tests/unit/pilothousectl_schedule/data/preemption-never.yaml).
void SchedulerControlPlaneTest::preemptionPolicyNeverIsNotEligible() {
    Cluster c;
    c.apply(readTestData("preemption-never.yaml"));
    QCOMPARE(c.pod("never").spec().preemption_policy(), std::string("Never"));  // Priority admission, from the class
    QVERIFY(c.sched->start().isOk());
    c.run();
    const core::Pod never = c.pod("never");
    QVERIFY(never.spec().node_name().empty());
    QVERIFY(never.status().nominated_node_name().empty());
    const core::PodCondition* cond = c.condition(never, "PodScheduled");
    QVERIFY(cond);
    QCOMPARE(cond->message(),
             std::string("0/4 nodes are available: 4 Insufficient cpu. preemption: not eligible due to preemptionPolicy=Never.."));
    auto events = c.events("never");
    QVERIFY(!events.empty());
    QCOMPARE(events.back().message(), cond->message());
    // Only the other pod's preemption evicted anything: one victim, on the node it was nominated to.
    const core::Pod urgent = c.pod("urgent");
    QVERIFY(!urgent.status().nominated_node_name().empty());
    int terminating = 0;
    for (int i = 1; i <= 4; ++i) {
        const core::Pod low = c.pod("low-" + std::to_string(i));
        if (!low.metadata().has_deletion_timestamp()) continue;
        ++terminating;
        QCOMPARE(low.spec().node_name(), urgent.status().nominated_node_name());
    }
    QCOMPARE(terminating, 1);
    // The explainer, reading the store, says the same and carries nothing out.
    std::vector<std::shared_ptr<const google::protobuf::Message>> objects = c.list("nodes");
    for (auto& o : c.list("pods")) objects.push_back(o);
    for (auto& o : c.list("priorityclasses")) objects.push_back(o);
    auto explained = scheduler::explainPod(objects, "default/never", scheduler::config::defaultConfiguration());
    QVERIFY2(bool(explained), explained.status().message().c_str());
    QCOMPARE(explained->outcome.message, cond->message());
    QVERIFY(explained->outcome.nominatedNode.empty());
    QVERIFY(explained->outcome.victims.empty());
}

// ImageLocality counts, for each node, the nodes having its images when the scheduler's informer
// delivered that node — here in the order the nodes are created while kube-scheduler runs, which is
// not their names' order: n-late is created first and n-early second, so n-early saw two nodes with
// the image and gets the pod. The explainer, reading the store, orders the nodes by resourceVersion
// and agrees.
void SchedulerControlPlaneTest::imageLocalityCountsNodesAtTheirArrival() {
    std::string text = readTestData("image-arrival.yaml");
    std::vector<std::string> docs;
    for (size_t at = 0;;) {
        const size_t next = text.find("\n---\n", at);
        docs.push_back(text.substr(at, next == std::string::npos ? std::string::npos : next - at));
        if (next == std::string::npos) break;
        at = next + 5;
    }
    QCOMPARE(int(docs.size()), 4);  // n-early, n-late, n-none, the pod
    Cluster c;
    QVERIFY(c.sched->start().isOk());
    for (int i : {1, 0, 2}) {  // n-late, n-early, n-none
        c.apply(docs[size_t(i)]);
        QVERIFY(c.sched->syncInformers().isOk());
    }
    c.apply(docs[3]);
    QVERIFY(c.sched->syncInformers().isOk());
    c.run();
    QCOMPARE(c.pod("app").spec().node_name(), std::string("n-early"));
    std::map<std::string, int64_t> imageLocality;
    for (const auto& a : c.sched->attempts()) {
        if (a.pod != "default/app") continue;
        const scheduler::ScoreSheet& sheet = a.explanation.scores;
        for (size_t p = 0; p < sheet.plugins.size(); ++p)
            if (sheet.plugins[p] == "ImageLocality")
                for (size_t row = 0; row < sheet.nodes.size(); ++row) imageLocality[sheet.nodes[row]] = sheet.normalized[p][row];
    }
    const std::map<std::string, int64_t> expected = {{"n-early", 38}, {"n-late", 18}, {"n-none", 0}};
    QCOMPARE(imageLocality, expected);

    std::vector<std::shared_ptr<const google::protobuf::Message>> objects = c.list("nodes");
    auto pod = std::make_shared<core::Pod>(c.pod("app"));
    objects.push_back(pod);
    auto explained = scheduler::explainPod(objects, "default/app", scheduler::config::defaultConfiguration());
    QVERIFY2(bool(explained), explained.status().message().c_str());
    QVERIFY(explained->outcome.node);
    QCOMPARE(*explained->outcome.node, std::string("n-early"));
}

QTEST_APPLESS_MAIN(SchedulerControlPlaneTest)
