#include "journey/count_badge_item.h"

#include <QFontMetricsF>
#include <QCursor>
#include <QPainter>

#include "journey/journey_style.h"
#include "theme/theme.h"

namespace pilothouse::ui::journey {

CountBadgeItem::CountBadgeItem(Station station, qreal width, QGraphicsItem* parent)
    : QGraphicsItem(parent), station_(station), width_(width) {
    setAcceptedMouseButtons(Qt::LeftButton);
    setCursor(Qt::PointingHandCursor);
    setZValue(19);
}

QRectF CountBadgeItem::boundingRect() const { return QRectF(-2, -2, width_ + 4, kHeight + 34); }

void CountBadgeItem::setCount(int count, int failing, const std::array<QColor, kColors>& colors, int colorCount) {
    if (count == count_ && failing == failing_ && colorCount == colorCount_ && colors == colors_) return;
    count_ = count;
    failing_ = failing;
    colors_ = colors;
    colorCount_ = colorCount;
    picture_.invalidate();
    update();
}

void CountBadgeItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) {
    picture_.draw(painter, boundingRect(), [this](QPainter* p) { paintContent(p); });
}

void CountBadgeItem::paintContent(QPainter* painter) {
    painter->setRenderHint(QPainter::Antialiasing);
    const QRectF r(0, 0, width_, kHeight);
    painter->setPen(QPen(failing_ > 0 ? theme::failure() : theme::border(), style::stroke(failing_ > 0 ? 2.5 : 1.5)));
    painter->setBrush(theme::surfaceRaised());
    painter->drawRoundedRect(r, kHeight / 2, kHeight / 2);
    // A stack of discs in the owners' colours.
    const qreal d = style::kTokenDiameter;
    qreal x = 10 + d / 2;
    for (int i = 0; i < colorCount_; ++i) {
        painter->setPen(QPen(theme::surface(), 2));
        painter->setBrush(colors_[size_t(i)]);
        painter->drawEllipse(QPointF(x, kHeight / 2), d / 2, d / 2);
        x += d * 0.55;
    }
    x += d / 2 + 8;
    QFont f = style::font(style::kBadgePx, true);
    painter->setFont(f);
    painter->setPen(theme::text());
    const QFontMetricsF fm(f);
    const QString count = tr("%n pods", nullptr, count_);
    painter->drawText(QPointF(x, kHeight / 2 + fm.ascent() / 2 - 2), count);
    if (failing_ > 0) {
        // Under the pill: how many of them a failure holds.
        const QFont ff = style::font(style::kActivityPx, true);
        painter->setFont(ff);
        painter->setPen(theme::failure());
        const QFontMetricsF ffm(ff);
        painter->drawText(QPointF(12, kHeight + 6 + ffm.ascent()),
                          ffm.elidedText(tr("%n failing", nullptr, failing_), Qt::ElideRight, width_ - 16));
    }
}

}  // namespace pilothouse::ui::journey
