#pragma once

#include <QObject>

// The Kubernetes API served from the GUI's embedded control plane (pilothouse --kube-api-listen,
// Preferences ▸ kubectl): a kubectl-like client's request reaches the window's cluster and starts
// a journey at the kubectl station, watches end with 410 when the cluster is rewound, the status
// bar shows the address and copies the KUBECONFIG command, only loopback is served.
class KubeApiWindowTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void kubectlRequestReachesTheWindowsCluster();
    void watchEndsWhenTheClusterIsRewound();
    void onlyLoopbackIsServed();
    void preferenceStartsAndStopsServing();
};
