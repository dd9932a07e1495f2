// What "New" starts from: a small valid object of each kind the editor has a form for, named so it
// does not clash with `taken` names (node-4 when node-1..3 exist).
#pragma once

#include <QStringList>

#include <string>

#include "api/codec/value.h"

namespace pilothouse::ui::editor {

// The kinds "New" offers, in menu order.
QStringList newObjectKinds();
codec::Value newObject(const std::string& kind, const QStringList& taken);

}  // namespace pilothouse::ui::editor
