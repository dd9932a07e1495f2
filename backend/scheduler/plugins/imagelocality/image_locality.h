// ImageLocality (pkg/scheduler/framework/plugins/imagelocality, Kubernetes v1.28): Score favours
// nodes that already have the pod's images.
//  - for each init container and container whose image the node has, the image's size scaled by
//    its spread, size * (nodes with the image / all nodes in the snapshot), truncated to bytes;
//  - the sum is clamped to [23 MiB, 1000 MiB x number of containers (init + regular)] and mapped
//    linearly to 0..100: 100 * (sum - 23Mi) / (maxThreshold - 23Mi), integer division;
//  - image names are compared after appending ":latest" to a name with no tag (the last ':'
//    not after the last '/'); v1.28 does no other normalisation (a pod's "nginx" matches a
//    node's "nginx:latest" but not "docker.io/library/nginx:latest").
// No NormalizeScore; takes no args.
#pragma once

#include <memory>
#include <string>

#include "api/codec/value.h"
#include "scheduler/framework/feature_gates.h"
#include "scheduler/framework/interface.h"
#include "util/status.h"

namespace pilothouse::scheduler::plugins::imagelocality {

StatusOr<std::shared_ptr<framework::Plugin>> New(const codec::Value& args, framework::Handle& handle,
                                                 const framework::FeatureGates& gates);

// The name the node status lists an image under: `name` plus ":latest" when it has no tag.
std::string normalizedImageName(const std::string& name);

}  // namespace pilothouse::scheduler::plugins::imagelocality
