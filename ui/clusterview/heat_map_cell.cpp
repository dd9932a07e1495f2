#include "clusterview/heat_map_cell.h"

#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <cmath>

#include "clusterview/paint_kit.h"
#include "theme/theme.h"

namespace pilothouse::ui::clusterview {

double heatRatio(const ClusterViewModel::Node& node, HeatMetric metric) {
    return metric == HeatMetric::Cpu ? node.cpuRatio() : node.memoryRatio();
}

HeatPalette::HeatPalette() {
    for (size_t i = 0; i < scale.size(); ++i) scale[i] = heatColor(double(i) / 100.0);
    overCommitted = heatColor(2.0);
    notReady = readinessColor(NodeReadiness::NotReady);
    unknown = readinessColor(NodeReadiness::Unknown);
}

const QColor& HeatPalette::of(double ratio) const {
    if (ratio > 1.0 + 1e-9) return overCommitted;
    return scale[size_t(std::lround(std::clamp(ratio, 0.0, 1.0) * 100))];
}

void paintHeatCell(QPainter& p, const QRectF& cell, const ClusterViewModel::Node& node, HeatMetric metric,
                   const HeatPalette& palette, bool selected, const QFont* nameFont) {
    const NodeSummary& n = node.summary;
    const QColor& fill = palette.of(heatRatio(node, metric));
    p.fillRect(cell, fill);
    const double side = std::min(cell.width(), cell.height());
    if (n.unschedulable) drawHatch(p, cell, mix(fill, textOn(fill), 0.55));
    if (n.readiness != NodeReadiness::Ready) {
        // NotReady (and a node with no Ready condition yet): crossed out in its readiness colour.
        const QColor& mark = n.readiness == NodeReadiness::NotReady ? palette.notReady : palette.unknown;
        const double w = std::max(1.0, side / 9);
        const double inset = std::max(1.0, side * 0.18);
        p.setPen(QPen(mark, w, Qt::SolidLine, Qt::RoundCap));
        const QRectF r = cell.adjusted(inset, inset, -inset, -inset);
        p.drawLine(r.topLeft(), r.bottomRight());
        p.drawLine(r.topRight(), r.bottomLeft());
        if (side >= 10) {
            p.setPen(QPen(mark, std::max(1.0, w / 1.5)));
            p.setBrush(Qt::NoBrush);
            p.drawRect(cell.adjusted(w / 2, w / 2, -w / 2, -w / 2));
        }
    }
    if (nameFont && cell.width() >= kHeatNameMinWidth) {
        p.setFont(*nameFont);
        p.setPen(textOn(fill));
        const QFontMetricsF m(*nameFont);
        const QRectF text = cell.adjusted(3, 0, -3, -2);
        p.drawText(text, Qt::AlignBottom | Qt::AlignHCenter, m.elidedText(n.name, Qt::ElideMiddle, text.width()));
    }
    if (selected) {
        const double w = std::clamp(side / 8, 2.0, 4.0);
        p.setPen(QPen(theme::accent(), w));
        p.setBrush(Qt::NoBrush);
        p.drawRect(cell.adjusted(-w / 2, -w / 2, w / 2, w / 2));
    }
}

}  // namespace pilothouse::ui::clusterview
