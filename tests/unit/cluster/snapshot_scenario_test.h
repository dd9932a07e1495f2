#pragma once

#include <QObject>

// A real cluster's `kubectl get -o yaml` as the start of a simulation, and kube-scheduler's
// configuration from a scenario, switched while it runs.
class SnapshotScenarioTest : public QObject {
    Q_OBJECT
private slots:
    void realSnapshotIsExplainedAsTheRealScheduler();
    void serverFieldsAreTakenOut();
    void badSnapshots_data();
    void badSnapshots();
    void schedulerConfigurationSwitchedLive();
    void badConfigurations_data();
    void badConfigurations();
};
