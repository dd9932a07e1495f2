// JSON text <-> Value. Output follows Go's encoding/json (what kubectl prints): MarshalIndent with
// four spaces, <, > and & escaped as \u003c \u003e \u0026.
#pragma once

#include <string>
#include <string_view>

#include "api/codec/value.h"
#include "util/status.h"

namespace pilothouse::codec {

enum class JsonStyle { Compact, Indented };

std::string toJson(const Value& value, JsonStyle style = JsonStyle::Indented);

// Parses one JSON value (surrounding whitespace allowed). Errors name line and column.
StatusOr<Value> parseJson(std::string_view text);

}  // namespace pilothouse::codec
