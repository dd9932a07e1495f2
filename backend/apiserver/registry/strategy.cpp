#include "apiserver/registry/strategy.h"

#include <google/protobuf/descriptor.h>
#include <google/protobuf/util/message_differencer.h>

#include "api/codec/proto_json.h"
#include "api/object.h"
#include "apiserver/registry/defaults.h"
#include "batch_v1.pb.h"
#include "core_v1.pb.h"

namespace pilothouse::apiserver::registry {

namespace core = k8s::io::api::core::v1;
using google::protobuf::FieldDescriptor;
using google::protobuf::Message;

namespace {

const FieldDescriptor* field(const Message& m, const char* name) {
    return m.GetDescriptor()->FindFieldByName(name);
}

void copyField(Message* to, const Message& from, const char* name) {
    const FieldDescriptor* f = field(from, name);
    if (!f) return;
    if (from.GetReflection()->HasField(from, f)) {
        to->GetReflection()->MutableMessage(to, f)->CopyFrom(from.GetReflection()->GetMessage(from, f));
    } else {
        to->GetReflection()->ClearField(to, f);
    }
}

bool fieldEquals(const Message& a, const Message& b, const char* name) {
    const FieldDescriptor* f = field(a, name);
    if (!f) return true;
    return google::protobuf::util::MessageDifferencer::Equals(a.GetReflection()->GetMessage(a, f),
                                                              b.GetReflection()->GetMessage(b, f));
}

// apps/v1 DeprecatedTemplateGeneration: the DaemonSet's spec.templateGeneration.
constexpr char kDeprecatedTemplateGeneration[] = "deprecated.daemonset.template.generation";

int64_t templateGeneration(const std::string& text) {
    try {
        return std::stoll(text);
    } catch (...) {
        return 0;
    }
}

// The message as storage will hold it: an object that went through JSON (a patch) may carry
// empty structs or quantities spelled differently that storage normalizes away, and those are
// no change.
std::unique_ptr<Message> normalized(const Message& m) {
    std::unique_ptr<Message> copy(m.New());
    copy->CopyFrom(m);
    codec::clearEmptyStructs(copy.get());
    codec::canonicalizeQuantities(copy.get());
    return copy;
}

// jobStrategy's generateSelector: unless spec.manualSelector, the pods are labelled with the
// Job's uid and name (legacy and batch.kubernetes.io/ keys) and selected by the uid.
void generateJobSelector(k8s::io::api::batch::v1::Job* job) {
    auto* spec = job->mutable_spec();
    if (spec->has_manual_selector() && spec->manual_selector()) return;
    auto* labels = spec->mutable_template_()->mutable_metadata()->mutable_labels();
    const std::string& uid = job->metadata().uid();
    const std::string& name = job->metadata().name();
    // A label the user already set is kept: a conflicting value is then refused by validation.
    for (const char* key : {"job-name", "batch.kubernetes.io/job-name"})
        if (!labels->contains(key)) (*labels)[key] = name;
    for (const char* key : {"controller-uid", "batch.kubernetes.io/controller-uid"})
        if (!labels->contains(key)) (*labels)[key] = uid;
    auto* matchLabels = spec->mutable_selector()->mutable_match_labels();
    if (!matchLabels->contains("batch.kubernetes.io/controller-uid"))
        (*matchLabels)["batch.kubernetes.io/controller-uid"] = uid;
}

}  // namespace

bool hasStatusSubresource(const api::ResourceType& type) {
    static const char* kinds[] = {"Pod", "Node", "Namespace", "Service", "ResourceQuota",
                                  "ReplicationController", "Deployment", "ReplicaSet",
                                  "StatefulSet", "DaemonSet", "PodDisruptionBudget", "Job"};
    for (const char* k : kinds)
        if (type.kind == k) return true;
    return false;
}

bool tracksGeneration(const api::ResourceType& type) {
    static const char* kinds[] = {"ReplicationController", "Deployment", "ReplicaSet",
                                  "StatefulSet", "DaemonSet", "PriorityClass",
                                  "PodDisruptionBudget", "EndpointSlice", "Job"};
    for (const char* k : kinds)
        if (type.kind == k) return true;
    return false;
}

GarbageCollectionPolicy defaultGarbageCollectionPolicy(const api::ResourceType& type) {
    if (type.kind == "ReplicationController" || type.kind == "Job") return GarbageCollectionPolicy::OrphanDependents;
    return GarbageCollectionPolicy::DeleteDependents;
}

void prepareForCreate(const api::ResourceType& type, Message* object, const features::FeatureGates&) {
    if (type.kind == "Pod") {
        auto* pod = static_cast<core::Pod*>(object);
        pod->clear_status();
        pod->mutable_status()->set_phase("Pending");
        pod->mutable_status()->set_qos_class(computeQosClass(pod->spec()));
    } else if (type.kind == "Namespace") {
        auto* ns = static_cast<core::Namespace*>(object);
        ns->mutable_spec()->clear_finalizers();
        ns->mutable_spec()->add_finalizers("kubernetes");
        ns->clear_status();
        ns->mutable_status()->set_phase("Active");
    } else if (type.kind == "Job") {
        auto* job = static_cast<k8s::io::api::batch::v1::Job*>(object);
        generateJobSelector(job);
        job->clear_status();
    } else if (type.kind != "Node" && hasStatusSubresource(type)) {
        // Controllers own status; what a client sends on create is dropped.
        if (const FieldDescriptor* f = field(*object, "status"))
            object->GetReflection()->ClearField(object, f);
    }
    if (tracksGeneration(type)) api::mutableMetadata(object)->set_generation(1);
    if (type.kind == "DaemonSet") {
        // daemonSetStrategy: spec.templateGeneration starts at 1 (apps/v1 carries it in an annotation).
        auto& annotations = *api::mutableMetadata(object)->mutable_annotations();
        auto it = annotations.find(kDeprecatedTemplateGeneration);
        if (it == annotations.end() || templateGeneration(it->second) < 1) annotations[kDeprecatedTemplateGeneration] = "1";
    }
}

void prepareForUpdate(const api::ResourceType& type, Message* object, const Message& old,
                      std::string_view subresource, const features::FeatureGates& gates) {
    if (subresource == "finalize" && type.kind == "Namespace") {
        // namespaces/finalize: only spec.finalizers may change.
        const auto finalizers = static_cast<const core::Namespace*>(object)->spec().finalizers();
        const std::string rv = api::metadata(*object).resource_version();
        object->CopyFrom(old);
        *static_cast<core::Namespace*>(object)->mutable_spec()->mutable_finalizers() = finalizers;
        api::mutableMetadata(object)->set_resource_version(rv);
        return;
    }
    if (subresource == "status") {
        // Only status may change: everything else comes from the stored object.
        auto status = std::unique_ptr<Message>(object->New());
        if (const FieldDescriptor* f = field(*object, "status"))
            status->GetReflection()->MutableMessage(status.get(), f)->CopyFrom(
                object->GetReflection()->GetMessage(*object, f));
        const std::string rv = api::metadata(*object).resource_version();
        // deploymentStatusStrategy keeps the new object's metadata but its labels: the
        // deployment controller writes deployment.kubernetes.io/revision with the status.
        google::protobuf::Map<std::string, std::string> annotations;
        if (type.kind == "Deployment") annotations = api::metadata(*object).annotations();
        object->CopyFrom(old);
        copyField(object, *status, "status");
        api::mutableMetadata(object)->set_resource_version(rv);
        if (type.kind == "Deployment") *api::mutableMetadata(object)->mutable_annotations() = annotations;
        if (type.kind == "Pod" && !gates.podHostIPs &&
            static_cast<const core::Pod&>(old).status().host_ips_size() == 0)
            static_cast<core::Pod*>(object)->mutable_status()->clear_host_ips();
        return;
    }
    if (hasStatusSubresource(type) && type.kind != "Namespace") copyField(object, old, "status");
    if (type.kind == "Pod") {
        // The pod's QoS class is fixed at creation.
        static_cast<core::Pod*>(object)->mutable_status()->set_qos_class(
            static_cast<const core::Pod&>(old).status().qos_class());
    }
    auto* meta = api::mutableMetadata(object);
    const auto& oldMeta = api::metadata(old);
    meta->set_generation(oldMeta.generation());
    if (tracksGeneration(type)) {
        // PriorityClass and EndpointSlice have no spec: any change counts.
        const bool changed = field(*object, "spec")
                                 ? !fieldEquals(*normalized(*object), *normalized(old), "spec")
                                 : !google::protobuf::util::MessageDifferencer::Equals(*object, old);
        if (changed) meta->set_generation(oldMeta.generation() + 1);
    }
    if (type.kind == "DaemonSet") {
        // daemonSetStrategy: templateGeneration goes up by one when (and only when) the template
        // changes. Simplified: the client's value is not checked, the stored one is carried on.
        auto oldIt = oldMeta.annotations().find(kDeprecatedTemplateGeneration);
        const int64_t oldGeneration = oldIt == oldMeta.annotations().end() ? 1 : templateGeneration(oldIt->second);
        const Message& newSpec = object->GetReflection()->GetMessage(*object, field(*object, "spec"));
        const Message& oldSpec = old.GetReflection()->GetMessage(old, field(old, "spec"));
        const bool templateChanged = !fieldEquals(*normalized(newSpec), *normalized(oldSpec), "template");
        (*meta->mutable_annotations())[kDeprecatedTemplateGeneration] =
            std::to_string(templateChanged ? oldGeneration + 1 : oldGeneration);
    }
}

}  // namespace pilothouse::apiserver::registry
