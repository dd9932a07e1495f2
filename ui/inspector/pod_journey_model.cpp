#include "inspector/pod_journey_model.h"

#include <QBrush>
#include <QDateTime>

#include <algorithm>

#include "i18n/phrase_text.h"
#include "theme/theme.h"

namespace pilothouse::ui {

PodJourneyModel::PodJourneyModel(JourneyCache* cache, Timeline* timeline, QObject* parent)
    : QAbstractTableModel(parent), cache_(cache), timeline_(timeline) {
    connect(cache_, &JourneyCache::stagesAppended, this, [this](const QString& pod, int) {
        if (pod == pod_) sync();
    });
    connect(cache_, &JourneyCache::stagesReplaced, this, [this](const QString& pod) {
        if (pod != pod_) return;
        beginResetModel();
        shown_ = windowNow();
        shownView_ = viewNanos();
        endResetModel();
    });
    connect(cache_, &JourneyCache::cleared, this, [this] {
        beginResetModel();
        shown_ = {};
        endResetModel();
    });
    connect(timeline_, &Timeline::viewChanged, this, &PodJourneyModel::sync);
}

void PodJourneyModel::setPod(const QString& pod) {
    if (pod == pod_) return;
    beginResetModel();
    pod_ = pod;
    shown_ = windowNow();
    shownView_ = viewNanos();
    endResetModel();
}

qint64 PodJourneyModel::viewNanos() const { return timeline_->viewNanos(); }

PodJourneyModel::Window PodJourneyModel::windowNow() const {
    Window w;
    if (pod_.isEmpty()) return w;
    const auto& stages = cache_->stagesOf(pod_);
    const auto view = sim::fromUnixNanos(viewNanos());
    // The latest journey begun by the view time.
    const std::vector<size_t> starts = cache_->journeyStarts(pod_);
    for (size_t i = 0; i < starts.size(); ++i) {
        if (stages[starts[i]].start > view) break;
        w.begin = starts[i];
        w.end = i + 1 < starts.size() ? starts[i + 1] : stages.size();
    }
    // Stages start in order (JourneyLog keeps them so): those begun by then are a prefix.
    auto first = stages.begin() + long(w.begin), last = stages.begin() + long(w.end);
    w.visible = size_t(std::upper_bound(first, last, view, [](sim::Time t, const sim::JourneyStage& s) { return t < s.start; }) - first);
    return w;
}

void PodJourneyModel::sync() {
    const Window now = windowNow();
    if (now.begin != shown_.begin) {
        beginResetModel();
        shown_ = now;
        shownView_ = viewNanos();
        endResetModel();
        return;
    }
    const int before = int(shown_.visible), after = int(now.visible);
    if (after > before) {
        beginInsertRows({}, before, after - 1);
        shown_ = now;
        endInsertRows();
    } else if (after < before) {
        beginRemoveRows({}, after, before - 1);
        shown_ = now;
        endRemoveRows();
    } else {
        shown_ = now;
    }
    // Stages going on at the view time shown before or now changed their duration.
    const qint64 view = viewNanos();
    const qint64 threshold = std::min(view, shownView_);
    shownView_ = view;
    int firstChanged = -1, lastChanged = -1;
    for (int r = 0; r < std::min(before, after); ++r) {
        if (sim::toUnixNanos(stageAt(r).end) > threshold) {
            if (firstChanged < 0) firstChanged = r;
            lastChanged = r;
        }
    }
    if (firstChanged >= 0) emit dataChanged(index(firstChanged, 0), index(lastChanged, ColumnCount - 1));
}

int PodJourneyModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(shown_.visible); }
int PodJourneyModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

const sim::JourneyStage& PodJourneyModel::stageAt(int row) const {
    return cache_->stagesOf(pod_)[shown_.begin + size_t(row)];
}

QString PodJourneyModel::durationText(qint64 nanos) {
    if (nanos <= 0) return tr("0 s");
    if (nanos >= 100'000'000'000) return tr("%1 s").arg(double(nanos) / 1e9, 0, 'f', 0);
    if (nanos >= 1'000'000'000) return tr("%1 s").arg(double(nanos) / 1e9, 0, 'f', 1);
    if (nanos >= 10'000'000) return tr("%1 ms").arg(double(nanos) / 1e6, 0, 'f', 0);
    if (nanos >= 100'000) return tr("%1 ms").arg(double(nanos) / 1e6, 0, 'f', 1);
    return tr("%1 µs").arg(double(nanos) / 1e3, 0, 'f', 0);
}

QString PodJourneyModel::timeText(qint64 unixNanos) const {
    return tr("%1 s").arg(double(unixNanos - timeline_->epochNanos()) / 1e9, 0, 'f', 3);
}

QVariant PodJourneyModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() < 0 || index.row() >= rowCount()) return {};
    const sim::JourneyStage& s = stageAt(index.row());
    const qint64 view = viewNanos();
    const qint64 start = sim::toUnixNanos(s.start);
    const bool inProgress = sim::toUnixNanos(s.end) > view;
    const qint64 end = inProgress ? view : sim::toUnixNanos(s.end);
    switch (role) {
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        switch (index.column()) {
        case StageColumn: return i18n::stageName(s.stage);
        // Observed on a real cluster: its clock time, as the cluster recorded it.
        case StartColumn: return s.observed ? QDateTime::fromMSecsSinceEpoch(start / 1'000'000).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"))
                                       : timeText(start);
        case DurationColumn:
            return inProgress ? tr("%1 so far").arg(durationText(end - start)) : durationText(end - start);
        case DetailColumn: return i18n::stageDetail(s);
        }
        return {};
    case Qt::ForegroundRole:
        if (s.failed) return QBrush(theme::failure());
        return {};
    case StartNanosRole: return start;
    case EndNanosRole: return end;
    case FailedRole: return s.failed;
    case InProgressRole: return inProgress;
    case StageNameRole: return QString::fromStdString(s.stage);
    case StageLabelRole: return i18n::stageName(s.stage);
    case DetailRole: return i18n::stageDetail(s);
    }
    return {};
}

QVariant PodJourneyModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case StageColumn: return tr("Stage");
    case StartColumn: return tr("Start");
    case DurationColumn: return tr("Duration");
    case DetailColumn: return tr("Detail");
    }
    return {};
}

}  // namespace pilothouse::ui
