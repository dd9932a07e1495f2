// Evictions and kubectl's drain played as scenario actions on a whole simulated cluster (control
// plane, scheduler, controllers with the disruption controller, kubelets): pods move to other
// nodes, a PodDisruptionBudget holds the drain until a replacement is ready, kubectl's lines.
#pragma once

#include <QObject>

class DrainTest : public QObject {
    Q_OBJECT
private slots:
    void goDuration_data();
    void goDuration();
    void scenarioErrors_data();
    void scenarioErrors();
    // evict: a 429 from the budget is a failed action with kubectl's text; without a budget the pod goes.
    void evictAction();
    // drain: pods move one at a time as the budget allows; DaemonSet pods stay; "node/node-1 drained".
    void drainMovesPodsWithinBudget();
    // drain stops on a pod without a controller (no --force).
    void drainRefusesBarePods();
    // drain gives up after its timeout when the budget never allows an eviction.
    void drainTimesOut();
    // The built-in node-drain scenario drains node-1 within its budget.
    void nodeDrainScenario();
};
