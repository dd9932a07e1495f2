// The cluster's own word on why a pod is pending: the latest FailedScheduling event its
// kube-scheduler recorded for the pod (core/v1 Events, as `kubectl describe pod` shows them; an
// events.k8s.io Event is read the same way through core/v1). On a live cluster the explainer shows
// it beside its own answer, with whether the two agree word for word — they may not: the cluster
// changed since the event, or its scheduler is another version or configuration.
#pragma once

#include <QString>
#include <QVector>

#include <optional>

#include "client/api_request.h"

namespace pilothouse::ui {

struct RecordedFailure {
    QString message;       // "0/3 nodes are available: ..."
    qint64 lastSeenNanos = 0;  // the event's last time (series, lastTimestamp or eventTime)
    int count = 1;         // times seen
};

// The newest FailedScheduling event about pod `podKey` ("namespace/name") among `events`; unset
// when there is none.
std::optional<RecordedFailure> latestFailedScheduling(const QVector<ObjectPtr>& events, const QString& podKey);

}  // namespace pilothouse::ui
