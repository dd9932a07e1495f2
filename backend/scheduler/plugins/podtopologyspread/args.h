// PodTopologySpreadArgs (kubescheduler.config.k8s.io/v1): decoding from the plugin's JSON args,
// the v1 defaults (defaultingType: System) and ValidatePodTopologySpreadArgs with upstream's
// field paths and messages (the args being the root of the paths, as the plugin factory sees them).
#pragma once

#include <string>
#include <vector>

#include "api/codec/value.h"
#include "core_v1.pb.h"
#include "util/status.h"

namespace pilothouse::scheduler::plugins::podtopologyspread {

inline constexpr const char* kSystemDefaulting = "System";
inline constexpr const char* kListDefaulting = "List";

struct PodTopologySpreadArgs {
    std::vector<k8s::io::api::core::v1::TopologySpreadConstraint> defaultConstraints;
    std::string defaultingType;  // "System" or "List" once defaulted
};

// Decodes args (null = all defaults) and applies the v1 defaults. Unknown fields and wrongly typed
// values are errors (kube-scheduler decodes its configuration strictly).
StatusOr<PodTopologySpreadArgs> decodeArgs(const codec::Value& args);

// ValidatePodTopologySpreadArgs: OK, or InvalidArgument with the aggregated field errors
// ("defaultConstraints[0].maxSkew: Invalid value: 0: not in valid range (0, inf)"; several are
// printed as "[first, second]").
Status validateArgs(const PodTopologySpreadArgs& args);

}  // namespace pilothouse::scheduler::plugins::podtopologyspread
