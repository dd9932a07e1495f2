#pragma once

#include <QObject>

// A scenario written back (cluster/scenario_writer.h) reads as the same scenario: every built-in
// one, a snapshot's, and one with recorded actions of every kind.
class ScenarioWriterTest : public QObject {
    Q_OBJECT
private slots:
    void roundTrip_data();
    void roundTrip();
    void durations_data();
    void durations();
};
