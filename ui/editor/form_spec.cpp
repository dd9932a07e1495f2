#include "editor/form_spec.h"

#include <QtGlobal>

namespace pilothouse::ui::editor {

namespace {

#define F(text) QT_TRANSLATE_NOOP("ObjectForm", text)

const QStringList kTaintEffects = {QStringLiteral("NoSchedule"), QStringLiteral("PreferNoSchedule"),
                                   QStringLiteral("NoExecute")};
const QStringList kSelectorOperators = {QStringLiteral("In"), QStringLiteral("NotIn"), QStringLiteral("Exists"),
                                        QStringLiteral("DoesNotExist"), QStringLiteral("Gt"), QStringLiteral("Lt")};

FieldSpec labels(const std::string& prefix) {
    return {F("Metadata"), F("Labels"), prefix + "metadata.labels", FieldShape::Map};
}

// A pod spec's fields at `prefix` ("" for a Pod, "spec.template." for a workload's template).
void addPodSpec(std::vector<FieldSpec>& form, const std::string& prefix) {
    const std::string spec = prefix + "spec.";
    form.push_back({F("Containers"), F("Containers"), spec + "containers", FieldShape::List, ValueKind::Text, {},
                    {{F("Name"), "name"},
                     {F("Image"), "image"},
                     {F("CPU request"), "resources.requests.cpu", ValueKind::Quantity},
                     {F("Memory request"), "resources.requests.memory", ValueKind::Quantity},
                     {F("CPU limit"), "resources.limits.cpu", ValueKind::Quantity},
                     {F("Memory limit"), "resources.limits.memory", ValueKind::Quantity}}});
    form.push_back({F("Scheduling"), F("Priority class"), spec + "priorityClassName"});
    form.push_back({F("Scheduling"), F("Scheduler name"), spec + "schedulerName"});
    form.push_back({F("Scheduling"), F("Node name (bypasses the scheduler)"), spec + "nodeName"});
    form.push_back({F("Scheduling"), F("Node selector"), spec + "nodeSelector", FieldShape::Map});
    form.push_back({F("Scheduling"), F("Tolerations"), spec + "tolerations", FieldShape::List, ValueKind::Text, {},
                    {{F("Key"), "key"},
                     {F("Operator"), "operator", ValueKind::Choice, {QStringLiteral("Equal"), QStringLiteral("Exists")}},
                     {F("Value"), "value"},
                     {F("Effect"), "effect", ValueKind::Choice, kTaintEffects},
                     {F("Seconds"), "tolerationSeconds", ValueKind::Integer}}});
    form.push_back({F("Scheduling"), F("Scheduling gates"), spec + "schedulingGates", FieldShape::List, ValueKind::Text, {},
                    {{F("Name"), "name"}}});
    const std::string node = spec + "affinity.nodeAffinity.";
    form.push_back({F("Node affinity"), F("Required (terms are ORed, expressions ANDed)"),
                    node + "requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms", FieldShape::NestedList,
                    ValueKind::Text, {},
                    {{F("Key"), "key"}, {F("Operator"), "operator", ValueKind::Choice, kSelectorOperators},
                     {F("Values"), "values", ValueKind::StringList}},
                    "matchExpressions"});
    form.push_back({F("Node affinity"), F("Preferred"), node + "preferredDuringSchedulingIgnoredDuringExecution",
                    FieldShape::NestedList, ValueKind::Text, {},
                    {{F("Weight"), "weight", ValueKind::Integer, {}, true},
                     {F("Key"), "key"},
                     {F("Operator"), "operator", ValueKind::Choice, kSelectorOperators},
                     {F("Values"), "values", ValueKind::StringList}},
                    "preference.matchExpressions"});
    for (const auto& [kind, group] : {std::pair{"podAffinity", F("Pod affinity")}, {"podAntiAffinity", F("Pod anti-affinity")}}) {
        const std::string base = spec + "affinity." + kind + ".";
        form.push_back({group, F("Required"), base + "requiredDuringSchedulingIgnoredDuringExecution", FieldShape::List,
                        ValueKind::Text, {},
                        {{F("Topology key"), "topologyKey"},
                         {F("Pods with labels"), "labelSelector.matchLabels", ValueKind::LabelMap},
                         {F("Namespaces"), "namespaces", ValueKind::StringList}}});
        form.push_back({group, F("Preferred"), base + "preferredDuringSchedulingIgnoredDuringExecution", FieldShape::List,
                        ValueKind::Text, {},
                        {{F("Weight"), "weight", ValueKind::Integer},
                         {F("Topology key"), "podAffinityTerm.topologyKey"},
                         {F("Pods with labels"), "podAffinityTerm.labelSelector.matchLabels", ValueKind::LabelMap},
                         {F("Namespaces"), "podAffinityTerm.namespaces", ValueKind::StringList}}});
    }
    form.push_back({F("Topology spread"), F("Constraints"), spec + "topologySpreadConstraints", FieldShape::List,
                    ValueKind::Text, {},
                    {{F("Max skew"), "maxSkew", ValueKind::Integer},
                     {F("Topology key"), "topologyKey"},
                     {F("When unsatisfiable"), "whenUnsatisfiable", ValueKind::Choice,
                      {QStringLiteral("DoNotSchedule"), QStringLiteral("ScheduleAnyway")}},
                     {F("Pods with labels"), "labelSelector.matchLabels", ValueKind::LabelMap},
                     {F("Min domains"), "minDomains", ValueKind::Integer}}});
}

}  // namespace

std::vector<FieldSpec> formFor(const std::string& kind) {
    std::vector<FieldSpec> form;
    if (kind == "Node") {
        form.push_back(labels(""));
        form.push_back({F("Scheduling"), F("Unschedulable (cordoned)"), "spec.unschedulable", FieldShape::Single, ValueKind::Bool});
        form.push_back({F("Scheduling"), F("Taints"), "spec.taints", FieldShape::List, ValueKind::Text, {},
                        {{F("Key"), "key"}, {F("Value"), "value"}, {F("Effect"), "effect", ValueKind::Choice, kTaintEffects}}});
        FieldSpec capacity{F("Resources (status)"), F("Capacity"), "status.capacity", FieldShape::Map};
        capacity.status = true;
        form.push_back(capacity);
        FieldSpec allocatable{F("Resources (status)"), F("Allocatable"), "status.allocatable", FieldShape::Map};
        allocatable.status = true;
        form.push_back(allocatable);
        FieldSpec images{F("Resources (status)"), F("Images present"), "status.images", FieldShape::List, ValueKind::Text, {},
                         {{F("Names"), "names", ValueKind::StringList}, {F("Size (bytes)"), "sizeBytes", ValueKind::Integer}}};
        images.status = true;
        form.push_back(images);
    } else if (kind == "Pod") {
        form.push_back(labels(""));
        addPodSpec(form, "");
    } else if (kind == "Deployment" || kind == "ReplicaSet") {
        form.push_back(labels(""));
        form.push_back({F("Workload"), F("Replicas"), "spec.replicas", FieldShape::Single, ValueKind::Integer});
        form.push_back({F("Workload"), F("Selector"), "spec.selector.matchLabels", FieldShape::Map});
        if (kind == "Deployment")
            form.push_back({F("Workload"), F("Strategy"), "spec.strategy.type", FieldShape::Single, ValueKind::Choice,
                            {QStringLiteral("RollingUpdate"), QStringLiteral("Recreate")}});
        form.push_back({F("Pod template"), F("Pod labels"), "spec.template.metadata.labels", FieldShape::Map});
        addPodSpec(form, "spec.template.");
    } else if (kind == "Service") {
        form.push_back(labels(""));
        form.push_back({F("Service"), F("Type"), "spec.type", FieldShape::Single, ValueKind::Choice,
                        {QStringLiteral("ClusterIP"), QStringLiteral("NodePort"), QStringLiteral("LoadBalancer")}});
        form.push_back({F("Service"), F("Selector"), "spec.selector", FieldShape::Map});
        form.push_back({F("Service"), F("Ports"), "spec.ports", FieldShape::List, ValueKind::Text, {},
                        {{F("Name"), "name"},
                         {F("Protocol"), "protocol", ValueKind::Choice, {QStringLiteral("TCP"), QStringLiteral("UDP"), QStringLiteral("SCTP")}},
                         {F("Port"), "port", ValueKind::Integer},
                         {F("Target port"), "targetPort", ValueKind::IntOrString},
                         {F("Node port"), "nodePort", ValueKind::Integer}}});
    } else if (kind == "PriorityClass") {
        form.push_back(labels(""));
        form.push_back({F("Priority"), F("Value"), "value", FieldShape::Single, ValueKind::Integer});
        form.push_back({F("Priority"), F("Global default"), "globalDefault", FieldShape::Single, ValueKind::Bool});
        form.push_back({F("Priority"), F("Preemption policy"), "preemptionPolicy", FieldShape::Single, ValueKind::Choice,
                        {QStringLiteral("PreemptLowerPriority"), QStringLiteral("Never")}});
        form.push_back({F("Priority"), F("Description"), "description"});
    }
    return form;
}

}  // namespace pilothouse::ui::editor
