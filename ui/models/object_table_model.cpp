#include "models/object_table_model.h"

#include <QBrush>
#include <QColor>

#include <algorithm>

#include "api/object.h"
#include "api/scheme.h"
#include "kubectl/table_printer.h"

namespace pilothouse::ui {

namespace {
const api::ResourceType* typeOf(const QString& resource) {
    return api::Scheme::instance().byName(resource.toStdString());
}
}  // namespace

ObjectTableModel::ObjectTableModel(ClusterState* state, Timeline* timeline, const QString& resource, QObject* parent)
    : QAbstractTableModel(parent), state_(state), timeline_(timeline), resource_(resource) {
    if (const api::ResourceType* type = typeOf(resource)) {
        auto empty = kubectl::buildTable(*type, {}, kubectl::Columns::Wide, type->namespaced, 0);
        for (const auto& h : empty.headers) headers_ << QString::fromStdString(h);
    }
    connect(state, &ClusterState::reset, this, &ObjectTableModel::onReset);
    connect(state, &ClusterState::changed, this, &ObjectTableModel::onChanged);
    onReset(resource_);
}

int ObjectTableModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(rows_.size()); }
int ObjectTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(headers_.size()); }

QVariant ObjectTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rows_.size()) return {};
    const Row& row = rows_[index.row()];
    // Cells are printed when first shown (a table of 150,000 pods prints only what is seen).
    if (row.cells.isEmpty()) row.cells = cellsFor(row.object);
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole) return row.cells.value(index.column());
    if (role == Qt::ForegroundRole) {
        const QString& cell = row.cells.value(index.column());
        const QString header = headers_.value(index.column());
        if (header == QLatin1String("STATUS")) {
            if (cell == QLatin1String("Running") || cell == QLatin1String("Ready") || cell == QLatin1String("Active"))
                return QBrush(QColor(0x1b, 0x8a, 0x3c));
            if (cell == QLatin1String("Pending") || cell == QLatin1String("SchedulingGated"))
                return QBrush(QColor(0xb3, 0x6b, 0x00));
            return QBrush(QColor(0xc6, 0x28, 0x28));
        }
    }
    return {};
}

QVariant ObjectTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal) return {};
    if (role == Qt::DisplayRole) return headers_.value(section);
    return {};
}

ObjectPtr ObjectTableModel::objectAt(int row) const {
    return row >= 0 && row < rows_.size() ? rows_[row].object : nullptr;
}

QStringList ObjectTableModel::cellsFor(const ObjectPtr& object) const {
    const api::ResourceType* type = typeOf(resource_);
    std::vector<std::unique_ptr<google::protobuf::Message>> one;
    one.emplace_back(object->New());
    one.back()->CopyFrom(*object);
    auto table = kubectl::buildTable(*type, one, kubectl::Columns::Wide, type->namespaced, timeline_->viewNanos());
    QStringList cells;
    for (const auto& c : table.rows.at(0)) cells << QString::fromStdString(c);
    return cells;
}

void ObjectTableModel::onReset(const QString& resource) {
    if (resource != resource_) return;
    beginResetModel();  // a (re-)list or a jump in time replaces everything
    rows_.clear();
    const auto& objects = state_->objects(resource_);
    rows_.reserve(objects.size());
    for (auto it = objects.cbegin(); it != objects.cend(); ++it) rows_.push_back({it.key(), it.value(), {}});
    std::sort(rows_.begin(), rows_.end(), [](const Row& a, const Row& b) { return a.key < b.key; });
    endResetModel();
    revision_ = state_->revision();
    emit revisionChanged(revision_);
}

void ObjectTableModel::onChanged(const QString& resource, const QString& key, const ObjectPtr& object) {
    if (resource != resource_) return;
    auto it = std::lower_bound(rows_.begin(), rows_.end(), key, [](const Row& r, const QString& k) { return r.key < k; });
    const int row = int(it - rows_.begin());
    const bool present = it != rows_.end() && it->key == key;
    if (!object) {
        if (present) {
            beginRemoveRows({}, row, row);
            rows_.erase(it);
            endRemoveRows();
        }
    } else if (present) {
        it->object = object;
        it->cells.clear();
        emit dataChanged(index(row, 0), index(row, columnCount() - 1));
    } else {
        beginInsertRows({}, row, row);
        rows_.insert(it, Row{key, object, {}});
        endInsertRows();
    }
    revision_ = state_->revision();
    emit revisionChanged(revision_);
}

void ObjectTableModel::refreshTimes() {
    if (rows_.isEmpty()) return;
    // Only the columns that say a duration ("5m", "3 (2m ago)") change: the views and proxies over
    // 150,000 rows are told of those, not of every cell.
    int first = -1, last = -1;
    for (int c = 0; c < headers_.size(); ++c) {
        const QString& h = headers_[c];
        if (h == QLatin1String("AGE") || h == QLatin1String("RESTARTS") || h.startsWith(QLatin1String("LAST "))) {
            if (first < 0) first = c;
            last = c;
        }
    }
    if (first < 0) return;
    for (auto& r : rows_) r.cells.clear();
    emit dataChanged(index(0, first), index(int(rows_.size()) - 1, last), {Qt::DisplayRole});
}

}  // namespace pilothouse::ui
