// Node validation (ValidateNode, ValidateNodeUpdate of pkg/apis/core/validation): taints (key,
// value, effect, unique by key+effect), podCIDRs (valid, at most one per IP family, no
// duplicates), capacity/allocatable quantities, and the update rules (podCIDRs and providerID
// only from "" to a value, externalID immutable, unique status addresses). Upstream reports taint
// errors under metadata.taints and quantities under status.capacity.<name>; both are mirrored.
#pragma once

#include "apiserver/validation/common.h"
#include "core_v1.pb.h"

namespace pilothouse::apiserver::validation {

ErrorList validateNode(const k8s::io::api::core::v1::Node& node);
ErrorList validateNodeUpdate(const k8s::io::api::core::v1::Node& node,
                             const k8s::io::api::core::v1::Node& oldNode);
ErrorList validateNodeTaints(const google::protobuf::RepeatedPtrField<k8s::io::api::core::v1::Taint>& taints,
                             const std::string& path);

}  // namespace pilothouse::apiserver::validation
