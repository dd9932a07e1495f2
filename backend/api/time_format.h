// metav1.Time and metav1.MicroTime text forms: RFC 3339 in UTC, seconds ("2024-01-01T00:00:00Z")
// or microseconds ("2024-01-01T00:00:00.000000Z"). Times are nanoseconds since the Unix epoch.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace pilothouse::api {

// Accepts any RFC 3339 time (fractional seconds, Z or ±hh:mm offsets).
std::optional<int64_t> parseTime(std::string_view text);
std::string formatTime(int64_t unixNanos);       // metav1.Time: whole seconds, truncated
std::string formatMicroTime(int64_t unixNanos);  // metav1.MicroTime

}  // namespace pilothouse::api
