#include "explainer/filter_matrix_model.h"

#include <QColor>
#include <QFont>

#include <algorithm>

#include "theme/theme.h"

namespace pilothouse::ui {

void FilterMatrixModel::setExplanation(const scheduler::Explanation* explanation) {
    beginResetModel();
    plugins_.clear();
    rows_.clear();
    if (explanation) {
        for (const auto& p : explanation->filterPlugins) plugins_.push_back(QString::fromStdString(p));
        for (const auto& n : explanation->nodes) {
            Row row;
            row.node = QString::fromStdString(n.node);
            row.feasible = n.feasible;
            row.rejectedBy = QString::fromStdString(n.rejectedBy);
            row.reasons.resize(size_t(plugins_.size()));
            for (const auto& [plugin, reasons] : n.filter) {
                const qsizetype column = plugins_.indexOf(QString::fromStdString(plugin));
                if (column < 0) continue;
                for (const auto& r : reasons) row.reasons[size_t(column)].push_back(QString::fromStdString(r));
            }
            rows_.push_back(std::move(row));
        }
        std::stable_sort(rows_.begin(), rows_.end(), [](const Row& a, const Row& b) {
            if (a.feasible != b.feasible) return a.feasible;
            return a.node < b.node;
        });
    }
    endResetModel();
}

int FilterMatrixModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(rows_.size()); }

int FilterMatrixModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() || plugins_.isEmpty() ? 0 : int(plugins_.size()) + 2;
}

int FilterMatrixModel::pluginColumn(const QString& plugin) const {
    const qsizetype i = plugins_.indexOf(plugin);
    return i < 0 ? -1 : int(i) + kFirstPluginColumn;
}

int FilterMatrixModel::rowOf(const QString& node) const {
    for (size_t i = 0; i < rows_.size(); ++i)
        if (rows_[i].node == node) return int(i);
    return -1;
}

QVariant FilterMatrixModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || size_t(index.row()) >= rows_.size()) return {};
    const Row& row = rows_[size_t(index.row())];
    const int column = index.column();
    if (role == NodeRole) return row.node;
    if (column == 0) {
        if (role == Qt::DisplayRole) return row.node;
        if (role == EmphasisRole) return true;
        return {};
    }
    if (column == kResultColumn) {
        if (role == Qt::DisplayRole) return row.feasible ? tr("feasible") : tr("rejected by %1").arg(row.rejectedBy);
        if (role == Qt::ForegroundRole) return row.feasible ? theme::text() : theme::failure();
        if (role == EmphasisRole) return true;
        return {};
    }
    const size_t plugin = size_t(column - kFirstPluginColumn);
    const QStringList& reasons = row.reasons[plugin];
    const bool rejected = !reasons.isEmpty();
    switch (role) {
    case Qt::DisplayRole:
        return rejected ? reasons.join(QStringLiteral("; ")) : QStringLiteral("✓");
    case Qt::ToolTipRole:
        return rejected ? plugins_[qsizetype(plugin)] + QStringLiteral(": ") + reasons.join(QLatin1Char('\n'))
                        : tr("%1 passes %2").arg(plugins_[qsizetype(plugin)], row.node);
    case Qt::TextAlignmentRole:
        return rejected ? QVariant(Qt::AlignLeft | Qt::AlignVCenter) : QVariant(Qt::AlignCenter);
    case Qt::ForegroundRole:
        return rejected ? theme::failure() : theme::mutedText();
    case Qt::BackgroundRole: {
        if (!rejected) return {};
        QColor c = theme::failure();
        c.setAlpha(plugins_[qsizetype(plugin)] == row.rejectedBy ? 70 : 35);
        return c;
    }
    case RejectedRole:
        return rejected;
    default:
        return {};
    }
}

QVariant FilterMatrixModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return QAbstractTableModel::headerData(section, orientation, role);
    if (section == 0) return tr("NODE");
    if (section == kResultColumn) return tr("RESULT");
    if (section - kFirstPluginColumn < plugins_.size()) return plugins_[section - kFirstPluginColumn];
    return {};
}

}  // namespace pilothouse::ui
