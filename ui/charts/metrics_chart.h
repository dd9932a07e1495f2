// One chart of ChartsView (Qt Charts): the lines of a ChartSpec over virtual time, following the
// timeline — the points up to the moment shown (data after it hidden when looking at the past),
// a vertical cursor at that moment, the time axis from the start to the present. Points are
// appended as MetricsHistory reads them and removed from the end when the view goes back; no
// series is rebuilt.
#pragma once

#include <QFrame>
#include <QVector>

#include "charts/chart_catalog.h"

class QLabel;

QT_BEGIN_NAMESPACE
class QChart;
class QChartView;
class QLineSeries;
class QValueAxis;
QT_END_NAMESPACE

namespace pilothouse::ui {

class MetricsHistory;
class Timeline;

class MetricsChart final : public QFrame {
    Q_OBJECT
public:
    MetricsChart(ChartSpec spec, MetricsHistory* history, Timeline* timeline, QWidget* parent = nullptr);

    const ChartSpec& spec() const { return spec_; }
    // The series drawn for a line of the spec (by its metric name), null when not in the spec.
    QLineSeries* series(const QString& metric) const;
    QLineSeries* cursor() const { return cursor_; }
    QValueAxis* timeAxis() const { return x_; }
    QValueAxis* valueAxis() const { return y_; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void onAppended(const QString& metric, int first);
    void onCleared();
    // Shows each line's points up to the view time; then the axes and the cursor.
    void follow();
    void updateAxes();
    void applyTheme();

    ChartSpec spec_;
    MetricsHistory* history_;
    Timeline* timeline_;
    QLabel* title_;
    QLabel* caption_;
    QChartView* view_;
    QChart* chart_;
    QValueAxis* x_;
    QValueAxis* y_;
    QVector<QLineSeries*> lines_;  // one per spec line
    QVector<int> shown_;           // points shown per line (a prefix of the history's)
    QLineSeries* cursor_;
    double top_ = 0;         // the highest point shown
    bool topStale_ = false;  // points were removed: top_ is computed again
};

}  // namespace pilothouse::ui
