// The editors through a real control plane: a field edited in the form or the YAML becomes an API
// request, the API server's validation error comes back at that field, a Conflict offers reload
// and merge, node and pod actions do what kubectl's do, and what the user did survives a rewind.
#pragma once

#include <QObject>

class EditorTest : public QObject {
    Q_OBJECT
private slots:
    void fieldPathsParseAndPrint_data();
    void fieldPathsParseAndPrint();
    void labelAddedInTheFormIsStored();
    void invalidTaintEffectIsShownAtTheCell();
    void invalidLabelInYamlIsShownAtTheFieldAndLine();
    void formAndYamlStayInSync();
    void conflictOffersReloadAndMerge();
    void podUpdateIsForbiddenThenReplaceChangesIt();
    void newPodIsCreatedAndScheduled();
    void newObjectsOfEachKind_data();
    void newObjectsOfEachKind();
    void cordonAndFailAndRecoverANode();
    void drainEvictsThePodsOfANode();
    void editOwnerScalesTheDeployment();
    void readOnlyWhileShowingThePast();
    void editsAreReplayedAfterARewind();
};
