// A form cell's text <-> the JSON value it stands for (form_spec.h's ValueKind).
#pragma once

#include <QString>

#include "api/codec/value.h"
#include "editor/form_spec.h"
#include "util/status.h"

namespace pilothouse::ui::editor {

// The text a cell shows for `value` (null or absent: "").
QString toText(const codec::Value* value, ValueKind kind);
// The value a cell's text means; null for empty text (the field is removed). InvalidArgument with
// a message for the field ("expected a whole number") when the text cannot mean one.
StatusOr<codec::Value> fromText(const QString& text, ValueKind kind);

}  // namespace pilothouse::ui::editor
