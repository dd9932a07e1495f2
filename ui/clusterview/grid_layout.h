// Where nodes and pods go, computed arithmetically (no item per node or pod): the node grid with its
// level of detail, and the chips inside an area. Painting and hit-testing both ask these, so a
// click lands on what was drawn.
//
// Level of detail follows the width a node's cell gets: at least kCardMinWidth, a card (name,
// status, taints, labels, bars, pod chips); at least kTileMinWidth, a tile (name, bars, readiness);
// below, a heat-map cell. Thresholds scale with the theme's font scale.
#pragma once

#include <QRectF>
#include <QSizeF>

#include <utility>

namespace pilothouse::ui::clusterview {

enum class DetailLevel { HeatMap, Tile, Card };

inline constexpr double kTileMinWidth = 150;
inline constexpr double kCardMinWidth = 330;
inline constexpr double kHeatMinWidth = 3;

// `scale`: theme::fontScale(), so that text keeps fitting in the cells.
DetailLevel detailLevelFor(double cellWidth, double scale = 1.0);

// The nodes' grid within an area (the grid's own coordinates: (0, 0) is the area's top-left,
// y grows with scrolling).
struct GridLayout {
    DetailLevel level = DetailLevel::Card;
    int count = 0;
    int columns = 1;
    int rows = 0;
    QSizeF cell;
    double gap = 0;
    double margin = 0;

    double contentHeight() const;
    QRectF cellRect(int index) const;
    // The cell under `p`, -1 when between cells or past the last one.
    int indexAt(QPointF p) const;
    // Cells that intersect the band [top, bottom): [first, last).
    std::pair<int, int> indexRange(double top, double bottom) const;
};

// The grid for `count` cells of about `cellWidth` in an area: as many columns as fit, stretched to
// the area's width; heights fill the area when they can, within each level's aspect ratios.
GridLayout layoutGrid(int count, QSizeF area, double cellWidth, double scale = 1.0);
// The widest cells that still show every one of `count` cells in `area` without scrolling (at
// least kHeatMinWidth: past that the grid scrolls).
double fitCellWidth(int count, QSizeF area, double scale = 1.0);

// Chips (pods) in an area: with two lines of text (name, then phase or reason), one line, or plain
// squares when there are too many, as large as the area allows. When even the smallest squares do
// not fit, the last slot shows how many more there are.
struct ChipLayout {
    enum class Style { TwoLines, OneLine, Plain };
    Style style = Style::Plain;
    QRectF area;
    QSizeF chip;
    double gap = 0;
    int columns = 1;
    int capacity = 0;  // slots in the area
    int count = 0;

    // Chips drawn; when it is less than count, slot `shown()` is the "+N" slot.
    int shown() const { return count <= capacity ? count : (capacity > 0 ? capacity - 1 : 0); }
    bool overflows() const { return count > capacity; }
    QRectF slotRect(int slot) const;
    // The chip under `p` (index < shown()), -1 when none.
    int indexAt(QPointF p) const;
};

// `lineHeight`: the chip font's height; `maxWidthLines`: the widest a chip gets, and
// `textHeightLines` the height of a chip with text, in line heights.
ChipLayout layoutChips(const QRectF& area, int count, double lineHeight, double maxWidthLines = 14,
                       double textHeightLines = 2.5);

}  // namespace pilothouse::ui::clusterview
