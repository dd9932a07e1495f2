// Tests of backend/sim: one Qt Test class, its slots implemented in one file per sim/ header.
#pragma once

#include <QObject>

class SimTest : public QObject {
    Q_OBJECT

private slots:
    // clock_test.cpp
    void formatRfc3339_data();
    void formatRfc3339();
    void parseRfc3339_data();
    void parseRfc3339();
    void parseRfc3339Rejects_data();
    void parseRfc3339Rejects();
    void formatDuration_data();
    void formatDuration();
    void virtualClockStartsAtEpochAndNeverGoesBack();
    void realClockFollowsSystemTime();

    // random_test.cpp
    void splitmix64KnownAnswer();
    void xoshiroKnownAnswers();
    void seededSequenceIsPinned();
    void sameSeedSameSequence();
    void uniformIntInRangeAndUniform_data();
    void uniformIntInRangeAndUniform();
    void uniformDoubleAndRange();
    void forkIsIndependentOfOtherStreams();
    void forkNamesAndSeedsGiveDifferentStreams();
    void shuffleIsDeterministicPermutation();

    // event_loop_test.cpp
    void orderedByTime_data();
    void orderedByTime();
    void tiesRunInInsertionOrder();
    void eventAtNowFromCallbackRunsAfterPendingOnes();
    void cancel();
    void cancelFromInsideCallback();
    void runOneStepsExactlyOneEvent();
    void runUntilStopsAtTimeAndSetsClock();
    void runUntilCapStopsEarly();
    void runFor();
    void runUntilIdleLimit();
    void pastTimesClampToNow();
    void loopIsNotReentrant();
    void nextEventPreview();
    void determinismSameSeedSameLog();
    void eventLogFormat();
    void eventLogCap();

    // latency_model_test.cpp
    void latencyDefaultsAreSensible();
    void latencyWithoutJitterIsExact();
    void latencyJitterBoundedAndReproducible();
    void latencyFieldsByName();

    // runner_test.cpp
    void scaledSpeed_data();
    void scaledSpeed();
    void scaledRunsOnlyDueEvents();
    void realTimeIsScaledOne();
    void pausedAdvancesNothing();
    void steppingRunsOneEventPerStep();
    void asFastAsPossibleRespectsCap();
    void scaledCapCarriesBacklog();
    void outOfRangeSpeedRejected_data();
    void outOfRangeSpeedRejected();
    void postFromOtherThreadsRunsInOrder();
    void runInThread();
};
