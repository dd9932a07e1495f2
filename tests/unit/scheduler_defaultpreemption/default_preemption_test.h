// The DefaultPreemption test's class (apart from the data: moc does not read raw string literals).
#pragma once

#include <QtTest>

class DefaultPreemptionTest : public QObject {
    Q_OBJECT

private slots:
    // DefaultPreemptionArgs: decoding, defaults, ValidateDefaultPreemptionArgs texts.
    void args_data();
    void args();
    void invalidArgsFailFrameworkCreation();
    void numCandidates_data();
    void numCandidates();

    // PodEligibleToPreemptOthers.
    void eligibility_data();
    void eligibility();

    // PostFilter end to end through the framework runtime: result, status, API writes.
    void postFilter_data();
    void postFilter();

    // findCandidates / dry run: victims per node, PDB counts, offsets, numCandidates.
    void dryRun_data();
    void dryRun();
    void reprieveOrderDrivesPreFilterExtensions();

    // pickOneNodeForPreemption's criteria.
    void pickNode_data();
    void pickNode();

    // Go's sort.Slice order.
    void goSortSmallIsStable();
    void goSortLargeMatchesGo();
    void goSortSortsLargeInputs();

    // The FailedScheduling text the scheduler builds around the plugin's message.
    void failedSchedulingMessage();
};
