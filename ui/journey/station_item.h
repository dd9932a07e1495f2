// One station of the journey diagram: its title, its counters (pods passed, pods here now,
// failures), what it is doing (or did last), and, when a failed step holds a pod here, the
// failure's own message in red. Repainted only when one of those changes; the tokens at the
// station are separate items placed in tokenArea().
#pragma once

#include <QCoreApplication>
#include <QGraphicsItem>
#include <QFont>
#include <QString>
#include <QStringList>

#include "journey/cached_picture.h"
#include "journey/journey_model.h"
#include "journey/stations.h"

namespace pilothouse::ui::journey {

class StationItem final : public QGraphicsItem {
    Q_DECLARE_TR_FUNCTIONS(StationItem)
public:
    enum { Type = UserType + 100 };

    explicit StationItem(Station station, QGraphicsItem* parent = nullptr);

    int type() const override { return Type; }
    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

    Station station() const { return station_; }
    // Takes the model's state of this station; repaints when what it shows changed.
    void setState(const JourneyModel::StationState& state);
    // Where its tokens go, in scene coordinates (below its text, which grows with a failure).
    QRectF tokenArea() const;
    const QString& failureText() const { return failure_; }
    // The title as drawn (tests measure it): its font, its lines (two when one does not fit) and
    // where they go, in item coordinates.
    const QFont& titleFont() const { return titleFont_; }
    const QStringList& titleLines() const { return titleLines_; }
    QRectF titleRect() const { return titleRect_; }
    const QString& activityText() const { return activity_; }
    // The selected pod's observed journey passed here and the cluster recorded nothing of it
    // (its name; empty: not so): drawn dashed, saying so.
    void setUnrecorded(const QString& podName);
    const QString& unrecordedPod() const { return unrecorded_; }

private:
    void layoutText();
    void paintContent(QPainter* painter);

    Station station_;
    QRectF rect_;
    QString title_;
    int passed_ = 0;
    int here_ = 0;
    int failures_ = 0;
    bool busy_ = false;
    QString activity_;
    QString failure_;
    QString unrecorded_;
    QFont titleFont_;
    QStringList titleLines_;
    QRectF titleRect_;          // item coordinates
    qreal textBottom_ = 0;      // item coordinates: where the token area starts
    QRectF activityRect_;
    CachedPicture picture_;
};

}  // namespace pilothouse::ui::journey
