// The metrics sampled so far (ControlPlaneClient::metrics(), cluster/metrics_sampler.h), as points
// of (virtual seconds since the simulation started, value) per series, kept here and extended as
// the simulation moves: only the samples not seen yet are appended (appended()), and the client
// is asked again only once a new sample can exist (the sampling interval has passed) and at most
// every kMinWallMillis of wall time (at 1000× many samples a second arrive; the charts take them
// in a few times a second, the last ones always). The simulation being replaced (reset, rewind)
// clears everything (cleared()) and reads it anew.
//
// No Qt Charts here: the charts (metrics_chart.h) draw from this.
#pragma once

#include <QElapsedTimer>
#include <QHash>
#include <QObject>
#include <QPointF>
#include <QString>
#include <QTimer>
#include <QVector>

#include "client/control_plane_client.h"
#include "models/timeline.h"

namespace pilothouse::ui {

class MetricsHistory final : public QObject {
    Q_OBJECT
public:
    MetricsHistory(ControlPlaneClient* client, Timeline* timeline, QObject* parent = nullptr);

    // Reads the samples taken since the last read (when one can have been taken; later when the
    // last read was less than kMinWallMillis ago).
    void update();
    static constexpr int kMinWallMillis = 200;
    // The points of a series ("name{label=\"value\"}"): x in seconds since the start, in order.
    const QVector<QPointF>& points(const QString& series) const;
    QStringList seriesNames() const { return points_.keys(); }
    // The time of the newest sample, seconds since the start (-1: none).
    double lastSampleSeconds() const { return lastSample_; }

signals:
    void appended(const QString& series, int first);
    void cleared();

private:
    void clear();
    void read();

    ControlPlaneClient* client_;
    QHash<QString, QVector<QPointF>> points_;
    double lastSample_ = -1;
    double interval_ = 0;  // between the last two samples (0: unknown yet)
    QElapsedTimer lastRead_;
    QTimer* later_;        // the read put off by the wall-time limit
};

}  // namespace pilothouse::ui
