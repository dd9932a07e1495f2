// A pod's effective requests as the scheduler counts them (k8s.io/component-helpers/resource
// PodRequests in v1.28): the sum over regular containers, at least the largest init container,
// plus the pod's overhead. With non-missing defaults, a container that sets no cpu or memory
// request counts as 100m cpu / 200Mi memory — what scoring uses so that request-less pods still
// weigh something (schedutil.DefaultMilliCPURequest / DefaultMemoryRequest).
#pragma once

#include <map>
#include <string>

#include "api/resource/quantity.h"
#include "core_v1.pb.h"

namespace pilothouse::scheduler::framework {

using ResourceList = std::map<std::string, resource::Quantity>;

inline constexpr int64_t kDefaultMilliCPURequest = 100;                // 0.1 core
inline constexpr int64_t kDefaultMemoryRequest = 200LL * 1024 * 1024;  // 200 MiB

struct PodResourcesOptions {
    bool excludeOverhead = false;
    // Used for a container whose requests lack these resources.
    ResourceList nonMissingContainerRequests;
};

ResourceList toResourceList(const google::protobuf::Map<std::string, std::string>& quantities);
ResourceList podRequests(const k8s::io::api::core::v1::Pod& pod, const PodResourcesOptions& options = {});
ResourceList podLimits(const k8s::io::api::core::v1::Pod& pod, const PodResourcesOptions& options = {});
// The non-missing defaults above, as options.
PodResourcesOptions nonZeroOptions();

}  // namespace pilothouse::scheduler::framework
