#include "journey/watch_arrow_item.h"

#include <QFontMetricsF>
#include <QLocale>
#include <QPainter>

#include <cmath>

#include "journey/journey_style.h"
#include "theme/theme.h"

namespace pilothouse::ui::journey {

namespace {
void arrowHead(QPainter* painter, const QPainterPath& path, qreal size) {
    const QPointF tip = path.pointAtPercent(1);
    const qreal angle = qDegreesToRadians(-path.angleAtPercent(0.999));
    const QPointF back(std::cos(angle) * size, std::sin(angle) * size);
    const QPointF side(-back.y() * 0.55, back.x() * 0.55);
    QPolygonF head({tip, tip - back + side, tip - back - side});
    painter->drawPolygon(head);
}
}  // namespace

WatchArrowItem::WatchArrowItem(WatchTarget target, QGraphicsItem* parent)
    : QGraphicsItem(parent), target_(target), path_(JourneyLayout::watchPath(target)) {
    setZValue(2);
    const QFontMetricsF fm(style::font(style::kLegendPx, true));
    const QPointF anchor = JourneyLayout::watchLabelAnchor(target);
    const qreal labelW = 330, labelH = (JourneyLayout::watchLabelTwoLines(target) ? 2 : 1) * fm.lineSpacing() + 4;
    QRectF label = JourneyLayout::watchLabelAngle(target) == 90 ? QRectF(anchor.x() - labelH, anchor.y(), 2 * labelH, labelW)
                                                                 : QRectF(anchor.x(), anchor.y() - fm.lineSpacing() / 2 - 2, labelW, labelH);
    bounds_ = path_.boundingRect().adjusted(-14, -14, 14, 14).united(label.adjusted(-4, -4, 4, 4));
}

QRectF WatchArrowItem::boundingRect() const { return bounds_; }

void WatchArrowItem::setDelivered(qint64 count) {
    if (count == delivered_) return;
    delivered_ = count;
    picture_.invalidate();
    update();
}

void WatchArrowItem::pulse(qint64 nowMillis) {
    pulseStart_ = nowMillis;
    phase_ = 0;
    ++pulses_;
    picture_.invalidate();
    update();
}

bool WatchArrowItem::advance(qint64 nowMillis) {
    if (phase_ < 0) return false;
    const qreal phase = qreal(nowMillis - pulseStart_) / kPulseMillis;
    phase_ = phase >= 1 ? -1 : phase;
    picture_.invalidate();
    update();
    return phase_ >= 0;
}

void WatchArrowItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) {
    picture_.draw(painter, boundingRect(), [this](QPainter* p) { paintContent(p); });
}

void WatchArrowItem::paintContent(QPainter* painter) {
    painter->setRenderHint(QPainter::Antialiasing);
    const bool on = phase_ >= 0;
    const qreal glow = on ? 1 - phase_ : 0;
    QColor base = theme::accent();
    if (!on) base.setAlphaF(0.55);
    QPen pen(base, style::stroke(3 + 4 * glow), on ? Qt::SolidLine : Qt::DotLine, Qt::RoundCap);
    painter->setPen(pen);
    painter->setBrush(Qt::NoBrush);
    painter->drawPath(path_);
    painter->setPen(Qt::NoPen);
    painter->setBrush(base);
    arrowHead(painter, path_, 16 + 4 * glow);
    if (on) {
        // The event on its way.
        const QPointF at = path_.pointAtPercent(std::clamp(phase_ * 1.25, 0.0, 1.0));
        QColor halo = theme::accent();
        halo.setAlphaF(0.35);
        painter->setBrush(halo);
        painter->drawEllipse(at, 14, 14);
        painter->setBrush(theme::accent());
        painter->drawEllipse(at, 7, 7);
    }
    // "watch: scheduler · 1,234 events"
    const QFont f = style::font(style::kLegendPx, true);
    painter->setFont(f);
    painter->setPen(theme::accent());
    const QString events = tr("%1 events").arg(QLocale().toString(delivered_));
    const QPointF anchor = JourneyLayout::watchLabelAnchor(target_);
    const QFontMetricsF fm(f);
    painter->save();
    painter->translate(anchor);
    painter->rotate(JourneyLayout::watchLabelAngle(target_));
    if (JourneyLayout::watchLabelTwoLines(target_)) {
        painter->drawText(QPointF(0, fm.ascent() / 2 - 1), JourneyLayout::watchTitle(target_));
        painter->setFont(style::font(style::kLegendPx));
        painter->drawText(QPointF(0, fm.ascent() / 2 - 1 + fm.lineSpacing()), events);
    } else {
        painter->drawText(QPointF(0, fm.ascent() / 2 - 1),
                          tr("%1 · %2").arg(JourneyLayout::watchTitle(target_), events));
    }
    painter->restore();
}

}  // namespace pilothouse::ui::journey
