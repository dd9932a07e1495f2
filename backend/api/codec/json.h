// JSON text <-> Value. Output follows Go's encoding/json (what kubectl prints): MarshalIndent with
// four spaces, <, > and & escaped as \u003c \u003e \u0026. Input is read by RapidJSON's SAX reader
// straight into Values (no tree of its own), with encoding/json's error texts.
#pragma once

#include <string>
#include <string_view>

#include "api/codec/list_parts.h"
#include "api/codec/value.h"
#include "api/codec/value_builder.h"
#include "util/status.h"

namespace pilothouse::codec {

enum class JsonStyle { Compact, Indented };

std::string toJson(const Value& value, JsonStyle style = JsonStyle::Indented);
// The same, compact, appended to `out`; and one string as a JSON string (quoted, escaped).
void appendJson(std::string& out, const Value& value);
void appendJsonString(std::string& out, std::string_view s);
void appendJsonEscaped(std::string& out, std::string_view s);  // the same without the quotes

// Parses one JSON value (surrounding whitespace allowed). Errors are kubectl's, then the place:
// "json: offset 31: invalid character 'P' looking for beginning of value (line 2, column 10)". Numbers keep their
// spelling; objects and arrays their line and column; invalid UTF-8 becomes U+FFFD; nesting deeper
// than 10,000 is an error.
StatusOr<Value> parseJson(std::string_view text);
// The same, handing the top-level object's "items" elements to `items` as each completes, and telling
// `progress` (when set) how far it has read. `dropManagedFields`: the elements come without
// metadata.managedFields, read past without being built.
StatusOr<Value> parseJson(std::string_view text, const ItemSink& items, const ReadProgress& progress = {},
                          bool dropManagedFields = false);
// One part of a List cut by findListParts, its elements handed to `items` (indexes count from the
// part's first). The part's document: the first part's members up to "items", the last part's
// "items" and what follows, a middle part's "items" alone ("items" always empty). An error (status
// Aborted when the cut does not hold) means: read the whole text with parseJson.
StatusOr<Value> parseJsonListPart(std::string_view text, const ListPart& part, const ItemSink& items,
                                  const ReadProgress& progress = {}, bool dropManagedFields = false);

}  // namespace pilothouse::codec
