// The dryRun option of every write (metav1.CreateOptions, UpdateOptions, PatchOptions,
// DeleteOptions), checked as upstream's ValidateDryRun checks it, for every way a request arrives
// (the HTTP query, the gRPC API).
#pragma once

#include <string>
#include <vector>

#include "util/status.h"

namespace pilothouse::apiserver {

// Empty: false; ["All"]: true. Otherwise 422 Invalid for `optionsKind`:
// CreateOptions.meta.k8s.io "" is invalid: dryRun: Unsupported value: []string{"x"}: supported values: "All"
StatusOr<bool> parseDryRun(const std::vector<std::string>& values, const std::string& optionsKind);

}  // namespace pilothouse::apiserver
