#pragma once

#include <QObject>

class InspectorTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void treeUpdatesInPlace_data();
    void treeUpdatesInPlace();
    void treePaths();
    void journeyModelFollowsViewTime();
    void journeyCacheIsIncremental();
    void journeyOfARecreatedPod();
    void durationText_data();
    void durationText();
    void podAfterSinglePodJourney();
    void podInThePast_data();
    void podInThePast();
    void node();
    void otherKinds();
};
