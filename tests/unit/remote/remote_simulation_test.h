// pilothouse-server's simulation over a real loopback gRPC connection (backend/remote:
// SimulationHost, SimulationService): every Simulation verb and its errors, RBAC on
// simulations.pilothouse.io, the simulated components running as the loopback user while the API
// server authenticates, KubernetesAPI writes recorded and replayed by a rewind, KubernetesAPI
// watches ended with 410 Expired when the cluster is replaced, the WatchJourneys / WatchMetrics /
// WatchState streams, idle streams that do not spin, concurrent calls during rewinds, a shutdown
// that ends every stream, and a
// restart on the same store file continuing where the last run stopped.
#pragma once

#include <QObject>

class RemoteSimulationTest : public QObject {
    Q_OBJECT
private slots:
    void stateAndPlaying();
    void setSpeed_data();
    void setSpeed();
    void step_data();
    void step();
    void rewind();
    void loadScenario_data();
    void loadScenario();
    void controlNode();
    void configureScheduler_data();
    void configureScheduler();
    void schedulerConfigurationAndRevisionAtTimes();
    void rbac_data();
    void rbac();
    void componentsRunWithAuthentication();
    void writesAreRecordedAndReplayed();
    void watchEndsWhenClusterReplaced_data();
    void watchEndsWhenClusterReplaced();
    void watchJourneys();
    void watchJourneysResumesFromSeq();
    void watchMetrics();
    void watchState();
    void idleStreamsDoNotSpin();
    // Thirty GUIs' streams (90) take no thread each: they are callback reactors on one dispatcher.
    void streamsTakeNoThreadEach();
    void concurrentCallsDuringRewinds();
    void shutdownEndsStreams();
    void restartContinuesFromStore();
};
