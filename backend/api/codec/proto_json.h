// Kubernetes JSON <-> protobuf message, by reflection over the object model in backend/api/proto.
//
// Field names are the JSON names Kubernetes uses (json_name). What Go's encoding/json would do is
// mirrored through the options in json_options.proto:
//  - a field is printed when set; a plain proto3 scalar counts as set when non-zero (Go's
//    `omitempty`); `optional` fields and messages when present (Go pointers);
//  - `always_emit` fields are printed even when zero or absent ({} for a struct, null for a time),
//    as Go prints fields without omitempty and non-pointer structs;
//  - QUANTITY strings accept a JSON number or string and must parse as a resource.Quantity;
//    TIME strings must be RFC 3339; RAW_JSON holds any JSON as compact text;
//  - IntOrString is written and read as the bare number or string.
// Decoding is strict about types (a string where a number belongs is an error, with Go's text) and
// lenient about unknown fields, which become warnings (`unknown field "spec.foo"`), like kubectl's
// --validate=warn. Stateless; safe to call from any thread.
#pragma once

#include <google/protobuf/message.h>

#include <string>
#include <vector>

#include "api/codec/value.h"
#include "util/status.h"

namespace pilothouse::codec {

// Decodes into `message` (merging into what is there). On error, the Status message starts with
// the field path ("spec.containers[0].ports[0].containerPort: json: cannot unmarshal ...") and the
// Status carries that path as a cause. `pathPrefix` is prepended to paths (used for List items).
Status decodeMessage(const Value& value, google::protobuf::Message* message,
                     std::vector<std::string>* warnings, const std::string& pathPrefix = {});

// Encodes a message as Kubernetes JSON, keys sorted (kubectl's output order).
Value encodeMessage(const google::protobuf::Message& message);

// The fields encodeMessage writes for `message` (the members of its JSON object), in its order;
// and one field's value as it writes it (`index` >= 0: that element of a repeated field). For
// walks that need to know what the JSON holds without building all of it. Not for IntOrString.
void encodedFields(const google::protobuf::Message& message, std::vector<const google::protobuf::FieldDescriptor*>* out);
Value encodeField(const google::protobuf::Message& message, const google::protobuf::FieldDescriptor* field,
                  int index = -1);

// An encoded object without metadata.managedFields, as kubectl get -o yaml|json prints objects
// unless --show-managed-fields (the server-side apply record is noise to most readers).
void eraseManagedFields(Value& object);

// Rewrites every QUANTITY field in canonical form ("1.5Gi" -> "1536Mi", "0.5" -> "500m"), as the
// API server does when it stores an object. Invalid quantities are left as they are.
void canonicalizeQuantities(google::protobuf::Message* message);

// Clears every `always_emit` message field that is empty. Go cannot tell an absent non-pointer
// struct from an empty one, so neither should we: after this, objects that print the same JSON
// serialize to the same bytes (the API server's no-op detection relies on it).
void clearEmptyStructs(google::protobuf::Message* message);
// Whether clearEmptyStructs would change the message (read-only).
bool hasEmptyStructs(const google::protobuf::Message& message);

}  // namespace pilothouse::codec
