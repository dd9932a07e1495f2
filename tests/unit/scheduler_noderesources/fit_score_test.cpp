// NodeResourcesFit scoring: upstream's least_allocated_test.go, most_allocated_test.go,
// requested_to_capacity_ratio_test.go and fit_test.go TestFitScore, each with and without
// PreScore; the broken-linear shape function; the non-zero request rules (missing vs explicit
// zero, init containers, overhead); and a worked example from a real v1.28.7 cluster.
#include "noderesources_test.h"

#include "scheduler/plugins/noderesources/fit.h"
#include "scheduler/plugins/noderesources/resource_allocation.h"
#include "scheduler/plugins/noderesources/scorers.h"
#include "scheduler/plugins/noderesources/shape_score.h"

using namespace pilothouse;
using namespace pilothouse::scheduler;
using namespace pilothouse::scheduler::noderesources_test;

namespace {

using Weights = std::vector<std::pair<std::string, int64_t>>;
const Weights kDefault = {{"cpu", 1}, {"memory", 1}};
const std::string kXyz = "abc.com/xyz";
const Weights kExtendedSet = {{"cpu", 1}, {"memory", 1}, {kXyz, 1}};

struct ScoreCase {
    std::string name;
    codec::Value args;
    PodPtr pod;
    std::vector<NodePtr> nodes;
    std::vector<PodPtr> existing;
    std::vector<int64_t> expected;
};

NodePtr n(const std::string& name, const std::string& cpu, const std::string& mem, Quantities extra = {}) {
    extra["cpu"] = cpu;
    extra["memory"] = mem;
    return makeNode(name, extra);
}

// upstream makeNode(name, milliCPU, memory, extended)
NodePtr mn(const std::string& name, int64_t milliCPU, int64_t memory, Quantities extra = {}) {
    return n(name, std::to_string(milliCPU) + "m", std::to_string(memory), std::move(extra));
}

PodPtr req(const std::string& cpu, const std::string& mem, const std::string& node = "") {
    return makePod().req({{"cpu", cpu}, {"memory", mem}}).node(node).obj();
}

const std::vector<ScoreCase>& scoreCases() {
    static const std::vector<ScoreCase> cases = [] {
        const auto least = strategyArgs("LeastAllocated", kDefault);
        const auto most = strategyArgs("MostAllocated", kDefault);
        const auto rtcr = strategyArgs("RequestedToCapacityRatio", kDefault, {{0, 10}, {100, 0}});
        const PodPtr none = makePod().obj();
        const PodPtr twoContainers =
            makePod().req({{"cpu", "1000"}, {"memory", "2000"}}).req({{"cpu", "2000"}, {"memory", "3000"}}).obj();
        const std::vector<NodePtr> small = {n("node1", "4000", "10000"), n("node2", "4000", "10000")};
        const std::vector<NodePtr> sized = {n("node1", "4000", "10000"), n("node2", "6000", "10000")};
        const std::vector<NodePtr> big = {n("node1", "10000", "20000"), n("node2", "10000", "20000")};
        const std::vector<PodPtr> cpuPods = {req("3000", "0", "node1"), req("3000", "0", "node1"), req("3000", "0", "node2"),
                                             req("3000", "5000", "node2")};
        const std::vector<PodPtr> mixed = {req("3000", "0", "node1"), req("3000", "5000", "node2")};
        const std::vector<NodePtr> ext = {n("node1", "6000", "10000"), n("node2", "6000", "10000", {{kXyz, "4"}})};
        const std::vector<NodePtr> ext2 = {n("node1", "6000", "10000", {{kXyz, "4"}}),
                                           n("node2", "6000", "10000", {{kXyz, "10"}})};
        const PodPtr xyzPod = makePod().req({{"cpu", "3000"}, {"memory", "5000"}, {kXyz, "2"}}).obj();
        const std::vector<PodPtr> fitExisting = {req("2000", "4000", "node1"), req("1000", "2000", "node2")};

        std::vector<ScoreCase> c;
        // least_allocated_test.go
        c.push_back({"least: nothing scheduled, nothing requested", least, none, small, {}, {100, 100}});
        c.push_back({"least: nothing scheduled, resources requested, differently sized nodes", least, twoContainers, sized,
                     {}, {37, 50}});
        c.push_back({"least: no resources requested, pods scheduled", least, none, small,
                     {makePod().node("node1").obj(), makePod().node("node1").obj(), makePod().node("node2").obj(),
                      makePod().node("node2").obj()},
                     {100, 100}});
        c.push_back({"least: no resources requested, pods scheduled with resources", least, none, big, cpuPods, {70, 57}});
        c.push_back({"least: resources requested, pods scheduled with resources", least, twoContainers, big, mixed, {57, 45}});
        c.push_back({"least: resources requested, pods scheduled with resources, differently sized nodes", least,
                     twoContainers, {n("node1", "10000", "20000"), n("node2", "10000", "50000")}, mixed, {57, 60}});
        c.push_back({"least: requested resources exceed node capacity", least, req("3000", "0"), small, mixed, {50, 25}});
        c.push_back({"least: zero node resources, pods scheduled with resources", least, none,
                     {makeNode("node1", {}), makeNode("node2", {})}, mixed, {0, 0}});
        c.push_back({"least: nothing scheduled, resources requested with different weight on CPU and memory",
                     strategyArgs("LeastAllocated", {{"memory", 2}, {"cpu", 1}}), twoContainers, sized, {}, {41, 50}});
        c.push_back({"least: bypass extended resource if the pod does not request",
                     strategyArgs("LeastAllocated", kExtendedSet), twoContainers, ext, {}, {50, 50}});
        c.push_back({"least: honor extended resource if the pod requests", strategyArgs("LeastAllocated", kExtendedSet),
                     xyzPod, ext2, {}, {50, 60}});
        c.push_back({"least: if the node doesn't have a resource",
                     strategyArgs("LeastAllocated", {{kXyz, 2}, {"cpu", 1}, {"memory", 1}}), req("3000", "4000"), ext, {},
                     {55, 55}});
        // most_allocated_test.go
        c.push_back({"most: nothing scheduled, nothing requested", most, none, small, {}, {0, 0}});
        c.push_back({"most: nothing scheduled, resources requested, differently sized nodes", most, twoContainers, sized, {},
                     {62, 50}});
        c.push_back({"most: no resources requested, pods scheduled with resources", most, none, big, cpuPods, {30, 42}});
        c.push_back({"most: resources requested, pods scheduled with resources", most, twoContainers, big, mixed, {42, 55}});
        c.push_back({"most: resources requested equal node capacity", most,
                     makePod().req({{"cpu", "2000"}, {"memory", "4000"}}).req({{"cpu", "3000"}, {"memory", "5000"}}).obj(),
                     {n("node1", "5000", "10000"), n("node2", "10000", "9000")}, {}, {95, 75}});
        c.push_back({"most: nothing scheduled, resources requested with different weight on CPU and memory",
                     strategyArgs("MostAllocated", {{"memory", 2}, {"cpu", 1}}), twoContainers, sized, {}, {58, 50}});
        c.push_back({"most: no resources requested, pods scheduled, nonzero request for resource", most,
                     makePod().container().obj(), {n("node1", "250m", "1000Mi"), n("node2", "250m", "1000Mi")},
                     {makePod().container().node("node1").obj(), makePod().container().node("node1").obj()}, {80, 30}});
        c.push_back({"most: bypass extended resource if the pod does not request",
                     strategyArgs("MostAllocated", kExtendedSet), twoContainers, ext, {}, {50, 50}});
        c.push_back({"most: honor extended resource if the pod request", strategyArgs("MostAllocated", kExtendedSet), xyzPod,
                     ext2, {}, {50, 40}});
        c.push_back({"most: if the node doesn't have a resource",
                     strategyArgs("MostAllocated", {{kXyz, 2}, {"cpu", 1}, {"memory", 1}}), req("3000", "4000"), ext, {},
                     {45, 45}});
        // requested_to_capacity_ratio_test.go
        const std::vector<PodPtr> twoEmpty = {makePod().node("node1").obj(), makePod().node("node1").obj()};
        c.push_back({"rtcr: nothing scheduled, nothing requested (default - least requested nodes have priority)", rtcr, none,
                     small, twoEmpty, {100, 100}});
        c.push_back({"rtcr: nothing scheduled, resources requested, differently sized nodes (default - least requested "
                     "nodes have priority)",
                     rtcr, twoContainers, sized, twoEmpty, {38, 50}});
        c.push_back({"rtcr: no resources requested, pods scheduled with resources (default - least requested nodes have "
                     "priority)",
                     rtcr, none, sized, {req("3000", "5000", "node1"), req("3000", "5000", "node2")}, {38, 50}});
        const auto single = strategyArgs("RequestedToCapacityRatio", {{"intel.com/foo", 1}}, {{0, 0}, {100, 1}});
        const std::vector<NodePtr> fooNodes = {mn("node1", 4000, 10000LL * 1024 * 1024, {{"intel.com/foo", "8"}}),
                                               mn("node2", 4000, 10000LL * 1024 * 1024, {{"intel.com/foo", "4"}})};
        auto foo = [](const std::string& q, const std::string& node = "") {
            return makePod().req({{"intel.com/foo", q}}).node(node).obj();
        };
        c.push_back({"rtcr single extended: nothing scheduled, nothing requested", single, none, fooNodes, {}, {0, 0}});
        c.push_back({"rtcr single extended: resources requested, pods scheduled with less resources", single, foo("2"),
                     fooNodes, {none}, {2, 5}});
        c.push_back({"rtcr single extended: resources requested, pods scheduled with resources, on node with existing pod "
                     "running",
                     single, foo("2"), fooNodes, {foo("2", "node2")}, {2, 10}});
        c.push_back({"rtcr single extended: resources requested, pods scheduled with more resources", single, foo("4"),
                     fooNodes, {none}, {5, 10}});
        const auto multi =
            strategyArgs("RequestedToCapacityRatio", {{"intel.com/foo", 3}, {"intel.com/bar", 5}}, {{0, 0}, {100, 1}});
        const std::vector<NodePtr> fooBarNodes = {
            mn("node1", 4000, 10000LL * 1024 * 1024, {{"intel.com/foo", "8"}, {"intel.com/bar", "4"}}),
            mn("node2", 4000, 10000LL * 1024 * 1024, {{"intel.com/foo", "4"}, {"intel.com/bar", "8"}})};
        auto fooBar = [](const std::string& f, const std::string& b, const std::string& node = "") {
            return makePod().req({{"intel.com/foo", f}, {"intel.com/bar", b}}).node(node).obj();
        };
        c.push_back({"rtcr multiple extended: nothing scheduled, nothing requested", multi, none, fooBarNodes, {}, {0, 0}});
        c.push_back({"rtcr multiple extended: resources requested, pods scheduled with less resources", multi,
                     fooBar("2", "2"), fooBarNodes, {none}, {4, 3}});
        c.push_back({"rtcr multiple extended: resources requested, pods scheduled with resources, on node with existing pod "
                     "running",
                     multi, fooBar("2", "2"), fooBarNodes, {fooBar("4", "2", "node2")}, {4, 7}});
        c.push_back({"rtcr multiple extended: resources requested, pods scheduled with more resources", multi,
                     fooBar("4", "2"), fooBarNodes, {none}, {5, 5}});
        // fit_test.go TestFitScore
        c.push_back({"fit: ScoringStrategy RequestedToCapacityRatio case1", rtcr, req("3000", "5000"), sized, fitExisting,
                     {10, 32}});
        c.push_back({"fit: ScoringStrategy RequestedToCapacityRatio case2",
                     strategyArgs("RequestedToCapacityRatio", kDefault, {{0, 0}, {100, 10}}), req("3000", "5000"), sized,
                     fitExisting, {95, 68}});
        c.push_back({"fit: ScoringStrategy MostAllocated", most, req("1000", "2000"), sized, fitExisting, {67, 36}});
        c.push_back({"fit: ScoringStrategy LeastAllocated", least, req("1000", "2000"), sized, fitExisting, {32, 63}});
        // Non-zero requests: a missing cpu/memory request counts 100m/200Mi, an explicit 0 stays 0;
        // init containers and overhead count as in the Fit request.
        const std::vector<NodePtr> one = {n("node1", "1000m", "1000Mi")};
        c.push_back({"non-zero: overhead on top of the defaults", least,
                     makePod().container().overhead({{"cpu", "300m"}, {"memory", "100Mi"}}).obj(), one, {}, {65}});
        c.push_back({"non-zero: largest init container", least, makePod().container().initReq({{"cpu", "500m"}}).obj(),
                     {n("node1", "2000m", "1000Mi")}, {}, {77}});
        c.push_back({"non-zero: an explicit zero is not defaulted", most,
                     makePod().req({{"cpu", "0"}, {"memory", "100Mi"}}).obj(), one, {}, {5}});
        c.push_back({"ephemeral-storage is scored from the actual requests",
                     strategyArgs("LeastAllocated", {{"cpu", 1}, {"memory", 1}, {"ephemeral-storage", 1}}),
                     makePod().req({{"cpu", "500m"}, {"memory", "500Mi"}, {"ephemeral-storage", "100"}}).obj(),
                     {n("node1", "1000m", "1000Mi", {{"ephemeral-storage", "1000"}})}, {}, {63}});
        c.push_back({"pods is not a scored resource", strategyArgs("LeastAllocated", {{"cpu", 1}, {"memory", 1}, {"pods", 1}}),
                     req("500m", "250Mi"), {n("node1", "1000m", "1000Mi", {{"pods", "10"}})}, {}, {62}});
        return c;
    }();
    return cases;
}

}  // namespace

