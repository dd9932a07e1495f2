// The pods/eviction subresource through the assembled control plane: each outcome of
// kube-apiserver v1.28's eviction with its code, reason, message and cause, and what it wrote.
#pragma once

#include <QObject>
#include <QTemporaryDir>

#include <memory>

#include "controlplane/control_plane.h"
#include "sim/clock.h"

class EvictionTest : public QObject {
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void evict_data();
    void evict();
    // The deleteOptions travel to the delete: a grace period, a UID precondition.
    void deleteOptionsApply();
    // Authorization sees verb create on pods/eviction.
    void authorizedAsPodsEviction();
    // A multi-budget 500 has no reason in its metav1.Status.
    void statusObjects();
    // The request's trace says what the budget decided.
    void traceNamesTheBudget();

private:
    pilothouse::sim::VirtualClock clock_;
    std::unique_ptr<pilothouse::controlplane::ControlPlane> cp_;
    QTemporaryDir dir_;
};
