#include "charts/metrics_chart.h"

#include <QEvent>
#include <QLabel>
#include <QVBoxLayout>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QLegend>
#include <QtCharts/QLegendMarker>
#include <QtCharts/QLineSeries>
#include <QtCharts/QValueAxis>

#include <algorithm>
#include <cmath>

#include "charts/metrics_history.h"
#include "models/timeline.h"
#include "theme/theme.h"

namespace pilothouse::ui {

namespace {

constexpr double kTitlePoints = 15;
constexpr double kCaptionPoints = 10.5;
constexpr double kAxisPoints = 12;
constexpr double kLegendPoints = 12.5;
constexpr double kMinTimeAxisSeconds = 10;
constexpr int kAntialiasedPoints = 2000;

// 1, 2 or 5 × 10^k, at least `raw`.
double niceStep(double raw) {
    if (raw <= 0) return 1;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (raw <= m * magnitude * (1 + 1e-9)) return m * magnitude;
    return 10 * magnitude;
}

int decimalsFor(double step) { return step >= 1 ? 0 : int(std::ceil(-std::log10(step) - 1e-9)); }

}  // namespace

MetricsChart::MetricsChart(ChartSpec spec, MetricsHistory* history, Timeline* timeline, QWidget* parent)
    : QFrame(parent), spec_(std::move(spec)), history_(history), timeline_(timeline) {
    setFrameShape(QFrame::StyledPanel);
    title_ = new QLabel(spec_.title, this);
    caption_ = new QLabel(spec_.caption, this);
    caption_->setWordWrap(true);
    caption_->setTextInteractionFlags(Qt::TextSelectableByMouse);

    chart_ = new QChart;
    chart_->setMargins(QMargins(4, 4, 8, 4));
    chart_->setBackgroundRoundness(0);
    chart_->legend()->setAlignment(Qt::AlignTop);
    chart_->setAnimationOptions(QChart::NoAnimation);
    x_ = new QValueAxis(chart_);
    y_ = new QValueAxis(chart_);
    x_->setTitleText(tr("virtual time (s)"));
    x_->setLabelFormat(QStringLiteral("%.0f"));
    x_->setTickType(QValueAxis::TicksDynamic);
    x_->setTickAnchor(0);
    y_->setTitleText(spec_.unit);
    y_->setTickType(QValueAxis::TicksDynamic);
    y_->setTickAnchor(0);
    chart_->addAxis(x_, Qt::AlignBottom);
    chart_->addAxis(y_, Qt::AlignLeft);
    for (const ChartLine& line : spec_.lines) {
        auto* s = new QLineSeries(chart_);
        s->setName(line.label);
        chart_->addSeries(s);
        s->attachAxis(x_);
        s->attachAxis(y_);
        lines_.push_back(s);
        shown_.push_back(0);
    }
    cursor_ = new QLineSeries(chart_);
    chart_->addSeries(cursor_);
    cursor_->attachAxis(x_);
    cursor_->attachAxis(y_);
    for (QLegendMarker* m : chart_->legend()->markers(cursor_)) m->setVisible(false);

    view_ = new QChartView(chart_, this);
    view_->setRenderHint(QPainter::Antialiasing);
    view_->setFrameShape(QFrame::NoFrame);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(10, 8, 10, 4);
    layout->setSpacing(0);
    layout->addWidget(title_);
    layout->addWidget(caption_);
    layout->addWidget(view_, 1);

    connect(history_, &MetricsHistory::appended, this, &MetricsChart::onAppended);
    connect(history_, &MetricsHistory::cleared, this, &MetricsChart::onCleared);
    connect(timeline_, &Timeline::viewChanged, this, &MetricsChart::follow);
    connect(timeline_, &Timeline::presentChanged, this, &MetricsChart::updateAxes);
    applyTheme();
    follow();
}

QLineSeries* MetricsChart::series(const QString& metric) const {
    for (size_t i = 0; i < spec_.lines.size(); ++i)
        if (spec_.lines[i].series == metric) return lines_[qsizetype(i)];
    return nullptr;
}

void MetricsChart::onAppended(const QString& metric, int) {
    for (const ChartLine& line : spec_.lines)
        if (line.series == metric) return follow();
}

void MetricsChart::onCleared() {
    for (qsizetype i = 0; i < lines_.size(); ++i) {
        lines_[i]->clear();
        shown_[i] = 0;
    }
    top_ = 0;
    topStale_ = false;
    follow();
}

void MetricsChart::follow() {
    const double view = timeline_->viewSeconds();
    for (qsizetype i = 0; i < lines_.size(); ++i) {
        const ChartLine& line = spec_.lines[size_t(i)];
        const QVector<QPointF>& points = history_->points(line.series);
        const int want = int(std::upper_bound(points.begin(), points.end(), view,
                                              [](double v, const QPointF& p) { return v < p.x(); }) -
                             points.begin());
        int& shown = shown_[i];
        if (want == shown + 1) {
            // The usual step while playing: one new sample.
            lines_[i]->append(points[shown].x(), points[shown].y() * line.scale);
            top_ = std::max(top_, points[shown].y() * line.scale);
        } else if (want > shown) {
            // Many at once (a jump forward): one replacement, as Qt Charts lays a line out again for
            // every point appended.
            QList<QPointF> all = lines_[i]->points();
            all.reserve(want);
            for (int k = shown; k < want; ++k) {
                all.append(QPointF(points[k].x(), points[k].y() * line.scale));
                top_ = std::max(top_, all.back().y());
            }
            lines_[i]->replace(all);
        } else if (want < shown) {
            lines_[i]->removePoints(want, shown - want);
            topStale_ = true;
        }
        shown = want;
    }
    updateAxes();
}

namespace {

// An axis from 0 to `max`, a tick every `step`. Every tick is an item the axis makes, and each
// change lays them out again: the step is changed first when it grows, so that a range that jumps
// (a live cluster's first sample: 0 to 16,000 cores) is never laid out at the old step — 16,000
// ticks at once took 50 seconds.
void setRangeAndStep(QValueAxis* axis, double max, double step) {
    if (step > axis->tickInterval()) {
        axis->setTickInterval(step);
        axis->setRange(0, max);
    } else {
        axis->setRange(0, max);
        axis->setTickInterval(step);
    }
}

}  // namespace

void MetricsChart::updateAxes() {
    // Time: from the start to the present (at least a few seconds), the cursor at the moment shown.
    // An axis change lays every line out again, so the axes move in steps, not with every tick:
    // the present rounded up to a twentieth of the span (at least a second).
    const double now = std::max(kMinTimeAxisSeconds, double(timeline_->nowNanos() - timeline_->epochNanos()) / 1e9);
    const double grain = std::max(1.0, niceStep(now / 20));
    const double xMax = std::ceil(now / grain - 1e-9) * grain;
    if (xMax != x_->max() || x_->min() != 0) {
        setRangeAndStep(x_, xMax, niceStep(xMax / 6));
        const double xStep = x_->tickInterval();
        x_->setLabelFormat(QStringLiteral("%.") + QString::number(decimalsFor(xStep)) + QStringLiteral("f"));
    }
    // Values: from 0 to a round number above the highest point shown.
    if (topStale_) {
        top_ = 0;
        for (qsizetype i = 0; i < lines_.size(); ++i) {
            const ChartLine& line = spec_.lines[size_t(i)];
            const QVector<QPointF>& points = history_->points(line.series);
            for (int k = 0; k < shown_[i]; ++k) top_ = std::max(top_, points[k].y() * line.scale);
        }
        topStale_ = false;
    }
    const double minTop = spec_.decimals > 0 ? 1.0 : 4.0;
    const double yStep = niceStep(std::max(top_ * 1.08, minTop) / 4);
    const double yMax = std::ceil(std::max(top_ * 1.08, minTop) / yStep - 1e-9) * yStep;
    if (yMax != y_->max() || y_->min() != 0) {
        setRangeAndStep(y_, yMax, yStep);
        y_->setLabelFormat(QStringLiteral("%.") + QString::number(decimalsFor(yStep)) + QStringLiteral("f"));
    }
    // The cursor moves when it would move on screen (each move repaints the lines under it).
    const double view = timeline_->viewSeconds();
    const double plotWidth = chart_->plotArea().width();
    const double pixel = plotWidth >= 2 ? (x_->max() - x_->min()) / plotWidth : 0;  // 0: not laid out yet
    if (cursor_->count() != 2 || std::abs(cursor_->at(0).x() - view) >= pixel / 2 || cursor_->at(1).y() != yMax)
        cursor_->replace(QList<QPointF>{QPointF(view, 0), QPointF(view, yMax)});
    // Smooth lines while they are light to draw; dense ones (hours of samples) are drawn plainly,
    // several times faster.
    int points = 0;
    for (int n : shown_) points += n;
    view_->setRenderHint(QPainter::Antialiasing, points <= kAntialiasedPoints);
}

void MetricsChart::changeEvent(QEvent* event) {
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationFontChange) applyTheme();
    QFrame::changeEvent(event);
}

