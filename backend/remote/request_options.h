// The query options of kube-apiserver's REST API as this API carries them: dryRun and
// resourceVersion, checked as upstream checks them, with errors naming the field.
#pragma once

#include <google/protobuf/repeated_field.h>

#include <cstdint>
#include <string>

#include "util/status.h"

namespace pilothouse::remote {

// dryRun: empty (false) or ["All"] (true). Otherwise 422 Invalid for `optionsKind` as upstream's
// ValidateDryRun says it: CreateOptions.meta.k8s.io "" is invalid: dryRun: Unsupported value: ...
StatusOr<bool> parseDryRun(const google::protobuf::RepeatedPtrField<std::string>& dryRun, const std::string& optionsKind);

// resource_version: "" or "0" = 0 (the latest); otherwise a revision number. BadRequest naming
// `field` for anything else.
StatusOr<int64_t> parseResourceVersion(const std::string& text, const std::string& field);

}  // namespace pilothouse::remote
