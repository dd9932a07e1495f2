#pragma once

#include <QObject>

class SessionRecordingTest : public QObject {
    Q_OBJECT
private slots:
    // Writes no scenario action names (a JSON patch, a binding, a /status update) are recorded
    // too, and a rewind replays them to the same objects.
    void writesReplayedAfterRewind_data();
    void writesReplayedAfterRewind();
};