void NodeResourcesTest::fitScore_data() {
    QTest::addColumn<int>("index");
    QTest::addColumn<bool>("runPreScore");
    const auto& cases = scoreCases();
    for (size_t i = 0; i < cases.size(); ++i) {
        QTest::newRow(cases[i].name.c_str()) << int(i) << true;
        QTest::newRow((cases[i].name + " if PreScore is not called").c_str()) << int(i) << false;
    }
}

void NodeResourcesTest::fitScore() {
    QFETCH(int, index);
    QFETCH(bool, runPreScore);
    const ScoreCase& c = scoreCases()[index];
    scheduler::testing::FakeHandle handle(c.nodes, c.existing);
    std::string error;
    auto plugin = fit(c.args, handle, {}, &error);
    QVERIFY2(plugin, error.c_str());
    std::vector<framework::Code> codes;
    const auto got = scores(plugin, handle, c.pod, runPreScore, &codes);
    for (auto code : codes) QCOMPARE(QString(framework::codeName(code)), QString("Success"));
    QCOMPARE(join(got), join(c.expected));
}

void NodeResourcesTest::fitScoreWithoutPreScore() {
    // A PreScore state from another pod is what Score uses: it does not recompute when present.
    scheduler::testing::FakeHandle handle({n("node1", "1000m", "1000Mi")});
    auto plugin = fit(codec::Value(), handle);
    QVERIFY(plugin);
    framework::CycleState state;
    auto* pre = dynamic_cast<framework::PreScorePlugin*>(plugin.get());
    auto* sc = dynamic_cast<framework::ScorePlugin*>(plugin.get());
    QVERIFY(pre && sc);
    QVERIFY(!sc->hasNormalizeScore());
    const auto big = req("500m", "500Mi");
    QVERIFY(pre->preScore(state, *big, {}).isSuccess());
    auto [withState, st1] = sc->score(state, *makePod().obj(), *handle.list()[0]);
    QVERIFY(st1.isSuccess());
    QCOMPARE(withState, int64_t(50));
    framework::CycleState fresh;
    auto [without, st2] = sc->score(fresh, *makePod().obj(), *handle.list()[0]);
    QVERIFY(st2.isSuccess());
    QCOMPARE(without, int64_t(100));
}

