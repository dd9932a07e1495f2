// What the charts show: each chart's title, the metrics it plots (upstream names, see
// cluster/metrics_sampler.h) and how — label, colour, line style, unit. Plain data, no Qt Charts.
#pragma once

#include <QColor>
#include <QString>

#include <vector>

namespace pilothouse::ui {

struct ChartLine {
    enum class Color { Accent, Muted, Pending, Running, Warning, Failure };
    QString series;  // "name{label=\"value\"}" as the sampler names it
    QString label;   // in the legend
    Color color = Color::Accent;
    bool dashed = false;
    double width = 2.5;
    double scale = 1;  // value × scale is plotted (bytes -> GiB)

    QColor qcolor() const;
};

struct ChartSpec {
    QString title;
    QString caption;  // the metrics plotted, by their upstream names
    QString unit;     // the value axis' title
    int decimals = 0; // of the value axis' labels, at least
    std::vector<ChartLine> lines;
};

// Requested vs allocatable cpu and memory, pending pods and the scheduler's sub-queues,
// scheduling and pod startup latency (p50/p90/p99), scheduling attempts by result.
std::vector<ChartSpec> chartCatalog();

}  // namespace pilothouse::ui
