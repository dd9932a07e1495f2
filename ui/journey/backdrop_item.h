// What does not move on the journey diagram: the group boxes (API server, scheduler and its
// queue, kubelet), the captions, the arrows of the pods' way from station to station, and the
// legend. Painted once (cached) and again only when the theme changes.
#pragma once

#include <QCoreApplication>
#include <QGraphicsItem>

#include "journey/cached_picture.h"

namespace pilothouse::ui::journey {

class BackdropItem final : public QGraphicsItem {
    Q_DECLARE_TR_FUNCTIONS(BackdropItem)
public:
    explicit BackdropItem(QGraphicsItem* parent = nullptr);

    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;
    // Journeys read back from a real cluster: the legend says so, and what a dashed station is.
    void setObserved(bool observed);
    bool observed() const { return observed_; }

private:
    void paintContent(QPainter* painter);
    void paintLegend(QPainter* painter);

    CachedPicture picture_;
    bool observed_ = false;
};

}  // namespace pilothouse::ui::journey