void MetricsChart::applyTheme() {
    title_->setFont(theme::font(kTitlePoints, true));
    caption_->setFont(theme::font(kCaptionPoints));
    QPalette muted = caption_->palette();
    muted.setColor(QPalette::WindowText, theme::mutedText());
    caption_->setPalette(muted);
    QPalette framePalette = palette();
    framePalette.setColor(QPalette::Window, theme::surface());
    setPalette(framePalette);
    setAutoFillBackground(true);

    chart_->setBackgroundBrush(theme::surface());
    chart_->setPlotAreaBackgroundVisible(false);
    chart_->legend()->setFont(theme::font(kLegendPoints));
    chart_->legend()->setLabelColor(theme::text());
    for (QValueAxis* axis : {x_, y_}) {
        axis->setLabelsFont(theme::font(kAxisPoints));
        axis->setLabelsColor(theme::text());
        axis->setTitleFont(theme::font(kAxisPoints));
        axis->setTitleBrush(theme::mutedText());
        axis->setGridLineColor(theme::border());
        axis->setLinePenColor(theme::border());
        axis->setMinorGridLineVisible(false);
    }
    for (qsizetype i = 0; i < lines_.size(); ++i) {
        const ChartLine& line = spec_.lines[size_t(i)];
        QPen pen(line.qcolor(), line.width);
        pen.setStyle(line.dashed ? Qt::DashLine : Qt::SolidLine);
        pen.setCapStyle(Qt::RoundCap);
        pen.setJoinStyle(Qt::RoundJoin);
        lines_[i]->setPen(pen);
    }
    cursor_->setPen(QPen(theme::accent(), 2, Qt::SolidLine));
    view_->setBackgroundBrush(theme::surface());
}

}  // namespace pilothouse::ui
