// The args of NodeResourcesFit and NodeResourcesBalancedAllocation (kubescheduler.config.k8s.io/v1
// NodeResourcesFitArgs / NodeResourcesBalancedAllocationArgs), read from a pluginConfig args tree
// with kube-scheduler v1.28's defaults (pkg/scheduler/apis/config/v1/defaults.go) and validation
// (pkg/scheduler/apis/config/validation/validation_pluginargs.go). Field paths in errors are
// relative to the args object, as when the plugin factory validates them:
//   scoringStrategy.resources[0].weight: Invalid value: 101: resource weight of cpu not in valid range (0, 100]
// Several errors are reported as upstream's aggregate: "[first, second]".
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "api/codec/value.h"
#include "util/status.h"

namespace pilothouse::scheduler::plugins::noderesources {

// ScoringStrategyType values.
inline constexpr const char* kLeastAllocated = "LeastAllocated";
inline constexpr const char* kMostAllocated = "MostAllocated";
inline constexpr const char* kRequestedToCapacityRatio = "RequestedToCapacityRatio";

// The top of a utilization shape's score scale (config.MaxCustomPriorityScore); scores are scaled
// by MaxNodeScore / 10 when scoring.
inline constexpr int64_t kMaxCustomPriorityScore = 10;

struct ResourceSpec {
    std::string name;
    int64_t weight = 0;
    bool operator==(const ResourceSpec&) const = default;
};

struct UtilizationShapePoint {
    int32_t utilization = 0;  // 0..100
    int32_t score = 0;        // 0..10
    bool operator==(const UtilizationShapePoint&) const = default;
};

struct RequestedToCapacityRatioParam {
    std::vector<UtilizationShapePoint> shape;
    bool operator==(const RequestedToCapacityRatioParam&) const = default;
};

struct ScoringStrategy {
    std::string type;
    std::vector<ResourceSpec> resources;
    std::optional<RequestedToCapacityRatioParam> requestedToCapacityRatio;
    bool operator==(const ScoringStrategy&) const = default;
};

struct NodeResourcesFitArgs {
    std::vector<std::string> ignoredResources;
    std::vector<std::string> ignoredResourceGroups;
    std::optional<ScoringStrategy> scoringStrategy;
    bool operator==(const NodeResourcesFitArgs&) const = default;
};

struct NodeResourcesBalancedAllocationArgs {
    std::vector<ResourceSpec> resources;
    bool operator==(const NodeResourcesBalancedAllocationArgs&) const = default;
};

// [{cpu, 1}, {memory, 1}].
std::vector<ResourceSpec> defaultResourceSpec();

// Decoding only (no defaults): strict JSON decoding errors as args_decoder.h describes.
StatusOr<NodeResourcesFitArgs> decodeNodeResourcesFitArgs(const codec::Value& args);
StatusOr<NodeResourcesBalancedAllocationArgs> decodeNodeResourcesBalancedAllocationArgs(const codec::Value& args);

// SetDefaults_NodeResourcesFitArgs: no scoringStrategy -> LeastAllocated over the default
// resources; an empty resource list -> the default resources; a weight of 0 -> 1. The strategy
// type itself is not defaulted.
void setDefaults(NodeResourcesFitArgs& args);
// SetDefaults_NodeResourcesBalancedAllocationArgs: no resources -> the default resources; a
// weight of 0 -> 1.
void setDefaults(NodeResourcesBalancedAllocationArgs& args);

// ValidateNodeResourcesFitArgs / ValidateNodeResourcesBalancedAllocationArgs with a nil path.
// InvalidArgument with upstream's aggregated message (and one cause per field error).
pilothouse::Status validate(const NodeResourcesFitArgs& args);
pilothouse::Status validate(const NodeResourcesBalancedAllocationArgs& args);

// decode + setDefaults + validate.
StatusOr<NodeResourcesFitArgs> loadNodeResourcesFitArgs(const codec::Value& args);
StatusOr<NodeResourcesBalancedAllocationArgs> loadNodeResourcesBalancedAllocationArgs(const codec::Value& args);

}  // namespace pilothouse::scheduler::plugins::noderesources
