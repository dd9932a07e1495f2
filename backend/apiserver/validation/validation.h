// The validation stage of kube-apiserver (v1.28) for every kind Pilothouse serves: the kind's
// strategy validation (Validate / ValidateUpdate / the status strategy's ValidateUpdate) plus the
// generic ObjectMeta checks of the registry (rest.BeforeCreate / BeforeUpdate). Objects are
// expected to be defaulted and to carry a generated name, as upstream validates them.
//
// The list is what `<Kind> "<name>" is invalid: [a, b]` prints: upstream's order, identical
// messages once (field.ErrorList.ToAggregate drops repeats). On update, fields the registry
// carries over from the stored object before validating (uid, creationTimestamp,
// deletionTimestamp, deletionGracePeriodSeconds, generation) are taken from oldObj when newObj
// leaves them unset; resourceVersion is not checked here.
#pragma once

#include <google/protobuf/message.h>

#include <string_view>

#include "api/scheme.h"
#include "apiserver/validation/field_error.h"

namespace pilothouse::apiserver::validation {

ErrorList validateCreate(const api::ResourceType& type, const google::protobuf::Message& obj);

// subresource: "" for the main resource, "status" for the status subresource.
ErrorList validateUpdate(const api::ResourceType& type, const google::protobuf::Message& newObj,
                         const google::protobuf::Message& oldObj, std::string_view subresource);

}  // namespace pilothouse::apiserver::validation
