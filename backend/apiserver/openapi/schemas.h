// The OpenAPI schemas of the object model (kube-openapi's definitions), generated from the
// .proto descriptors: one schema per message, named as upstream names its Go type
// ("io.k8s.api.core.v1.Pod" for package k8s.io.api.core.v1), with
//  - properties by JSON name, typed from the field (integer/int32, string, boolean, arrays,
//    string maps, references to other schemas; Quantity, Time, MicroTime and IntOrString as
//    upstream's special schemas);
//  - descriptions from the .proto files' comments (api/proto_descriptor_set.h);
//  - `required`: the fields Go always prints (always_emit) that are not structs;
//  - x-kubernetes-patch-strategy / x-kubernetes-patch-merge-key from the patch options;
//  - x-kubernetes-group-version-kind on every served kind, and a <Kind>List schema beside it.
//
// Immutable after the first call; safe from any thread.
#pragma once

#include <google/protobuf/descriptor.h>

#include <map>
#include <set>
#include <string>

#include "api/codec/value.h"
#include "api/scheme.h"

namespace pilothouse::apiserver::openapi {

// How schemas refer to each other: "#/definitions/" (v2) or "#/components/schemas/" (v3, where a
// reference beside a description is wrapped in allOf, as upstream does).
enum class Flavor { V2, V3 };

// Upstream's name for a message's schema: "io.k8s.api.core.v1.Pod".
std::string definitionName(const google::protobuf::Descriptor& message);

// Every schema, by name.
const std::map<std::string, codec::Value>& definitions(Flavor flavor);

// x-kubernetes-group-version-kind's value for a kind: {group, kind, version}.
codec::Value groupVersionKind(const api::ResourceType& type);

// The names of the schemas `roots` need (themselves and what they refer to, transitively).
std::set<std::string> closure(const std::set<std::string>& roots, Flavor flavor);

// The comment of a message or field in the .proto files ("" when none), as one paragraph.
std::string comment(const std::string& fullName);

}  // namespace pilothouse::apiserver::openapi
