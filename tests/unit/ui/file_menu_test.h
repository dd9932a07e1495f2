#pragma once

#include <QObject>

// The File menu over the embedded control plane: the scenario picker, starting over from a
// scenario or a real cluster's snapshot, saving the scenario as played (and replaying it from
// the file), and every export.
class FileMenuTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void pickerShowsDescriptionAndGoal();
    void startScenarioAndSnapshot();
    void savedScenarioReplaysTheSameRun();
    void workspaceOpensWhereItWasSaved();
    void workspaceErrors();
    void exports();
    void errorsNameTheFile();
    void applyYamlOpensTheDialog();
};
