// RFC 3339 times as Kubernetes writes them, in UTC. Times are nanoseconds since the Unix epoch.
//   format      metav1.Time:       "2024-01-01T00:00:00Z" (whole seconds, truncated toward the past)
//   formatMicro metav1.MicroTime:  "2024-01-01T00:00:00.000000Z"
//   formatNano  Go's RFC3339Nano:  "2024-01-01T00:00:00.5Z" (trailing zeros dropped)
//   parse       any RFC 3339 time (fraction up to 9 digits, Z or +HH:MM/-HH:MM; 't'/'z' accepted);
//               InvalidArgument quoting the text and saying what was expected otherwise.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "util/status.h"

namespace pilothouse::rfc3339 {

std::string format(int64_t unixNanos);
std::string formatMicro(int64_t unixNanos);
std::string formatNano(int64_t unixNanos);
StatusOr<int64_t> parse(std::string_view text);
// Whether `text` is an RFC 3339 time as Go's time.Parse(time.RFC3339, ...) accepts it, any year 0000 to
// 9999 (parse holds only 1678 to 2262).
bool wellFormed(std::string_view text);

}  // namespace pilothouse::rfc3339
