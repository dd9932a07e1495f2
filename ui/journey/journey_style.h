// Type and sizes of the journey diagram, in scene pixels of its 1920 x 1080 canvas: large enough
// to read from the back of a room when the canvas fills a projector (the smallest text is 16 px
// at 1080 lines).
#pragma once

#include <QFont>

#include "theme/theme.h"

namespace pilothouse::ui::journey::style {

inline constexpr int kGroupTitlePx = 26;
inline constexpr int kStationTitlePx = 27;
inline constexpr int kLaneTitlePx = 23;
inline constexpr int kCounterPx = 19;
inline constexpr int kActivityPx = 18;
inline constexpr int kTokenLabelPx = 19;
inline constexpr int kBadgePx = 21;
inline constexpr int kLegendPx = 17;

inline constexpr qreal kTokenDiameter = 32;
inline constexpr qreal kTokenRowPitch = 36;  // one token with its name per row
inline constexpr qreal kTokenGridPitch = 39;  // tokens without names, in a grid

// The application's font at `pixels` (the canvas is scaled as a whole, so no point sizes).
inline QFont font(int pixels, bool bold = false) {
    QFont f = theme::font(10, bold);
    f.setPixelSize(pixels);
    return f;
}

}  // namespace pilothouse::ui::journey::style
