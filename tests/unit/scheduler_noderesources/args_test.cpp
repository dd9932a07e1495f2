// NodeResourcesFitArgs / NodeResourcesBalancedAllocationArgs: v1 defaults, upstream's validation
// texts (validation_pluginargs_test.go cases, plus the weight cases of least/most_allocated_test.go)
// with paths relative to the args, and the strict decoder's texts.
#include "noderesources_test.h"

#include "scheduler/plugins/noderesources/args.h"
#include "scheduler/plugins/noderesources/balanced_allocation.h"
#include "scheduler/plugins/noderesources/fit.h"

using namespace pilothouse;
using namespace pilothouse::scheduler;
using namespace pilothouse::scheduler::noderesources_test;
namespace nr = pilothouse::scheduler::plugins::noderesources;

namespace {

const QString kQualified =
    "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character "
    "(e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const QString kSupported = "supported values: \"LeastAllocated\", \"MostAllocated\", \"RequestedToCapacityRatio\"";

QString describe(const std::vector<nr::ResourceSpec>& resources) {
    QStringList l;
    for (const auto& r : resources) l << QString("%1:%2").arg(QString::fromStdString(r.name)).arg(r.weight);
    return l.join(",");
}

QString describe(const nr::NodeResourcesFitArgs& a) {
    QStringList ignored, groups;
    for (const auto& s : a.ignoredResources) ignored << QString::fromStdString(s);
    for (const auto& s : a.ignoredResourceGroups) groups << QString::fromStdString(s);
    QString out = QString("ignored=[%1] groups=[%2]").arg(ignored.join(","), groups.join(","));
    if (!a.scoringStrategy) return out + " strategy=nil";
    const auto& s = *a.scoringStrategy;
    out += QString(" type=%1 resources=%2").arg(QString::fromStdString(s.type), describe(s.resources));
    if (s.requestedToCapacityRatio) {
        QStringList points;
        for (const auto& p : s.requestedToCapacityRatio->shape) points << QString("%1:%2").arg(p.utilization).arg(p.score);
        out += " shape=" + points.join(",");
    }
    return out;
}

}  // namespace

void NodeResourcesTest::fitArgsDefaults_data() {
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<QString>("expected");
    const QString defaults = "ignored=[] groups=[] type=LeastAllocated resources=cpu:1,memory:1";
    QTest::newRow("no args") << "" << defaults;
    QTest::newRow("empty object") << "{}" << defaults;
    QTest::newRow("null strategy") << "scoringStrategy: null" << defaults;
    QTest::newRow("type meta is accepted")
        << "apiVersion: kubescheduler.config.k8s.io/v1\nkind: NodeResourcesFitArgs" << defaults;
    QTest::newRow("strategy without resources gets the default set")
        << "scoringStrategy: {type: MostAllocated}" << "ignored=[] groups=[] type=MostAllocated resources=cpu:1,memory:1";
    QTest::newRow("empty resource list gets the default set")
        << "scoringStrategy: {type: MostAllocated, resources: []}"
        << "ignored=[] groups=[] type=MostAllocated resources=cpu:1,memory:1";
    QTest::newRow("missing or zero weights become 1")
        << "scoringStrategy:\n  type: LeastAllocated\n  resources:\n  - name: cpu\n  - {name: memory, weight: 0}\n"
           "  - {name: example.com/gpu, weight: 5}"
        << "ignored=[] groups=[] type=LeastAllocated resources=cpu:1,memory:1,example.com/gpu:5";
    QTest::newRow("a whole float weight from YAML")
        << "scoringStrategy: {type: LeastAllocated, resources: [{name: cpu, weight: 2.0}]}"
        << "ignored=[] groups=[] type=LeastAllocated resources=cpu:2";
    QTest::newRow("requested to capacity ratio")
        << "scoringStrategy:\n  type: RequestedToCapacityRatio\n  requestedToCapacityRatio:\n    shape:\n"
           "    - {utilization: 0, score: 0}\n    - {utilization: 100, score: 10}"
        << "ignored=[] groups=[] type=RequestedToCapacityRatio resources=cpu:1,memory:1 shape=0:0,100:10";
    QTest::newRow("ignored resources and groups")
        << "ignoredResources: [example.com/foo, example.com]\nignoredResourceGroups: [example.com]"
        << "ignored=[example.com/foo,example.com] groups=[example.com] type=LeastAllocated resources=cpu:1,memory:1";
}

