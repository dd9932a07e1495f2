#include "events/event_card_delegate.h"

#include <QApplication>
#include <QPainter>
#include <QTextLayout>

#include "events/event_table_model.h"
#include "theme/theme.h"

namespace pilothouse::ui {

namespace {
constexpr int kPad = 8;

QString cell(const QModelIndex& index, int column) { return index.siblingAtColumn(column).data().toString(); }

// Up to `lines` lines of `text` wrapped to `width`, the last one elided.
QStringList wrap(const QString& text, const QFont& font, int width, int lines) {
    QStringList out;
    QTextLayout layout(text, font);
    layout.beginLayout();
    const QFontMetrics fm(font);
    for (;;) {
        QTextLine line = layout.createLine();
        if (!line.isValid()) break;
        line.setLineWidth(width);
        if (int(out.size()) == lines - 1) {
            out << fm.elidedText(text.mid(line.textStart()), Qt::ElideRight, width);
            break;
        }
        out << text.mid(line.textStart(), line.textLength()).trimmed();
    }
    layout.endLayout();
    return out;
}

}  // namespace

QSize EventCardDelegate::sizeHint(const QStyleOptionViewItem& option, const QModelIndex&) const {
    const QFontMetrics fm(option.font);
    return {200, kPad * 2 + fm.height() * (1 + kMessageLines) + 4};
}

void EventCardDelegate::paint(QPainter* p, const QStyleOptionViewItem& option, const QModelIndex& index) const {
    p->save();
    const QRect r = option.rect;
    const bool warning = index.data(EventTableModel::WarningRole).toBool();
    const bool selected = option.state & QStyle::State_Selected;
    p->fillRect(r, option.palette.base());
    if (warning) p->fillRect(r, index.data(Qt::BackgroundRole).value<QBrush>());
    if (selected) {
        QColor highlight = option.palette.color(QPalette::Highlight);
        highlight.setAlpha(70);
        p->fillRect(r, highlight);
        p->fillRect(QRect(r.left(), r.top(), 4, r.height()), theme::accent());
    }
    p->setPen(theme::border());
    p->drawLine(r.bottomLeft(), r.bottomRight());

    const QFont body = option.font;
    QFont bold = body;
    bold.setBold(true);
    const QFontMetrics fm(body), bfm(bold);
    const int left = r.left() + kPad + 4, right = r.right() - kPad;
    int y = r.top() + kPad;

    // LAST SEEN on the right, then TYPE, REASON and OBJECT from the left in the room left.
    const QString lastSeen = cell(index, EventTableModel::LastSeenColumn);
    const int lastW = fm.horizontalAdvance(lastSeen);
    p->setFont(body);
    p->setPen(theme::mutedText());
    p->drawText(QRect(right - lastW, y, lastW, fm.height()), Qt::AlignRight | Qt::AlignVCenter, lastSeen);
    int x = left;
    const int limit = right - lastW - kPad;
    auto draw = [&](const QString& text, const QFont& font, const QColor& color) {
        if (x >= limit) return;
        const QFontMetrics m(font);
        const QString shown = m.elidedText(text, Qt::ElideRight, limit - x);
        p->setFont(font);
        p->setPen(color);
        p->drawText(QRect(x, y, limit - x, fm.height()), Qt::AlignLeft | Qt::AlignVCenter, shown);
        x += m.horizontalAdvance(shown) + m.horizontalAdvance(QStringLiteral("  "));
    };
    draw(cell(index, EventTableModel::TypeColumn), bold, warning ? theme::failure() : theme::mutedText());
    draw(cell(index, EventTableModel::ReasonColumn), bold, theme::text());
    draw(cell(index, EventTableModel::ObjectColumn), body, theme::accent());

    // MESSAGE, wrapped.
    y += fm.height() + 4;
    p->setFont(body);
    p->setPen(theme::text());
    for (const QString& line : wrap(cell(index, EventTableModel::MessageColumn), body, right - left, kMessageLines)) {
        p->drawText(QRect(left, y, right - left, fm.height()), Qt::AlignLeft | Qt::AlignVCenter, line);
        y += fm.height();
    }
    p->restore();
}

}  // namespace pilothouse::ui
