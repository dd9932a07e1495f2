#include "theme/roomy_table.h"

#include <QFontMetrics>
#include <QHeaderView>
#include <QTableView>

namespace pilothouse::ui::theme {

QSize RoomyDelegate::sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const {
    QSize s = QStyledItemDelegate::sizeHint(option, index);
    s.setHeight(int(QFontMetrics(option.font).height() * heightFactor_));
    s.setWidth(s.width() + extraWidth_);
    return s;
}

QTableView* roomyTable(QWidget* parent) {
    auto* t = new QTableView(parent);
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setShowGrid(false);
    t->setWordWrap(false);
    t->verticalHeader()->hide();
    t->horizontalHeader()->setStretchLastSection(true);
    t->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    t->horizontalHeader()->setHighlightSections(false);
    return t;
}

}  // namespace pilothouse::ui::theme
