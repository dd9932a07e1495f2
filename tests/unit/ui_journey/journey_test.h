// The journey view and its model, offscreen: stages mapped to stations, tokens placed at the
// times the records say (live and in the past), failures shown with their messages, selection
// both ways, crowds aggregated, watch deliveries counted and pulsed.
#pragma once

#include <QObject>

class JourneyTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();

    // Stations::forStage: every stage name the components record.
    void stageMapping_data();
    void stageMapping();
    // Stations::expectedNext: where a pod goes while its next stage is in progress.
    void expectedNext_data();
    void expectedNext();

    // Travel times and the live edge, on records written into a JourneyLog by hand.
    void kubectlRequestStartsAtTheClientStation();
    void travelFollowsRecordTimes();
    void liveEdgeWaitsAtExpectedStation();
    void recordsAreReadIncrementallyAndResetWithTheControlPlane();
    // The stations' words for a pod, from the records' phrases: English, German, Japanese.
    void activitiesInTheUsersLanguage_data();
    void activitiesInTheUsersLanguage();

    // The single-pod-journey scenario: the token visits the stations in the records' order.
    void singlePodVisitsStationsInRecordedOrder();
    // A past moment puts the token where it was.
    void timeTravelShowsThePast();
    // Clicking a token selects the pod; selecting it elsewhere highlights the token.
    void selectionBothWays();
    // FailedScheduling, ErrImagePull/ImagePullBackOff, CrashLoopBackOff and Invalid, in red with
    // the real message.
    void failuresShowTheirMessages();
    // Tokens at a station stay in the room below its text.
    void tokensKeepOffStationText();
    // More pods than a station shows: a count.
    void crowdsAggregate();
    // The API server counts watch events per client; the arrows pulse when they grow.
    void watchDeliveriesPulseArrows();
    // Light and dark render.
    void rendersInBothThemes();
};
