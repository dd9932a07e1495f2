// The cluster view: its model's summaries and aggregates against objects built here, incremental
// updates against a full rebuild, the grid's level of detail by size, hit-testing (a click on a
// chip selects that pod), selection from elsewhere, the timeline's past moments, and scenarios
// run in an embedded session showing their nodes and pods.
#pragma once

#include <QObject>

class ClusterViewTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();

    void podSummary_data();
    void podSummary();
    void nodeSummary_data();
    void nodeSummary();
    void naturalOrder_data();
    void naturalOrder();
    void naturalOrderSortsNumberedNames();

    void aggregates_data();
    void aggregates();
    void pendingLane();
    void incrementalEqualsRebuild_data();
    void incrementalEqualsRebuild();
    void nodeArrivesAfterItsPods();

    void gridLayout_data();
    void gridLayout();
    void chipLayout_data();
    void chipLayout();
    void detailLevelBySize_data();
    void detailLevelBySize();
    void zoomChangesDetailLevel();

    void chipsShowPhaseColours_data();
    void chipsShowPhaseColours();
    void toolTips();
    void clickSelects_data();
    void clickSelects();
    void selectionFromElsewhereScrolls();
    void heatMetricSwitch();
    void pastMomentResets();

    void scenarioShowsNodesAndPods_data();
    void scenarioShowsNodesAndPods();
};
