#pragma once

#include <QObject>

class ControllersTest : public QObject {
    Q_OBJECT
private slots:
    void replicaSetCreatesAndDeletes();
    void replicaSetAdoptsAndReleases();
    void deploymentRollingUpdateStaysWithinBounds();
    void deploymentRecreate();
    void deploymentScalingAndHistoryLimit();
    void garbageCollectorCascades();
    void garbageCollectorForeground();
    void garbageCollectorOrphan();
    void endpointsController();
    void nodeLifecycleTaintsAndEvicts();
    void deterministic();
    void podTemplateHash();
};
