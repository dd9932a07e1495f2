#include "journey/token_item.h"

#include <QFontMetricsF>
#include <QCursor>
#include <QHash>
#include <QPainter>

#include <cmath>

#include "journey/journey_style.h"
#include "theme/theme.h"

namespace pilothouse::ui::journey {

namespace {
constexpr qreal kR = style::kTokenDiameter / 2;
constexpr qreal kHalo = 6;  // room for the rings around the disc
}  // namespace

TokenItem::TokenItem(QGraphicsItem* parent) : QGraphicsItem(parent) {
    setAcceptedMouseButtons(Qt::LeftButton);
    setCursor(Qt::PointingHandCursor);
    text_.setTextFormat(Qt::PlainText);
    text_.setPerformanceHint(QStaticText::AggressiveCaching);
}

QRectF TokenItem::boundingRect() const {
    const qreal right = label_ ? kR + 6 + labelWidth_ : kR + kHalo;
    return QRectF(-kR - kHalo, -kR - kHalo, right + kR + kHalo, 2 * (kR + kHalo));
}

QPainterPath TokenItem::shape() const {
    QPainterPath p;
    p.addEllipse(QPointF(0, 0), kR + 3, kR + 3);
    if (label_) p.addRect(QRectF(kR, -kR, 6 + labelWidth_, 2 * kR));
    return p;
}

void TokenItem::setPod(int pod, const QString& key, const QString& name, const QColor& color) {
    if (pod == pod_ && key == key_ && color == color_) return;
    pod_ = pod;
    key_ = key;
    name_ = name;
    color_ = color;
    prepareLabel();
    update();
}

void TokenItem::setColor(const QColor& color) {
    if (color == color_) return;
    color_ = color;
    update();
}

void TokenItem::setLook(bool label, qreal labelWidth, bool selected, bool failing, bool terminating) {
    if (label == label_ && (!label || qFuzzyCompare(labelWidth, labelWidth_)) && selected == selected_ &&
        failing == failing_ && terminating == terminating_)
        return;
    const bool geometry = label != label_ || (label && !qFuzzyCompare(labelWidth, labelWidth_));
    if (geometry) prepareGeometryChange();
    label_ = label;
    if (label) labelWidth_ = labelWidth;
    selected_ = selected;
    failing_ = failing;
    terminating_ = terminating;
    setZValue(selected ? 30 : failing ? 21 : 20);
    if (geometry) prepareLabel();
    update();
}

void TokenItem::prepareLabel() {
    if (!label_) return;
    const QFontMetricsF fm(style::font(style::kTokenLabelPx, true));
    text_.setText(fm.elidedText(name_, Qt::ElideMiddle, labelWidth_));
}

namespace {

// The disc and its rings at a device scale, drawn once per look and shared by every token of that
// look: a frame with a thousand tokens copies a thousand small images instead of drawing a
// thousand antialiased circles.
struct SpriteKey {
    QRgb color;
    quint8 flags;
    int scale;  // device pixels per 64 scene pixels
    QRgb theme;
    bool operator==(const SpriteKey&) const = default;
};
size_t qHash(const SpriteKey& k, size_t seed = 0) { return qHashMulti(seed, k.color, k.flags, k.scale, k.theme); }

void paintDisc(QPainter* painter, const QColor& color, bool selected, bool failing, bool terminating) {
    painter->setRenderHint(QPainter::Antialiasing);
    if (selected) {
        painter->setPen(QPen(theme::accent(), 4));
        painter->setBrush(Qt::NoBrush);
        painter->drawEllipse(QPointF(0, 0), kR + 4, kR + 4);
    }
    painter->setPen(QPen(theme::surface(), 2));
    painter->setBrush(color);
    painter->drawEllipse(QPointF(0, 0), kR, kR);
    if (failing) {
        painter->setPen(QPen(theme::failure(), 4));
        painter->setBrush(Qt::NoBrush);
        painter->drawEllipse(QPointF(0, 0), kR - 1, kR - 1);
        // A cross: failed, readable without colour.
        painter->setPen(QPen(Qt::white, 3, Qt::SolidLine, Qt::RoundCap));
        const qreal c = kR * 0.38;
        painter->drawLine(QPointF(-c, -c), QPointF(c, c));
        painter->drawLine(QPointF(-c, c), QPointF(c, -c));
    } else if (terminating) {
        painter->setPen(QPen(theme::phaseColor(QStringLiteral("Terminating")), 3, Qt::DashLine));
        painter->setBrush(Qt::NoBrush);
        painter->drawEllipse(QPointF(0, 0), kR - 1, kR - 1);
    }
}

const QImage& sprite(const QColor& color, bool selected, bool failing, bool terminating, qreal scale) {
    static QHash<SpriteKey, QImage> sprites;
    const SpriteKey key{color.rgba(), quint8((selected ? 1 : 0) | (failing ? 2 : 0) | (terminating ? 4 : 0)),
                        int(std::lround(scale * 64)), theme::background().rgba()};
    auto it = sprites.find(key);
    if (it != sprites.end()) return *it;
    if (sprites.size() > 4096) sprites.clear();  // colours of a long session's owners, themes, zooms
    const qreal extent = kR + kHalo;
    const int side = int(std::ceil(2 * extent * scale));
    QImage image(side, side, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QPainter p(&image);
    p.scale(scale, scale);
    p.translate(extent, extent);
    paintDisc(&p, color, selected, failing, terminating);
    p.end();
    return *sprites.insert(key, image);
}

}  // namespace

void TokenItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) {
    const QTransform t = painter->deviceTransform();
    if (t.m12() == 0 && t.m21() == 0) {
        const qreal scale = std::abs(t.m11());
        const QImage& image = sprite(color_, selected_, failing_, terminating_, scale);
        const qreal extent = kR + kHalo;
        const QPointF corner = t.map(QPointF(-extent, -extent));
        painter->save();
        painter->resetTransform();
        // Undo the rest (the pixel ratio, the widget's place on the device): see CachedPicture.
        painter->drawImage(painter->deviceTransform().inverted().map(QPointF(std::round(corner.x()), std::round(corner.y()))), image);
        painter->restore();
    } else {
        paintDisc(painter, color_, selected_, failing_, terminating_);
    }
    if (label_) {
        painter->setFont(style::font(style::kTokenLabelPx, true));
        painter->setPen(selected_ ? theme::accent() : failing_ ? theme::failure() : theme::text());
        const QFontMetricsF fm(painter->font());
        painter->drawStaticText(QPointF(kR + 6, -fm.height() / 2), text_);
    }
}

}  // namespace pilothouse::ui::journey
