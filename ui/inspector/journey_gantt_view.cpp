#include "inspector/journey_gantt_view.h"

#include <QCoreApplication>
#include <QEvent>
#include <QLinearGradient>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

#include "inspector/pod_journey_model.h"
#include "sim/journey.h"
#include "theme/theme.h"

namespace pilothouse::ui {

namespace {

constexpr int kMargin = 12;
constexpr double kLabelPoints = 13;
constexpr double kSmallPoints = 12;

// One colour per part of the control plane the stage belongs to; failures are red.
QColor stageColor(const QString& stage, bool failed) {
    if (failed) return theme::failure();
    const std::string s = stage.toStdString();
    if (s == sim::kStageQueue) return theme::phaseColor(QStringLiteral("Pending"));
    if (s == sim::kStageSchedulingAttempt || s == sim::kStageBinding || s == sim::kStageEndpoints) return theme::accent();
    if (s == sim::kStageKubeletAdmission || s == sim::kStageImagePull || s == sim::kStageSandbox ||
        s == sim::kStageContainers || s == sim::kStageProbes || s == sim::kStageRunning || s == sim::kStageReady)
        return theme::phaseColor(QStringLiteral("Running"));
    if (s == sim::kStageTermination) return theme::phaseColor(QStringLiteral("Terminating"));
    // The API server's stages and the store.
    return theme::phaseColor(QStringLiteral("Succeeded"));
}

// Whether the journey has come to its end (Ready, or the pod terminated): the chart then ends
// with it; otherwise it runs on to the moment shown.
bool finished(const QString& stage) {
    const std::string s = stage.toStdString();
    return s == sim::kStageReady || s == sim::kStageEndpoints || s == sim::kStageTermination;
}

// A tick step (seconds) giving about `wanted` ticks over `span` seconds: 1, 2 or 5 × 10^k.
double tickStep(double span, int wanted) {
    const double raw = span / std::max(1, wanted);
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (raw <= m * magnitude) return m * magnitude;
    return 10 * magnitude;
}

QString secondsLabel(double s, double step) {
    const int decimals = step >= 1 ? 0 : std::min(6, int(std::ceil(-std::log10(step) - 1e-9)));
    return QCoreApplication::translate("JourneyGanttView", "%1 s").arg(s, 0, 'f', decimals);
}

// "mutating admission: Priority" -> ("mutating admission", "Priority"); no prefix otherwise.
std::pair<QString, QString> splitStage(const QString& stage) {
    const qsizetype colon = stage.indexOf(QStringLiteral(": "));
    if (colon < 0) return {QString(), stage};
    return {stage.left(colon), stage.mid(colon + 2)};
}

// Text that reads on `background`.
QColor onColor(const QColor& background) { return background.lightnessF() > 0.6 ? QColor(Qt::black) : QColor(Qt::white); }

}  // namespace

JourneyGanttView::JourneyGanttView(PodJourneyModel* model, QWidget* parent) : QWidget(parent), model_(model) {
    auto relayout = [this] {
        updateGeometry();
        update();
    };
    connect(model_, &QAbstractItemModel::modelReset, this, relayout);
    connect(model_, &QAbstractItemModel::rowsInserted, this, relayout);
    connect(model_, &QAbstractItemModel::rowsRemoved, this, relayout);
    connect(model_, &QAbstractItemModel::dataChanged, this, qOverload<>(&QWidget::update));
}

JourneyGanttView::Layout JourneyGanttView::layout() const {
    const QFontMetrics lfm(theme::font(kLabelPoints)), sfm(theme::font(kSmallPoints));
    Layout l;
    int full = 0, parts = 0;
    for (int r = 0; r < model_->rowCount(); ++r) {
        const QString stage = model_->index(r, PodJourneyModel::StageColumn).data().toString();
        full = std::max(full, lfm.horizontalAdvance(stage));
        const auto [prefix, name] = splitStage(stage);
        parts = std::max({parts, sfm.horizontalAdvance(prefix), lfm.horizontalAdvance(name)});
    }
    const int room = int(width() * 0.42);
    // Labels on one line when they fit; else "mutating admission" above "Priority".
    l.stacked = full + 16 > room;
    l.labelWidth = std::min((l.stacked ? parts : full) + 16, room);
    l.lineHeight = l.stacked ? sfm.height() + lfm.height() + 8 : int(lfm.height() * 1.8);
    l.messageHeight = sfm.height() + 4;
    l.axisHeight = sfm.height() * 2;
    return l;
}

int JourneyGanttView::rowHeight(const Layout& l, int row) const {
    return l.lineHeight + (model_->index(row, 0).data(PodJourneyModel::FailedRole).toBool() ? l.messageHeight : 0);
}

QSize JourneyGanttView::sizeHint() const {
    const Layout l = layout();
    int h = 2 * kMargin + l.axisHeight;
    for (int r = 0; r < model_->rowCount(); ++r) h += rowHeight(l, r);
    return {800, std::max(h, 200)};
}

QSize JourneyGanttView::minimumSizeHint() const { return {300, sizeHint().height()}; }

void JourneyGanttView::changeEvent(QEvent* event) {
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange) {
        updateGeometry();
        update();
    }
    QWidget::changeEvent(event);
}

