// NodeResourcesFit PreFilter/Filter: upstream fit_test.go's TestEnoughRequests,
// TestNotEnoughRequests, TestStorageRequests, TestPreFilterDisabled and (as v1.28 had it, in
// Filter) TestRestartableInitContainers, plus the order of several reasons.
#include "noderesources_test.h"

#include "scheduler/plugins/noderesources/fit.h"

using namespace pilothouse;
using namespace pilothouse::scheduler;
using namespace pilothouse::scheduler::noderesources_test;
using plugins::noderesources::InsufficientResource;

namespace {

const std::string kA = "example.com/aaa";
const std::string kB = "example.com/bbb";
const std::string kIOA = "kubernetes.io/something";
const std::string kIOB = "subdomain.kubernetes.io/something";
const std::string kHuge = "hugepages-2Mi";

struct FilterCase {
    std::string name;
    PodPtr pod;
    std::vector<PodPtr> existing;
    Quantities alloc;
    std::vector<std::string> ignored;
    std::vector<std::string> groups;
    std::vector<std::string> reasons;  // empty: fits
};

Res r(int64_t cpu, int64_t mem, std::map<std::string, int64_t> scalar = {}) { return Res{cpu, mem, 0, std::move(scalar)}; }
Res storage(int64_t eph) { return Res{0, 0, eph, {}}; }

std::string insufficient(const std::string& name) { return "Insufficient " + name; }

const std::vector<FilterCase>& filterCases() {
    static const std::vector<FilterCase> cases = [] {
        const Quantities enough = allocatable(10, 20, 32, 5, 20, 5);
        const Quantities onePod = allocatable(10, 20, 1, 0, 0, 0);
        std::vector<FilterCase> c;
        // TestEnoughRequests
        c.push_back({"no resources requested always fits", makePod().obj(), {makePod().res(r(10, 20)).obj()}, enough, {}, {}, {}});
        c.push_back({"too many resources fails", makePod().res(r(1, 1)).obj(), {makePod().res(r(10, 20)).obj()}, enough, {}, {},
                     {"Insufficient cpu", "Insufficient memory"}});
        c.push_back({"too many resources fails due to init container cpu", makePod().res(r(1, 1)).initRes(r(3, 1)).obj(),
                     {makePod().res(r(8, 19)).obj()}, enough, {}, {}, {"Insufficient cpu"}});
        c.push_back({"too many resources fails due to highest init container cpu",
                     makePod().res(r(1, 1)).initRes(r(3, 1)).initRes(r(2, 1)).obj(), {makePod().res(r(8, 19)).obj()}, enough,
                     {}, {}, {"Insufficient cpu"}});
        c.push_back({"too many resources fails due to init container memory", makePod().res(r(1, 1)).initRes(r(1, 3)).obj(),
                     {makePod().res(r(9, 19)).obj()}, enough, {}, {}, {"Insufficient memory"}});
        c.push_back({"too many resources fails due to highest init container memory",
                     makePod().res(r(1, 1)).initRes(r(1, 3)).initRes(r(1, 2)).obj(), {makePod().res(r(9, 19)).obj()}, enough,
                     {}, {}, {"Insufficient memory"}});
        c.push_back({"init container fits because it's the max, not sum, of containers and init containers",
                     makePod().res(r(1, 1)).initRes(r(1, 1)).obj(), {makePod().res(r(9, 19)).obj()}, enough, {}, {}, {}});
        c.push_back({"multiple init containers fit because it's the max, not sum, of containers and init containers",
                     makePod().res(r(1, 1)).initRes(r(1, 1)).initRes(r(1, 1)).obj(), {makePod().res(r(9, 19)).obj()}, enough,
                     {}, {}, {}});
        c.push_back({"both resources fit", makePod().res(r(1, 1)).obj(), {makePod().res(r(5, 5)).obj()}, enough, {}, {}, {}});
        c.push_back({"one resource memory fits", makePod().res(r(2, 1)).obj(), {makePod().res(r(9, 5)).obj()}, enough, {}, {},
                     {"Insufficient cpu"}});
        c.push_back({"one resource cpu fits", makePod().res(r(1, 2)).obj(), {makePod().res(r(5, 19)).obj()}, enough, {}, {},
                     {"Insufficient memory"}});
        c.push_back({"equal edge case", makePod().res(r(5, 1)).obj(), {makePod().res(r(5, 19)).obj()}, enough, {}, {}, {}});
        c.push_back({"equal edge case for init container", makePod().res(r(4, 1)).initRes(r(5, 1)).obj(),
                     {makePod().res(r(5, 19)).obj()}, enough, {}, {}, {}});
        c.push_back({"extended resource fits", makePod().res(r(0, 0, {{kA, 1}})).obj(), {makePod().res(r(0, 0)).obj()}, enough,
                     {}, {}, {}});
        c.push_back({"extended resource fits for init container", makePod().res(r(0, 0)).initRes(r(0, 0, {{kA, 1}})).obj(),
                     {makePod().res(r(0, 0)).obj()}, enough, {}, {}, {}});
        c.push_back({"extended resource capacity enforced", makePod().res(r(1, 1, {{kA, 10}})).obj(),
                     {makePod().res(r(0, 0, {{kA, 0}})).obj()}, enough, {}, {}, {insufficient(kA)}});
        c.push_back({"extended resource capacity enforced for init container",
                     makePod().res(r(0, 0)).initRes(r(1, 1, {{kA, 10}})).obj(), {makePod().res(r(0, 0, {{kA, 0}})).obj()},
                     enough, {}, {}, {insufficient(kA)}});
        c.push_back({"extended resource allocatable enforced", makePod().res(r(1, 1, {{kA, 1}})).obj(),
                     {makePod().res(r(0, 0, {{kA, 5}})).obj()}, enough, {}, {}, {insufficient(kA)}});
        c.push_back({"extended resource allocatable enforced for init container",
                     makePod().res(r(0, 0)).initRes(r(1, 1, {{kA, 1}})).obj(), {makePod().res(r(0, 0, {{kA, 5}})).obj()},
                     enough, {}, {}, {insufficient(kA)}});
        c.push_back({"extended resource allocatable enforced for multiple containers",
                     makePod().res(r(1, 1, {{kA, 3}})).res(r(1, 1, {{kA, 3}})).obj(), {makePod().res(r(0, 0, {{kA, 2}})).obj()},
                     enough, {}, {}, {insufficient(kA)}});
        c.push_back({"extended resource allocatable admits multiple init containers",
                     makePod().res(r(0, 0)).initRes(r(1, 1, {{kA, 3}})).initRes(r(1, 1, {{kA, 3}})).obj(),
                     {makePod().res(r(0, 0, {{kA, 2}})).obj()}, enough, {}, {}, {}});
        c.push_back({"extended resource allocatable enforced for multiple init containers",
                     makePod().res(r(0, 0)).initRes(r(1, 1, {{kA, 6}})).initRes(r(1, 1, {{kA, 3}})).obj(),
                     {makePod().res(r(0, 0, {{kA, 2}})).obj()}, enough, {}, {}, {insufficient(kA)}});
        c.push_back({"extended resource allocatable enforced for unknown resource", makePod().res(r(1, 1, {{kB, 1}})).obj(),
                     {makePod().res(r(0, 0)).obj()}, enough, {}, {}, {insufficient(kB)}});
        c.push_back({"extended resource allocatable enforced for unknown resource for init container",
                     makePod().res(r(0, 0)).initRes(r(1, 1, {{kB, 1}})).obj(), {makePod().res(r(0, 0)).obj()}, enough, {}, {},
                     {insufficient(kB)}});
        c.push_back({"kubernetes.io resource capacity enforced", makePod().res(r(1, 1, {{kIOA, 10}})).obj(),
                     {makePod().res(r(0, 0)).obj()}, enough, {}, {}, {insufficient(kIOA)}});
        c.push_back({"kubernetes.io resource capacity enforced for init container",
                     makePod().res(r(0, 0)).initRes(r(1, 1, {{kIOB, 10}})).obj(), {makePod().res(r(0, 0)).obj()}, enough, {}, {},
                     {insufficient(kIOB)}});
        c.push_back({"hugepages resource capacity enforced", makePod().res(r(1, 1, {{kHuge, 10}})).obj(),
                     {makePod().res(r(0, 0, {{kHuge, 0}})).obj()}, enough, {}, {}, {insufficient(kHuge)}});
        c.push_back({"hugepages resource capacity enforced for init container",
                     makePod().res(r(0, 0)).initRes(r(1, 1, {{kHuge, 10}})).obj(), {makePod().res(r(0, 0, {{kHuge, 0}})).obj()},
                     enough, {}, {}, {insufficient(kHuge)}});
        c.push_back({"hugepages resource allocatable enforced for multiple containers",
                     makePod().res(r(1, 1, {{kHuge, 3}})).res(r(1, 1, {{kHuge, 3}})).obj(),
                     {makePod().res(r(0, 0, {{kHuge, 2}})).obj()}, enough, {}, {}, {insufficient(kHuge)}});
        c.push_back({"skip checking ignored extended resource", makePod().res(r(1, 1, {{kB, 1}})).obj(),
                     {makePod().res(r(0, 0)).obj()}, enough, {kB}, {}, {}});
        c.push_back({"resources + pod overhead fits", makePod().res(r(1, 1)).overhead({{"cpu", "3m"}, {"memory", "13"}}).obj(),
                     {makePod().res(r(5, 5)).obj()}, enough, {}, {}, {}});
        c.push_back({"requests + overhead does not fit for memory",
                     makePod().res(r(1, 1)).overhead({{"cpu", "1m"}, {"memory", "15"}}).obj(), {makePod().res(r(5, 5)).obj()},
                     enough, {}, {}, {"Insufficient memory"}});
        c.push_back({"skip checking ignored extended resource via resource groups",
                     makePod().res(r(1, 1, {{kB, 1}, {kIOA, 1}})).obj(), {makePod().res(r(0, 0)).obj()}, enough, {},
                     {"example.com"}, {insufficient(kIOA)}});
        c.push_back({"skip checking extended resource request with quantity zero via resource groups",
                     makePod().res(r(1, 1, {{kA, 0}})).obj(), {makePod().res(r(0, 0, {{kA, 6}})).obj()}, enough, {}, {}, {}});
        c.push_back({"skip checking resource request with quantity zero", makePod().res(r(0, 0, {{kA, 1}})).obj(),
                     {makePod().res(r(20, 30, {{kA, 1}})).obj()}, enough, {}, {}, {}});
        // Only extended resources can be ignored: hugepages and *kubernetes.io/* are always checked.
        c.push_back({"hugepages are not ignorable", makePod().res(r(1, 1, {{kHuge, 10}})).obj(), {}, enough, {kHuge}, {},
                     {insufficient(kHuge)}});
        c.push_back({"kubernetes.io resources are not ignorable by group", makePod().res(r(1, 1, {{kIOA, 1}})).obj(), {}, enough,
                     {kIOA}, {"kubernetes.io"}, {insufficient(kIOA)}});
        c.push_back({"scalar shortfalls by name", makePod().res(r(1, 1, {{kB, 1}, {kA, 10}})).obj(), {}, enough, {}, {},
                     {insufficient(kA), insufficient(kB)}});
        c.push_back({"every reason in upstream order",
                     makePod().res(Res{1, 1, 1, {{kA, 6}, {kHuge, 6}}}).obj(), {makePod().res(Res{10, 20, 20, {}}).obj()},
                     allocatable(10, 20, 1, 5, 20, 5), {}, {},
                     {"Too many pods", "Insufficient cpu", "Insufficient memory", "Insufficient ephemeral-storage",
                      insufficient(kA), insufficient(kHuge)}});
        // TestNotEnoughRequests
        c.push_back({"even without specified resources, predicate fails when there's no space for additional pod",
                     makePod().obj(), {makePod().res(r(10, 20)).obj()}, onePod, {}, {}, {"Too many pods"}});
        c.push_back({"even if both resources fit, predicate fails when there's no space for additional pod",
                     makePod().res(r(1, 1)).obj(), {makePod().res(r(5, 5)).obj()}, onePod, {}, {}, {"Too many pods"}});
        c.push_back({"even for equal edge case, predicate fails when there's no space for additional pod",
                     makePod().res(r(5, 1)).obj(), {makePod().res(r(5, 19)).obj()}, onePod, {}, {}, {"Too many pods"}});
        c.push_back({"even for equal edge case, predicate fails when there's no space for additional pod due to init container",
                     makePod().res(r(5, 1)).initRes(r(5, 1)).obj(), {makePod().res(r(5, 19)).obj()}, onePod, {}, {},
                     {"Too many pods"}});
        // TestStorageRequests
        c.push_back({"empty storage requested, and pod fits", makePod().res(r(1, 1)).obj(), {makePod().res(r(2, 10)).obj()},
                     enough, {}, {}, {}});
        c.push_back({"storage ephemeral local storage request exceeds allocatable", makePod().res(storage(25)).obj(),
                     {makePod().res(r(2, 2)).obj()}, enough, {}, {}, {"Insufficient ephemeral-storage"}});
        c.push_back({"ephemeral local storage is sufficient", makePod().res(storage(5)).obj(),
                     {makePod().res(Res{2, 2, 10, {}}).obj()}, enough, {}, {}, {}});
        c.push_back({"pod fits", makePod().res(storage(10)).obj(), {makePod().res(r(2, 2)).obj()}, enough, {}, {}, {}});
        return c;
    }();
    return cases;
}

codec::Value ignoreArgs(const std::vector<std::string>& ignored, const std::vector<std::string>& groups) {
    codec::Value args = codec::Value::object();
    if (!ignored.empty()) {
        codec::Value l = codec::Value::array();
        for (const auto& s : ignored) l.push(s);
        args.set("ignoredResources", l);
    }
    if (!groups.empty()) {
        codec::Value l = codec::Value::array();
        for (const auto& s : groups) l.push(s);
        args.set("ignoredResourceGroups", l);
    }
    return args;
}

}  // namespace

