// A node drawn as a tile, the middle level of detail: its readiness as a coloured edge, its name,
// NotReady / SchedulingDisabled when so, and bars for cpu, memory and pods (requested vs
// allocatable) with their percentages when there is room.
#pragma once

#include <QFont>
#include <QRectF>

#include "clusterview/cluster_view_model.h"

class QPainter;

namespace pilothouse::ui::clusterview {

// Fonts of all tiles of one size (computed once per frame).
struct TileStyle {
    QFont name, small;
    double nameHeight = 0, smallHeight = 0, labelWidth = 0, percentWidth = 0;
    static TileStyle forCell(QSizeF cell);
};

void paintTile(QPainter& p, const TileStyle& style, const QRectF& cell, const ClusterViewModel::Node& node, bool selected);

}  // namespace pilothouse::ui::clusterview
