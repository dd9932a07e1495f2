// NodeResourcesBalancedAllocation: upstream v1.28 balanced_allocation_test.go (cpu in milli-cores,
// memory in bytes), run with and without PreScore, and the standard-deviation formula itself.
#include "noderesources_test.h"

#include "scheduler/plugins/noderesources/balanced_allocation.h"
#include "scheduler/plugins/noderesources/scorers.h"

using namespace pilothouse;
using namespace pilothouse::scheduler;
using namespace pilothouse::scheduler::noderesources_test;

namespace {

struct BalancedCase {
    std::string name;
    codec::Value args;
    PodPtr pod;
    std::vector<NodePtr> nodes;
    std::vector<PodPtr> existing;
    std::vector<int64_t> expected;
};

// upstream makeNode(name, milliCPU, memory, extended)
NodePtr mn(const std::string& name, int64_t milliCPU, int64_t memory, Quantities extra = {}) {
    extra["cpu"] = std::to_string(milliCPU) + "m";
    extra["memory"] = std::to_string(memory);
    return makeNode(name, extra);
}

PodPtr cpuOnly(const std::string& node) {
    return makePod().req({{"cpu", "1000m"}, {"memory", "0"}}).req({{"cpu", "2000m"}, {"memory", "0"}}).node(node).obj();
}
PodPtr cpuAndMemory(const std::string& node) {
    return makePod().req({{"cpu", "1000m"}, {"memory", "2000"}}).req({{"cpu", "2000m"}, {"memory", "3000"}}).node(node).obj();
}
PodPtr cpuAndMemoryAndGPU(const std::string& node) {
    return makePod()
        .req({{"cpu", "1000m"}, {"memory", "2000"}})
        .req({{"cpu", "2000m"}, {"memory", "3000"}, {"nvidia.com/gpu", "3"}})
        .node(node)
        .obj();
}

const std::vector<BalancedCase>& balancedCases() {
    static const std::vector<BalancedCase> cases = [] {
        const codec::Value defaults;  // null: cpu and memory, weight 1
        const codec::Value withGPU =
            yamlArgs("resources: [{name: cpu, weight: 1}, {name: memory, weight: 1}, {name: nvidia.com/gpu, weight: 1}]");
        const Quantities gpu = {{"nvidia.com/gpu", "8"}};
        const PodPtr noResources = makePod().obj();
        std::vector<BalancedCase> c;
        c.push_back({"nothing scheduled, nothing requested", defaults, noResources,
                     {mn("node1", 4000, 10000), mn("node2", 4000, 10000)}, {}, {100, 100}});
        c.push_back({"nothing scheduled, resources requested, differently sized nodes", defaults, cpuAndMemory(""),
                     {mn("node1", 4000, 10000), mn("node2", 6000, 10000)}, {}, {87, 100}});
        c.push_back({"no resources requested, pods scheduled", defaults, noResources,
                     {mn("node1", 4000, 10000), mn("node2", 4000, 10000)},
                     {makePod().node("node1").obj(), makePod().node("node1").obj(), makePod().node("node2").obj(),
                      makePod().node("node2").obj()},
                     {100, 100}});
        c.push_back({"no resources requested, pods scheduled with resources", defaults, noResources,
                     {mn("node1", 10000, 20000), mn("node2", 10000, 20000)},
                     {cpuOnly("node1"), cpuOnly("node1"), cpuOnly("node2"), cpuAndMemory("node2")}, {70, 82}});
        c.push_back({"resources requested, pods scheduled with resources", defaults, cpuAndMemory(""),
                     {mn("node1", 10000, 20000), mn("node2", 10000, 20000)}, {cpuOnly("node1"), cpuAndMemory("node2")},
                     {82, 95}});
        c.push_back({"resources requested, pods scheduled with resources, differently sized nodes", defaults, cpuAndMemory(""),
                     {mn("node1", 10000, 20000), mn("node2", 10000, 50000)}, {cpuOnly("node1"), cpuAndMemory("node2")},
                     {82, 80}});
        c.push_back({"requested resources at node capacity", defaults, cpuOnly(""),
                     {mn("node1", 6000, 10000), mn("node2", 6000, 10000)}, {cpuOnly("node1"), cpuAndMemory("node2")},
                     {50, 75}});
        c.push_back({"zero node resources, pods scheduled with resources", defaults, cpuAndMemory(""),
                     {mn("node1", 0, 0), mn("node2", 0, 0)}, {cpuOnly("node1"), cpuAndMemory("node2")}, {100, 100}});
        c.push_back({"include scalar resource on a node for balanced resource allocation", withGPU,
                     makePod().req({{"memory", "0"}, {"nvidia.com/gpu", "1"}}).obj(),
                     {mn("node1", 3500, 40000, gpu), mn("node2", 3500, 40000, gpu)},
                     {cpuAndMemory("node2"), cpuAndMemoryAndGPU("node1")}, {70, 65}});
        c.push_back({"node without the scalar resource should skip the scalar resource", withGPU, cpuAndMemory(""),
                     {mn("node1", 3500, 40000, gpu), mn("node2", 3500, 40000)}, {}, {63, 63}});
        // The actual requests, not NodeResourcesFit's non-zero ones: request-less containers count 0
        // (with the 100m/200Mi defaults node1 would score 80).
        c.push_back({"no resources requested, pods scheduled, nonzero request for resource", defaults,
                     makePod().container().obj(), {mn("node1", 250, 1000LL * 1024 * 1024), mn("node2", 250, 1000LL * 1024 * 1024)},
                     {makePod().container().node("node1").obj(), makePod().container().node("node1").obj()}, {100, 100}});
        c.push_back({"overhead counts in the pod's requests", defaults,
                     makePod().container().overhead({{"cpu", "300m"}, {"memory", "100Mi"}}).obj(),
                     {makeNode("node1", {{"cpu", "1000m"}, {"memory", "1000Mi"}})}, {}, {90}});
        c.push_back({"the largest init container counts", defaults,
                     makePod().req({{"cpu", "100m"}, {"memory", "100Mi"}}).initReq({{"cpu", "600m"}}).obj(),
                     {makeNode("node1", {{"cpu", "1000m"}, {"memory", "1000Mi"}})}, {}, {75}});
        return c;
    }();
    return cases;
}

}  // namespace

