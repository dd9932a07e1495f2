#include "journey/station_item.h"

#include <QFontMetricsF>
#include <QPainter>

#include <cmath>
#include <vector>

#include "journey/journey_layout.h"
#include "journey/journey_style.h"
#include "theme/theme.h"

namespace pilothouse::ui::journey {

namespace {
constexpr qreal kPad = 10;
// Lines for what a station is doing: the API server's plugins and the kubelet say more; the
// queue, Running/Ready and endpoints say little and keep the room for their tokens.
int activityLines(Station s) {
    return Stations::isQueue(s) || s == Station::RunningReady || s == Station::Endpoints ? 2 : 3;
}
constexpr int kFailureLines = 6;

// The title's font and lines: the largest bold size from `pixels` down to kTitleMinPx that fits
// `text` on one line, else on two (broken at the space nearest the middle), else elided.
struct TitleLayout {
    QFont font;
    QStringList lines;
};
TitleLayout fitTitle(const QString& text, int pixels, qreal width) {
    for (int px = pixels; px >= style::kTitleMinPx; --px) {
        QFont f = style::font(px, true);
        if (QFontMetricsF(f).horizontalAdvance(text) <= width) return {f, {text}};
    }
    qsizetype best = -1;
    for (qsizetype i = text.indexOf(QLatin1Char(' ')); i >= 0; i = text.indexOf(QLatin1Char(' '), i + 1))
        if (best < 0 || std::abs(i - text.size() / 2) < std::abs(best - text.size() / 2)) best = i;
    if (best > 0) {
        const QStringList lines = {text.left(best), text.mid(best + 1)};
        for (int px = pixels; px >= style::kTitleMinPx; --px) {
            QFont f = style::font(px, true);
            const QFontMetricsF fm(f);
            if (fm.horizontalAdvance(lines[0]) <= width && fm.horizontalAdvance(lines[1]) <= width) return {f, lines};
        }
    }
    QFont f = style::font(style::kTitleMinPx, true);
    return {f, {QFontMetricsF(f).elidedText(text, Qt::ElideRight, width)}};
}
}  // namespace

StationItem::StationItem(Station station, QGraphicsItem* parent)
    : QGraphicsItem(parent), station_(station), title_(Stations::title(station)) {
    const QRectF r = JourneyLayout::stationRect(station);
    setPos(r.topLeft());
    rect_ = QRectF(QPointF(0, 0), r.size());
    layoutText();
}

QRectF StationItem::boundingRect() const { return rect_.adjusted(-3, -3, 3, 3); }

void StationItem::layoutText() {
    const bool lane = Stations::isQueue(station_);
    const bool compact = JourneyLayout::compact(station_);
    const int titlePx = lane ? style::kLaneTitlePx : style::kStationTitlePx;
    const TitleLayout title = fitTitle(title_, titlePx, rect_.width() - 2 * kPad);
    titleFont_ = title.font;
    titleLines_ = title.lines;
    const qreal lineH = QFontMetricsF(style::font(titlePx, true)).height();
    titleRect_ = QRectF(kPad, kPad, rect_.width() - 2 * kPad, lineH * titleLines_.size());
    const qreal counterH = QFontMetricsF(style::font(style::kCounterPx)).height();
    const qreal top = titleRect_.bottom() + 2 + counterH + 4;
    const QFontMetricsF fm(style::font(style::kActivityPx, !failure_.isEmpty()));
    const int lines = activityLines(station_);
    const int maxLines = compact ? 1 : (failure_.isEmpty() ? lines : kFailureLines);
    qreal height = fm.lineSpacing() * lines;
    if (!failure_.isEmpty()) {
        const QRectF need = fm.boundingRect(QRectF(0, 0, rect_.width() - 2 * kPad, 1e6), Qt::TextWordWrap, failure_);
        height = std::clamp(need.height(), fm.lineSpacing() * lines, fm.lineSpacing() * maxLines);
    }
    if (compact) height = fm.lineSpacing();
    activityRect_ = QRectF(kPad, top, rect_.width() - 2 * kPad, height);
    textBottom_ = top + height + 6;
}

void StationItem::setState(const JourneyModel::StationState& s) {
    const QString& shownFailure = s.failure;
    if (s.passed == passed_ && s.here == here_ && s.failures == failures_ && s.busy == busy_ &&
        s.activity == activity_ && shownFailure == failure_)
        return;
    const bool relayout = shownFailure.isEmpty() != failure_.isEmpty() || (!shownFailure.isEmpty() && shownFailure != failure_);
    passed_ = s.passed;
    here_ = s.here;
    failures_ = s.failures;
    busy_ = s.busy;
    activity_ = s.activity;
    failure_ = shownFailure;
    if (relayout) layoutText();
    picture_.invalidate();
    update();
}

void StationItem::setUnrecorded(const QString& podName) {
    if (podName == unrecorded_) return;
    unrecorded_ = podName;
    picture_.invalidate();
    update();
}

QRectF StationItem::tokenArea() const {
    const QRectF r(kPad, textBottom_, rect_.width() - 2 * kPad, std::max<qreal>(rect_.height() - textBottom_ - kPad / 2, 0));
    return r.translated(pos());
}

void StationItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) {
    // Text is costly to draw and changes seldom: tokens moving over it reuse the picture.
    picture_.draw(painter, boundingRect(), [this](QPainter* p) { paintContent(p); });
}

