// Type and sizes of the journey diagram, in scene pixels of its 1920 x 1080 canvas: large enough
// to read from the back of a room when the canvas fills a projector (the smallest text is 18 px
// at 1080 lines). The view never draws the canvas smaller than kMinDeviceScale device pixels per
// scene pixel (it scrolls instead): station titles stay at least 13 device pixels high
// (kTitleMinPx × kMinDeviceScale) and every detail at least 10 (kDetailMinPx × kMinDeviceScale).
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
inline constexpr int kLegendPx = 18;

// The smallest a station title is drawn (a long one takes two lines first), and the smallest
// detail (counters shrink to fit down to it).
inline constexpr int kTitleMinPx = 24;
inline constexpr int kDetailMinPx = 18;
inline constexpr qreal kMinDeviceScale = 0.56;
static_assert(kTitleMinPx * kMinDeviceScale >= 13 && kDetailMinPx * kMinDeviceScale >= 10);
static_assert(kLegendPx >= kDetailMinPx && kActivityPx >= kDetailMinPx && kCounterPx >= kDetailMinPx &&
              kTokenLabelPx >= kDetailMinPx);

inline constexpr qreal kTokenDiameter = 32;
inline constexpr qreal kTokenRowPitch = 36;  // one token with its name per row
inline constexpr qreal kTokenGridPitch = 39;  // tokens without names, in a grid

// A line `width` scene pixels wide, thicker with the text (View > Text size, presentation mode): the
// back of a room sees the arrows and frames as well as the words.
inline qreal stroke(qreal width) { return width * theme::fontScale(); }

// The application's font at `pixels` (the canvas is scaled as a whole, so no point sizes).
inline QFont font(int pixels, bool bold = false) {
    QFont f = theme::font(10, bold);
    f.setPixelSize(pixels);
    return f;
}

}  // namespace pilothouse::ui::journey::style
