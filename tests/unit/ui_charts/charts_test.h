#pragma once

#include <QObject>

class ChartsTest : public QObject {
    Q_OBJECT
private slots:
    void historyAppendsOnlyNewSamples();
    void historyStartsOverWhenReplaced();
    void catalogNamesSampledSeries();
    void seriesHoldTheSamples_data();
    void seriesHoldTheSamples();
    void chartsFollowTheTimeline();
    void layoutFitsTheWidth_data();
    void layoutFitsTheWidth();
};
