// YAML text <-> Value. Reading follows what kubectl does to a manifest (sigs.k8s.io/yaml over
// go-yaml v2): plain scalars resolve as YAML 1.1 (true/yes/on are booleans, 110 is a number),
// quoted scalars are strings. Writing follows kubectl's -o yaml: block style, two-space indent,
// list dashes level with their key, strings quoted only where they would otherwise read back as
// something else.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "api/codec/list_parts.h"
#include "api/codec/value.h"
#include "api/codec/value_builder.h"
#include "util/status.h"

namespace pilothouse::codec {

// Every document of a (multi-document) YAML stream, in order; an empty document is a null Value
// (kept so that document numbers match the file).
// JSON is YAML, so JSON text reads too. Read by libyaml, of which go-yaml v2 is a port, so errors
// are go-yaml's: `yaml: line N: mapping values are not allowed in this context`.
StatusOr<std::vector<Value>> parseYamlDocuments(std::string_view text);

// The same, one document at a time: `onDocument` gets each (numbered from 1) as soon as it is read,
// and an error it returns stops the reading. `itemsFor`, when set, gives each document's ItemSink;
// `progress`, when set, is told how far the reader has read.
// `origin` places `text` in a larger one (a document cut out of a file by splitYamlDocuments): the
// lines and documents before it. Values get their lines in the larger text; errors keep the line in
// `text`, as kubectl, which parses each document alone, prints them.
struct YamlOrigin {
    int lines = 0;
    int documents = 0;
};
Status readYamlDocuments(std::string_view text, const std::function<ItemSink(int document)>& itemsFor,
                         const std::function<Status(int document, Value&& value)>& onDocument,
                         const ReadProgress& progress = {}, const YamlOrigin& origin = {});

// One part of a List cut by findListParts, as parseJsonListPart (json.h) reads one of JSON.
// `lines`: the lines before `text` in its file (a document cut out by splitYamlDocuments).
// `dropManagedFields`: as parseJsonListPart's (ValueBuilder); a part with any alias is refused
// (Aborted) as ever, and the text read whole, where nothing is dropped while reading.
StatusOr<Value> readYamlListPart(std::string_view text, const ListPart& part, const ItemSink& items,
                                 const ReadProgress& progress = {}, int lines = 0, bool dropManagedFields = false);

std::string toYaml(const Value& value);

}  // namespace pilothouse::codec
