// The item data roles the explainer's models share with its view.
#pragma once

#include <Qt>

namespace pilothouse::ui {

enum ExplainerRole {
    EmphasisRole = Qt::UserRole + 10,  // bool: the cell's text is set in bold
    NodeRole,                          // QString: the name of the row's node
};

}  // namespace pilothouse::ui
