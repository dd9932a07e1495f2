// One row of the event log: an Event (core/v1, or written through events.k8s.io and read as
// core/v1) reduced to what `kubectl get events` prints — LAST SEEN, TYPE, REASON, OBJECT,
// MESSAGE — and what the log filters and sorts by.
//
// The columns follow kubectl's printEvent: the last time is the series' lastObservedTime for an
// events.k8s.io series, else lastTimestamp, else the first time (firstTimestamp, or eventTime for
// events.k8s.io events, which have no first/last timestamps); the count is the series' count, else
// count, else 1 (singletons of the new API carry none); OBJECT is "kind/name" with the kind in
// lower case. A repeated event's LAST SEEN reads as `kubectl events` prints it: "45s (x5 over 3m)".
#pragma once

#include <QString>

#include "core_v1.pb.h"
#include "models/selection_model.h"

namespace pilothouse::ui {

struct EventRow {
    QString key;   // the Event object: "<resource>|namespace/name"
    QString name;  // the Event's own name
    QString type;
    QString reason;
    QString message;
    QString objectKind;  // involvedObject (events.k8s.io: regarding)
    QString objectNamespace;
    QString objectName;
    QString objectText;  // "pod/web"
    QString objectKey;   // the involved object as EventTableModel::objectKey names it; empty when unknown
    QString source;      // source.component, or reportingComponent
    qint64 firstSeenNanos = 0;  // 0: unknown
    qint64 lastSeenNanos = 0;
    int count = 1;
    // When the log took the row in (EventTableModel): 0 for what it listed at the start, then
    // counting up. Rows last seen in the same second are in that order, so that those taken in
    // later join the end of the log instead of landing between older ones.
    quint64 arrival = 0;

    static EventRow from(const QString& key, const k8s::io::api::core::v1::Event& event);

    bool isWarning() const { return type == QLatin1String("Warning"); }
    // LAST SEEN at `viewNanos`, kubectl's way ("<unknown>" without a time).
    QString lastSeenText(qint64 viewNanos) const;
    // The involved object as the selection names it (resource from the scheme; null when the
    // kind is unknown).
    ObjectRef involvedObject() const;
    // Sort order of the log: by last seen, then by arrival, then by the Event's key.
    bool before(const EventRow& other) const {
        if (lastSeenNanos != other.lastSeenNanos) return lastSeenNanos < other.lastSeenNanos;
        return arrival != other.arrival ? arrival < other.arrival : key < other.key;
    }
};

}  // namespace pilothouse::ui
