// The event log as a table, like `kubectl get events`: LAST SEEN, TYPE, REASON, OBJECT, MESSAGE,
// one row per Event of the cluster at the moment the timeline shows (ClusterState's "events" and,
// when followed, "events.events.k8s.io"), sorted by last seen (oldest first, newest at the
// bottom, as `kubectl events` lists them).
//
// Incremental: watch events insert, change or remove rows — taken in once per turn of the event
// loop (flush()), so a burst of new events (the newest, at the end) is one insertion; an event
// seen again later leaves its place and is inserted at its new one. A flush takes a slice of the
// turn (TurnBudget) and leaves the rest for the next. Only a list or a jump in time
// resets the model. LAST SEEN counts to the timeline's view time, so
// it is right when looking at the past; the column is refreshed when its text can change (each
// whole second of view time), without touching the rows.
#pragma once

#include <QAbstractTableModel>
#include <QHash>
#include <QTimer>

#include <memory>
#include <vector>

#include "events/event_row.h"
#include "models/cluster_state.h"
#include "models/timeline.h"

namespace pilothouse::ui {

class EventTableModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { LastSeenColumn, TypeColumn, ReasonColumn, ObjectColumn, MessageColumn, ColumnCount };
    enum Role {
        WarningRole = Qt::UserRole + 1,  // bool: a Warning event (the row stands out)
        LastSeenNanosRole,               // qint64, Unix nanoseconds
        CountRole,                       // int
        ObjectKeyRole,                   // the involved object: "resource|namespace/name"
    };

    EventTableModel(ClusterState* state, Timeline* timeline, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // The row's event (rows in [0, rowCount())).
    const EventRow& eventAt(int row) const { return *rows_[size_t(row)]; }
    // Takes in the watch events received since the last turn of the event loop now, for a slice of
    // the turn (what is left: on the next turn).
    void flush();
    // The row of an Event ("<resource>|namespace/name"), -1 when absent.
    int rowOf(const QString& key) const;
    static QString objectKey(const ObjectRef& ref) { return ref.resource + QLatin1Char('|') + ref.key(); }

    static bool isEventResource(const QString& resource);

private:
    void onReset(const QString& resource);
    void onChanged(const QString& resource, const QString& key, const ObjectPtr& object);
    void onViewChanged();
    void removeRowAt(int row);
    // Where `row` belongs in rows_ (lower bound in the log's order).
    int positionFor(const EventRow& row) const;

    ClusterState* state_;
    Timeline* timeline_;
    std::vector<std::unique_ptr<EventRow>> rows_;  // in the log's order (EventRow::before)
    // key -> lastSeenNanos and arrival of its row (to find the row)
    QHash<QString, std::pair<qint64, quint64>> lastSeen_;
    quint64 arrivals_ = 0;  // the last EventRow::arrival given
    QHash<QString, ObjectPtr> pending_;  // watch events not taken in yet: key -> object (null: deleted)
    QTimer flushTimer_;
    qint64 shownSecond_ = 0;           // the view time LAST SEEN was last printed for, in seconds
};

}  // namespace pilothouse::ui
