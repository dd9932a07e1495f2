#include "events/event_table_model.h"

#include <QBrush>
#include <QFont>
#include <QCoreApplication>

#include <algorithm>

#include "models/turn_budget.h"
#include "theme/theme.h"
#include "util/rfc3339.h"

namespace pilothouse::ui {

namespace core = k8s::io::api::core::v1;

namespace {

QString rowKey(const QString& resource, const QString& key) { return resource + QLatin1Char('|') + key; }

QString secondsText(qint64 nanos, qint64 epoch) {
    return QCoreApplication::translate("EventTableModel", "%1 s").arg(double(nanos - epoch) / 1e9, 0, 'f', 3);
}

}  // namespace

bool EventTableModel::isEventResource(const QString& resource) {
    return resource == QLatin1String("events") || resource == QLatin1String("events.events.k8s.io");
}

EventTableModel::EventTableModel(ClusterState* state, Timeline* timeline, QObject* parent)
    : QAbstractTableModel(parent), state_(state), timeline_(timeline) {
    connect(state_, &ClusterState::reset, this, &EventTableModel::onReset);
    connect(state_, &ClusterState::changed, this, &EventTableModel::onChanged);
    connect(timeline_, &Timeline::viewChanged, this, &EventTableModel::onViewChanged);
    flushTimer_.setObjectName(QStringLiteral("eventsFlush"));
    flushTimer_.setSingleShot(true);
    flushTimer_.setInterval(0);
    connect(&flushTimer_, &QTimer::timeout, this, &EventTableModel::flush);
    shownSecond_ = timeline_->viewNanos() / 1'000'000'000;
    onReset(QStringLiteral("events"));
}

int EventTableModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(rows_.size()); }
int EventTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant EventTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() < 0 || size_t(index.row()) >= rows_.size()) return {};
    const EventRow& r = *rows_[size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case LastSeenColumn: return r.lastSeenText(timeline_->viewNanos());
        case TypeColumn: return r.type;
        case ReasonColumn: return r.reason;
        case ObjectColumn: return r.objectText;
        case MessageColumn: return r.message;
        }
        return {};
    case Qt::ToolTipRole:
        switch (index.column()) {
        case LastSeenColumn:
            if (r.count <= 1) return tr("Seen at %1 of virtual time").arg(secondsText(r.lastSeenNanos, timeline_->epochNanos()));
            return tr("Seen %1 times: first at %2, last at %3 of virtual time")
                .arg(r.count)
                .arg(secondsText(r.firstSeenNanos, timeline_->epochNanos()), secondsText(r.lastSeenNanos, timeline_->epochNanos()));
        case ObjectColumn:
            return r.objectNamespace.isEmpty() ? tr("%1 %2").arg(r.objectKind, r.objectName)
                                               : tr("%1 %2/%3").arg(r.objectKind, r.objectNamespace, r.objectName);
        case MessageColumn:
            return r.source.isEmpty() ? r.message : tr("%1\n(from %2)").arg(r.message, r.source);
        }
        return {};
    case Qt::ForegroundRole:
        if (r.isWarning() && index.column() == TypeColumn) return QBrush(theme::failure());
        return {};
    case Qt::BackgroundRole:
        if (r.isWarning()) {
            QColor tint = theme::failure();
            tint.setAlpha(theme::dark() ? 56 : 34);
            return QBrush(tint);
        }
        return {};
    case Qt::FontRole:
        if (r.isWarning() && index.column() == TypeColumn) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    case WarningRole: return r.isWarning();
    case LastSeenNanosRole: return r.lastSeenNanos;
    case CountRole: return r.count;
    case ObjectKeyRole: return r.objectKey;
    }
    return {};
}

QVariant EventTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    // kubectl's headers (the same words in every language).
    switch (section) {
    case LastSeenColumn: return QStringLiteral("LAST SEEN");
    case TypeColumn: return QStringLiteral("TYPE");
    case ReasonColumn: return QStringLiteral("REASON");
    case ObjectColumn: return QStringLiteral("OBJECT");
    case MessageColumn: return QStringLiteral("MESSAGE");
    }
    return {};
}

int EventTableModel::positionFor(const EventRow& row) const {
    auto it = std::lower_bound(rows_.begin(), rows_.end(), row,
                               [](const std::unique_ptr<EventRow>& a, const EventRow& b) { return a->before(b); });
    return int(it - rows_.begin());
}

int EventTableModel::rowOf(const QString& key) const {
    auto seen = lastSeen_.constFind(key);
    if (seen == lastSeen_.constEnd()) return -1;
    EventRow probe;
    probe.key = key;
    probe.lastSeenNanos = seen->first;
    probe.arrival = seen->second;
    const int row = positionFor(probe);
    return size_t(row) < rows_.size() && rows_[size_t(row)]->key == key ? row : -1;
}

