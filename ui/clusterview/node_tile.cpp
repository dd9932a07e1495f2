#include "clusterview/node_tile.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>

#include "clusterview/paint_kit.h"
#include "clusterview/resource_text.h"
#include "theme/theme.h"

namespace pilothouse::ui::clusterview {

namespace {
struct Text {
    Q_DECLARE_TR_FUNCTIONS(ClusterView)
};
}  // namespace

TileStyle TileStyle::forCell(QSizeF cell) {
    TileStyle s;
    const double pts = std::clamp(std::min(cell.width() / 19, cell.height() / 6.2) / theme::fontScale(), 7.5, 15.0);
    s.name = theme::font(pts, true);
    s.small = theme::font(pts * 0.8);
    const QFontMetricsF nm(s.name), sm(s.small);
    s.nameHeight = nm.height();
    s.smallHeight = sm.height();
    s.labelWidth = std::max({sm.horizontalAdvance(Text::tr("cpu")), sm.horizontalAdvance(Text::tr("mem")),
                             sm.horizontalAdvance(Text::tr("pods"))}) + sm.height() * 0.4;
    s.percentWidth = sm.horizontalAdvance(QStringLiteral("100%")) + sm.height() * 0.3;
    return s;
}

void paintTile(QPainter& p, const TileStyle& style, const QRectF& cell, const ClusterViewModel::Node& node, bool selected) {
    const NodeSummary& n = node.summary;
    const double radius = std::min(8.0, cell.height() / 8);
    p.setPen(Qt::NoPen);
    p.setBrush(theme::surface());
    p.drawRoundedRect(cell, radius, radius);
    if (n.unschedulable) drawHatch(p, cell.adjusted(2, 2, -2, -2), mix(theme::surface(), theme::border(), 0.6));
    // Readiness: the left edge.
    const double edge = std::max(4.0, std::round(style.smallHeight * 0.35));
    p.save();
    p.setClipRect(QRectF(cell.left(), cell.top(), edge, cell.height()));
    p.setBrush(readinessColor(n.readiness));
    p.drawRoundedRect(cell, radius, radius);
    p.restore();
    // Lines thicken with the text (View > Text size, presentation mode).
    const double stroke = theme::fontScale();
    QPen border(theme::border(), stroke);
    if (n.readiness == NodeReadiness::NotReady) border = QPen(theme::failure(), 2 * stroke);
    if (selected) border = QPen(theme::accent(), 3 * stroke);
    p.setPen(border);
    p.setBrush(Qt::NoBrush);
    const double bw = border.widthF() / 2;
    p.drawRoundedRect(cell.adjusted(bw, bw, -bw, -bw), radius, radius);

    const double pad = std::max(4.0, std::round(style.smallHeight * 0.45));
    const QRectF inner = cell.adjusted(edge + pad, pad * 0.7, -pad, -pad * 0.7);

    // Name, and the status words when the node is not simply Ready.
    double right = inner.right();
    const double pillHeight = style.smallHeight * 1.25;
    const double nameRow = std::max(style.nameHeight, pillHeight);
    const double nameWidth = QFontMetricsF(style.name).horizontalAdvance(n.name);
    auto pill = [&](const QString& text, const QColor& fill, const QColor& textColor, const QColor& outline) {
        const double w = std::min(pillWidth(text, style.small), inner.width() * 0.5);
        right -= w;
        drawPill(p, QRectF(right, inner.top() + (nameRow - pillHeight) / 2, w, pillHeight), text, style.small, fill, textColor, outline);
        right -= pad * 0.4;
    };
    // NotReady always shows; SchedulingDisabled when it fits beside the whole name (the hatching
    // says it otherwise, and the tooltip spells it out).
    if (n.readiness != NodeReadiness::Ready) {
        const QColor fill = readinessColor(n.readiness);
        pill(readinessName(n.readiness), fill, textOn(fill), QColor());
    }
    const QString cordoned = QStringLiteral("SchedulingDisabled");
    if (n.unschedulable && right - inner.left() - pillWidth(cordoned, style.small) - pad * 0.4 >= nameWidth)
        pill(cordoned, theme::surface(), theme::text(), theme::warning());
    p.setFont(style.name);
    p.setPen(theme::text());
    const QRectF nameRect(inner.left(), inner.top(), std::max(0.0, right - inner.left()), nameRow);
    p.drawText(nameRect, Qt::AlignVCenter | Qt::AlignLeft, QFontMetricsF(style.name).elidedText(n.name, Qt::ElideMiddle, nameRect.width()));

    // Bars: cpu, memory, pods.
    const double top = inner.top() + nameRow + pad * 0.3;
    const double rowHeight = (inner.bottom() - top) / 3;
    if (rowHeight < 3) return;
    const bool withText = rowHeight >= style.smallHeight * 0.9;
    const QString labels[3] = {Text::tr("cpu"), Text::tr("mem"), Text::tr("pods")};
    const double ratios[3] = {node.cpuRatio(), node.memoryRatio(), node.podsRatio()};
    p.setFont(style.small);
    for (int i = 0; i < 3; ++i) {
        const QRectF row(inner.left(), top + i * rowHeight, inner.width(), rowHeight);
        const double barHeight = std::clamp(rowHeight * 0.42, 3.0, 10.0);
        QRectF bar(row.left(), row.center().y() - barHeight / 2, row.width(), barHeight);
        if (withText) {
            p.setPen(theme::mutedText());
            p.drawText(QRectF(row.left(), row.top(), style.labelWidth, row.height()), Qt::AlignVCenter | Qt::AlignLeft, labels[i]);
            p.setPen(ratios[i] > 1.0 ? theme::failure() : theme::text());
            p.drawText(QRectF(row.right() - style.percentWidth, row.top(), style.percentWidth, row.height()),
                       Qt::AlignVCenter | Qt::AlignRight, percentText(ratios[i]));
            bar.setLeft(row.left() + style.labelWidth);
            bar.setRight(row.right() - style.percentWidth - pad * 0.3);
        }
        drawBar(p, bar, ratios[i]);
    }
}

}  // namespace pilothouse::ui::clusterview
