// One pod's journey up to the moment the timeline shows: the stages of its journey (the latest
// one begun by then, when the name was used more than once) that had started by the view time,
// in order — each API server stage of its creation, the queue, each scheduling attempt, the
// binding, the kubelet's stages, Running, Ready. A stage still going on at the view time is
// "in progress" and its duration counts to the view time.
//
// Incremental: new stages and a later view time insert rows at the end, an earlier view time
// removes them; another pod, another journey of the same name or a replaced control plane reset.
#pragma once

#include <QAbstractTableModel>

#include "inspector/journey_cache.h"
#include "models/timeline.h"

namespace pilothouse::ui {

class PodJourneyModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { StageColumn, StartColumn, DurationColumn, DetailColumn, ColumnCount };
    enum Role {
        StartNanosRole = Qt::UserRole + 1,  // qint64, Unix nanoseconds
        EndNanosRole,                       // qint64; the view time for a stage in progress
        FailedRole,                         // bool
        InProgressRole,                     // bool: not over at the view time
        StageNameRole,                      // QString: sim/journey.h's or the API server's stage name
        StageLabelRole,                     // QString: that name in the user's language
        DetailRole,                         // QString
    };

    PodJourneyModel(JourneyCache* cache, Timeline* timeline, QObject* parent = nullptr);

    // "namespace/name"; empty for none.
    void setPod(const QString& pod);
    QString pod() const { return pod_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // The stage of a row (rows in [0, rowCount())).
    const sim::JourneyStage& stageAt(int row) const;
    qint64 viewNanos() const;
    qint64 epochNanos() const { return timeline_->epochNanos(); }
    // A duration as the journey labels it: "4.2 s", "500 ms", "0.1 ms", "0 s".
    static QString durationText(qint64 nanos);
    // Seconds of virtual time since the simulation started: "5.510 s".
    QString timeText(qint64 unixNanos) const;

private:
    // The journey shown: its first and one-past-last stage in the cache, and how many of its
    // stages had started by the view time.
    struct Window {
        size_t begin = 0, end = 0, visible = 0;
    };
    Window windowNow() const;
    void sync();

    JourneyCache* cache_;
    Timeline* timeline_;
    QString pod_;
    Window shown_;
    qint64 shownView_ = 0;  // the view time shown_ was computed for
};

}  // namespace pilothouse::ui
