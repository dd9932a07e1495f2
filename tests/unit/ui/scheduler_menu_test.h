#pragma once

#include <QObject>

// The main window's Scheduler menu over the embedded control plane: kube-scheduler restarted
// with another scoring strategy or a configuration file, placements changing from then on, the
// switch kept across a rewind like any other action of the user.
class SchedulerMenuTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void mostAllocatedPacksFromThenOn();
    void configurationFile();
};
