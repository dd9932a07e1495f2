// A QGraphicsItem's picture kept as an image at the resolution it is drawn at: the stations,
// the backdrop and the counts change seldom and are costly to paint (text), so each frame only
// copies their pixels. Unlike QGraphicsItem's own cache modes it works for any painter (a view's
// viewport, QGraphicsScene::render into an image) and does not compete in QPixmapCache.
#pragma once

#include <QImage>
#include <QPainter>
#include <QRectF>

#include <functional>

namespace pilothouse::ui::journey {

class CachedPicture {
public:
    // The picture must be painted again (its item's look changed).
    void invalidate() { valid_ = false; }
    // Draws `bounds` (item coordinates) with `painter`, painting it with `paint` first when it
    // is not cached at the painter's scale.
    void draw(QPainter* painter, const QRectF& bounds, const std::function<void(QPainter*)>& paint);

private:
    QImage image_;
    qreal scale_ = 0;
    QRgb theme_ = 0;
    double textScale_ = 0;  // theme::fontScale(): strokes follow it
    bool valid_ = false;
};

}  // namespace pilothouse::ui::journey
