// What-ifs: changes applied to objects, the pod's controller, API operations, and carrying them
// out.
#include <google/protobuf/util/message_differencer.h>

#include <algorithm>

#include "api/codec/proto_json.h"
#include "api/object.h"
#include "apiserver/patch.h"
#include "apps_v1.pb.h"
#include "scheduler/what_if_internal.h"

namespace pilothouse::scheduler::whatif {

namespace apps = k8s::io::api::apps::v1;
using google::protobuf::Message;

namespace {

const api::ResourceType* typeNamed(const char* resource) {
    return api::Scheme::instance().byName(resource);
}

// The kind from TypeMeta, else from the message type (objects read back without TypeMeta).
std::string kindOfObject(const Message& object) {
    std::string kind = api::kindOf(object);
    return kind.empty() ? object.GetDescriptor()->name() : kind;
}

// The index of the object of `kind` named `ns/name` in `objects`, or -1.
int indexOf(const Objects& objects, std::string_view kind, const std::string& ns,
            const std::string& name) {
    for (size_t i = 0; i < objects.size(); ++i) {
        if (!objects[i] || kindOfObject(*objects[i]) != kind)
            continue;
        const auto& m = api::metadata(*objects[i]);
        if (m.name() == name && m.namespace_() == ns)
            return int(i);
    }
    return -1;
}

int podIndex(const Objects& objects, const std::string& key) {
    const auto slash = key.find('/');
    if (slash == std::string::npos)
        return -1;
    return indexOf(objects, "Pod", key.substr(0, slash), key.substr(slash + 1));
}

const k8s::io::apimachinery::pkg::apis::meta::v1::OwnerReference* controllerOf(
    const google::protobuf::Message& object) {
    for (const auto& ref : api::metadata(object).owner_references())
        if (ref.has_controller() && ref.controller())
            return &ref;
    return nullptr;
}

std::string lowerKind(std::string kind) {
    std::transform(kind.begin(), kind.end(), kind.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    return kind;
}

// The pod template spec of a Deployment, ReplicaSet or ReplicationController.
const core::PodSpec* templateSpecOf(const google::protobuf::Message& owner) {
    const std::string kind = kindOfObject(owner);
    if (kind == "Deployment")
        return &static_cast<const apps::Deployment&>(owner).spec().template_().spec();
    if (kind == "ReplicaSet")
        return &static_cast<const apps::ReplicaSet&>(owner).spec().template_().spec();
    if (kind == "ReplicationController")
        return &static_cast<const core::ReplicationController&>(owner).spec().template_().spec();
    return nullptr;
}

// The pod as created anew from `pod` with `spec`: no identity of the old one, pending.
std::shared_ptr<core::Pod> freshPod(const core::Pod& pod, const core::PodSpec& spec) {
    auto out = std::make_shared<core::Pod>();
    *out->mutable_metadata()->mutable_name() = pod.metadata().name();
    *out->mutable_metadata()->mutable_namespace_() = pod.metadata().namespace_();
    *out->mutable_metadata()->mutable_labels() = pod.metadata().labels();
    *out->mutable_metadata()->mutable_annotations() = pod.metadata().annotations();
    *out->mutable_metadata()->mutable_owner_references() = pod.metadata().owner_references();
    *out->mutable_spec() = spec;
    out->mutable_spec()->clear_node_name();
    api::setTypeMeta(out.get(), *typeNamed("pods"));
    return out;
}

bool onlyTolerationsAdded(const core::PodSpec& before, const core::PodSpec& after) {
    if (after.tolerations_size() < before.tolerations_size())
        return false;
    for (int i = 0; i < before.tolerations_size(); ++i)
        if (!google::protobuf::util::MessageDifferencer::Equals(before.tolerations(i),
                                                                after.tolerations(i)))
            return false;
    core::PodSpec same = after;
    *same.mutable_tolerations() = before.tolerations();
    return google::protobuf::util::MessageDifferencer::Equals(same, before);
}

StatusOr<std::shared_ptr<const Message>> patched(const Message& object, const codec::Value& patch) {
    const codec::Value merged = apiserver::applyMergePatch(codec::encodeMessage(object), patch);
    std::shared_ptr<Message> out(object.New());
    std::vector<std::string> warnings;
    Status s = codec::decodeMessage(merged, out.get(), &warnings);
    if (!s.isOk())
        return s;
    return std::shared_ptr<const Message>(std::move(out));
}

}  // namespace

std::string keyOf(const google::protobuf::Message& object) {
    const auto& m = api::metadata(object);
    return m.namespace_().empty() ? m.name() : m.namespace_() + "/" + m.name();
}

const core::Pod* findPod(const Objects& objects, const std::string& key) {
    const int i = podIndex(objects, key);
    return i < 0 ? nullptr : static_cast<const core::Pod*>(objects[size_t(i)].get());
}

const core::Node* findNode(const Objects& objects, const std::string& name) {
    const int i = indexOf(objects, "Node", "", name);
    return i < 0 ? nullptr : static_cast<const core::Node*>(objects[size_t(i)].get());
}

PodOwner podOwner(const Objects& objects, const core::Pod& pod) {
    using R = WhatIfReason::Kind;
    PodOwner o;
    const std::string& ns = pod.metadata().namespace_();
    o.target = {WhatIfTarget::Kind::Pod, ns + "/" + pod.metadata().name()};
    const auto* ref = controllerOf(pod);
    if (!ref)
        return o;
    const std::string ownerKind = lowerKind(ref->kind());
    const std::string ownerKey = ns + "/" + ref->name();
    auto unsupported = [&](R kind, std::vector<std::string> args) {
        o.kind = PodOwner::Kind::Unsupported;
        o.whyNot = {kind, std::move(args)};
        return o;
    };
    auto templateOwner = [&](PodOwner::Kind kind, WhatIfTarget::Kind target, const char* resource,
                             const std::string& key) {
        o.kind = kind;
        o.type = typeNamed(resource);
        o.namespace_ = ns;
        o.name = key.substr(key.find('/') + 1);
        o.target = {target, key};
        return o;
    };
    if (ref->kind() == "ReplicaSet") {
        const int rs = indexOf(objects, "ReplicaSet", ns, ref->name());
        if (rs < 0)
            return unsupported(R::OwnerNotFound, {ownerKind, ownerKey});
        const auto* rsOwner = controllerOf(*objects[size_t(rs)]);
        if (!rsOwner)
            return templateOwner(PodOwner::Kind::ReplicaSet, WhatIfTarget::Kind::ReplicaSet,
                                 "replicasets", ownerKey);
        if (rsOwner->kind() != "Deployment")
            return unsupported(R::OwnerManaged, {ownerKind, ownerKey, lowerKind(rsOwner->kind()),
                                                 ns + "/" + rsOwner->name()});
        if (indexOf(objects, "Deployment", ns, rsOwner->name()) < 0)
            return unsupported(R::OwnerNotFound, {"deployment", ns + "/" + rsOwner->name()});
        return templateOwner(PodOwner::Kind::Deployment, WhatIfTarget::Kind::Deployment,
                             "deployments", ns + "/" + rsOwner->name());
    }
    if (ref->kind() == "ReplicationController") {
        if (indexOf(objects, "ReplicationController", ns, ref->name()) < 0)
            return unsupported(R::OwnerNotFound, {ownerKind, ownerKey});
        return templateOwner(PodOwner::Kind::ReplicationController,
                             WhatIfTarget::Kind::ReplicationController, "replicationcontrollers",
                             ownerKey);
    }
    if (ref->kind() == "Job")
        return unsupported(R::JobTemplateImmutable, {ownerKey});
    if (ref->kind() == "StatefulSet")
        return unsupported(R::StatefulSetOrdinals, {ownerKey});
    if (ref->kind() == "DaemonSet")
        return unsupported(R::DaemonSetPerNode, {ownerKey});
    return unsupported(R::OwnerUnsupported, {ownerKind, ownerKey});
}

void applyChange(Objects& objects, const std::string& podKey, const std::string& nodeName,
                 const Change& change) {
    if (change.editPodSpec) {
        const int i = podIndex(objects, podKey);
        if (i >= 0) {
            auto pod =
                std::make_shared<core::Pod>(static_cast<const core::Pod&>(*objects[size_t(i)]));
            change.editPodSpec(*pod->mutable_spec());
            objects[size_t(i)] = std::move(pod);
        }
    }
    if (change.editNode) {
        const int i = indexOf(objects, "Node", "", nodeName);
        if (i >= 0) {
            auto node =
                std::make_shared<core::Node>(static_cast<const core::Node&>(*objects[size_t(i)]));
            change.editNode(*node);
            objects[size_t(i)] = std::move(node);
        }
    }
    if (!change.evict.empty()) {
        const int i = podIndex(objects, change.evict);
        if (i >= 0)
            objects.erase(objects.begin() + i);
    }
}

codec::Value createMergePatch(const codec::Value& from, const codec::Value& to) {
    codec::Value patch = codec::Value::object();
    if (!from.isObject() || !to.isObject())
        return to;
    for (const auto& [key, value] : from.asObject())
        if (!to.find(key))
            patch.set(key, nullptr);
    for (const auto& [key, value] : to.asObject()) {
        const codec::Value* old = from.find(key);
        if (old && old->isObject() && value.isObject()) {
            codec::Value sub = createMergePatch(*old, value);
            if (sub.size() > 0)
                patch.set(key, std::move(sub));
        } else if (!old || !(*old == value)) {
            patch.set(key, value);
        }
    }
    return patch;
}

StatusOr<std::vector<WhatIfOperation>> operationsFor(const Objects& objects,
                                                     const std::string& podKey,
                                                     const std::string& nodeName,
                                                     const std::vector<Change>& changes) {
    std::vector<WhatIfOperation> ops;
    const core::Pod* pod = findPod(objects, podKey);
    const core::Node* node = findNode(objects, nodeName);
    if (!pod || !node)
        return Status(StatusCode::NotFound, "the pod or the node is not among the objects");

    // The node: one merge patch with every node edit.
    core::Node editedNode = *node;
    bool nodeEdited = false;
    for (const auto& c : changes)
        if (c.editNode) {
            c.editNode(editedNode);
            nodeEdited = true;
        }
    if (nodeEdited) {
        codec::Value patch =
            createMergePatch(codec::encodeMessage(*node), codec::encodeMessage(editedNode));
        if (patch.size() > 0) {
            WhatIfOperation op;
            op.verb = "patch";
            op.type = typeNamed("nodes");
            op.name = nodeName;
            op.patch = std::move(patch);
            ops.push_back(std::move(op));
        }
    }
    // Evictions.
    for (const auto& c : changes) {
        if (c.evict.empty())
            continue;
        WhatIfOperation op;
        op.verb = "evict";
        op.type = typeNamed("pods");
        op.namespace_ = c.evict.substr(0, c.evict.find('/'));
        op.name = c.evict.substr(c.evict.find('/') + 1);
        ops.push_back(std::move(op));
    }
    // The pod side.
    const bool podEdited = std::any_of(changes.begin(), changes.end(),
                                       [](const Change& c) { return bool(c.editPodSpec); });
    if (!podEdited)
        return ops;
    const PodOwner owner = podOwner(objects, *pod);
    const std::string& ns = pod->metadata().namespace_();
    const std::string& name = pod->metadata().name();
    auto deletePod = [&](int64_t grace) {
        WhatIfOperation op;
        op.verb = "delete";
        op.type = typeNamed("pods");
        op.namespace_ = ns;
        op.name = name;
        op.gracePeriodSeconds = grace;
        ops.push_back(std::move(op));
    };
    switch (owner.kind) {
        case PodOwner::Kind::Unsupported:
            return Status(StatusCode::FailedPrecondition, describe(owner.whyNot));
        case PodOwner::Kind::None: {
            core::PodSpec spec = pod->spec();
            for (const auto& c : changes)
                if (c.editPodSpec)
                    c.editPodSpec(spec);
            if (pod->spec().node_name().empty() && onlyTolerationsAdded(pod->spec(), spec)) {
                core::Pod edited = *pod;
                *edited.mutable_spec() = spec;
                WhatIfOperation op;
                op.verb = "patch";
                op.type = typeNamed("pods");
                op.namespace_ = ns;
                op.name = name;
                op.patch =
                    createMergePatch(codec::encodeMessage(*pod), codec::encodeMessage(edited));
                ops.push_back(std::move(op));
                return ops;
            }
            // kubectl replace --force: delete at once, create the edited copy.
            deletePod(0);
            WhatIfOperation create;
            create.verb = "create";
            create.type = typeNamed("pods");
            create.namespace_ = ns;
            create.body = freshPod(*pod, spec);
            ops.push_back(std::move(create));
            return ops;
        }
        case PodOwner::Kind::Deployment:
        case PodOwner::Kind::ReplicaSet:
        case PodOwner::Kind::ReplicationController: {
            const int i = indexOf(objects, owner.type->kind, owner.namespace_, owner.name);
            if (i < 0)
                return Status(StatusCode::FailedPrecondition,
                              describe(owner.target) + " is not among the objects");
            const core::PodSpec* before = templateSpecOf(*objects[size_t(i)]);
            core::PodSpec after = *before;
            for (const auto& c : changes)
                if (c.editPodSpec)
                    c.editPodSpec(after);
            codec::Value specPatch =
                createMergePatch(codec::encodeMessage(*before), codec::encodeMessage(after));
            codec::Value patch = codec::Value::object();
            patch["spec"]["template"]["spec"] = std::move(specPatch);
            WhatIfOperation op;
            op.verb = "patch";
            op.type = owner.type;
            op.namespace_ = owner.namespace_;
            op.name = owner.name;
            op.patch = std::move(patch);
            ops.push_back(std::move(op));
            // A Deployment's rollout makes the new pod; a ReplicaSet replaces the pod once it is
            // gone.
            if (owner.kind != PodOwner::Kind::Deployment)
                deletePod(-1);
            return ops;
        }
    }
    return ops;
}

StatusOr<Objects> carryOut(const Objects& objects, const std::string& podKey,
                           const std::vector<WhatIfOperation>& operations) {
    Objects out = objects;
    const core::Pod* pod = findPod(objects, podKey);
    if (!pod)
        return Status(StatusCode::NotFound, "pods \"" + podKey + "\" not found");
    const PodOwner owner = podOwner(objects, *pod);
    std::shared_ptr<core::Pod> replacement;  // made from a patched template
    for (const auto& op : operations) {
        if (!op.type)
            return Status(StatusCode::InvalidArgument, "an operation without a resource type");
        const std::string& kind = op.type->kind;
        if (op.verb == "create") {
            if (!op.body)
                return Status(StatusCode::InvalidArgument, "create without a body");
            out.push_back(op.body);
            continue;
        }
        const int i = indexOf(out, kind, op.namespace_, op.name);
        if (op.verb == "delete" || op.verb == "evict") {
            if (i >= 0)
                out.erase(out.begin() + i);
            else if (!(replacement && op.namespace_ + "/" + op.name == podKey))
                return Status(StatusCode::NotFound,
                              lowerKind(kind) + " " + op.namespace_ + "/" + op.name + " not found");
            continue;
        }
        if (op.verb != "patch")
            return Status(StatusCode::InvalidArgument, "unknown verb \"" + op.verb + "\"");
        if (i < 0)
            return Status(StatusCode::NotFound, lowerKind(kind) + " " + op.name + " not found");
        auto edited = patched(*out[size_t(i)], op.patch);
        if (!edited)
            return edited.status();
        out[size_t(i)] = *edited;
        if (owner.type == op.type && owner.namespace_ == op.namespace_ && owner.name == op.name) {
            // The controller's next pod: the old pod's spec with the template's changes.
            const codec::Value* specPatch = op.patch.find("spec");
            specPatch = specPatch ? specPatch->find("template") : nullptr;
            specPatch = specPatch ? specPatch->find("spec") : nullptr;
            if (!specPatch)
                continue;
            auto spec = patched(pod->spec(), *specPatch);
            if (!spec)
                return spec.status();
            replacement = freshPod(*pod, static_cast<const core::PodSpec&>(**spec));
            const int p = podIndex(out, podKey);
            if (p >= 0)
                out.erase(out.begin() + p);
        }
    }
    if (replacement)
        out.push_back(replacement);
    return out;
}

}  // namespace pilothouse::scheduler::whatif
