// The event log in a narrow dock: each event as a small card over two or three lines instead of a
// wide table row — TYPE and REASON in bold, OBJECT, LAST SEEN on the right, then the MESSAGE
// wrapped below. Warning cards carry the red tint and a red "Warning". Paints a row of
// EventTableModel (through any proxy) from its column-0 index.
#pragma once

#include <QStyledItemDelegate>

namespace pilothouse::ui {

class EventCardDelegate final : public QStyledItemDelegate {
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;

    static constexpr int kMessageLines = 2;
};

}  // namespace pilothouse::ui
