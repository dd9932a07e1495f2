#include "clusterview/node_card.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QPainter>

#include <cmath>

#include <algorithm>

#include "clusterview/resource_text.h"
#include "theme/theme.h"

namespace pilothouse::ui::clusterview {

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(ClusterView)
};

}  // namespace

double CardStyle::bodyPoints(QSizeF cell) {
    return std::clamp(std::min(cell.width() / 32, cell.height() / 20) / theme::fontScale(), 8.5, 21.0);
}

CardStyle CardStyle::forCell(QSizeF cell) {
    CardStyle s;
    const double body = bodyPoints(cell);
    s.title = theme::font(body * 1.3, true);
    s.body = theme::font(body);
    s.small = theme::font(body * 0.82);
    s.chipName = theme::font(body * 0.85, true);
    s.chipDetail = theme::font(body * 0.72);
    s.largeChipName = theme::font(body * 1.1, true);
    s.largeChipDetail = theme::font(body * 0.85);
    s.largeChipLine = QFontMetricsF(s.largeChipName).height();
    s.titleHeight = QFontMetricsF(s.title).height();
    s.bodyHeight = QFontMetricsF(s.body).height();
    s.smallHeight = QFontMetricsF(s.small).height();
    s.chipLine = QFontMetricsF(s.chipName).height();
    s.padding = std::round(s.bodyHeight * 0.6);
    s.stripe = std::max(3.0, std::round(s.bodyHeight * 0.28));
    return s;
}

CardLayout layoutCard(const CardStyle& style, const QRectF& cell, const ClusterViewModel::Node& node) {
    CardLayout l;
    l.frame = cell;
    const NodeSummary& n = node.summary;
    const double pad = style.padding;
    const QRectF inner = cell.adjusted(pad, style.stripe + pad * 0.8, -pad, -pad);
    double y = inner.top();

    // Title row: the name, then the status pills at the right.
    const double pillHeight = style.smallHeight * 1.45;
    const double titleRow = std::max(style.titleHeight, pillHeight);
    double right = inner.right();
    auto pill = [&](CardBadge::Kind kind, const QString& text) {
        const double w = pillWidth(text, style.small);
        right -= w;
        l.pills.push_back({kind, QRectF(right, y + (titleRow - pillHeight) / 2, w, pillHeight), text});
        right -= pad * 0.5;
    };
    if (n.unschedulable) pill(CardBadge::Kind::Cordoned, QStringLiteral("SchedulingDisabled"));
    pill(CardBadge::Kind::Readiness, readinessName(n.readiness));
    std::reverse(l.pills.begin(), l.pills.end());
    l.name = QRectF(inner.left(), y, std::max(0.0, right - inner.left()), titleRow);
    y += titleRow + pad * 0.6;

    // Badges: taints first (they decide where pods may go), then labels, in up to a few rows.
    const double badgeHeight = style.smallHeight * 1.4;
    const double badgeGap = std::max(3.0, pad * 0.4);
    const int maxRows = cell.height() > cell.width() * 0.9 ? 3 : 2;
    QStringList texts = n.taints;
    const qsizetype taintCount = texts.size();
    texts += n.keyLabels;
    int row = 0;
    double x = inner.left();
    qsizetype i = 0;
    for (; i < texts.size(); ++i) {
        const double w = std::min(pillWidth(texts[i], style.small), inner.width());
        if (x > inner.left() && x + w > inner.right()) {
            ++row;
            x = inner.left();
        }
        if (row >= maxRows) break;
        l.badges.push_back({i < taintCount ? CardBadge::Kind::Taint : CardBadge::Kind::Label,
                            QRectF(x, y + row * (badgeHeight + badgeGap), w, badgeHeight), texts[i]});
        x += w + badgeGap;
    }
    if (i < texts.size()) {
        // More than fits: the last row ends with "+N", making room for it.
        auto more = [&] { return QStringLiteral("+%1").arg(texts.size() - qsizetype(l.badges.size())); };
        while (!l.badges.empty() && l.badges.back().rect.right() + badgeGap + pillWidth(more(), style.small) > inner.right())
            l.badges.pop_back();
        const double mx = l.badges.empty() ? inner.left() : l.badges.back().rect.right() + badgeGap;
        const double my = l.badges.empty() ? y : l.badges.back().rect.top();
        const QString text = more();
        l.badges.push_back({CardBadge::Kind::More, QRectF(mx, my, pillWidth(text, style.small), badgeHeight), text});
    }
    if (!l.badges.empty()) y += (l.badges.back().rect.bottom() - y) + pad * 0.8;

    // Usage: a line of text and a bar for each of cpu, memory, pods.
    const double barHeight = std::max(4.0, std::round(style.smallHeight * 0.42));
    const double usageHeight = style.smallHeight + barHeight + 2;
    for (auto& u : l.usage) {
        u = QRectF(inner.left(), y, inner.width(), usageHeight);
        y += usageHeight + pad * 0.45;
    }
    y += pad * 0.35;

    // Pods.
    l.podsHeading = QRectF(inner.left(), y, inner.width(), style.smallHeight);
    y += style.smallHeight + pad * 0.3;
    const QRectF chipArea(inner.left(), y, inner.width(), std::max(0.0, inner.bottom() - y));
    const int count = int(node.pods.size());
    l.chips = layoutChips(chipArea, count, style.largeChipLine, 12);
    l.largeChips = count > 0 && l.chips.style == ChipLayout::Style::TwoLines && !l.chips.overflows();
    if (!l.largeChips) l.chips = layoutChips(chipArea, count, style.chipLine, 13);
    return l;
}

