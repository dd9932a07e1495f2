// The disruption controller (pkg/controller/disruption, v1.28) on a cluster of its own: the
// PodDisruptionBudget status it computes from the budget's pods and their controllers' scale, the
// DisruptionAllowed condition and its reasons, the expiry of disruptedPods and of a stale
// DisruptionTarget condition.
#pragma once

#include <QObject>

class DisruptionTest : public QObject {
    Q_OBJECT
private slots:
    void status_data();
    void status();
    // A granted eviction (disruptedPods) stops counting the pod for 2 minutes; then it counts again.
    void disruptedPodsExpire();
    // A DisruptionTarget condition on a pod nobody deleted is set back to False after 2 minutes.
    void staleDisruptionTargetReset();
    // A budget over a DaemonSet's pods with a percentage cannot be computed: SyncFailed, 0 allowed.
    void syncFailedForControllerWithoutScale();
};
