#pragma once

#include <QObject>

class SessionRecordingTest : public QObject {
    Q_OBJECT
private slots:
    // Writes no scenario action names (a JSON patch, a binding, a /status update) are recorded
    // too, and a rewind replays them to the same objects.
    void writesReplayedAfterRewind_data();
    void writesReplayedAfterRewind();
    // A review (a client asking who it is or what it may do, as the GUI does on connecting) is
    // no write: it takes no virtual time and is not recorded (regression: each one cost 1 ns and
    // was recorded as an `apply` of the review).
    void reviewsAreNotWrites_data();
    void reviewsAreNotWrites();
};
