// What-ifs (what_if.h), the parts below the plugin-by-plugin reasoning: a change as data, applying
// changes to a copy of the objects, the pod's controller, turning a set of changes into API
// operations, and carrying those operations out on a copy of the objects (verification).
// Internal to backend/scheduler/what_if*.cpp.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core_v1.pb.h"
#include "scheduler/what_if.h"

namespace pilothouse::scheduler::whatif {

namespace core = k8s::io::api::core::v1;

// The cluster's objects, shared and immutable: an edit replaces an object with an edited copy.
using Objects = std::vector<std::shared_ptr<const google::protobuf::Message>>;

// One change a person would read as one line. Edits are by content (a toleration, a container's
// name, a label key), so that the same edit applies to the pod and to its controller's template.
struct Change {
    WhatIfSide side = WhatIfSide::Pod;
    WhatIfChange what;
    std::function<void(core::PodSpec&)> editPodSpec;  // pod side
    std::function<void(core::Node&)> editNode;        // node side: labels, taints, unschedulable
    std::string evict;  // node side: "namespace/name" of a pod to evict
};

// The object pod-side changes are made on.
struct PodOwner {
    enum class Kind { None, Deployment, ReplicaSet, ReplicationController, Unsupported };
    Kind kind = Kind::None;
    const api::ResourceType* type = nullptr;  // the owner's, when there is one to patch
    std::string namespace_;
    std::string name;
    WhatIfReason whyNot;  // Unsupported: why the pod side cannot be changed
    WhatIfTarget target;  // otherwise: what pod-side changes are made on
};

std::string keyOf(const google::protobuf::Message& object);  // "namespace/name" or "name"
const core::Pod* findPod(const Objects& objects, const std::string& key);
const core::Node* findNode(const Objects& objects, const std::string& name);

PodOwner podOwner(const Objects& objects, const core::Pod& pod);

// Applies one change to `objects` (the pod `podKey`, the node `nodeName`, an evicted pod).
void applyChange(Objects& objects, const std::string& podKey, const std::string& nodeName,
                 const Change& change);

// The API operations that carry `changes` out (see what_if.h for the pod-side forms).
// FailedPrecondition when the pod side is changed but its controller cannot be (PodOwner::whyNot,
// in English).
StatusOr<std::vector<WhatIfOperation>> operationsFor(const Objects& objects,
                                                     const std::string& podKey,
                                                     const std::string& nodeName,
                                                     const std::vector<Change>& changes);

// `objects` after `operations`, as the API server and the controllers would leave them for the
// pod `podKey`: merge patches applied, deleted and evicted pods gone, created objects added, and a
// patched template's pod replaced by one made from it (kept under the pod's own name, pending).
StatusOr<Objects> carryOut(const Objects& objects, const std::string& podKey,
                           const std::vector<WhatIfOperation>& operations);

// RFC 7386 in reverse: the merge patch that turns `from` into `to` (null for removed keys, whole
// values for changed arrays and scalars); an empty object when they are equal.
codec::Value createMergePatch(const codec::Value& from, const codec::Value& to);

}  // namespace pilothouse::scheduler::whatif
