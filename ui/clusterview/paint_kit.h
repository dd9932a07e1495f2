// The cluster view's drawing primitives — pills, bars, pod chips, hatching — and the colours they
// derive from the theme (never colours of their own): text that reads on a fill, the readiness
// colour of a node, the heat-map scale.
#pragma once

#include <QColor>
#include <QFont>
#include <QRectF>
#include <QString>
#include <QStringList>

#include <array>

#include "clusterview/node_pod_summary.h"

class QFontMetricsF;
class QPainter;

namespace pilothouse::ui::clusterview {

QColor mix(const QColor& a, const QColor& b, double t);
// theme::text() or theme::surface(), whichever stands out more on `fill`.
QColor textOn(const QColor& fill);
// Ready: the Running green; NotReady: theme::failure(); Unknown: the Unknown grey.
QColor readinessColor(NodeReadiness readiness);
// A requested / allocatable ratio on a single-hue scale from the raised surface (0) to the accent
// (1); above 1 (over-committed): theme::failure().
QColor heatColor(double ratio);

// The phase colours, read from the theme once per frame.
struct PhasePalette {
    std::array<QColor, kPodPhaseCount> fill;
    std::array<QColor, kPodPhaseCount> text;
    PhasePalette();
    const QColor& of(PodPhase p) const { return fill[size_t(p)]; }
    const QColor& textOf(PodPhase p) const { return text[size_t(p)]; }
};

// A rounded label; `fill` invalid for an outlined one.
void drawPill(QPainter& p, const QRectF& r, const QString& text, const QFont& font, const QColor& fill,
              const QColor& textColor, const QColor& outline = QColor());
// Width a pill needs for `text`.
double pillWidth(const QString& text, const QFont& font);

// A horizontal usage bar: track, fill up to `ratio` (failure colour past 1).
void drawBar(QPainter& p, const QRectF& r, double ratio);

// Diagonal hatching over `r` (a cordoned node: SchedulingDisabled).
void drawHatch(QPainter& p, const QRectF& r, const QColor& color);

// A pod chip: its phase colour, and with room its name and a second line (the phase, or why it
// waits); `selected` rings it with the accent.
struct ChipText {
    QFont name;
    QFont detail;
    bool twoLines = false;
    bool oneLine = false;
};
void drawChip(QPainter& p, const QRectF& r, const QColor& fill, const QColor& textColor, const ChipText& text,
              const QString& name, const QString& detail, bool selected);
// `text` broken at spaces into at most `maxLines` lines of `width`, the last one elided.
QStringList wrapText(const QString& text, const QFontMetricsF& metrics, double width, int maxLines);

// The overflow slot: "+N".
void drawMoreChip(QPainter& p, const QRectF& r, int more, const QFont& font);

}  // namespace pilothouse::ui::clusterview
