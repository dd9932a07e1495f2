// The tokens of a station with more pods than it can show one by one: a count ("137 pods") with
// the colours of the first few owners, and how many of them a failure holds. Clicking it selects
// the pod that has waited there longest.
#pragma once

#include <QColor>
#include <QCoreApplication>
#include <QGraphicsItem>
#include <QString>

#include <array>

#include "journey/cached_picture.h"
#include "journey/stations.h"

namespace pilothouse::ui::journey {

class CountBadgeItem final : public QGraphicsItem {
    Q_DECLARE_TR_FUNCTIONS(CountBadgeItem)
public:
    enum { Type = UserType + 102 };
    static constexpr int kColors = 4;
    static constexpr qreal kHeight = 44;

    CountBadgeItem(Station station, qreal width, QGraphicsItem* parent = nullptr);

    int type() const override { return Type; }
    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

    Station station() const { return station_; }
    int count() const { return count_; }
    // Repaints only when something changed. `colors`: up to kColors owner colours.
    void setCount(int count, int failing, const std::array<QColor, kColors>& colors, int colorCount);
    // The pod clicking it selects (the earliest arrival), "namespace/name".
    void setFirstPod(const QString& key) { firstPod_ = key; }
    const QString& firstPod() const { return firstPod_; }

private:
    void paintContent(QPainter* painter);

    Station station_;
    qreal width_;
    int count_ = 0;
    int failing_ = 0;
    std::array<QColor, kColors> colors_;
    int colorCount_ = 0;
    QString firstPod_;
    CachedPicture picture_;
};

}  // namespace pilothouse::ui::journey
