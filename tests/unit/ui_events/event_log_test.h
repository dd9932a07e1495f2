#pragma once

#include <QObject>

class EventLogTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void columns_data();
    void columns();
    void sortedByLastSeen();
    void incrementalChanges();
    void filters_data();
    void filters();
    void warningRows();
    void lastSeenFollowsViewTime();
    void pastMomentShowsEventsThen();
    void clickSelectsInvolvedObject();
    void selectionHighlightsRows();
    void newEventsDoNotLayTheViewOut();
    void simulatedCluster();
};
