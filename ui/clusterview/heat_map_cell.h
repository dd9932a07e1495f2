// A node drawn as one heat-map cell, the least detailed level: coloured by how much of its cpu or
// memory is requested (paint_kit's heatColor), crossed out when NotReady, hatched when cordoned,
// and named when the cell is large enough to hold a few letters.
#pragma once

#include <QColor>
#include <QFont>
#include <QRectF>

#include <array>

#include "clusterview/cluster_view_model.h"

class QPainter;

namespace pilothouse::ui::clusterview {

// What the heat map's colour measures.
enum class HeatMetric { Cpu, Memory };

double heatRatio(const ClusterViewModel::Node& node, HeatMetric metric);

// The heat-map scale in whole percents, read from the theme once per frame.
struct HeatPalette {
    std::array<QColor, 101> scale;
    QColor overCommitted;
    QColor notReady, unknown;
    HeatPalette();
    const QColor& of(double ratio) const;
};

// `nameFont`: set when cells are large enough for a name (cell width >= kHeatNameMinWidth).
inline constexpr double kHeatNameMinWidth = 56;
void paintHeatCell(QPainter& p, const QRectF& cell, const ClusterViewModel::Node& node, HeatMetric metric,
                   const HeatPalette& palette, bool selected, const QFont* nameFont);

}  // namespace pilothouse::ui::clusterview
