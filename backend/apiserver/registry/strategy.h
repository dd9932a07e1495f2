// Per-kind storage rules (pkg/registry/<group>/<resource>/strategy.go): what the API server resets
// or keeps on create and update, which kinds have a status subresource and which count
// metadata.generation.
//  - create: a Pod's status is reset to {phase: Pending, qosClass}; a Namespace gets the
//    "kubernetes" finalizer and phase Active; kinds with a generation start at 1.
//  - update of the main resource keeps the stored status; an update through /status keeps the
//    stored spec and metadata (only status changes); a generation-counting kind increments its
//    generation when its spec changes.
#pragma once

#include <google/protobuf/message.h>

#include <string_view>

#include "api/scheme.h"
#include "features/kube_features.h"

namespace pilothouse::apiserver::registry {

bool hasStatusSubresource(const api::ResourceType& type);
bool tracksGeneration(const api::ResourceType& type);

// What a delete without DeleteOptions.propagationPolicy does to the object's dependents (the
// strategy's DefaultGarbageCollectionPolicy): most kinds delete them in the background; core/v1
// ReplicationController and batch/v1 Job orphan them, kept for backwards compatibility (kubectl
// always sends a policy, Background by default).
enum class GarbageCollectionPolicy { DeleteDependents, OrphanDependents };
GarbageCollectionPolicy defaultGarbageCollectionPolicy(const api::ResourceType& type);

// Fields of disabled feature gates are dropped as upstream's dropDisabled*Fields do (a pod's
// status.hostIPs without PodHostIPs, unless the stored pod already has them).
void prepareForCreate(const api::ResourceType& type, google::protobuf::Message* object,
                      const features::FeatureGates& gates);
void prepareForUpdate(const api::ResourceType& type, google::protobuf::Message* object,
                      const google::protobuf::Message& old, std::string_view subresource,
                      const features::FeatureGates& gates);

}  // namespace pilothouse::apiserver::registry