void NodeResourcesTest::fitArgsDefaults() {
    QFETCH(QString, yaml);
    QFETCH(QString, expected);
    auto args = nr::loadNodeResourcesFitArgs(yamlArgs(yaml.toStdString()));
    QVERIFY2(args.isOk(), args.status().message().c_str());
    QCOMPARE(describe(*args), expected);
    // The factory accepts them too.
    scheduler::testing::FakeHandle handle({});
    std::string error;
    QVERIFY2(fit(yamlArgs(yaml.toStdString()), handle, {}, &error), error.c_str());
}

void NodeResourcesTest::balancedArgsDefaults_data() {
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<QString>("expected");
    QTest::newRow("no args") << "" << "cpu:1,memory:1";
    QTest::newRow("empty resources") << "resources: []" << "cpu:1,memory:1";
    QTest::newRow("missing weight becomes 1") << "resources: [{name: cpu}]" << "cpu:1";
    QTest::newRow("zero weight becomes 1")
        << "resources: [{name: cpu, weight: 0}, {name: nvidia.com/gpu, weight: 1}]" << "cpu:1,nvidia.com/gpu:1";
    QTest::newRow("type meta is accepted") << "kind: NodeResourcesBalancedAllocationArgs" << "cpu:1,memory:1";
}

void NodeResourcesTest::balancedArgsDefaults() {
    QFETCH(QString, yaml);
    QFETCH(QString, expected);
    auto args = nr::loadNodeResourcesBalancedAllocationArgs(yamlArgs(yaml.toStdString()));
    QVERIFY2(args.isOk(), args.status().message().c_str());
    QCOMPARE(describe(args->resources), expected);
    scheduler::testing::FakeHandle handle({});
    std::string error;
    QVERIFY2(balanced(yamlArgs(yaml.toStdString()), handle, &error), error.c_str());
}

