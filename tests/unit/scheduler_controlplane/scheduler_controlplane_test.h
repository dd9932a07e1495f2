// kube-scheduler inside the control plane: informers through the API server, binding through
// pods/binding, FailedScheduling events and PodScheduled conditions, requeueing on cluster events,
// scheduling gates and preemption; the explainer against the live scheduler's decisions.
#pragma once

#include <QObject>

class SchedulerControlPlaneTest : public QObject {
    Q_OBJECT
private slots:
    void workedExampleThroughTheApiServer();
    void nodeAddRequeuesUnschedulablePod();
    void schedulingGatesHoldThePod();
    void preemptionNominatesAndBindsAfterVictimsGo();
    void sameSeedSameDecisions();
    void preemptionPolicyNeverIsNotEligible();
    void imageLocalityCountsNodesAtTheirArrival();
};
