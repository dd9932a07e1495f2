// Base64 as Go's encoding/base64.StdEncoding reads and writes it (what Kubernetes JSON uses for
// []byte fields: a Secret's data, a ConfigMap's binaryData), by OpenSSL.
#pragma once

#include <string>
#include <string_view>

#include "util/status.h"

namespace pilothouse::util {

std::string base64Encode(std::string_view data);
// InvalidArgument with Go's text for bad input: "illegal base64 data at input byte N".
StatusOr<std::string> base64Decode(std::string_view text);

}  // namespace pilothouse::util
