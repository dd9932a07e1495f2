#include "clusterview/view_header.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QLinearGradient>
#include <QLocale>
#include <QPainter>

#include <algorithm>
#include <cmath>

#include "theme/theme.h"

namespace pilothouse::ui::clusterview {

namespace {
struct Text {
    Q_DECLARE_TR_FUNCTIONS(ClusterView)
};

QString levelText(DetailLevel level) {
    switch (level) {
        case DetailLevel::Card: return Text::tr("Cards");
        case DetailLevel::Tile: return Text::tr("Tiles");
        case DetailLevel::HeatMap: break;
    }
    return Text::tr("Heat map");
}

QString number(qint64 n) { return QLocale().toString(n); }
}  // namespace

HeaderStyle HeaderStyle::withPoints(double points) {
    HeaderStyle s;
    s.main = theme::font(points, true);
    s.small = theme::font(points * 0.82);
    s.mainHeight = QFontMetricsF(s.main).height();
    s.smallHeight = QFontMetricsF(s.small).height();
    s.padding = std::round(s.mainHeight * 0.4);
    return s;
}

double HeaderStyle::height() const { return std::round(padding * 2.5 + mainHeight + smallHeight * 1.5); }

QRectF HeaderLayout::cpuToggle() const {
    for (const auto& i : legend)
        if (i.kind == HeaderItem::Kind::CpuToggle) return i.rect;
    return {};
}

QRectF HeaderLayout::memoryToggle() const {
    for (const auto& i : legend)
        if (i.kind == HeaderItem::Kind::MemoryToggle) return i.rect;
    return {};
}

HeaderLayout layoutHeader(const HeaderStyle& style, const QRectF& frame, const HeaderInfo& info) {
    HeaderLayout l;
    l.frame = frame;
    const QRectF inner = frame.adjusted(style.padding * 1.5, style.padding, -style.padding * 1.5, -style.padding);
    l.line1 = QRectF(inner.left(), inner.top(), inner.width(), style.mainHeight);
    l.line2 = QRectF(inner.left(), l.line1.bottom() + style.padding * 0.5, inner.width(), style.smallHeight * 1.5);
    if (info.level != DetailLevel::HeatMap) return l;

    // Right to left: the marks, the scale, "requested", the switch.
    const QFontMetricsF m(style.small);
    const double h = l.line2.height();
    const double gap = m.height() * 0.8;
    std::vector<HeaderItem> items = {
        {HeaderItem::Kind::Text, {}, Text::tr("Colour:")},
        {HeaderItem::Kind::CpuToggle, {}, Text::tr("cpu")},
        {HeaderItem::Kind::MemoryToggle, {}, Text::tr("memory")},
        {HeaderItem::Kind::Text, {}, Text::tr("requested / allocatable")},
        {HeaderItem::Kind::Scale, {}, QString()},
        {HeaderItem::Kind::NotReadyMark, {}, Text::tr("NotReady")},
        {HeaderItem::Kind::CordonedMark, {}, QStringLiteral("SchedulingDisabled")},
    };
    double width = 0;
    for (auto& i : items) {
        double w = m.horizontalAdvance(i.text);
        if (i.kind == HeaderItem::Kind::CpuToggle || i.kind == HeaderItem::Kind::MemoryToggle) w = pillWidth(i.text, style.small);
        if (i.kind == HeaderItem::Kind::Scale) w = m.horizontalAdvance(QStringLiteral("0% 100%")) + m.height() * 7;
        if (i.kind == HeaderItem::Kind::NotReadyMark || i.kind == HeaderItem::Kind::CordonedMark) w += h + m.height() * 0.3;
        i.rect = QRectF(0, l.line2.top(), w, h);
        width += w + gap;
    }
    // A narrow view (or a language with longer words) drops "Colour:" rather than cut it off.
    if (width - gap > l.line2.width() && items.front().kind == HeaderItem::Kind::Text) {
        width -= items.front().rect.width() + gap;
        items.erase(items.begin());
    }
    // Narrower still (Teach's column): what explains the colours goes before the switch that
    // changes them, rather than run off the left edge.
    for (HeaderItem::Kind kind : {HeaderItem::Kind::Text, HeaderItem::Kind::Scale, HeaderItem::Kind::CordonedMark,
                                  HeaderItem::Kind::NotReadyMark, HeaderItem::Kind::MemoryToggle, HeaderItem::Kind::CpuToggle}) {
        if (width - gap <= l.line2.width()) break;
        auto it = std::find_if(items.begin(), items.end(), [kind](const HeaderItem& i) { return i.kind == kind; });
        if (it == items.end()) continue;
        width -= it->rect.width() + gap;
        items.erase(it);
    }
    double x = l.line2.right() - width + gap;
    for (auto& i : items) {
        i.rect.moveLeft(x);
        x += i.rect.width() + (i.kind == HeaderItem::Kind::CpuToggle ? gap * 0.3 : gap);
    }
    l.legend = std::move(items);
    return l;
}

void paintHeader(QPainter& p, const HeaderStyle& style, const HeaderLayout& l, const HeaderInfo& info, const PhasePalette& phases) {
    p.fillRect(l.frame, theme::surface());
    p.setPen(QPen(theme::border(), 1));
    p.drawLine(l.frame.bottomLeft(), l.frame.bottomRight());

    // Line 1: the counts, then the phases with theirs.
    QString summary = !info.listed ? Text::tr("Waiting for the control plane's nodes and pods…")
                      : (info.nodes == 1 ? Text::tr("1 node") : Text::tr("%1 nodes").arg(number(info.nodes))) +
                            Text::tr(" · %1 pods · %2 pending").arg(number(info.pods), number(info.pending));
    if (info.notReady > 0) summary += Text::tr(" · %1 NotReady").arg(number(info.notReady));
    if (info.cordoned > 0) summary += Text::tr(" · %1 SchedulingDisabled").arg(number(info.cordoned));
    p.setFont(style.main);
    p.setPen(theme::text());
    const QFontMetricsF mm(style.main);
    // A narrow view (Teach's column): the nodes and the pending pods, else cut short.
    if (info.listed && mm.horizontalAdvance(summary) > l.line1.width()) {
        const QString nodes = info.nodes == 1 ? Text::tr("1 node") : Text::tr("%1 nodes").arg(number(info.nodes));
        summary = nodes + Text::tr(" · %1 pending").arg(number(info.pending));
        // Narrower still: the nodes (the lane below counts the pending pods).
        if (mm.horizontalAdvance(summary) > l.line1.width()) summary = nodes;
    }
    p.drawText(l.line1, Qt::AlignVCenter | Qt::AlignLeft, mm.elidedText(summary, Qt::ElideRight, l.line1.width()));
    // The phases, right-aligned, in their order; when they do not all fit, those with no pods go
    // first, then the last ones.
    const double dot = mm.height() * 0.6;
    std::vector<int> shown;
    for (int i = 0; i < kPodPhaseCount; ++i) shown.push_back(i);
    auto text = [&](int i) { return phaseName(PodPhase(i)) + QLatin1Char(' ') + number(info.phases[size_t(i)]); };
    auto width = [&] {
        double w = 0;
        for (int i : shown) w += mm.horizontalAdvance(text(i)) + dot * 1.5 + mm.height() * 1.1;
        return w;
    };
    const double room = l.line1.width() - mm.horizontalAdvance(summary) - mm.height();
    for (int i = kPodPhaseCount - 1; i >= 0 && width() > room; --i)
        if (info.phases[size_t(i)] == 0) shown.erase(std::find(shown.begin(), shown.end(), i));
    while (!shown.empty() && width() > room) shown.pop_back();
    double x = l.line1.right() - width() + mm.height() * 1.1;
    for (int i : shown) {
        p.setPen(Qt::NoPen);
        p.setBrush(phases.of(PodPhase(i)));
        p.drawRoundedRect(QRectF(x, l.line1.center().y() - dot / 2, dot, dot), dot / 4, dot / 4);
        x += dot * 1.5;
        const double w = mm.horizontalAdvance(text(i));
        p.setPen(info.phases[size_t(i)] > 0 ? theme::text() : theme::mutedText());
        p.drawText(QRectF(x, l.line1.top(), w, l.line1.height()), Qt::AlignVCenter | Qt::AlignLeft, text(i));
        x += w + mm.height() * 1.1;
    }

    // Line 2: the level of detail, the moment, then the heat-map legend.
    QString left = Text::tr("%1 · Ctrl+wheel or +/− to zoom, 0 to fit").arg(levelText(info.level));
    if (!info.live) left += Text::tr(" · the cluster as it was at revision %1").arg(info.revision);
    p.setFont(style.small);
    p.setPen(theme::mutedText());
    const QFontMetricsF sm(style.small);
    const double legendLeft = l.legend.empty() ? l.line2.right() : l.legend.front().rect.left() - sm.height();
    QRectF leftRect(l.line2.left(), l.line2.top(), std::max(0.0, legendLeft - l.line2.left()), l.line2.height());
    if (!info.error.isEmpty()) {
        p.setPen(theme::failure());
        left = info.error;
    }
    p.drawText(leftRect, Qt::AlignVCenter | Qt::AlignLeft, sm.elidedText(left, Qt::ElideRight, leftRect.width()));

    for (const HeaderItem& i : l.legend) {
        const QRectF& r = i.rect;
        switch (i.kind) {
            case HeaderItem::Kind::Text:
                p.setPen(theme::mutedText());
                p.setFont(style.small);
                p.drawText(r, Qt::AlignVCenter | Qt::AlignLeft, i.text);
                break;
            case HeaderItem::Kind::CpuToggle:
            case HeaderItem::Kind::MemoryToggle: {
                const bool on = (i.kind == HeaderItem::Kind::CpuToggle) == (info.metric == HeatMetric::Cpu);
                if (on) drawPill(p, r, i.text, style.small, theme::accent(), textOn(theme::accent()));
                else drawPill(p, r, i.text, style.small, QColor(), theme::text(), theme::border());
                break;
            }
            case HeaderItem::Kind::Scale: {
                const double w0 = sm.horizontalAdvance(QStringLiteral("0%"));
                const double w1 = sm.horizontalAdvance(QStringLiteral("100%"));
                p.setPen(theme::mutedText());
                p.drawText(QRectF(r.left(), r.top(), w0, r.height()), Qt::AlignVCenter | Qt::AlignLeft, QStringLiteral("0%"));
                p.drawText(QRectF(r.right() - w1, r.top(), w1, r.height()), Qt::AlignVCenter | Qt::AlignRight, QStringLiteral("100%"));
                const QRectF bar(r.left() + w0 + sm.height() * 0.3, r.top() + r.height() * 0.2,
                                 r.width() - w0 - w1 - sm.height() * 0.6, r.height() * 0.6);
                QLinearGradient g(bar.topLeft(), bar.topRight());
                for (int s = 0; s <= 10; ++s) g.setColorAt(s / 10.0, heatColor(s / 10.0));
                p.setPen(QPen(theme::border(), 1));
                p.setBrush(g);
                p.drawRect(bar);
                break;
            }
            case HeaderItem::Kind::NotReadyMark:
            case HeaderItem::Kind::CordonedMark: {
                const double s = r.height() * 0.8;
                const QRectF box(r.left(), r.center().y() - s / 2, s, s);
                p.fillRect(box, heatColor(0.3));
                if (i.kind == HeaderItem::Kind::CordonedMark) {
                    drawHatch(p, box, mix(heatColor(0.3), textOn(heatColor(0.3)), 0.55));
                } else {
                    p.setPen(QPen(theme::failure(), std::max(1.5, s / 9), Qt::SolidLine, Qt::RoundCap));
                    const QRectF x = box.adjusted(s * 0.18, s * 0.18, -s * 0.18, -s * 0.18);
                    p.drawLine(x.topLeft(), x.bottomRight());
                    p.drawLine(x.topRight(), x.bottomLeft());
                }
                p.setPen(theme::mutedText());
                p.setFont(style.small);
                p.drawText(QRectF(box.right() + sm.height() * 0.3, r.top(), r.right() - box.right(), r.height()),
                           Qt::AlignVCenter | Qt::AlignLeft, i.text);
                break;
            }
        }
    }
}

}  // namespace pilothouse::ui::clusterview
