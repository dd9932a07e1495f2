#pragma once

#include <QObject>

class ClusterTest : public QObject {
    Q_OBJECT
private slots:
    void parseDuration_data();
    void parseDuration();
    void scenarioErrors_data();
    void scenarioErrors();
    void scenarioActions();
    void workQueueBackoff();
    void informerFollowsChanges();
    void sharedInformersServeEveryUser();
    void recorderCountsRepeats();
    void eventSeries_data();
    void eventSeries();
    void settleWakesComponents();
    void simulateIsDeterministic();
    void everyScenarioReplaysToTheSameStore();
    void journeyStagesInOrder();
    // Whole scenarios through `simulate`, checked on their outcome.
    void scenarioNodeFailure();
    void scenarioPreemption();
    void scenarioResourcePressure();
    void scenarioServiceLoadBalancing();
    void scenarioRollingUpdate();
    void scenarioJob();
    void scenarioDaemonSet();
};