void StationItem::paintContent(QPainter* painter) {
    const bool failing = !failure_.isEmpty();
    painter->setRenderHint(QPainter::Antialiasing);
    QColor fill = busy_ ? theme::surfaceRaised() : theme::surface();
    if (failing) {
        QColor tint = theme::failure();
        tint.setAlphaF(theme::dark() ? 0.16 : 0.08);
        painter->setPen(Qt::NoPen);
        painter->setBrush(fill);
        painter->drawRoundedRect(rect_, 12, 12);
        fill = tint;
    }
    const bool unknown = !unrecorded_.isEmpty() && !failing;
    const QColor edge = failing ? theme::failure() : busy_ || unknown ? theme::accent() : theme::border();
    painter->setPen(QPen(edge, style::stroke(failing || busy_ || unknown ? 3 : 1.5), unknown ? Qt::DashLine : Qt::SolidLine));
    painter->setBrush(fill);
    painter->drawRoundedRect(rect_.adjusted(0.75, 0.75, -0.75, -0.75), 12, 12);

    // Title.
    const qreal width = rect_.width() - 2 * kPad;
    painter->setFont(titleFont_);
    painter->setPen(theme::text());
    const qreal titleH = titleRect_.height() / titleLines_.size();
    for (int i = 0; i < titleLines_.size(); ++i)
        painter->drawText(QRectF(kPad, kPad + i * titleH, width, titleH), Qt::AlignLeft | Qt::AlignVCenter, titleLines_[i]);
    // Failed steps: in red beside the title's last line when there is room, else with the counters.
    const QString failed = tr("%1 failed").arg(failures_);
    const QFont failedFont = style::font(style::kCounterPx, true);
    const bool failedInTitle = failures_ > 0 && QFontMetricsF(titleFont_).horizontalAdvance(titleLines_.back()) + 12 +
                                                        QFontMetricsF(failedFont).horizontalAdvance(failed) <= width;
    if (failedInTitle) {
        painter->setFont(failedFont);
        painter->setPen(theme::failure());
        painter->drawText(QRectF(kPad, titleRect_.bottom() - titleH, width, titleH), Qt::AlignRight | Qt::AlignVCenter, failed);
    }

    // Counters: passed, here, failed (red when any), in a font that fits the width.
    struct Segment {
        QString text;
        QColor color;
        bool bold;
    };
    //: Station counters: pods that went through, pods there now, failed steps.
    std::vector<Segment> segments = {{tr("%1 passed").arg(passed_), theme::mutedText(), false},
                                     {QStringLiteral("·"), theme::mutedText(), false},
                                     {tr("%1 here").arg(here_), here_ > 0 ? theme::text() : theme::mutedText(), here_ > 0}};
    if (failures_ > 0 && !failedInTitle) {
        segments.push_back({QStringLiteral("·"), theme::mutedText(), false});
        segments.push_back({failed, theme::failure(), true});
    }
    int px = style::kCounterPx;
    auto widthAt = [&](int size) {
        qreal w = 0;
        for (const auto& seg : segments) {
            w += QFontMetricsF(style::font(size, seg.bold)).horizontalAdvance(seg.text) +
                 QFontMetricsF(style::font(size)).horizontalAdvance(QLatin1Char(' '));
        }
        return w;
    };
    // Too long: "0 here" goes first, then the type shrinks a little.
    if (widthAt(px - 2) > width && here_ == 0 && segments.size() >= 3) segments.erase(segments.begin() + 1, segments.begin() + 3);
    while (px > style::kDetailMinPx && widthAt(px) > width) --px;
    // Still too long with pods here (a narrow station, thousands of pods): what is here now stays.
    if (widthAt(px) > width && here_ > 0 && segments.size() >= 3) segments.erase(segments.begin(), segments.begin() + 2);
    const QFontMetricsF cm(style::font(style::kCounterPx));
    qreal x = kPad;
    const qreal y = titleRect_.bottom() + 2;
    for (const auto& seg : segments) {
        const QFont f = style::font(px, seg.bold);
        painter->setFont(f);
        painter->setPen(seg.color);
        painter->drawText(QPointF(x, y + cm.ascent()), seg.text);
        x += QFontMetricsF(f).horizontalAdvance(seg.text) + QFontMetricsF(style::font(px)).horizontalAdvance(QLatin1Char(' '));
    }

    // What it is doing, or the failure holding a pod here.
    //: A station of an observed journey the cluster kept no record of: "web-1: not recorded".
    const QString text = failing ? failure_ : unknown ? tr("%1: not recorded by the cluster").arg(unrecorded_) : activity_;
    if (!text.isEmpty()) {
        const QFont f = style::font(style::kActivityPx, failing || unknown);
        painter->setFont(f);
        painter->setPen(failing ? theme::failure() : unknown ? theme::accent() : busy_ ? theme::text() : theme::mutedText());
        const QFontMetricsF fm(f);
        const int lines = std::max(1, int(activityRect_.height() / fm.lineSpacing() + 0.01));
        // Word-wrap into the lines there are; the last one is elided.
        QString rest = text;
        qreal ly = activityRect_.top();
        for (int i = 0; i < lines && !rest.isEmpty(); ++i) {
            QString lineText;
            if (i == lines - 1) {
                lineText = fm.elidedText(rest, Qt::ElideRight, activityRect_.width());
                rest.clear();
            } else {
                // Break at a space, or after a slash (paths), else anywhere.
                qsizetype cut = rest.size();
                while (cut > 0 && fm.horizontalAdvance(rest.left(cut)) > activityRect_.width()) {
                    qsizetype at = cut - 1;
                    while (at > 0 && rest[at] != QLatin1Char(' ') && rest[at - 1] != QLatin1Char('/')) --at;
                    cut = at > 0 ? at : cut - 1;
                }
                if (cut <= 0) cut = 1;
                lineText = rest.left(cut);
                rest = rest.mid(cut).trimmed();
            }
            painter->drawText(QPointF(activityRect_.left(), ly + fm.ascent()), lineText);
            ly += fm.lineSpacing();
        }
    }
}

}  // namespace pilothouse::ui::journey