void NodeResourcesTest::filter_data() {
    QTest::addColumn<int>("index");
    const auto& cases = filterCases();
    for (size_t i = 0; i < cases.size(); ++i) QTest::newRow(cases[i].name.c_str()) << int(i);
}

void NodeResourcesTest::filter() {
    QFETCH(int, index);
    const FilterCase& c = filterCases()[index];
    scheduler::testing::FakeHandle handle({});
    std::string error;
    auto plugin = fit(ignoreArgs(c.ignored, c.groups), handle, {}, &error);
    QVERIFY2(plugin, error.c_str());
    auto node = scheduler::testing::nodeInfo(makeNode("node", c.alloc), c.existing);

    framework::CycleState state;
    auto [result, pre] = dynamic_cast<framework::PreFilterPlugin&>(*plugin).preFilter(state, *c.pod, {});
    QVERIFY(pre.isSuccess());
    QVERIFY(result.allNodes());
    const framework::Status st = dynamic_cast<framework::FilterPlugin&>(*plugin).filter(state, *c.pod, *node);
    if (c.reasons.empty()) {
        QCOMPARE(QString(framework::codeName(st.code())), QString("Success"));
    } else {
        QCOMPARE(QString(framework::codeName(st.code())), QString(framework::codeName(framework::Code::Unschedulable)));
    }
    QCOMPARE(join(st.reasons()), join(c.reasons));
}

