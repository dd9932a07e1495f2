// Read-only tables sized for a projector: rows with room around the text (Qt's default is cramped
// at the back of a room), whole-row selection, no row numbers, headers on the left.
#pragma once

#include <QStyledItemDelegate>

class QTableView;
class QWidget;

namespace pilothouse::ui::theme {

// Rows `heightFactor` × the font's height; cells `extraWidth` pixels wider than their text.
class RoomyDelegate : public QStyledItemDelegate {
public:
    explicit RoomyDelegate(QObject* parent, double heightFactor = 1.5, int extraWidth = 0)
        : QStyledItemDelegate(parent), heightFactor_(heightFactor), extraWidth_(extraWidth) {}
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;

private:
    double heightFactor_;
    int extraWidth_;
};

// A QTableView that cannot be edited, selects whole rows, hides the row numbers, stretches its
// last column and aligns its headers left, without a grid.
QTableView* roomyTable(QWidget* parent);

}  // namespace pilothouse::ui::theme
