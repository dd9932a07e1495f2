#include "journey/cached_picture.h"

#include <QPaintDevice>

#include <cmath>

#include "theme/theme.h"

namespace pilothouse::ui::journey {

void CachedPicture::draw(QPainter* painter, const QRectF& bounds, const std::function<void(QPainter*)>& paint) {
    const QTransform t = painter->deviceTransform();
    // Rotated or sheared (never on this diagram): no cache.
    if (t.m12() != 0 || t.m21() != 0) {
        paint(painter);
        return;
    }
    // The device transform includes a high-DPI device's pixel ratio.
    const qreal dpr = painter->device() ? painter->device()->devicePixelRatioF() : 1.0;
    const qreal scale = std::abs(t.m11());
    // The theme changes every colour.
    const QRgb theme = theme::background().rgba();
    if (!valid_ || !qFuzzyCompare(scale, scale_) || theme != theme_ || theme::fontScale() != textScale_) {
        const QSize size(int(std::ceil(bounds.width() * scale)), int(std::ceil(bounds.height() * scale)));
        if (size.isEmpty()) return;
        if (image_.size() != size) image_ = QImage(size, QImage::Format_ARGB32_Premultiplied);
        image_.fill(Qt::transparent);
        QPainter p(&image_);
        p.setRenderHints(painter->renderHints());
        p.scale(scale, scale);
        p.translate(-bounds.topLeft());
        paint(&p);
        p.end();
        scale_ = scale;
        theme_ = theme;
        textScale_ = theme::fontScale();
        valid_ = true;
    }
    // One device pixel per image pixel: a plain copy.
    const QPointF topLeft = t.map(bounds.topLeft());
    painter->save();
    painter->resetTransform();
    // What is left of the device transform is the pixel ratio and where the widget lies on the
    // device (a child of a window painted into the window's backing store): undone, so that the
    // image lands on the device pixel computed above.
    const QPointF at = painter->deviceTransform().inverted().map(QPointF(std::round(topLeft.x()), std::round(topLeft.y())));
    painter->drawImage(QRectF(at, QSizeF(image_.size()) / dpr), image_);
    painter->restore();
}

}  // namespace pilothouse::ui::journey
