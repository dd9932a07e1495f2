// The charts over virtual time (chart_catalog.h), in a grid that fits the space — three columns
// on a full screen, one in a narrow dock (scrolling) — all following the timeline.
#pragma once

#include <QVector>
#include <QWidget>

#include "client/control_plane_client.h"
#include "models/timeline.h"

class QGridLayout;
class QScrollArea;

namespace pilothouse::ui {

class MetricsChart;
class MetricsHistory;

class ChartsView final : public QWidget {
    Q_OBJECT
public:
    ChartsView(ControlPlaneClient* client, Timeline* timeline, QWidget* parent = nullptr);

    MetricsHistory* history() const { return history_; }
    const QVector<MetricsChart*>& charts() const { return charts_; }
    // The chart whose spec plots `metric`, null when none does.
    MetricsChart* chartOf(const QString& metric) const;

protected:
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void layoutCharts();
    void applyTheme();

    MetricsHistory* history_;
    QVector<MetricsChart*> charts_;
    QScrollArea* scroll_;
    QWidget* grid_;
    QGridLayout* layout_;
    int columns_ = 0;
};

}  // namespace pilothouse::ui
