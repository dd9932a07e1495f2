#include "clusterview/grid_layout.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <vector>

namespace pilothouse::ui::clusterview {

namespace {

struct LevelShape {
    double gap;
    double margin;
    double minAspect;  // height / width
    double maxAspect;
};

LevelShape shapeOf(DetailLevel level, double cellWidth) {
    switch (level) {
        case DetailLevel::HeatMap: return {std::clamp(std::round(cellWidth * 0.1), 1.0, 6.0), 10, 1.0, 1.0};
        case DetailLevel::Tile: return {10, 14, 0.40, 0.62};
        case DetailLevel::Card: break;
    }
    return {20, 18, 0.56, 1.5};
}

}  // namespace

DetailLevel detailLevelFor(double cellWidth, double scale) {
    if (cellWidth >= kCardMinWidth * scale) return DetailLevel::Card;
    if (cellWidth >= kTileMinWidth * scale) return DetailLevel::Tile;
    return DetailLevel::HeatMap;
}

double GridLayout::contentHeight() const {
    if (rows == 0) return 2 * margin;
    return 2 * margin + rows * cell.height() + (rows - 1) * gap;
}

QRectF GridLayout::cellRect(int index) const {
    const int r = index / columns, c = index % columns;
    return {margin + c * (cell.width() + gap), margin + r * (cell.height() + gap), cell.width(), cell.height()};
}

int GridLayout::indexAt(QPointF p) const {
    const double x = p.x() - margin, y = p.y() - margin;
    if (x < 0 || y < 0) return -1;
    const int c = int(x / (cell.width() + gap)), r = int(y / (cell.height() + gap));
    if (c >= columns || x - c * (cell.width() + gap) > cell.width() || y - r * (cell.height() + gap) > cell.height())
        return -1;
    const int index = r * columns + c;
    return index < count ? index : -1;
}

std::pair<int, int> GridLayout::indexRange(double top, double bottom) const {
    const double pitch = cell.height() + gap;
    const int firstRow = std::max(0, int(std::floor((top - margin) / pitch)));
    const int lastRow = std::min(rows, int(std::ceil((bottom - margin) / pitch)));
    if (lastRow <= firstRow) return {0, 0};
    return {std::min(count, firstRow * columns), std::min(count, lastRow * columns)};
}

GridLayout layoutGrid(int count, QSizeF area, double cellWidth, double scale) {
    GridLayout g;
    g.count = std::max(0, count);
    cellWidth = std::max(cellWidth, kHeatMinWidth);
    g.level = detailLevelFor(cellWidth, scale);
    const LevelShape shape = shapeOf(g.level, cellWidth);
    g.gap = shape.gap;
    g.margin = shape.margin;
    const double width = std::max(1.0, area.width() - 2 * g.margin);
    const double height = std::max(1.0, area.height() - 2 * g.margin);
    g.columns = std::max(1, int(std::floor((width + g.gap) / (cellWidth + g.gap) + 1e-6)));
    const double w = std::max(1.0, (width - (g.columns - 1) * g.gap) / g.columns);
    g.rows = (g.count + g.columns - 1) / g.columns;
    double h = w * shape.minAspect;
    if (g.rows > 0) h = std::clamp((height - (g.rows - 1) * g.gap) / g.rows, w * shape.minAspect, w * shape.maxAspect);
    g.cell = QSizeF(w, h);
    return g;
}

double fitCellWidth(int count, QSizeF area, double scale) {
    if (count <= 0) return std::max(kCardMinWidth * scale, area.width());
    for (int columns = 1; columns <= count; ++columns) {
        // The width each of `columns` cells gets (gaps depend on the level, the level on the width).
        double w = area.width() / columns;
        for (int i = 0; i < 3; ++i) {
            const LevelShape shape = shapeOf(detailLevelFor(w, scale), w);
            w = (area.width() - 2 * shape.margin - (columns - 1) * shape.gap) / columns;
        }
        if (w < kHeatMinWidth) break;
        const GridLayout g = layoutGrid(count, area, w, scale);
        if (g.contentHeight() <= area.height() + 0.5) return w;
    }
    // A low, wide area (a strip): cells narrower than a column each, so that they are low enough,
    // rather than heat-map dots.
    std::vector<double> widths = {kCardMinWidth * scale, kTileMinWidth * scale};  // each level's smallest cells
    for (double w = area.width() / std::max(1, count); w >= kHeatMinWidth; w *= 0.95) widths.push_back(w);
    std::sort(widths.begin(), widths.end(), std::greater<>());
    for (double w : widths)
        if (w <= area.width() / std::max(1, count) && layoutGrid(count, area, w, scale).contentHeight() <= area.height() + 0.5)
            return w;
    return kHeatMinWidth;
}

QRectF ChipLayout::slotRect(int slot) const {
    const int r = slot / columns, c = slot % columns;
    return {area.left() + c * (chip.width() + gap), area.top() + r * (chip.height() + gap), chip.width(), chip.height()};
}

int ChipLayout::indexAt(QPointF p) const {
    const double x = p.x() - area.left(), y = p.y() - area.top();
    if (x < 0 || y < 0 || chip.isEmpty()) return -1;
    const int c = int(x / (chip.width() + gap)), r = int(y / (chip.height() + gap));
    if (c >= columns || x - c * (chip.width() + gap) > chip.width() || y - r * (chip.height() + gap) > chip.height())
        return -1;
    const int slot = r * columns + c;
    return slot < shown() ? slot : -1;
}

ChipLayout layoutChips(const QRectF& area, int count, double lineHeight, double maxWidthLines, double textHeightLines) {
    ChipLayout l;
    l.area = area;
    l.count = std::max(0, count);
    const double L = std::max(1.0, lineHeight);
    if (area.width() <= 0 || area.height() <= 0) return l;

    // Text chips, when every pod fits with its name.
    struct TextStyle {
        ChipLayout::Style style;
        double height, minWidth;
    };
    for (const TextStyle s : {TextStyle{ChipLayout::Style::TwoLines, textHeightLines * L, 8 * L}, TextStyle{ChipLayout::Style::OneLine, 1.5 * L, 6 * L}}) {
        const double gap = std::max(3.0, 0.35 * L);
        const int columns = int(std::floor((area.width() + gap) / (s.minWidth + gap)));
        const int rows = int(std::floor((area.height() + gap) / (s.height + gap)));
        if (columns < 1 || rows < 1 || columns * rows < l.count) continue;
        // As few columns as keep the pods within the rows, so chips get wide enough for long names.
        const int used = std::max(1, std::min(columns, std::max((l.count + rows - 1) / rows, std::min(columns, l.count))));
        l.style = s.style;
        l.gap = gap;
        l.columns = columns;
        const double w = std::min(maxWidthLines * L, (area.width() - (used - 1) * gap) / used);
        l.chip = QSizeF(std::max(w, s.minWidth), s.height);
        l.columns = std::max(1, int(std::floor((area.width() + gap) / (l.chip.width() + gap) + 1e-6)));
        l.capacity = l.columns * rows;
        return l;
    }

    // Plain squares, as large as lets every pod in (at most a line and a half).
    l.style = ChipLayout::Style::Plain;
    double side = std::min(1.5 * L, std::floor(std::sqrt(area.width() * area.height() / std::max(1, l.count))));
    for (;; side -= 1) {
        side = std::max(side, 4.0);
        l.gap = std::max(1.0, std::round(side * 0.2));
        l.columns = std::max(1, int(std::floor((area.width() + l.gap) / (side + l.gap))));
        const int rows = int(std::floor((area.height() + l.gap) / (side + l.gap)));
        l.capacity = l.columns * std::max(0, rows);
        if (l.capacity >= l.count || side <= 4.0) break;
    }
    l.chip = QSizeF(side, side);
    return l;
}

}  // namespace pilothouse::ui::clusterview