void NodeResourcesTest::scoreErrors() {
    using plugins::noderesources::ResourceAllocationScorer;
    scheduler::testing::FakeHandle handle({n("node1", "4000", "10000")});
    // "Resources not set, pods scheduled with error" (args that skip defaulting).
    ResourceAllocationScorer empty("LeastAllocated", false, plugins::noderesources::leastResourceScorer({}), {});
    auto [s1, st1] = empty.score(*handle.list()[0], {});
    QCOMPARE(s1, int64_t(0));
    QCOMPARE(QString(framework::codeName(st1.code())), QString(framework::codeName(framework::Code::Error)));
    QCOMPARE(QString::fromStdString(st1.message()), QString("resources not found"));
    // A NodeInfo without its node.
    auto plugin = fit(codec::Value(), handle);
    QVERIFY(plugin);
    framework::CycleState state;
    NodeInfo noNode;
    auto [s2, st2] = dynamic_cast<framework::ScorePlugin&>(*plugin).score(state, *req("1", "1"), noNode);
    QCOMPARE(s2, int64_t(0));
    QCOMPARE(QString(framework::codeName(st2.code())), QString(framework::codeName(framework::Code::Error)));
    QCOMPARE(QString::fromStdString(st2.message()), QString("node not found"));
}

void NodeResourcesTest::brokenLinearFunction_data() {
    QTest::addColumn<QString>("shape");   // "u:s,u:s"
    QTest::addColumn<QString>("points");  // "p=expected,..."
    QTest::newRow("case_0") << "10:1,90:9" << "-10=1,0=1,9=1,10=1,15=1,19=1,20=2,89=8,90=9,99=9,100=9,110=9";
    QTest::newRow("case_1") << "0:2,40:10,100:0" << "-10=2,0=2,20=6,30=8,40=10,70=5,100=0,110=0";
    QTest::newRow("case_2") << "0:2,40:2,100:2" << "-10=2,0=2,20=2,30=2,40=2,70=2,100=2,110=2";
    // Interpolation truncates toward zero on a falling slope: 100 + (-100 * 33) / 100 = 67.
    QTest::newRow("falling") << "0:100,100:0" << "33=67,66=34,75=25";
}

