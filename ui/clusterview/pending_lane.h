// The lane of pods without a node (no spec.nodeName), oldest first, above the nodes: each a chip
// in its phase colour with its name and, when the scheduler has tried, its PodScheduled reason and
// message ("Unschedulable: 0/3 nodes are available: ..."). The lane keeps one height whatever the
// number of pods; past what fits, the last chip counts the rest.
#pragma once

#include <QFont>
#include <QRectF>

#include <vector>

#include "clusterview/cluster_view_model.h"
#include "clusterview/grid_layout.h"
#include "clusterview/paint_kit.h"

class QPainter;

namespace pilothouse::ui::clusterview {

struct LaneStyle {
    QFont title, chipName, chipDetail;
    double titleHeight = 0, chipLine = 0, padding = 0;
    // Chip names at `points` (before the theme's font scale).
    static LaneStyle withPoints(double points);
    double height() const;  // the lane's fixed height
};

struct LaneLayout {
    QRectF frame;
    QRectF title;
    ChipLayout chips;
};

LaneLayout layoutLane(const LaneStyle& style, const QRectF& frame, int count);

// The second line of a pending pod's chip: "Unschedulable: 0/3 nodes are available: ...", or its
// phase when the scheduler has not reported on it.
QString pendingDetail(const PodSummary& pod);

// `listed`: false while the control plane has not listed the pods (the title says so).
void paintLane(QPainter& p, const LaneStyle& style, const LaneLayout& layout,
               const std::vector<ClusterViewModel::Pod*>& pods, const PhasePalette& phases, const QString& selectedPod,
               bool listed = true);

}  // namespace pilothouse::ui::clusterview