void JourneyGanttView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(rect(), theme::background());
    const QFont labelFont = theme::font(kLabelPoints);
    const QFont smallFont = theme::font(kSmallPoints);
    const QFontMetrics lfm(labelFont), sfm(smallFont);
    const int rows = model_->rowCount();
    if (rows == 0) {
        p.setFont(labelFont);
        p.setPen(theme::mutedText());
        const QString text = model_->pod().isEmpty() ? tr("Select a pod to see its journey.")
                                                     : tr("No stage of this pod's journey had begun by this moment.");
        p.drawText(rect().adjusted(kMargin, kMargin, -kMargin, -kMargin), Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap, text);
        return;
    }
    const Layout l = layout();

    // The time range: from the first stage's start to the journey's end, or to the moment shown
    // while it is still going on.
    const qint64 view = model_->viewNanos();
    qint64 t0 = model_->index(0, 0).data(PodJourneyModel::StartNanosRole).toLongLong(), t1 = t0;
    for (int r = 0; r < rows; ++r) t1 = std::max(t1, model_->index(r, 0).data(PodJourneyModel::EndNanosRole).toLongLong());
    if (!finished(model_->index(rows - 1, 0).data(PodJourneyModel::StageNameRole).toString())) t1 = std::max(t1, view);
    if (t1 - t0 < 1'000'000) t1 = t0 + 1'000'000;
    const int x0 = kMargin + l.labelWidth, x1 = width() - kMargin - 4;
    const double span = double(t1 - t0);
    auto xOf = [&](qint64 t) { return x0 + (x1 - x0) * double(t - t0) / span; };

    int bottom = kMargin + l.axisHeight;
    for (int r = 0; r < rows; ++r) bottom += rowHeight(l, r);

    // Axis: virtual seconds since the simulation started, as the timeline and the charts count.
    const double spanS = span / 1e9;
    const double t0Seconds = double(t0 - model_->epochNanos()) / 1e9;
    const int tickRoom = sfm.horizontalAdvance(QStringLiteral("00.000 s")) * 2;
    const double step = tickStep(spanS, std::max(3, (x1 - x0) / std::max(1, tickRoom)));
    p.setFont(smallFont);
    for (double s = std::ceil(t0Seconds / step - 1e-9) * step; s <= t0Seconds + spanS + 1e-9; s += step) {
        const double x = x0 + (x1 - x0) * (s - t0Seconds) / spanS;
        p.setPen(QPen(theme::border(), 1, Qt::DotLine));
        p.drawLine(QPointF(x, kMargin + l.axisHeight - 4), QPointF(x, bottom));
        p.setPen(theme::mutedText());
        const QString label = secondsLabel(s, step);
        const int w = sfm.horizontalAdvance(label);
        p.drawText(QPointF(std::max(double(x0) - w / 2.0, std::min(x - w / 2.0, double(width() - w - 2))), kMargin + sfm.ascent()),
                   label);
    }

    int y = kMargin + l.axisHeight;
    for (int r = 0; r < rows; ++r) {
        const int h = rowHeight(l, r);
        const QModelIndex idx = model_->index(r, 0);
        const bool failed = idx.data(PodJourneyModel::FailedRole).toBool();
        const bool inProgress = idx.data(PodJourneyModel::InProgressRole).toBool();
        const QString stage = idx.data(PodJourneyModel::StageNameRole).toString();
        const QString detail = idx.data(PodJourneyModel::DetailRole).toString();
        const qint64 start = idx.data(PodJourneyModel::StartNanosRole).toLongLong();
        const qint64 end = idx.data(PodJourneyModel::EndNanosRole).toLongLong();
        const QColor color = stageColor(stage, failed);
        const double midY = y + l.lineHeight / 2.0;
        if (r % 2 == 1) p.fillRect(QRect(0, y, width(), h), theme::surface());

        // The stage's name ("mutating admission" above "Priority" when stacked).
        const int labelW = l.labelWidth - 12;
        const auto [prefix, name] = splitStage(idx.data(PodJourneyModel::StageLabelRole).toString());
        if (l.stacked && !prefix.isEmpty()) {
            p.setFont(smallFont);
            p.setPen(theme::mutedText());
            p.drawText(QRect(kMargin, y + 4, labelW, sfm.height()), Qt::AlignLeft | Qt::AlignVCenter,
                       sfm.elidedText(prefix, Qt::ElideRight, labelW));
            p.setFont(labelFont);
            p.setPen(failed ? theme::failure() : theme::text());
            p.drawText(QRect(kMargin, y + 4 + sfm.height(), labelW, lfm.height()), Qt::AlignLeft | Qt::AlignVCenter,
                       lfm.elidedText(name, Qt::ElideRight, labelW));
        } else {
            p.setFont(labelFont);
            p.setPen(failed ? theme::failure() : theme::text());
            p.drawText(QRect(kMargin, y, labelW, l.lineHeight), Qt::AlignLeft | Qt::AlignVCenter,
                       lfm.elidedText(idx.data(PodJourneyModel::StageLabelRole).toString(), Qt::ElideRight, labelW));
        }

        // The bar, or a diamond for an instant.
        const double xs = xOf(start), xe = xOf(end);
        const double barH = std::min(lfm.height() * 1.0, l.lineHeight * 0.55);
        const bool instant = end == start && !inProgress;
        QRectF bar(xs, midY - barH / 2, std::max(3.0, xe - xs), barH);
        if (instant) {
            const double d = barH * 0.55;
            QPainterPath diamond;
            diamond.moveTo(xs, midY - d);
            diamond.lineTo(xs + d, midY);
            diamond.lineTo(xs, midY + d);
            diamond.lineTo(xs - d, midY);
            diamond.closeSubpath();
            p.setPen(Qt::NoPen);
            p.setBrush(color);
            p.drawPath(diamond);
            bar = QRectF(xs - d, midY - d, 2 * d, 2 * d);
        } else {
            if (inProgress) {
                QLinearGradient fade(bar.topLeft(), bar.topRight());
                QColor faded = color;
                faded.setAlpha(70);
                fade.setColorAt(0, color);
                fade.setColorAt(1, faded);
                p.setBrush(fade);
            } else {
                p.setBrush(color);
            }
            p.setPen(Qt::NoPen);
            p.drawRoundedRect(bar, 3, 3);
        }

        // "500 ms · nginx:1.25": after the bar when it fits there, inside a long bar, else on the
        // side with more room.
        p.setFont(smallFont);
        QString duration = model_->index(r, PodJourneyModel::DurationColumn).data().toString();
        if (instant) duration = tr("at %1").arg(model_->index(r, PodJourneyModel::StartColumn).data().toString());
        const QString text = detail.isEmpty() || failed ? duration : tr("%1 · %2").arg(duration, detail);
        const int textW = sfm.horizontalAdvance(text);
        const int roomRight = x1 + 4 - int(bar.right()) - 8;
        const int roomLeft = int(bar.left()) - x0 - 8;
        if (textW <= roomRight) {
            p.setPen(failed ? theme::failure() : theme::text());
            p.drawText(QRectF(bar.right() + 8, y, roomRight, l.lineHeight), Qt::AlignLeft | Qt::AlignVCenter, text);
        } else if (!instant && textW + 16 <= bar.width()) {
            p.setPen(onColor(color));
            p.drawText(bar.adjusted(8, -4, -8, 4), Qt::AlignLeft | Qt::AlignVCenter, text);
        } else if (roomRight >= roomLeft) {
            p.setPen(failed ? theme::failure() : theme::text());
            p.drawText(QRectF(bar.right() + 8, y, std::max(0, roomRight), l.lineHeight), Qt::AlignLeft | Qt::AlignVCenter,
                       sfm.elidedText(text, Qt::ElideRight, std::max(0, roomRight)));
        } else {
            p.setPen(failed ? theme::failure() : theme::text());
            p.drawText(QRectF(x0, y, std::max(0, roomLeft), l.lineHeight), Qt::AlignRight | Qt::AlignVCenter,
                       sfm.elidedText(text, Qt::ElideRight, std::max(0, roomLeft)));
        }
        // A failure's message on a line of its own.
        if (failed && !detail.isEmpty()) {
            const int w = width() - 2 * kMargin - 12;
            p.setPen(theme::failure());
            p.drawText(QRect(kMargin + 12, y + l.lineHeight - 4, w, l.messageHeight), Qt::AlignLeft | Qt::AlignVCenter,
                       sfm.elidedText(detail, Qt::ElideRight, w));
        }
        y += h;
    }

    // The moment shown.
    if (view >= t0 && view <= t1) {
        const double x = xOf(view);
        p.setPen(QPen(theme::accent(), 2));
        p.drawLine(QPointF(x, kMargin + l.axisHeight - 6), QPointF(x, bottom));
    }
}

}  // namespace pilothouse::ui
