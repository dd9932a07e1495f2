#pragma once

#include <QObject>

class ExplainerViewTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void pendingPodAsTheSchedulerSaidIt();
    void boundPodsScores();
    void followsSelectionAndTime();
    void clickingARowSelectsTheNode();
    void columnsAreSizedOncePerPod();
    void everyWhatIfSuggestionSchedulesThePod();
    void whatIfInGerman();
    void realClusterSnapshot();
    void scoresFollowTheSchedulerConfiguration();
};
