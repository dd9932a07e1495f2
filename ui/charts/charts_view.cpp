#include "charts/charts_view.h"

#include <QEvent>
#include <QGridLayout>
#include <QScrollArea>
#include <QVBoxLayout>

#include <algorithm>

#include "charts/metrics_chart.h"
#include "charts/metrics_history.h"
#include "theme/theme.h"

namespace pilothouse::ui {

namespace {
constexpr int kMinChartWidth = 560;
constexpr int kMinChartHeight = 380;
constexpr int kSpacing = 10;
}  // namespace

ChartsView::ChartsView(ControlPlaneClient* client, Timeline* timeline, QWidget* parent) : QWidget(parent) {
    history_ = new MetricsHistory(client, timeline, this);
    grid_ = new QWidget;
    layout_ = new QGridLayout(grid_);
    layout_->setContentsMargins(kSpacing, kSpacing, kSpacing, kSpacing);
    layout_->setSpacing(kSpacing);
    for (ChartSpec& spec : chartCatalog()) {
        auto* chart = new MetricsChart(std::move(spec), history_, timeline, grid_);
        chart->setMinimumHeight(kMinChartHeight);
        charts_.push_back(chart);
    }
    scroll_ = new QScrollArea(this);
    scroll_->setWidget(grid_);
    scroll_->setWidgetResizable(true);
    scroll_->setFrameShape(QFrame::NoFrame);
    scroll_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(scroll_);
    applyTheme();
    layoutCharts();
}

MetricsChart* ChartsView::chartOf(const QString& metric) const {
    for (MetricsChart* c : charts_)
        if (c->series(metric)) return c;
    return nullptr;
}

void ChartsView::layoutCharts() {
    const int columns = std::clamp((width() - kSpacing) / (kMinChartWidth + kSpacing), 1, 3);
    if (columns == columns_) return;
    columns_ = columns;
    for (MetricsChart* c : charts_) layout_->removeWidget(c);
    for (qsizetype i = 0; i < charts_.size(); ++i) layout_->addWidget(charts_[i], int(i) / columns, int(i) % columns);
    for (int c = 0; c < 3; ++c) layout_->setColumnStretch(c, c < columns ? 1 : 0);
    const int rows = int((charts_.size() + columns - 1) / columns);
    for (int r = 0; r < 6; ++r) layout_->setRowStretch(r, r < rows ? 1 : 0);
}

void ChartsView::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    layoutCharts();
}

void ChartsView::applyTheme() {
    QPalette p = grid_->palette();
    p.setColor(QPalette::Window, theme::background());
    grid_->setPalette(p);
    grid_->setAutoFillBackground(true);
}

void ChartsView::changeEvent(QEvent* event) {
    if (event->type() == QEvent::PaletteChange) applyTheme();
    QWidget::changeEvent(event);
}

}  // namespace pilothouse::ui
