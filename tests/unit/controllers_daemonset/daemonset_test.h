#pragma once

#include <QObject>

// The DaemonSet controller through a whole simulated cluster: API server, scheduler, the
// standard controllers and a kubelet per node.
class DaemonSetTest : public QObject {
    Q_OBJECT
private slots:
    void defaultsAndValidation_data();
    void defaultsAndValidation();
    void placement_data();
    void placement();
    void podShape();
    void followsNodes();
    void statusCounts();
    void rollingUpdate_data();
    void rollingUpdate();
    void onDelete();
    void failedPodReplaced();
    void revisionHistory();
};
