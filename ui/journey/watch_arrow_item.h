// A watch from the API server to a component (the scheduler, the kubelets, the controllers):
// a dotted arrow labelled with the watch events delivered so far, which pulses — a bright dot
// running from the API server to the component — each time more events were delivered to it.
#pragma once

#include <QCoreApplication>
#include <QGraphicsItem>
#include <QPainterPath>

#include "journey/cached_picture.h"
#include "journey/journey_layout.h"

namespace pilothouse::ui::journey {

class WatchArrowItem final : public QGraphicsItem {
    Q_DECLARE_TR_FUNCTIONS(WatchArrowItem)
public:
    enum { Type = UserType + 103 };
    // How long one pulse runs, wall-clock milliseconds.
    static constexpr qint64 kPulseMillis = 650;

    explicit WatchArrowItem(WatchTarget target, QGraphicsItem* parent = nullptr);

    int type() const override { return Type; }
    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

    WatchTarget target() const { return target_; }
    // Events delivered so far (the label).
    void setDelivered(qint64 count);
    qint64 delivered() const { return delivered_; }
    // Starts a pulse at wall time `nowMillis`.
    void pulse(qint64 nowMillis);
    // Moves the pulse to `nowMillis`; false once it is over (nothing left to animate).
    bool advance(qint64 nowMillis);
    bool pulsing() const { return phase_ >= 0; }
    int pulses() const { return pulses_; }

private:
    void paintContent(QPainter* painter);

    WatchTarget target_;
    QPainterPath path_;
    QRectF bounds_;
    qint64 delivered_ = 0;
    qint64 pulseStart_ = 0;
    qreal phase_ = -1;  // 0..1 while pulsing
    int pulses_ = 0;
    CachedPicture picture_;
};

}  // namespace pilothouse::ui::journey
