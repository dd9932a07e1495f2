// YAML text <-> Value. Reading follows what kubectl does to a manifest (sigs.k8s.io/yaml over
// go-yaml v2): plain scalars resolve as YAML 1.1 (true/yes/on are booleans, 110 is a number),
// quoted scalars are strings. Writing follows kubectl's -o yaml: block style, two-space indent,
// list dashes level with their key, strings quoted only where they would otherwise read back as
// something else.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "api/codec/value.h"
#include "util/status.h"

namespace pilothouse::codec {

// Every document of a (multi-document) YAML stream, in order; an empty document is a null Value
// (kept so that document numbers match the file).
// JSON is YAML, so JSON text reads too. Errors say `yaml: line N: ...`.
StatusOr<std::vector<Value>> parseYamlDocuments(std::string_view text);

std::string toYaml(const Value& value);

}  // namespace pilothouse::codec
