#pragma once

#include <QObject>

class ExplainerTest : public QObject {
    Q_OBJECT
private slots:
    void pendingPodGetsKubeSchedulersMessage();
    void feasibleNodesGetKubeSchedulersScores();
    void boundPodIsTriedAsIfPending();
    void whatHoldsNothingIsLeftOut_data();
    void whatHoldsNothingIsLeftOut();
    void preemptionIsComputedNotCarriedOut();
    void unknownPod();
};
