// Access to what every top-level object shares (TypeMeta and ObjectMeta) through the generic
// protobuf Message interface, so the API server and store code can treat every kind alike.
#pragma once

#include <google/protobuf/message.h>

#include <string>

#include "api/scheme.h"
#include "meta_v1.pb.h"

namespace pilothouse::api {

using ObjectMeta = k8s::io::apimachinery::pkg::apis::meta::v1::ObjectMeta;

// The garbage collector's finalizers (metav1.FinalizerOrphanDependents / FinalizerDeleteDependents):
// the API server adds one on a delete with propagationPolicy Orphan / Foreground.
inline constexpr const char* kFinalizerOrphanDependents = "orphan";
inline constexpr const char* kFinalizerDeleteDependents = "foregroundDeletion";

// The object's metadata; every top-level kind has field `metadata`.
const ObjectMeta& metadata(const google::protobuf::Message& object);
ObjectMeta* mutableMetadata(google::protobuf::Message* object);

std::string apiVersionOf(const google::protobuf::Message& object);
std::string kindOf(const google::protobuf::Message& object);
void setTypeMeta(google::protobuf::Message* object, const ResourceType& type);
void clearTypeMeta(google::protobuf::Message* object);

// "default/web" for namespaced objects, "node-a" for cluster-scoped ones.
std::string namespacedName(const ObjectMeta& meta);

}  // namespace pilothouse::api
