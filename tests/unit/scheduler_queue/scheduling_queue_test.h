// Tests of the scheduling queue (backend/scheduler/queue), after upstream's
// pkg/scheduler/internal/queue/scheduling_queue_test.go (v1.28), on a fake virtual clock.
#pragma once

#include <QObject>

class SchedulingQueueTest : public QObject {
    Q_OBJECT

private slots:
    // the keyed heap
    void heapOrderAndUpdates();

    // activeQ order
    void addPopOrder_data();
    void addPopOrder();
    void addRecordsNominatedPods();
    void popOnEmptyQueue();

    // a failed attempt coming back
    void addUnschedulableIfNotPresent();
    void addUnschedulableIfNotPresentBackoff();
    void moveRequestDecidesSubQueue_data();
    void moveRequestDecidesSubQueue();

    // backoff
    void backoffDuration_data();
    void backoffDuration();
    void backoffFlow();
    void flushBackoffQCompleted();

    // cluster events
    void moveOnEvents_data();
    void moveOnEvents();
    void moveAllToActiveOrBackoffQueue();
    void moveAllWithPreCheck();
    void highPriorityBackoff();
    void failedPodDoesNotBlockNewerPod();
    void timestampOrder_data();
    void timestampOrder();

    // the 5-minute flush
    void flushUnschedulablePodsLeftover_data();
    void flushUnschedulablePodsLeftover();
    void highPriorityFlushUnschedulablePodsLeftover();
    void podMaxInUnschedulablePodsDuration_data();
    void podMaxInUnschedulablePodsDuration();

    // PreEnqueue (gated pods)
    void preEnqueue_data();
    void preEnqueue();
    void gatedPodLifecycle();

    // update / delete / activate / assigned pods
    void update();
    void updateOfUnschedulablePod_data();
    void updateOfUnschedulablePod();
    void deletePod();
    void activate_data();
    void activate();
    void assignedPodAdded_data();
    void assignedPodAdded();

    // nominator
    void nominatedPodsForNode();
    void updateNominatedPodForNode();
    void nominatorRules();

    // inspection and the transition log
    void pendingPods();
    void transitionLog();
    void determinism();
};
