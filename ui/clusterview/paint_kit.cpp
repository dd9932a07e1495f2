#include "clusterview/paint_kit.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

#include "theme/theme.h"

namespace pilothouse::ui::clusterview {

namespace {
double luminance(const QColor& c) {
    auto channel = [](double v) { return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
}
double contrast(const QColor& a, const QColor& b) {
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}
}  // namespace

QColor mix(const QColor& a, const QColor& b, double t) {
    t = std::clamp(t, 0.0, 1.0);
    return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * t), float(a.greenF() + (b.greenF() - a.greenF()) * t),
                            float(a.blueF() + (b.blueF() - a.blueF()) * t));
}

QColor textOn(const QColor& fill) {
    const QColor dark = theme::dark() ? theme::surface() : theme::text();
    const QColor light = theme::dark() ? theme::text() : theme::surface();
    return contrast(fill, dark) >= contrast(fill, light) ? dark : light;
}

QColor readinessColor(NodeReadiness readiness) {
    switch (readiness) {
        case NodeReadiness::Ready: return theme::phaseColor(QStringLiteral("Running"));
        case NodeReadiness::NotReady: return theme::failure();
        case NodeReadiness::Unknown: break;
    }
    return theme::phaseColor(QStringLiteral("Unknown"));
}

QColor heatColor(double ratio) {
    if (ratio > 1.0 + 1e-9) return theme::failure();
    // A little of the accent even at zero so that an empty node still reads as a node.
    return mix(theme::surfaceRaised(), theme::accent(), 0.06 + 0.94 * std::pow(std::clamp(ratio, 0.0, 1.0), 0.85));
}

PhasePalette::PhasePalette() {
    for (int i = 0; i < kPodPhaseCount; ++i) {
        fill[size_t(i)] = theme::phaseColor(phaseName(PodPhase(i)));
        text[size_t(i)] = textOn(fill[size_t(i)]);
    }
}

double pillWidth(const QString& text, const QFont& font) {
    const QFontMetricsF m(font);
    return std::ceil(m.horizontalAdvance(text) + m.height() * 1.0 + 2);
}

void drawPill(QPainter& p, const QRectF& r, const QString& text, const QFont& font, const QColor& fill,
              const QColor& textColor, const QColor& outline) {
    const double radius = r.height() / 2;
    p.setPen(outline.isValid() ? QPen(outline, std::max(1.0, r.height() / 14)) : Qt::NoPen);
    p.setBrush(fill.isValid() ? QBrush(fill) : Qt::NoBrush);
    p.drawRoundedRect(r.adjusted(0.5, 0.5, -0.5, -0.5), radius, radius);
    p.setPen(textColor);
    p.setFont(font);
    const QFontMetricsF m(font);
    const QRectF inner = r.adjusted(m.height() * 0.45, 0, -m.height() * 0.45, 0);
    p.drawText(inner, Qt::AlignCenter, m.elidedText(text, Qt::ElideRight, inner.width()));
}

void drawBar(QPainter& p, const QRectF& r, double ratio) {
    const double radius = std::min(r.height() / 2, 4.0);
    p.setPen(Qt::NoPen);
    p.setBrush(theme::surfaceRaised());
    p.drawRoundedRect(r, radius, radius);
    if (ratio <= 0) return;
    QRectF fill = r;
    fill.setWidth(std::max(std::min(ratio, 1.0) * r.width(), std::min(r.width(), 2 * radius)));
    p.setBrush(ratio > 1.0 + 1e-9 ? theme::failure() : theme::accent());
    p.drawRoundedRect(fill, radius, radius);
}

void drawHatch(QPainter& p, const QRectF& r, const QColor& color) {
    p.save();
    p.setClipRect(r, Qt::IntersectClip);
    const double step = std::clamp(r.height() / 4, 5.0, 14.0);
    p.setPen(QPen(color, std::max(1.0, step / 5)));
    for (double x = r.left() - r.height(); x < r.right(); x += step)
        p.drawLine(QPointF(x, r.bottom()), QPointF(x + r.height(), r.top()));
    p.restore();
}

