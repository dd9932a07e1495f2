// The strip above the cluster view: what is shown (nodes, pods, pending, NotReady, cordoned, the
// moment when it is a past one), the phase colours with their counts, the level of detail with how
// to zoom, and at heat-map level the colour scale with its cpu / memory switch.
#pragma once

#include <QFont>
#include <QRectF>
#include <QString>

#include <array>
#include <vector>

#include "clusterview/grid_layout.h"
#include "clusterview/heat_map_cell.h"
#include "clusterview/node_pod_summary.h"
#include "clusterview/paint_kit.h"

class QPainter;

namespace pilothouse::ui::clusterview {

struct HeaderStyle {
    QFont main, small;
    double mainHeight = 0, smallHeight = 0, padding = 0;
    // The main line at `points` (before the theme's font scale).
    static HeaderStyle withPoints(double points);
    double height() const;
};

struct HeaderInfo {
    int nodes = 0;
    int notReady = 0;
    int cordoned = 0;
    qsizetype pods = 0;
    qsizetype pending = 0;
    std::array<qsizetype, kPodPhaseCount> phases{};
    DetailLevel level = DetailLevel::Card;
    HeatMetric metric = HeatMetric::Cpu;
    bool live = true;
    bool listed = true;  // false: the control plane has not listed the nodes and pods yet
    qint64 revision = 0;
    QString error;
};

struct HeaderItem {
    enum class Kind { Text, CpuToggle, MemoryToggle, Scale, NotReadyMark, CordonedMark };
    Kind kind;
    QRectF rect;
    QString text;
};

struct HeaderLayout {
    QRectF frame;
    QRectF line1, line2;
    std::vector<HeaderItem> legend;  // line 2, right: the heat-map legend (heat-map level only)
    // The cpu / memory switch, when shown; null rects otherwise.
    QRectF cpuToggle() const;
    QRectF memoryToggle() const;
};

HeaderLayout layoutHeader(const HeaderStyle& style, const QRectF& frame, const HeaderInfo& info);
void paintHeader(QPainter& p, const HeaderStyle& style, const HeaderLayout& layout, const HeaderInfo& info,
                 const PhasePalette& phases);

}  // namespace pilothouse::ui::clusterview