void EventTableModel::onReset(const QString& resource) {
    if (!isEventResource(resource)) return;
    flushTimer_.stop();
    pending_.clear();
    beginResetModel();
    rows_.clear();
    lastSeen_.clear();
    for (const QString& r : state_->resources()) {
        if (!isEventResource(r)) continue;
        const auto& objects = state_->objects(r);
        rows_.reserve(rows_.size() + size_t(objects.size()));
        for (auto it = objects.cbegin(); it != objects.cend(); ++it) {
            const auto* event = dynamic_cast<const core::Event*>(it.value().get());
            if (!event) continue;
            rows_.push_back(std::make_unique<EventRow>(EventRow::from(rowKey(r, it.key()), *event)));
            lastSeen_.insert(rows_.back()->key, {rows_.back()->lastSeenNanos, 0});
        }
    }
    std::sort(rows_.begin(), rows_.end(), [](const auto& a, const auto& b) { return a->before(*b); });
    shownSecond_ = timeline_->viewNanos() / 1'000'000'000;
    endResetModel();
}

void EventTableModel::removeRowAt(int row) {
    beginRemoveRows({}, row, row);
    lastSeen_.remove(rows_[size_t(row)]->key);
    rows_.erase(rows_.begin() + row);
    endRemoveRows();
}

void EventTableModel::onChanged(const QString& resource, const QString& key, const ObjectPtr& object) {
    if (!isEventResource(resource)) return;
    pending_.insert(rowKey(resource, key), object);
    if (!flushTimer_.isActive()) flushTimer_.start();
}

void EventTableModel::flush() {
    flushTimer_.stop();
    if (pending_.isEmpty()) return;
    // A slice of the turn at a time: each event seen again leaves its row (a removal costs the
    // proxy and the view a walk of every row), and a burst of them (a FailedScheduling series
    // counted up for every pending pod at once) would hold the window for 100 ms and more.
    const TurnBudget budget;
    std::vector<std::unique_ptr<EventRow>> added;
    int taken = 0;
    for (auto it = pending_.begin(); it != pending_.end() && (++taken % 16 != 0 || !budget.spent());) {
        const QString key = it.key();
        const ObjectPtr object = it.value();
        it = pending_.erase(it);
        const int old = rowOf(key);
        const auto* event = dynamic_cast<const core::Event*>(object.get());
        if (!event) {
            if (old >= 0) removeRowAt(old);
            continue;
        }
        auto row = std::make_unique<EventRow>(EventRow::from(key, *event));
        if (old >= 0) {
            // Still in its place (between its neighbours): changed in place.
            const bool afterPrevious = old == 0 || rows_[size_t(old) - 1]->before(*row);
            const bool beforeNext = size_t(old) + 1 == rows_.size() || row->before(*rows_[size_t(old) + 1]);
            row->arrival = rows_[size_t(old)]->arrival;
            if (afterPrevious && beforeNext) {
                lastSeen_.insert(row->key, {row->lastSeenNanos, row->arrival});
                rows_[size_t(old)] = std::move(row);
                emit dataChanged(index(old, 0), index(old, ColumnCount - 1));
                continue;
            }
            // Seen again later: it leaves its place and joins the new rows (a removal and an
            // insertion cost a proxy and a view far less than a move, which lays them out anew).
            removeRowAt(old);
        }
        added.push_back(std::move(row));
    }
    // The rest on the next turn.
    if (!pending_.isEmpty()) flushTimer_.start();
    // The new rows in order, each run that lands between the same two rows inserted at once
    // (usually one run at the end: the newest events).
    // In the order they were last seen (ties by key), each after every row already in the log
    // that was last seen at the same time.
    std::sort(added.begin(), added.end(), [](const auto& a, const auto& b) {
        return a->lastSeenNanos != b->lastSeenNanos ? a->lastSeenNanos < b->lastSeenNanos : a->key < b->key;
    });
    for (auto& row : added) row->arrival = ++arrivals_;
    for (size_t i = 0; i < added.size();) {
        const int at = positionFor(*added[i]);
        size_t j = i + 1;
        while (j < added.size() && (size_t(at) == rows_.size() || added[j]->before(*rows_[size_t(at)]))) ++j;
        beginInsertRows({}, at, at + int(j - i) - 1);
        for (size_t k = i; k < j; ++k) lastSeen_.insert(added[k]->key, {added[k]->lastSeenNanos, added[k]->arrival});
        rows_.insert(rows_.begin() + at, std::make_move_iterator(added.begin() + long(i)), std::make_move_iterator(added.begin() + long(j)));
        endInsertRows();
        i = j;
    }
}

void EventTableModel::onViewChanged() {
    const qint64 second = timeline_->viewNanos() / 1'000'000'000;
    if (second == shownSecond_ || rows_.empty()) {
        shownSecond_ = second;
        return;
    }
    shownSecond_ = second;
    emit dataChanged(index(0, LastSeenColumn), index(int(rows_.size()) - 1, LastSeenColumn), {Qt::DisplayRole, Qt::ToolTipRole});
}

}  // namespace pilothouse::ui
