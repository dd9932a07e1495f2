// Namespace validation (ValidateNamespace, ValidateNamespaceUpdate, ValidateNamespaceStatusUpdate):
// the name is a DNS-1123 label, the object is cluster-scoped, spec.finalizers are qualified names
// (standard ones may be bare); status.phase must be Active unless deletionTimestamp is set.
#pragma once

#include "apiserver/validation/common.h"
#include "core_v1.pb.h"

namespace pilothouse::apiserver::validation {

ErrorList validateNamespace(const k8s::io::api::core::v1::Namespace& ns);
ErrorList validateNamespaceUpdate(const k8s::io::api::core::v1::Namespace& ns,
                                  const k8s::io::api::core::v1::Namespace& oldNs);
ErrorList validateNamespaceStatusUpdate(const k8s::io::api::core::v1::Namespace& ns,
                                        const k8s::io::api::core::v1::Namespace& oldNs);

}  // namespace pilothouse::apiserver::validation
