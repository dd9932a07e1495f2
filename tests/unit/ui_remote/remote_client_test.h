#pragma once

#include <QObject>

class RemoteClientTest : public QObject {
    Q_OBJECT
private slots:
    void twoClientsConvergeOnTheServer();
    void rewindReplacesTheControlPlane();
    void droppedConnectionResumesWithoutRelisting();
    void requestsAndErrors();
};