void drawChip(QPainter& p, const QRectF& r, const QColor& fill, const QColor& textColor, const ChipText& text,
              const QString& name, const QString& detail, bool selected) {
    const double radius = std::min(r.height() / 4, 8.0);
    if (r.width() < 10 && !selected) {  // a small square: no corners to round, no text
        p.fillRect(r, fill);
        return;
    }
    p.setPen(Qt::NoPen);
    p.setBrush(fill);
    p.drawRoundedRect(r, radius, radius);
    if (selected) {
        const double w = std::max(2.0, r.height() / 10);
        p.setPen(QPen(theme::accent(), w));
        p.setBrush(Qt::NoBrush);
        p.drawRoundedRect(r.adjusted(-w, -w, w, w), radius + w, radius + w);
        p.setPen(QPen(theme::background(), std::max(1.0, w / 2)));
        p.drawRoundedRect(r.adjusted(w / 4, w / 4, -w / 4, -w / 4), radius, radius);
    }
    if (!text.twoLines && !text.oneLine) return;
    p.setPen(textColor);
    const QFontMetricsF nm(text.name);
    const double pad = nm.height() * 0.4;
    const QRectF inner = r.adjusted(pad, 0, -pad, 0);
    if (text.oneLine) {
        p.setFont(text.name);
        p.drawText(inner, Qt::AlignVCenter | Qt::AlignLeft, nm.elidedText(name, Qt::ElideMiddle, inner.width()));
        return;
    }
    const QFontMetricsF dm(text.detail);
    // As many lines of detail as the chip has room for (a scheduler's message needs a few).
    const int lines = std::max(1, int((r.height() - nm.height() - pad * 0.6) / dm.height()));
    const QStringList detailLines = wrapText(detail, dm, inner.width(), lines);
    const double top = r.top() + (r.height() - nm.height() - dm.height() * double(detailLines.size())) / 2;
    p.setFont(text.name);
    p.drawText(QRectF(inner.left(), top, inner.width(), nm.height()), Qt::AlignVCenter | Qt::AlignLeft,
               nm.elidedText(name, Qt::ElideMiddle, inner.width()));
    p.setFont(text.detail);
    for (qsizetype i = 0; i < detailLines.size(); ++i)
        p.drawText(QRectF(inner.left(), top + nm.height() + dm.height() * double(i), inner.width(), dm.height()),
                   Qt::AlignVCenter | Qt::AlignLeft, detailLines[i]);
}

QStringList wrapText(const QString& text, const QFontMetricsF& metrics, double width, int maxLines) {
    QStringList lines;
    const QStringList words = text.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    QString line;
    qsizetype i = 0;
    for (; i < words.size(); ++i) {
        const QString candidate = line.isEmpty() ? words[i] : line + QLatin1Char(' ') + words[i];
        if (line.isEmpty() || metrics.horizontalAdvance(candidate) <= width) {
            line = candidate;
            continue;
        }
        if (lines.size() + 1 == maxLines) break;
        lines.push_back(line);
        line = words[i];
    }
    // The last line takes the rest, elided.
    for (; i < words.size(); ++i) line += QLatin1Char(' ') + words[i];
    if (!line.isEmpty() || lines.isEmpty()) lines.push_back(metrics.elidedText(line, Qt::ElideRight, width));
    return lines;
}

void drawMoreChip(QPainter& p, const QRectF& r, int more, const QFont& font) {
    const double radius = std::min(r.height() / 4, 8.0);
    p.setPen(QPen(theme::border(), 1));
    p.setBrush(theme::surfaceRaised());
    p.drawRoundedRect(r.adjusted(0.5, 0.5, -0.5, -0.5), radius, radius);
    if (r.height() < 10) return;
    QFont f = font;
    if (QFontMetricsF(f).height() > r.height()) f.setPixelSize(std::max(6, int(r.height() * 0.8)));
    p.setFont(f);
    p.setPen(theme::text());
    p.drawText(r, Qt::AlignCenter, QStringLiteral("+%1").arg(more));
}

}  // namespace pilothouse::ui::clusterview
