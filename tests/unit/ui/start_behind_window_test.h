#pragma once

#include <QObject>

// A snapshot's control plane started behind the window (EmbeddedSession::startInBackground): the
// client is Connecting and refuses requests with what is being done, the first pod is explained on
// the snapshot's objects before the start and said to be, then explained again on the control plane
// with the same answer; what was asked of the simulation meanwhile holds at the start; a start that
// fails says why; a window closed while it starts stops it.
class StartBehindWindowTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void explainedBeforeTheStartThenLive();
    void startThatFailsSaysWhy();
    void closedWhileStarting();
};