void NodeResourcesTest::filterInsufficientResourceDetails() {
    using plugins::noderesources::fits;
    using plugins::noderesources::computeFitRequest;
    auto node = scheduler::testing::nodeInfo(makeNode("node", allocatable(10, 20, 32, 5, 20, 5)),
                                             {makePod().res(Res{10, 20, 0, {{kA, 2}}}).obj()});
    // cpu and memory: requested by the pod, used on the node, allocatable.
    auto got = fits(*makePod().res(Res{1, 1, 0, {}}).obj(), *node);
    QCOMPARE(got.size(), size_t(2));
    QVERIFY((got[0] == InsufficientResource{"cpu", "Insufficient cpu", 1, 10, 10}));
    QVERIFY((got[1] == InsufficientResource{"memory", "Insufficient memory", 1, 20, 20}));
    // Extended resource from two containers.
    got = fits(*makePod().res(Res{0, 0, 0, {{kA, 3}}}).res(Res{0, 0, 0, {{kA, 3}}}).obj(), *node);
    QCOMPARE(got.size(), size_t(1));
    QVERIFY((got[0] == InsufficientResource{kA, "Insufficient example.com/aaa", 6, 2, 5}));
    // Overhead counts into the request.
    got = fits(*makePod().res(Res{0, 0, 0, {}}).overhead({{"ephemeral-storage", "21"}}).obj(), *node);
    QCOMPARE(got.size(), size_t(1));
    QVERIFY((got[0] == InsufficientResource{"ephemeral-storage", "Insufficient ephemeral-storage", 21, 0, 20}));
    // Too many pods.
    auto full = scheduler::testing::nodeInfo(makeNode("node", allocatable(10, 20, 1, 0, 0, 0)), {makePod().obj()});
    got = fits(*makePod().obj(), *full);
    QCOMPARE(got.size(), size_t(1));
    QVERIFY((got[0] == InsufficientResource{"pods", "Too many pods", 1, 1, 1}));
    // The request PreFilter records: max(sum of containers, largest init container) + overhead,
    // names that are not scalar resources dropped.
    auto pod = makePod()
                   .req({{"cpu", "100m"}, {"memory", "1Ki"}})
                   .req({{"cpu", "200m"}, {"memory", "1Ki"}, {kA, "1"}})
                   .initReq({{"cpu", "500m"}, {"memory", "1Ki"}, {kA, "3"}})
                   .overhead({{"cpu", "10m"}, {"memory", "1"}})
                   .obj();
    const framework::Resource req = computeFitRequest(*pod);
    QCOMPARE(req.milliCPU, int64_t(510));
    QCOMPARE(req.memory, int64_t(2049));
    QCOMPARE(req.get(kA), int64_t(3));
    QCOMPARE(req.scalarResources.size(), size_t(1));
}