void paintCard(QPainter& p, const CardStyle& style, const CardLayout& l, const ClusterViewModel::Node& node,
               const CardPaint& how) {
    const NodeSummary& n = node.summary;
    const QRectF& f = l.frame;
    const double radius = std::max(6.0, style.padding * 0.8);

    // Frame: surface, readiness stripe, hatching when cordoned, border (accent when selected).
    p.setPen(Qt::NoPen);
    p.setBrush(theme::surface());
    p.drawRoundedRect(f, radius, radius);
    if (n.unschedulable) drawHatch(p, f.adjusted(2, 2, -2, -2), mix(theme::surface(), theme::border(), 0.55));
    p.save();
    p.setClipRect(QRectF(f.left(), f.top(), f.width(), style.stripe));
    p.setBrush(readinessColor(n.readiness));
    p.drawRoundedRect(f, radius, radius);
    p.restore();
    // Lines thicken with the text (View > Text size, presentation mode).
    const double stroke = theme::fontScale();
    QPen border(theme::border(), stroke);
    if (n.readiness == NodeReadiness::NotReady) border = QPen(theme::failure(), 2 * stroke);
    if (how.nodeSelected) border = QPen(theme::accent(), std::max(3.0 * stroke, style.padding * 0.35));
    p.setPen(border);
    p.setBrush(Qt::NoBrush);
    p.drawRoundedRect(f.adjusted(border.widthF() / 2, border.widthF() / 2, -border.widthF() / 2, -border.widthF() / 2), radius, radius);

    // Name and status.
    p.setFont(style.title);
    p.setPen(theme::text());
    const QFontMetricsF tm(style.title);
    p.drawText(l.name, Qt::AlignVCenter | Qt::AlignLeft, tm.elidedText(n.name, Qt::ElideMiddle, l.name.width()));
    for (const CardBadge& b : l.pills) {
        if (b.kind == CardBadge::Kind::Readiness) {
            const QColor fill = readinessColor(n.readiness);
            drawPill(p, b.rect, b.text, style.small, fill, textOn(fill));
        } else {
            drawPill(p, b.rect, b.text, style.small, theme::surface(), theme::text(), theme::warning());
        }
    }

    // Taints and labels.
    for (const CardBadge& b : l.badges) {
        switch (b.kind) {
            case CardBadge::Kind::Taint:
                drawPill(p, b.rect, b.text, style.small, mix(theme::surface(), theme::warning(), 0.12), theme::text(), theme::warning());
                break;
            case CardBadge::Kind::Label:
                drawPill(p, b.rect, b.text, style.small, theme::surfaceRaised(), theme::text());
                break;
            default:
                drawPill(p, b.rect, b.text, style.small, QColor(), theme::mutedText(), theme::border());
                break;
        }
    }

    // Usage bars with their numbers.
    const QString labels[3] = {Text::tr("cpu requested"), Text::tr("memory requested"), Text::tr("pods")};
    const QString values[3] = {
        Text::tr("%1 / %2").arg(cpuText(node.cpuRequestedMilli), cpuText(n.cpuAllocatableMilli)),
        Text::tr("%1 / %2").arg(memoryText(node.memoryRequestedBytes), memoryText(n.memoryAllocatableBytes)),
        Text::tr("%1 / %2").arg(node.podsHoldingResources).arg(n.podsAllocatable)};
    const double ratios[3] = {node.cpuRatio(), node.memoryRatio(), node.podsRatio()};
    p.setFont(style.small);
    for (int i = 0; i < 3; ++i) {
        const QRectF& u = l.usage[size_t(i)];
        const QRectF line(u.left(), u.top(), u.width(), style.smallHeight);
        p.setPen(theme::mutedText());
        p.drawText(line, Qt::AlignVCenter | Qt::AlignLeft, labels[i]);
        p.setPen(ratios[i] > 1.0 ? theme::failure() : theme::text());
        p.drawText(line, Qt::AlignVCenter | Qt::AlignRight, Text::tr("%1 · %2").arg(values[i], percentText(ratios[i])));
        drawBar(p, QRectF(u.left(), line.bottom() + 2, u.width(), u.bottom() - line.bottom() - 2), ratios[i]);
    }

    // Pods as chips.
    p.setFont(style.small);
    p.setPen(theme::mutedText());
    p.drawText(l.podsHeading, Qt::AlignVCenter | Qt::AlignLeft,
               node.pods.empty() ? Text::tr("No pods") : Text::tr("Pods · %1").arg(node.pods.size()));
    ChipText chipText{l.largeChips ? style.largeChipName : style.chipName, l.largeChips ? style.largeChipDetail : style.chipDetail,
                      l.chips.style == ChipLayout::Style::TwoLines,
                      l.chips.style == ChipLayout::Style::OneLine};
    const int shown = l.chips.shown();
    const PhasePalette& phases = *how.phases;
    const bool antialiased = p.testRenderHint(QPainter::Antialiasing);
    if (l.chips.style == ChipLayout::Style::Plain && l.chips.chip.width() < 10) p.setRenderHint(QPainter::Antialiasing, false);
    for (int i = 0; i < shown; ++i) {
        const ClusterViewModel::Pod* pod = node.pods[size_t(i)];
        const PodSummary& s = pod->summary;
        const bool labelled = chipText.twoLines || chipText.oneLine;
        drawChip(p, l.chips.slotRect(i), phases.of(s.phase), phases.textOf(s.phase), chipText, labelled ? s.name() : QString(),
                 chipText.twoLines ? phaseName(s.phase) : QString(),
                 !how.selectedPod.isEmpty() && s.key == how.selectedPod);
    }
    p.setRenderHint(QPainter::Antialiasing, antialiased);
    if (l.chips.overflows()) drawMoreChip(p, l.chips.slotRect(shown), l.chips.count - shown, style.chipDetail);
}

}  // namespace pilothouse::ui::clusterview
