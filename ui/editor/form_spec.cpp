#include "editor/form_spec.h"

#include <QtGlobal>

namespace pilothouse::ui::editor {

namespace {

// Titles are marked with QT_TRANSLATE_NOOP (lupdate reads the literal macro, not a shorthand for it)
// and translated where they are shown (ObjectForm, FieldTable).

const QStringList kTaintEffects = {QStringLiteral("NoSchedule"), QStringLiteral("PreferNoSchedule"),
                                   QStringLiteral("NoExecute")};
const QStringList kSelectorOperators = {QStringLiteral("In"), QStringLiteral("NotIn"), QStringLiteral("Exists"),
                                        QStringLiteral("DoesNotExist"), QStringLiteral("Gt"), QStringLiteral("Lt")};

FieldSpec labels(const std::string& prefix) {
    return {QT_TRANSLATE_NOOP("ObjectForm", "Metadata"), QT_TRANSLATE_NOOP("ObjectForm", "Labels"), prefix + "metadata.labels", FieldShape::Map};
}

// A pod spec's fields at `prefix` ("" for a Pod, "spec.template." for a workload's template).
void addPodSpec(std::vector<FieldSpec>& form, const std::string& prefix) {
    const std::string spec = prefix + "spec.";
    form.push_back({QT_TRANSLATE_NOOP("ObjectForm", "Containers"), QT_TRANSLATE_NOOP("ObjectForm", "Containers"), spec + "containers", FieldShape::List, ValueKind::Text, {},
                    {{QT_TRANSLATE_NOOP("ObjectForm", "Name"), "name"},
                     {QT_TRANSLATE_NOOP("ObjectForm", "Image"), "image"},
                     {QT_TRANSLATE_NOOP("ObjectForm", "CPU request"), "resources.requests.cpu", ValueKind::Quantity},
                     {QT_TRANSLATE_NOOP("ObjectForm", "Memory request"), "resources.requests.memory", ValueKind::Quantity},
                     {QT_TRANSLATE_NOOP("ObjectForm", "CPU limit"), "resources.limits.cpu", ValueKind::Quantity},
                     {QT_TRANSLATE_NOOP("ObjectForm", "Memory limit"), "resources.limits.memory", ValueKind::Quantity}}});
    form.push_back({QT_TRANSLATE_NOOP("ObjectForm", "Scheduling"), QT_TRANSLATE_NOOP("ObjectForm", "Priority class"), spec + "priorityClassName"});
    form.push_back({QT_TRANSLATE_NOOP("ObjectForm", "Scheduling"), QT_TRANSLATE_NOOP("ObjectForm", "Scheduler name"), spec + "schedulerName"});
    form.push_back({QT_TRANSLATE_NOOP("ObjectForm", "Scheduling"), QT_TRANSLATE_NOOP("ObjectForm", "Node name (bypasses the scheduler)"), spec + "nodeName"});
    form.push_back({QT_TRANSLATE_NOOP("ObjectForm", "Scheduling"), QT_TRANSLATE_NOOP("ObjectForm", "Node selector"), spec + "nodeSelector", FieldShape::Map});
    form.push_back({QT_TRANSLATE_NOOP("ObjectForm", "Scheduling"), QT_TRANSLATE_NOOP("ObjectForm", "Tolerations"), spec + "tolerations", FieldShape::List, ValueKind::Text, {},
                    {{QT_TRANSLATE_NOOP("ObjectForm", "Key"), "key"},
                     {QT_TRANSLATE_NOOP("ObjectForm", "Operator"), "operator", ValueKind::Choice, {QStringLiteral("Equal"), QStringLiteral("Exists")}},
                     {QT_TRANSLATE_NOOP("ObjectForm", "Value"), "value"},
                     {QT_TRANSLATE_NOOP("ObjectForm", "Effect"), "effect", ValueKind::Choice, kTaintEffects},
                     {QT_TRANSLATE_NOOP("ObjectForm", "Seconds"), "tolerationSeconds", ValueKind::Integer}}});
    form.push_back({QT_TRANSLATE_NOOP("ObjectForm", "Scheduling"), QT_TRANSLATE_NOOP("ObjectForm", "Scheduling gates"), spec + "schedulingGates", FieldShape::List, ValueKind::Text, {},
                    {{QT_TRANSLATE_NOOP("ObjectForm", "Name"), "name"}}});
    const std::string node = spec + "affinity.nodeAffinity.";
    form.push_back({QT_TRANSLATE_NOOP("ObjectForm", "Node affinity"), QT_TRANSLATE_NOOP("ObjectForm", "Required (terms are ORed, expressions ANDed)"),
                    node + "requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms", FieldShape::NestedList,
                    ValueKind::Text, {},
                    {{QT_TRANSLATE_NOOP("ObjectForm", "Key"), "key"}, {QT_TRANSLATE_NOOP("ObjectForm", "Operator"), "operator", ValueKind::Choice, kSelectorOperators},
                     {QT_TRANSLATE_NOOP("ObjectForm", "Values"), "values", ValueKind::StringList}},
                    "matchExpressions"});
    form.push_back({QT_TRANSLATE_NOOP("ObjectForm", "Node affinity"), QT_TRANSLATE_NOOP("ObjectForm", "Preferred"), node + "preferredDuringSchedulingIgnoredDuringExecution",
                    FieldShape::NestedList, ValueKind::Text, {},
                    {{QT_TRANSLATE_NOOP("ObjectForm", "Weight"), "weight", ValueKind::Integer, {}, true},
                     {QT_TRANSLATE_NOOP("ObjectForm", "Key"), "key"},
                     {QT_TRANSLATE_NOOP("ObjectForm", "Operator"), "operator", ValueKind::Choice, kSelectorOperators},
                     {QT_TRANSLATE_NOOP("ObjectForm", "Values"), "values", ValueKind::StringList}},
                    "preference.matchExpressions"});
    for (const auto& [kind, group] : {std::pair{"podAffinity", QT_TRANSLATE_NOOP("ObjectForm", "Pod affinity")}, {"podAntiAffinity", QT_TRANSLATE_NOOP("ObjectForm", "Pod anti-affinity")}}) {
        const std::string base = spec + "affinity." + kind + ".";
        form.push_back({group, QT_TRANSLATE_NOOP("ObjectForm", "Required"), base + "requiredDuringSchedulingIgnoredDuringExecution", FieldShape::List,
                        ValueKind::Text, {},
                        {{QT_TRANSLATE_NOOP("ObjectForm", "Topology key"), "topologyKey"},
                         {QT_TRANSLATE_NOOP("ObjectForm", "Pods with labels"), "labelSelector.matchLabels", ValueKind::LabelMap},
                         {QT_TRANSLATE_NOOP("ObjectForm", "Namespaces"), "namespaces", ValueKind::StringList}}});
        form.push_back({group, QT_TRANSLATE_NOOP("ObjectForm", "Preferred"), base + "preferredDuringSchedulingIgnoredDuringExecution", FieldShape::List,
                        ValueKind::Text, {},
                        {{QT_TRANSLATE_NOOP("ObjectForm", "Weight"), "weight", ValueKind::Integer},
                         {QT_TRANSLATE_NOOP("ObjectForm", "Topology key"), "podAffinityTerm.topologyKey"},
                         {QT_TRANSLATE_NOOP("ObjectForm", "Pods with labels"), "podAffinityTerm.labelSelector.matchLabels", ValueKind::LabelMap},
                         {QT_TRANSLATE_NOOP("ObjectForm", "Namespaces"), "podAffinityTerm.namespaces", ValueKind::StringList}}});
    }
    form.push_back({QT_TRANSLATE_NOOP("ObjectForm", "Topology spread"), QT_TRANSLATE_NOOP("ObjectForm", "Constraints"), spec + "topologySpreadConstraints", FieldShape::List,
                    ValueKind::Text, {},
                    {{QT_TRANSLATE_NOOP("ObjectForm", "Max skew"), "maxSkew", ValueKind::Integer},
                     {QT_TRANSLATE_NOOP("ObjectForm", "Topology key"), "topologyKey"},
                     {QT_TRANSLATE_NOOP("ObjectForm", "When unsatisfiable"), "whenUnsatisfiable", ValueKind::Choice,
                      {QStringLiteral("DoNotSchedule"), QStringLiteral("ScheduleAnyway")}},
                     {QT_TRANSLATE_NOOP("ObjectForm", "Pods with labels"), "labelSelector.matchLabels", ValueKind::LabelMap},
                     {QT_TRANSLATE_NOOP("ObjectForm", "Min domains"), "minDomains", ValueKind::Integer}}});
}

}  // namespace

std::vector<FieldSpec> formFor(const std::string& kind) {
    std::vector<FieldSpec> form;
    if (kind == "Node") {
        form.push_back(labels(""));
        form.push_back({QT_TRANSLATE_NOOP("ObjectForm", "Scheduling"), QT_TRANSLATE_NOOP("ObjectForm", "Unschedulable (cordoned)"), "spec.unschedulable", FieldShape::Single, ValueKind::Bool});
        form.push_back({QT_TRANSLATE_NOOP("ObjectForm", "Scheduling"), QT_TRANSLATE_NOOP("ObjectForm", "Taints"), "spec.taints", FieldShape::List, ValueKind::Text, {},
                        {{QT_TRANSLATE_NOOP("ObjectForm", "Key"), "key"}, {QT_TRANSLATE_NOOP("ObjectForm", "Value"), "value"}, {QT_TRANSLATE_NOOP("ObjectForm", "Effect"), "effect", ValueKind::Choice, kTaintEffects}}});
        FieldSpec capacity{QT_TRANSLATE_NOOP("ObjectForm", "Resources (status)"), QT_TRANSLATE_NOOP("ObjectForm", "Capacity"), "status.capacity", FieldShape::Map};
        capacity.status = true;
        form.push_back(capacity);
        FieldSpec allocatable{QT_TRANSLATE_NOOP("ObjectForm", "Resources (status)"), QT_TRANSLATE_NOOP("ObjectForm", "Allocatable"), "status.allocatable", FieldShape::Map};
        allocatable.status = true;
        form.push_back(allocatable);
        FieldSpec images{QT_TRANSLATE_NOOP("ObjectForm", "Resources (status)"), QT_TRANSLATE_NOOP("ObjectForm", "Images present"), "status.images", FieldShape::List, ValueKind::Text, {},
                         {{QT_TRANSLATE_NOOP("ObjectForm", "Names"), "names", ValueKind::StringList}, {QT_TRANSLATE_NOOP("ObjectForm", "Size (bytes)"), "sizeBytes", ValueKind::Integer}}};
        images.status = true;
        form.push_back(images);
    } else if (kind == "Pod") {
        form.push_back(labels(""));
        addPodSpec(form, "");
    } else if (kind == "Deployment" || kind == "ReplicaSet") {
        form.push_back(labels(""));
        form.push_back({QT_TRANSLATE_NOOP("ObjectForm", "Workload"), QT_TRANSLATE_NOOP("ObjectForm", "Replicas"), "spec.replicas", FieldShape::Single, ValueKind::Integer});
        form.push_back({QT_TRANSLATE_NOOP("ObjectForm", "Workload"), QT_TRANSLATE_NOOP("ObjectForm", "Selector"), "spec.selector.matchLabels", FieldShape::Map});
        if (kind == "Deployment")
            form.push_back({QT_TRANSLATE_NOOP("ObjectForm", "Workload"), QT_TRANSLATE_NOOP("ObjectForm", "Strategy"), "spec.strategy.type", FieldShape::Single, ValueKind::Choice,
                            {QStringLiteral("RollingUpdate"), QStringLiteral("Recreate")}});
        form.push_back({QT_TRANSLATE_NOOP("ObjectForm", "Pod template"), QT_TRANSLATE_NOOP("ObjectForm", "Pod labels"), "spec.template.metadata.labels", FieldShape::Map});
        addPodSpec(form, "spec.template.");
    } else if (kind == "Service") {
        form.push_back(labels(""));
        form.push_back({QT_TRANSLATE_NOOP("ObjectForm", "Service"), QT_TRANSLATE_NOOP("ObjectForm", "Type"), "spec.type", FieldShape::Single, ValueKind::Choice,
                        {QStringLiteral("ClusterIP"), QStringLiteral("NodePort"), QStringLiteral("LoadBalancer")}});
        form.push_back({QT_TRANSLATE_NOOP("ObjectForm", "Service"), QT_TRANSLATE_NOOP("ObjectForm", "Selector"), "spec.selector", FieldShape::Map});
        form.push_back({QT_TRANSLATE_NOOP("ObjectForm", "Service"), QT_TRANSLATE_NOOP("ObjectForm", "Ports"), "spec.ports", FieldShape::List, ValueKind::Text, {},
                        {{QT_TRANSLATE_NOOP("ObjectForm", "Name"), "name"},
                         {QT_TRANSLATE_NOOP("ObjectForm", "Protocol"), "protocol", ValueKind::Choice, {QStringLiteral("TCP"), QStringLiteral("UDP"), QStringLiteral("SCTP")}},
                         {QT_TRANSLATE_NOOP("ObjectForm", "Port"), "port", ValueKind::Integer},
                         {QT_TRANSLATE_NOOP("ObjectForm", "Target port"), "targetPort", ValueKind::IntOrString},
                         {QT_TRANSLATE_NOOP("ObjectForm", "Node port"), "nodePort", ValueKind::Integer}}});
    } else if (kind == "PriorityClass") {
        form.push_back(labels(""));
        form.push_back({QT_TRANSLATE_NOOP("ObjectForm", "Priority"), QT_TRANSLATE_NOOP("ObjectForm", "Value"), "value", FieldShape::Single, ValueKind::Integer});
        form.push_back({QT_TRANSLATE_NOOP("ObjectForm", "Priority"), QT_TRANSLATE_NOOP("ObjectForm", "Global default"), "globalDefault", FieldShape::Single, ValueKind::Bool});
        form.push_back({QT_TRANSLATE_NOOP("ObjectForm", "Priority"), QT_TRANSLATE_NOOP("ObjectForm", "Preemption policy"), "preemptionPolicy", FieldShape::Single, ValueKind::Choice,
                        {QStringLiteral("PreemptLowerPriority"), QStringLiteral("Never")}});
        form.push_back({QT_TRANSLATE_NOOP("ObjectForm", "Priority"), QT_TRANSLATE_NOOP("ObjectForm", "Description"), "description"});
    }
    return form;
}

}  // namespace pilothouse::ui::editor