void NodeResourcesTest::filterWithoutPreFilter() {
    scheduler::testing::FakeHandle handle({});
    auto plugin = fit(codec::Value(), handle);
    QVERIFY(plugin);
    auto node = scheduler::testing::nodeInfo(makeNode("node", allocatable(10, 20, 32, 5, 20, 5)));
    framework::CycleState state;
    const framework::Status st = dynamic_cast<framework::FilterPlugin&>(*plugin).filter(state, *makePod().obj(), *node);
    QCOMPARE(QString(framework::codeName(st.code())), QString(framework::codeName(framework::Code::Error)));
    QCOMPARE(QString::fromStdString(st.message()),
             QString("error reading \"PreFilterNodeResourcesFit\" from cycleState: not found"));
}

void NodeResourcesTest::preFilter() {
    scheduler::testing::FakeHandle handle({});
    auto plugin = fit(codec::Value(), handle);
    QVERIFY(plugin);
    QCOMPARE(QString::fromStdString(plugin->name()), QString("NodeResourcesFit"));
    auto& pf = dynamic_cast<framework::PreFilterPlugin&>(*plugin);
    QVERIFY(pf.preFilterExtensions() == nullptr);
    framework::CycleState state;
    auto [result, st] = pf.preFilter(state, *makePod().req({{"cpu", "1"}}).obj(), {});
    QVERIFY(st.isSuccess());
    QVERIFY(result.allNodes());
    // A cloned state (preemption's dry runs) still carries the request.
    auto copy = state.clone();
    auto node = scheduler::testing::nodeInfo(makeNode("node", {{"cpu", "500m"}, {"memory", "1Gi"}, {"pods", "10"}}));
    const framework::Status f = dynamic_cast<framework::FilterPlugin&>(*plugin).filter(*copy, *makePod().obj(), *node);
    QCOMPARE(join(f.reasons()), QString("Insufficient cpu"));
}

