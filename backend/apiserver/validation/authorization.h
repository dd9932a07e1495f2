// authorization.k8s.io validation (pkg/apis/authorization/validation, v1.28):
// ValidateSelfSubjectAccessReview. Exactly one of the spec's attribute sets, and no metadata:
//   spec.nonResourceAttributes: Invalid value: authorization.NonResourceAttributes{Path:"/healthz",
//     Verb:"get"}: cannot be specified in combination with resourceAttributes
//   spec.resourceAttributes: Invalid value: "null": exactly one of nonResourceAttributes or
//     resourceAttributes must be specified
//   metadata: Invalid value: &ObjectMeta{Name:x,...}: must be empty
// Upstream names the second error's path resourceAttributes but prints nonResourceAttributes as
// its value — nil there, hence "null". managedFields do not count as metadata (the field manager
// sets them), though the value printed still shows them.
#pragma once

#include "apiserver/validation/common.h"
#include "authorization_v1.pb.h"

namespace pilothouse::apiserver::validation {

ErrorList validateSelfSubjectAccessReview(const k8s::io::api::authorization::v1::SelfSubjectAccessReview& review);

// metav1.ObjectMeta's String() (gogo-protobuf generated), as field errors print an ObjectMeta:
// &ObjectMeta{Name:x,GenerateName:,...,Finalizers:[],ManagedFields:[]ManagedFieldsEntry{},}
std::string goObjectMetaString(const ObjectMeta& meta);

}  // namespace pilothouse::apiserver::validation
