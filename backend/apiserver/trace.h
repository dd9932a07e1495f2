// The record of one request's way through the API server: one entry per stage (and per admission
// plugin), saying what it decided and when, in virtual time. This is what the GUI's journey view
// animates and what `pilothousectl apply -v` prints.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sim/phrase.h"

namespace pilothouse::apiserver {

// The stages in the order a request meets them.
// The client's side: who sent the request and how (a request that came over HTTP or gRPC).
inline constexpr const char* kStageClient = "client";
inline constexpr const char* kStageAuthentication = "authentication";
inline constexpr const char* kStageAuthorization = "authorization";
inline constexpr const char* kStageMutatingAdmission = "mutating admission";
// The resource's registry before validation (a Service's ClusterIP allocation).
inline constexpr const char* kStageRegistry = "registry";
inline constexpr const char* kStageValidation = "validation";
inline constexpr const char* kStageValidatingAdmission = "validating admission";
inline constexpr const char* kStageStorage = "storage";

struct StageRecord {
    std::string stage;    // one of the kStage* names
    std::string step;     // plugin or detail: "RBAC", "Priority", "etcd write"
    bool passed = true;   // false: the request stopped here
    std::string detail;   // what it decided: "user alice (groups ...)", "set priority=0", the error
    int64_t startNanos = 0;  // virtual time (the server's clock), Unix nanoseconds
    int64_t endNanos = 0;
    // `detail` as data when it is Pilothouse's own words (sim/phrase.h): "valid", "user alice
    // (groups: ...)", "set priority=0"; empty when it is an error or Kubernetes' own text.
    std::vector<sim::Phrase> phrases{};
};

using RequestTrace = std::vector<StageRecord>;

}  // namespace pilothouse::apiserver