void NodeResourcesTest::restartableInitContainers_data() {
    QTest::addColumn<bool>("restartable");
    QTest::addColumn<bool>("gate");
    QTest::addColumn<bool>("runPreFilter");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("reasons");
    const QString unresolvable = framework::codeName(framework::Code::UnschedulableAndUnresolvable);
    const QString reason = "Pod has a restartable init container and the SidecarContainers feature is disabled";
    QTest::newRow("allow pod without restartable init containers if sidecar containers is disabled")
        << false << false << true << "Success" << "";
    QTest::newRow("not allow pod with restartable init containers if sidecar containers is disabled")
        << true << false << true << unresolvable << reason;
    QTest::newRow("checked before the PreFilter state is read") << true << false << false << unresolvable << reason;
    QTest::newRow("allow pod without restartable init containers if sidecar containers is enabled")
        << false << true << true << "Success" << "";
    QTest::newRow("allow pod with restartable init containers if sidecar containers is enabled")
        << true << true << true << "Success" << "";
}

void NodeResourcesTest::restartableInitContainers() {
    QFETCH(bool, restartable);
    QFETCH(bool, gate);
    QFETCH(bool, runPreFilter);
    QFETCH(QString, code);
    QFETCH(QString, reasons);
    scheduler::testing::FakeHandle handle({});
    framework::FeatureGates gates;
    QVERIFY(!gates.sidecarContainers);  // v1.28 default
    gates.sidecarContainers = gate;
    auto plugin = fit(codec::Value(), handle, gates);
    QVERIFY(plugin);
    auto builder = makePod().container();
    if (restartable) builder.sidecar({});
    else builder.initReq({});
    auto pod = builder.obj();
    auto node = scheduler::testing::nodeInfo(makeNode("node", allocatable(0, 0, 1, 0, 0, 0)));
    framework::CycleState state;
    if (runPreFilter) {
        // v1.28 does not reject in PreFilter (that moved there in 1.29).
        auto [result, st] = dynamic_cast<framework::PreFilterPlugin&>(*plugin).preFilter(state, *pod, {});
        QVERIFY(st.isSuccess());
    }
    const framework::Status st = dynamic_cast<framework::FilterPlugin&>(*plugin).filter(state, *pod, *node);
    QCOMPARE(QString(framework::codeName(st.code())), code);
    QCOMPARE(join(st.reasons()), reasons);
}

void NodeResourcesTest::eventsToRegister() {
    scheduler::testing::FakeHandle handle({});
    auto plugin = fit(codec::Value(), handle);
    QVERIFY(plugin);
    auto* ext = dynamic_cast<framework::EnqueueExtensions*>(plugin.get());
    QVERIFY(ext);
    const auto events = ext->eventsToRegister();
    QCOMPARE(events.size(), size_t(2));
    QCOMPARE(QString::fromStdString(events[0].resource), QString("Pod"));
    QCOMPARE(events[0].actionType, int(framework::kDelete));
    QCOMPARE(QString::fromStdString(events[1].resource), QString("Node"));
    QCOMPARE(events[1].actionType, int(framework::kAdd | framework::kUpdate));
    // BalancedAllocation only scores: it registers nothing.
    auto ba = balanced(codec::Value(), handle);
    QVERIFY(ba);
    QVERIFY(dynamic_cast<framework::EnqueueExtensions*>(ba.get()) == nullptr);
    QVERIFY(dynamic_cast<framework::FilterPlugin*>(ba.get()) == nullptr);
}