void NodeResourcesTest::balancedAllocation_data() {
    QTest::addColumn<int>("index");
    QTest::addColumn<bool>("runPreScore");
    const auto& cases = balancedCases();
    for (size_t i = 0; i < cases.size(); ++i) {
        QTest::newRow(cases[i].name.c_str()) << int(i) << true;
        QTest::newRow((cases[i].name + " if PreScore not called").c_str()) << int(i) << false;
    }
}

void NodeResourcesTest::balancedAllocation() {
    QFETCH(int, index);
    QFETCH(bool, runPreScore);
    const BalancedCase& c = balancedCases()[index];
    scheduler::testing::FakeHandle handle(c.nodes, c.existing);
    std::string error;
    auto plugin = balanced(c.args, handle, &error);
    QVERIFY2(plugin, error.c_str());
    QCOMPARE(QString::fromStdString(plugin->name()), QString("NodeResourcesBalancedAllocation"));
    QVERIFY(!dynamic_cast<framework::ScorePlugin&>(*plugin).hasNormalizeScore());
    std::vector<framework::Code> codes;
    const auto got = scores(plugin, handle, c.pod, runPreScore, &codes);
    for (auto code : codes) QCOMPARE(QString(framework::codeName(code)), QString("Success"));
    QCOMPARE(join(got), join(c.expected));
}

void NodeResourcesTest::balancedResourceScorer_data() {
    QTest::addColumn<QString>("requested");
    QTest::addColumn<QString>("allocatable");
    QTest::addColumn<qint64>("score");
    QTest::newRow("no resources") << "" << "" << qint64(100);
    QTest::newRow("one fraction has no deviation") << "1" << "2" << qint64(100);
    QTest::newRow("two fractions: |f1-f2|/2") << "3,5" << "4,10" << qint64(87);
    QTest::newRow("fractions are capped at 1") << "8,1" << "4,4" << qint64(62);
    QTest::newRow("zero allocatable is skipped") << "5,1,2" << "10,0,4" << qint64(100);
    QTest::newRow("three fractions: population std") << "3000,5000,4" << "3500,40000,8" << qint64(70);
    QTest::newRow("score truncates: 1 - 0.0625") << "1500,2147483648" << "4000,8589934592" << qint64(93);
}

void NodeResourcesTest::balancedResourceScorer() {
    QFETCH(QString, requested);
    QFETCH(QString, allocatable);
    QFETCH(qint64, score);
    auto parse = [](const QString& s) {
        std::vector<int64_t> out;
        for (const auto& p : s.split(',', Qt::SkipEmptyParts)) out.push_back(p.toLongLong());
        return out;
    };
    QCOMPARE(qint64(plugins::noderesources::balancedResourceScorer(parse(requested), parse(allocatable))), score);
}
