// Go's time.Parse(time.RFC3339, text), as metav1.Time reads a plugin's expirationTimestamp, with
// Go's error texts:
//   parsing time "tomorrow" as "2006-01-02T15:04:05Z07:00": cannot parse "tomorrow" as "2006"
//   parsing time "2024-13-01T00:00:00Z": month out of range
//   parsing time "2024-01-01T00:00:00Zabc": extra text: "abc"
// As Go's parser it accepts a one-digit hour, a fraction of any length after the seconds (with '.'
// or ','), and offsets up to 24:60; it is stricter than an RFC 3339 validator nowhere else.
#pragma once

#include <optional>
#include <string_view>

#include "sim/clock.h"
#include "util/status.h"

namespace pilothouse::client::auth::exec {

// The instant, or nullopt for Go's zero time (0001-01-01T00:00:00Z, however written), which
// upstream's expiry check treats as "no expiry". Instants beyond what sim::Time holds (the years
// 1678 to 2262) are clamped to its ends. InvalidArgument with Go's text otherwise.
StatusOr<std::optional<sim::Time>> parseGoRfc3339(std::string_view text);

}  // namespace pilothouse::client::auth::exec