void NodeResourcesTest::fitArgsErrors_data() {
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<QString>("message");
    QTest::addColumn<QString>("firstField");  // the first cause's field ("" when no causes)
    const QString longName = "longvalue" + QString(64, 'a');
    // ignoredResources
    QTest::newRow("IgnoredResources: name is empty")
        << "ignoredResources: [example.com/]"
        << "[ignoredResources[0]: Invalid value: \"example.com/\": name part must be non-empty, "
           "ignoredResources[0]: Invalid value: \"example.com/\": name part " + kQualified + "]"
        << "ignoredResources[0]";
    QTest::newRow("IgnoredResources: name has too many slash")
        << "ignoredResources: [example.com/aaa/bbb]"
        << "ignoredResources[0]: Invalid value: \"example.com/aaa/bbb\": a qualified name " + kQualified +
               " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"
        << "ignoredResources[0]";
    QTest::newRow("IgnoredResources: too long value")
        << "ignoredResources: [" + longName + "]"
        << "ignoredResources[0]: Invalid value: \"" + longName + "\": name part must be no more than 63 characters"
        << "ignoredResources[0]";
    QTest::newRow("IgnoredResources: the second entry")
        << "ignoredResources: [example.com/ok, \"bad name\"]"
        << "ignoredResources[1]: Invalid value: \"bad name\": name part " + kQualified << "ignoredResources[1]";
    // ignoredResourceGroups
    QTest::newRow("IgnoredResourceGroups: illegal args")
        << "ignoredResourceGroups: [example.com/]"
        << "[ignoredResourceGroups[0]: Invalid value: \"example.com/\": resource group name can't contain '/', "
           "ignoredResourceGroups[0]: Invalid value: \"example.com/\": name part must be non-empty, "
           "ignoredResourceGroups[0]: Invalid value: \"example.com/\": name part " + kQualified + "]"
        << "ignoredResourceGroups[0]";
    QTest::newRow("IgnoredResourceGroups: name cannot be contain slash")
        << "ignoredResourceGroups: [example.com/aa]"
        << "ignoredResourceGroups[0]: Invalid value: \"example.com/aa\": resource group name can't contain '/'"
        << "ignoredResourceGroups[0]";
    QTest::newRow("IgnoredResourceGroups: name is too long")
        << "ignoredResourceGroups: [" + QString(64, 'a') + "]"
        << "ignoredResourceGroups[0]: Invalid value: \"" + QString(64, 'a') + "\": name part must be no more than 63 characters"
        << "ignoredResourceGroups[0]";
    // scoringStrategy.type
    QTest::newRow("ScoringStrategy: type is unsupported")
        << "scoringStrategy: {type: Invalid}"
        << "scoringStrategy.type: Unsupported value: \"Invalid\": " + kSupported << "scoringStrategy.type";
    QTest::newRow("ScoringStrategy: type is not defaulted")
        << "scoringStrategy: {resources: [{name: cpu, weight: 1}]}"
        << "scoringStrategy.type: Unsupported value: \"\": " + kSupported << "scoringStrategy.type";
    // scoringStrategy.resources
    QTest::newRow("resource with negative weight")
        << "scoringStrategy: {type: LeastAllocated, resources: [{name: memory, weight: -1}, {name: cpu, weight: 1}]}"
        << "scoringStrategy.resources[0].weight: Invalid value: -1: resource weight of memory not in valid range (0, 100]"
        << "scoringStrategy.resources[0].weight";
    QTest::newRow("resource weight larger than MaxNodeScore")
        << "scoringStrategy: {type: MostAllocated, resources: [{name: memory, weight: 1}, {name: cpu, weight: 101}]}"
        << "scoringStrategy.resources[1].weight: Invalid value: 101: resource weight of cpu not in valid range (0, 100]"
        << "scoringStrategy.resources[1].weight";
    QTest::newRow("errors from several fields")
        << "scoringStrategy: {type: Foo, resources: [{name: cpu, weight: 200}]}"
        << "[scoringStrategy.type: Unsupported value: \"Foo\": " + kSupported +
               ", scoringStrategy.resources[0].weight: Invalid value: 200: resource weight of cpu not in valid range (0, 100]]"
        << "scoringStrategy.type";
    // the shape (reported under scoringStrategy.shape, as upstream does)
    QTest::newRow("Shape: at least one point")
        << "scoringStrategy: {type: RequestedToCapacityRatio, requestedToCapacityRatio: {shape: []}}"
        << "scoringStrategy.shape: Required value: at least one point must be specified" << "scoringStrategy.shape";
    QTest::newRow("Shape: validated whatever the type")
        << "scoringStrategy: {type: LeastAllocated, requestedToCapacityRatio: {}}"
        << "scoringStrategy.shape: Required value: at least one point must be specified" << "scoringStrategy.shape";
    QTest::newRow("Shape: utilization values must be sorted")
        << "scoringStrategy:\n  type: RequestedToCapacityRatio\n  requestedToCapacityRatio:\n    shape:\n"
           "    - {utilization: 50, score: 5}\n    - {utilization: 10, score: 1}\n    - {utilization: 5, score: 1}"
        << "scoringStrategy.shape[1].utilization: Invalid value: 10: utilization values must be sorted in increasing order"
        << "scoringStrategy.shape[1].utilization";
    QTest::newRow("Shape: duplicated utilization values")
        << "scoringStrategy:\n  type: RequestedToCapacityRatio\n  requestedToCapacityRatio:\n    shape:\n"
           "    - {utilization: 0, score: 1}\n    - {utilization: 0, score: 2}"
        << "scoringStrategy.shape[1].utilization: Invalid value: 0: utilization values must be sorted in increasing order"
        << "scoringStrategy.shape[1].utilization";
    QTest::newRow("Shape: out of range")
        << "scoringStrategy:\n  type: RequestedToCapacityRatio\n  requestedToCapacityRatio:\n    shape:\n"
           "    - {utilization: -10, score: 11}\n    - {utilization: 101, score: -1}"
        << "[scoringStrategy.shape[0].utilization: Invalid value: -10: not in valid range [0, 100], "
           "scoringStrategy.shape[0].score: Invalid value: 11: not in valid range [0, 10], "
           "scoringStrategy.shape[1].utilization: Invalid value: 101: not in valid range [0, 100], "
           "scoringStrategy.shape[1].score: Invalid value: -1: not in valid range [0, 10]]"
        << "scoringStrategy.shape[0].utilization";
    QTest::newRow("RequestedToCapacityRatio without its parameters")
        << "scoringStrategy: {type: RequestedToCapacityRatio}"
        << "scoringStrategy.requestedToCapacityRatio: Required value: the RequestedToCapacityRatio strategy needs a shape "
           "(kube-scheduler v1.28 crashes on a nil pointer with this configuration)"
        << "";
    // decoding
    QTest::newRow("unknown field")
        << "scoringStrategy: {type: LeastAllocated, typo: 1}"
        << "strict decoding error: unknown field \"scoringStrategy.typo\"" << "";
    QTest::newRow("unknown fields, in order, with indices")
        << "ignoredResource: [a]\nscoringStrategy: {resources: [{name: cpu, wieght: 2}]}"
        << "strict decoding error: unknown field \"ignoredResource\", unknown field \"scoringStrategy.resources[0].wieght\""
        << "";
    QTest::newRow("field names are case-sensitive")
        << "IgnoredResources: [example.com/foo]" << "strict decoding error: unknown field \"IgnoredResources\"" << "";
    QTest::newRow("string weight")
        << "scoringStrategy: {type: LeastAllocated, resources: [{name: cpu, weight: \"2\"}]}"
        << "json: cannot unmarshal string into Go struct field ResourceSpec.scoringStrategy.resources.weight of type int64"
        << "";
    QTest::newRow("string for a list")
        << "ignoredResources: example.com/foo"
        << "json: cannot unmarshal string into Go struct field NodeResourcesFitArgs.ignoredResources of type []string" << "";
    QTest::newRow("string for the strategy")
        << "scoringStrategy: LeastAllocated"
        << "json: cannot unmarshal string into Go struct field NodeResourcesFitArgs.scoringStrategy of type v1.ScoringStrategy"
        << "";
    QTest::newRow("number for the type")
        << "scoringStrategy: {type: 1}"
        << "json: cannot unmarshal number into Go struct field ScoringStrategy.scoringStrategy.type of type "
           "v1.ScoringStrategyType"
        << "";
    QTest::newRow("fractional utilization")
        << "scoringStrategy: {type: RequestedToCapacityRatio, requestedToCapacityRatio: {shape: [{utilization: 1.5}]}}"
        << "json: cannot unmarshal number 1.5 into Go struct field "
           "UtilizationShapePoint.scoringStrategy.requestedToCapacityRatio.shape.utilization of type int32"
        << "";
    QTest::newRow("int32 overflow")
        << "scoringStrategy: {type: RequestedToCapacityRatio, requestedToCapacityRatio: {shape: [{score: 3000000000}]}}"
        << "json: cannot unmarshal number 3000000000 into Go struct field "
           "UtilizationShapePoint.scoringStrategy.requestedToCapacityRatio.shape.score of type int32"
        << "";
    QTest::newRow("args are not an object")
        << "[a]" << "json: cannot unmarshal array into Go value of type v1.NodeResourcesFitArgs" << "";
    QTest::newRow("a type error wins over unknown fields")
        << "foo: 1\nignoredResources: 5"
        << "json: cannot unmarshal number into Go struct field NodeResourcesFitArgs.ignoredResources of type []string" << "";
}

