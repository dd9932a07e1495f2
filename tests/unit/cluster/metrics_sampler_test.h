#pragma once

#include <QObject>

class MetricsSamplerTest : public QObject {
    Q_OBJECT
private slots:
    void resourceTotals();
    void attemptsByResult_data();
    void attemptsByResult();
    void latencyQuantiles_data();
    void latencyQuantiles();
    void latencyWindow();
};