void NodeResourcesTest::brokenLinearFunction() {
    QFETCH(QString, shape);
    QFETCH(QString, points);
    plugins::noderesources::FunctionShape fs;
    for (const auto& p : shape.split(',')) fs.push_back({p.section(':', 0, 0).toLongLong(), p.section(':', 1, 1).toLongLong()});
    auto f = plugins::noderesources::buildBrokenLinearFunction(fs);
    for (const auto& a : points.split(',')) {
        const qint64 p = a.section('=', 0, 0).toLongLong();
        const qint64 want = a.section('=', 1, 1).toLongLong();
        QCOMPARE(qint64(f(p)), want);
    }
}

void NodeResourcesTest::workedExample() {
    // Measured on kube-scheduler v1.28.7: a pod requesting cpu 1500m / memory 2Gi.
    const std::vector<NodePtr> nodes = {
        makeNode("node-b", {{"cpu", "2"}, {"memory", "8Gi"}, {"pods", "110"}}),
        makeNode("node-c", {{"cpu", "4"}, {"memory", "16Gi"}, {"pods", "110"}}),
        makeNode("node-d", {{"cpu", "4"}, {"memory", "8Gi"}, {"pods", "110"}}),
    };
    scheduler::testing::FakeHandle handle(nodes, {req("1", "4Gi", "node-c")});
    const auto pod = req("1500m", "2Gi");
    auto f = fit(codec::Value(), handle);
    auto b = balanced(codec::Value(), handle);
    QVERIFY(f && b);
    QCOMPARE(join(scores(f, handle, pod, true)), QString("50,49,68"));
    QCOMPARE(join(scores(b, handle, pod, true)), QString("75,87,93"));
    // And the pod fits all three.
    framework::CycleState state;
    QVERIFY(dynamic_cast<framework::PreFilterPlugin&>(*f).preFilter(state, *pod, handle.list()).second.isSuccess());
    for (auto* ni : handle.list()) QVERIFY(dynamic_cast<framework::FilterPlugin&>(*f).filter(state, *pod, *ni).isSuccess());
}
