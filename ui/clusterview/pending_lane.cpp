#include "clusterview/pending_lane.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QLocale>
#include <QPainter>

#include <cmath>

#include "theme/theme.h"

namespace pilothouse::ui::clusterview {

namespace {
struct Text {
    Q_DECLARE_TR_FUNCTIONS(ClusterView)
};
}  // namespace

namespace {
// A chip with text: its name and up to three lines of the scheduler's message.
constexpr double kChipLines = 3.7;
}  // namespace

LaneStyle LaneStyle::withPoints(double points) {
    LaneStyle s;
    s.title = theme::font(points, true);
    s.chipName = theme::font(points, true);
    s.chipDetail = theme::font(points * 0.82);
    s.titleHeight = QFontMetricsF(s.title).height();
    s.chipLine = QFontMetricsF(s.chipName).height();
    s.padding = std::round(s.titleHeight * 0.45);
    return s;
}

double LaneStyle::height() const {
    // Title, one row of chips with text, padding.
    return std::round(padding * 2.6 + titleHeight + chipLine * kChipLines);
}

LaneLayout layoutLane(const LaneStyle& style, const QRectF& frame, int count) {
    LaneLayout l;
    l.frame = frame;
    const QRectF inner = frame.adjusted(style.padding * 1.5, style.padding, -style.padding * 1.5, -style.padding);
    l.title = QRectF(inner.left(), inner.top(), inner.width(), style.titleHeight);
    const double top = l.title.bottom() + style.padding * 0.5;
    l.chips = layoutChips(QRectF(inner.left(), top, inner.width(), inner.bottom() - top), count, style.chipLine, 60, kChipLines);
    return l;
}

QString pendingDetail(const PodSummary& pod) {
    if (pod.schedulingReason.isEmpty()) return phaseName(pod.phase);
    if (pod.schedulingMessage.isEmpty()) return pod.schedulingReason;
    return Text::tr("%1: %2").arg(pod.schedulingReason, pod.schedulingMessage);
}

void paintLane(QPainter& p, const LaneStyle& style, const LaneLayout& l, const std::vector<ClusterViewModel::Pod*>& pods,
               const PhasePalette& phases, const QString& selectedPod, bool listed) {
    p.fillRect(l.frame, theme::surface());
    p.setPen(QPen(theme::border(), 1));
    p.drawLine(l.frame.bottomLeft(), l.frame.bottomRight());

    ChipText text{style.chipName, style.chipDetail, l.chips.style == ChipLayout::Style::TwoLines,
                  l.chips.style == ChipLayout::Style::OneLine};
    const int shown = l.chips.shown();
    // Small squares (plain rectangles): crisp and fast without antialiasing.
    const bool plain = l.chips.style == ChipLayout::Style::Plain;
    const bool antialiased = p.testRenderHint(QPainter::Antialiasing);
    if (plain && l.chips.chip.width() < 10) p.setRenderHint(QPainter::Antialiasing, false);
    for (int i = 0; i < shown; ++i) {
        const PodSummary& s = pods[size_t(i)]->summary;
        drawChip(p, l.chips.slotRect(i), phases.of(s.phase), phases.textOf(s.phase), text, text.twoLines || text.oneLine ? s.name() : QString(),
                 text.twoLines ? pendingDetail(s) : QString(),
                 !selectedPod.isEmpty() && s.key == selectedPod);
    }
    p.setRenderHint(QPainter::Antialiasing, antialiased);
    if (l.chips.overflows()) drawMoreChip(p, l.chips.slotRect(shown), l.chips.count - shown, style.chipDetail);

    // The title last: a selected chip's ring reaches up into it (and a CJK font's glyphs reach
    // lower than the title's own font).
    p.setFont(style.title);
    p.setPen(theme::text());
    const QString title = !listed            ? Text::tr("Pending: waiting for the control plane's pods")
                          : pods.empty()     ? Text::tr("Pending: no pod is waiting for a node")
                          : pods.size() == 1 ? Text::tr("Pending: 1 pod without a node")
                                             : Text::tr("Pending: %1 pods without a node").arg(QLocale().toString(qlonglong(pods.size())));
    const QFontMetricsF tm(style.title);
    // A narrow lane (Teach's column): the count alone.
    const QString fitted = tm.horizontalAdvance(title) <= l.title.width() || !listed
                              ? title
                              : Text::tr("Pending: %1").arg(QLocale().toString(qlonglong(pods.size())));
    p.drawText(l.title, Qt::AlignVCenter | Qt::AlignLeft, tm.elidedText(fitted, Qt::ElideRight, l.title.width()));
}

}  // namespace pilothouse::ui::clusterview
