// The simulated kubelet against a real control plane (cluster::Cluster): a pod's way to Running
// and Ready with upstream's events, conditions and timings; image pulls and their back-off;
// node-side admission; probes; restarts with CrashLoopBackOff; graceful deletion; the node lease;
// determinism.
#pragma once

#include <QObject>

class KubeletTest : public QObject {
    Q_OBJECT
private slots:
    void podGoesRunningAndReady();
    void imagePresentOrPulled_data();
    void imagePresentOrPulled();
    void missingImageBacksOff();
    void admissionRejectsOutOfCpu();
    void initContainersRunFirst();
    void brokenReadinessProbe();
    void brokenLivenessProbeRestarts();
    void crashLoopBackOffDelays();
    void restartPolicyNeverFails();
    void gracefulDeletion_data();
    void gracefulDeletion();
    void nodeStatusAndLease();
    void existingNodeGetsDefaultLabels();
    void nodeInfoKeepsTheMachinesFacts_data();
    void nodeInfoKeepsTheMachinesFacts();
    void podHostIPsGate();
    void stoppedNodeStopsRenewing();
    void sameInputsSameEvents();
};
