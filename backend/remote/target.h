// Resolving a request's Target (group, version, resource, namespace, name, subresource — what a
// REST path names) to the scheme's resource type, with the checks the REST router makes before a
// request reaches the API server. Errors are API errors whose message starts with the field.
#pragma once

#include "api/scheme.h"
#include "apiserver_service.pb.h"
#include "remote/status_mapping.h"
#include "util/status.h"

namespace pilothouse::remote {

// What a verb needs of the target.
enum class NameRule { Forbidden, Optional, Required };

struct TargetRules {
    NameRule name = NameRule::Required;
    // The subresources this verb serves ("" always allowed).
    std::vector<std::string> subresources;
    const char* verb = "get";  // for the MethodNotAllowed message
};

// NotFound for an unknown resource, version or subresource; BadRequest for a missing name or
// namespace; MethodNotAllowed for a subresource the verb does not serve.
StatusOr<const api::ResourceType*> resolveTarget(const pilothouse::apiserver::v1::Target& target, const TargetRules& rules);

// What an error about the target names: the resolved type's group, resource and kind (the
// target's own words when it did not resolve) and `name`, else the target's name.
StatusSubject subjectOf(const pilothouse::apiserver::v1::Target& target, const api::ResourceType* type, const std::string& name = "");

}  // namespace pilothouse::remote
