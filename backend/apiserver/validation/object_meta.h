// ObjectMeta validation (k8s.io/apimachinery/pkg/api/validation/objectmeta.go plus the core
// wrapper in pkg/apis/core/validation that also checks finalizer names):
//   metadata.name: Required value: name or generateName is required
//   metadata.name: Invalid value: "Web": a lowercase RFC 1123 subdomain must consist of ...
//   metadata.namespace: Forbidden: not allowed on this type
// The name is expected to be generated (from generateName) before validation, as upstream does.
// resourceVersion-on-update is checked by the update path, not here.
#pragma once

#include <string>

#include "apiserver/validation/common.h"

namespace pilothouse::apiserver::validation {

// ValidateObjectMeta: `namespaced` says whether the kind is namespaced; `nameFn` validates the
// name (and, with prefix=true, generateName).
ErrorList validateObjectMeta(const ObjectMeta& meta, bool namespaced, NameFn nameFn,
                             const std::string& path = "metadata");

// ValidateObjectMetaUpdate: immutable name/namespace/uid/creationTimestamp/deletionTimestamp/
// deletionGracePeriodSeconds, generation not decremented, no new finalizers while deleting, and
// the label/annotation/ownerReference/finalizer rules on the new metadata.
ErrorList validateObjectMetaUpdate(const ObjectMeta& newMeta, const ObjectMeta& oldMeta,
                                   const std::string& path = "metadata");

// The generic checks kube-apiserver's registry runs for every kind (rest.BeforeCreate and
// validateCommonFields of rest.BeforeUpdate): apimachinery's ValidateObjectMetaAccessor with
// path-segment names, and ValidateObjectMetaAccessorUpdate; no kube finalizer-name check.
ErrorList validateObjectMetaGeneric(const ObjectMeta& meta, bool namespaced, const std::string& path = "metadata");
ErrorList validateObjectMetaUpdateGeneric(const ObjectMeta& newMeta, const ObjectMeta& oldMeta,
                                          const std::string& path = "metadata");

// ValidateFinalizers: qualified names, not both orphan and foregroundDeletion.
ErrorList validateFinalizers(const StringList& finalizers, const std::string& path);

// metav1.Time's String() (Go's time.Time format) for an RFC 3339 timestamp as stored:
// "2024-05-01T10:00:00Z" -> "2024-05-01 10:00:00 +0000 UTC".
std::string goTime(const std::string& rfc3339);

}  // namespace pilothouse::apiserver::validation