void NodeResourcesTest::fitArgsErrors() {
    QFETCH(QString, yaml);
    QFETCH(QString, message);
    QFETCH(QString, firstField);
    scheduler::testing::FakeHandle handle({});
    auto plugin = plugins::noderesources::newFit(yamlArgs(yaml.toStdString()), handle, framework::FeatureGates{});
    QVERIFY(!plugin.isOk());
    QCOMPARE(int(plugin.status().code()), int(StatusCode::InvalidArgument));
    QCOMPARE(QString::fromStdString(plugin.status().message()), message);
    const auto& causes = plugin.status().causes();
    QCOMPARE(causes.empty() ? QString() : QString::fromStdString(causes.front().field), firstField);
}

void NodeResourcesTest::balancedArgsErrors_data() {
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<QString>("message");
    QTest::newRow("weight is not 1") << "resources: [{name: cpu, weight: 2}]"
                                     << "resources[0].weight: Invalid value: 2: must be 1";
    QTest::newRow("negative weight") << "resources: [{name: memory, weight: 1}, {name: cpu, weight: -1}]"
                                     << "resources[1].weight: Invalid value: -1: must be 1";
    QTest::newRow("duplicated resource") << "resources: [{name: cpu, weight: 1}, {name: cpu, weight: 1}]"
                                         << "resources[1].name: Duplicate value: \"cpu\"";
    QTest::newRow("several errors") << "resources: [{name: cpu, weight: 2}, {name: cpu}]"
                                    << "[resources[0].weight: Invalid value: 2: must be 1, "
                                       "resources[1].name: Duplicate value: \"cpu\"]";
    QTest::newRow("object for the list")
        << "resources: {name: cpu}"
        << "json: cannot unmarshal object into Go struct field NodeResourcesBalancedAllocationArgs.resources of type "
           "[]v1.ResourceSpec";
    QTest::newRow("unknown field in a resource") << "resources: [{name: cpu, weight: 1, extra: x}]"
                                                 << "strict decoding error: unknown field \"resources[0].extra\"";
    QTest::newRow("a Fit field") << "scoringStrategy: {}" << "strict decoding error: unknown field \"scoringStrategy\"";
}

void NodeResourcesTest::balancedArgsErrors() {
    QFETCH(QString, yaml);
    QFETCH(QString, message);
    scheduler::testing::FakeHandle handle({});
    auto plugin =
        plugins::noderesources::newBalancedAllocation(yamlArgs(yaml.toStdString()), handle, framework::FeatureGates{});
    QVERIFY(!plugin.isOk());
    QCOMPARE(int(plugin.status().code()), int(StatusCode::InvalidArgument));
    QCOMPARE(QString::fromStdString(plugin.status().message()), message);
}
