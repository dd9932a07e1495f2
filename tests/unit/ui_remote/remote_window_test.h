#pragma once

#include <QObject>
#include <QTemporaryDir>

class RemoteWindowTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void windowShowsTheServersCluster();
    void toolbarDrivesTheServersSimulation();
    void otherClientsChangesReachTheToolbar();
    void resumeHereAndResetRewindTheServer();
    void disconnectedKeepsTheLastState();
    void fileMenuOverAServer();
    void connectActionOpensAWindow();
    void connectDialogChecksTheFields_data();
    void connectDialogChecksTheFields();
    void connectDialogSaysWhyTheServerRefused_data();
    void connectDialogSaysWhyTheServerRefused();
    void connectDialogRemembersWithoutTheToken();
    void commandLineConnect();
    void windowOverTls();

private:
    QTemporaryDir settings_;
};
