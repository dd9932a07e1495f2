// A form field that is a table: a map (labels, a node selector, capacity), a list of objects
// (taints, tolerations, containers) or a list of lists (node affinity's terms and their
// expressions). Each cell edits one field of the draft in place, so fields the table has no
// column for (a container's command, a term's matchFields) are kept. Cells a validation error
// names are marked, with the message in their tooltip.
#pragma once

#include <QWidget>

#include "editor/form_spec.h"
#include "editor/object_draft.h"

class QPushButton;
class QTableWidget;

namespace pilothouse::ui::editor {

class FieldTable final : public QWidget {
    Q_OBJECT
public:
    FieldTable(const FieldSpec& spec, ObjectDraft* draft, QWidget* parent = nullptr);

    // Reads the field from the draft again.
    void refresh();
    // Marks the cells the draft's error names; returns how many it found.
    int showErrors();
    void setReadOnly(bool readOnly);

    QTableWidget* table() const { return table_; }
    // Adds a row (a key, an item; for nested lists an expression to the last term) / a term.
    void addRow();
    void addGroup();
    // Removes the row (the key, the item, the expression).
    void removeRow(int row);

private:
    // The draft path a cell stands for.
    FieldPath cellPath(int row, int column) const;
    void onCellChanged(int row, int column);
    int groupColumn() const { return spec_.shape == FieldShape::NestedList ? 0 : -1; }
    int firstDataColumn() const { return spec_.shape == FieldShape::NestedList ? 1 : 0; }
    const ColumnSpec& columnSpec(int column) const;
    void fitHeight();
    bool mapRowNamed(int row, const std::string& message) const;

    FieldSpec spec_;
    ObjectDraft* draft_;
    FieldPath path_;
    FieldPath innerPath_;
    QTableWidget* table_;
    QPushButton* add_;
    QPushButton* addGroup_ = nullptr;
    QPushButton* remove_;
    // Row -> (outer index, inner index) for nested lists; row -> key for maps.
    std::vector<std::pair<size_t, size_t>> rows_;
    std::vector<std::string> keys_;
    bool refreshing_ = false;
    std::vector<ColumnSpec> mapColumns_;
};

}  // namespace pilothouse::ui::editor
