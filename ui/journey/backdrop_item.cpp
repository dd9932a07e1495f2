#include "journey/backdrop_item.h"

#include <QFontMetricsF>
#include <QPainter>

#include <cmath>

#include "journey/journey_layout.h"
#include "journey/journey_style.h"
#include "theme/theme.h"

namespace pilothouse::ui::journey {

namespace {

void drawArrow(QPainter* painter, const QPainterPath& path, const QColor& color) {
    painter->setPen(QPen(color, style::stroke(3), Qt::SolidLine, Qt::RoundCap));
    painter->setBrush(Qt::NoBrush);
    painter->drawPath(path);
    const QPointF tip = path.pointAtPercent(1);
    const qreal angle = qDegreesToRadians(-path.angleAtPercent(1));
    const QPointF back(std::cos(angle) * 13, std::sin(angle) * 13);
    const QPointF side(-back.y() * 0.6, back.x() * 0.6);
    painter->setPen(Qt::NoPen);
    painter->setBrush(color);
    painter->drawPolygon(QPolygonF({tip, tip - back + side, tip - back - side}));
}

}  // namespace

BackdropItem::BackdropItem(QGraphicsItem* parent) : QGraphicsItem(parent) { setZValue(-10); }

QRectF BackdropItem::boundingRect() const { return JourneyLayout::sceneRect(); }

void BackdropItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) {
    picture_.draw(painter, boundingRect(), [this](QPainter* p) { paintContent(p); });
}

void BackdropItem::paintContent(QPainter* painter) {
    painter->setRenderHint(QPainter::Antialiasing);
    // Groups: a tinted box with its title in a band at the top.
    for (const auto& g : JourneyLayout::groups()) {
        QColor fill = theme::surfaceRaised();
        fill.setAlphaF(g.inner ? 0.9 : 0.55);
        painter->setPen(QPen(theme::border(), style::stroke(g.inner ? 1.5 : 2)));
        painter->setBrush(fill);
        painter->drawRoundedRect(g.rect, 16, 16);
        const QFont f = style::font(g.inner ? style::kLaneTitlePx : style::kGroupTitlePx, true);
        painter->setFont(f);
        painter->setPen(g.inner ? theme::mutedText() : theme::text());
        const qreal band = g.inner ? 40 : 54;
        const QRectF title(g.rect.left() + 16, g.rect.top(), g.rect.width() - 32, band);
        painter->drawText(title, Qt::AlignLeft | Qt::AlignVCenter, g.title);
        if (!g.subtitle.isEmpty()) {
            const qreal x = QFontMetricsF(f).horizontalAdvance(g.title) + 14;
            painter->setFont(style::font(style::kCounterPx));
            painter->setPen(theme::mutedText());
            painter->drawText(title.adjusted(x, 3, 0, 0), Qt::AlignLeft | Qt::AlignVCenter, g.subtitle);
        }
    }
    for (const auto& c : JourneyLayout::captions()) {
        painter->setFont(style::font(style::kGroupTitlePx - 4, true));
        painter->setPen(theme::mutedText());
        painter->drawText(c.rect, Qt::AlignLeft | Qt::AlignBottom, c.text);
    }
    QColor arrow = theme::mutedText();
    arrow.setAlphaF(0.8);
    for (const auto& path : JourneyLayout::flowArrows()) drawArrow(painter, path, arrow);
    paintLegend(painter);
}

void BackdropItem::paintLegend(QPainter* painter) {
    const QRectF r = JourneyLayout::legendRect();
    painter->setPen(QPen(theme::border(), 1.5));
    painter->setBrush(theme::surface());
    painter->drawRoundedRect(r, 12, 12);
    const QFont f = style::font(style::kLegendPx);
    const QFontMetricsF fm(f);
    const qreal d = style::kTokenDiameter * 0.75;
    qreal y = r.top() + 12;
    const qreal x = r.left() + 10 + d / 2;
    const qreal textLeft = x + d / 2 + 10, textWidth = r.right() - 8 - textLeft;
    auto row = [&](auto&& drawSymbol, const QString& text) {
        const QRectF need = fm.boundingRect(QRectF(0, 0, textWidth, 1e4), Qt::TextWordWrap, text);
        const qreal h = std::max(d, need.height());
        drawSymbol(QPointF(x, y + std::min(d, h) / 2 + 1));
        painter->setFont(f);
        painter->setPen(theme::text());
        painter->drawText(QRectF(textLeft, y, textWidth, h), Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, text);
        y += h + 10;
    };
    auto disc = [&](const QPointF& c, const QColor& color) {
        painter->setPen(QPen(theme::surface(), 2));
        painter->setBrush(color);
        painter->drawEllipse(c, d / 2, d / 2);
    };
    const QColor sample = theme::ownerColor(QStringLiteral("ReplicaSet/web"));
    row([&](QPointF c) { disc(c, sample); }, tr("a pod, in its owner's colour"));
    row([&](QPointF c) {
            disc(c, sample);
            painter->setPen(QPen(theme::failure(), 3.5));
            painter->setBrush(Qt::NoBrush);
            painter->drawEllipse(c, d / 2 - 1, d / 2 - 1);
        },
        tr("held by a failed step"));
    row([&](QPointF c) {
            painter->setPen(QPen(theme::accent(), 3.5));
            painter->setBrush(Qt::NoBrush);
            painter->drawEllipse(c, d / 2 + 3, d / 2 + 3);
            disc(c, sample);
        },
        tr("selected (click a pod)"));
    row([&](QPointF c) {
            disc(c, sample);
            painter->setPen(QPen(theme::phaseColor(QStringLiteral("Terminating")), 3, Qt::DashLine));
            painter->setBrush(Qt::NoBrush);
            painter->drawEllipse(c, d / 2 - 1, d / 2 - 1);
        },
        tr("being deleted"));
    if (observed_) {
        // A live cluster: nothing of its watches is seen; its pods' journeys are read back.
        row([&](QPointF c) {
                painter->setPen(QPen(theme::accent(), 3, Qt::DashLine));
                painter->setBrush(Qt::NoBrush);
                painter->drawRoundedRect(QRectF(c - QPointF(d / 2, d / 2), QSizeF(d, d)), 3, 3);
            },
            tr("observed: from the cluster's records; dashed: not recorded"));
        return;
    }
    row([&](QPointF c) {
            QColor a = theme::accent();
            painter->setPen(QPen(a, 3, Qt::DotLine, Qt::RoundCap));
            painter->drawLine(c - QPointF(d / 2, 0), c + QPointF(d / 2, 0));
        },
        tr("watch: pulses as events are delivered"));
}

void BackdropItem::setObserved(bool observed) {
    if (observed == observed_) return;
    observed_ = observed;
    picture_.invalidate();
    update();
}

}  // namespace pilothouse::ui::journey
