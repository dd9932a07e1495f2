#include "remote/bearer_token.h"

#include <strings.h>

namespace pilothouse::remote {

std::string bearerToken(const grpc::ServerContextBase& context) {
    const auto& metadata = context.client_metadata();
    auto it = metadata.find("authorization");
    if (it == metadata.end()) return {};
    const std::string value(it->second.data(), it->second.size());
    // The scheme is case-insensitive (RFC 7235); the token follows one or more spaces.
    constexpr size_t kSchemeLength = 6;  // "Bearer"
    if (value.size() <= kSchemeLength || strncasecmp(value.c_str(), "bearer", kSchemeLength) != 0 ||
        value[kSchemeLength] != ' ')
        return {};
    const size_t start = value.find_first_not_of(' ', kSchemeLength);
    return start == std::string::npos ? std::string() : value.substr(start);
}

}  // namespace pilothouse::remote
