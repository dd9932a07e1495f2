// The scheduler's own parts: FitError's message, the adaptive number of nodes to score,
// KubeSchedulerConfiguration loading and mergePlugins, the framework's profile checks, the node
// tree's zone order and the cache's pod states.
#pragma once

#include <QObject>

class SchedulerCoreTest : public QObject {
    Q_OBJECT
private slots:
    void fitErrorMessage_data();
    void fitErrorMessage();
    void numFeasibleNodesToFind_data();
    void numFeasibleNodesToFind();
    void mergePluginSet_data();
    void mergePluginSet();
    void configErrors_data();
    void configErrors();
    void defaultProfileOrder();
    void frameworkErrors_data();
    void frameworkErrors();
    void nodeTreeRoundRobin();
    void cacheAssumeForgetAdd();
    void cacheImageStatesAtArrival_data();
    void cacheImageStatesAtArrival();
    void regressionCacheUpdatePodUsedMovedPointer();
};
