#include "explainer/score_table_model.h"

#include <QColor>
#include <QFont>

#include <algorithm>

#include "theme/theme.h"

namespace pilothouse::ui {

void ScoreTableModel::setExplanation(const scheduler::Explanation* explanation) {
    beginResetModel();
    plugins_.clear();
    weights_.clear();
    rows_.clear();
    if (explanation) {
        const auto& sheet = explanation->scores;
        for (const auto& p : sheet.plugins) plugins_.push_back(QString::fromStdString(p));
        weights_.assign(sheet.weights.begin(), sheet.weights.end());
        for (size_t r = 0; r < sheet.nodes.size(); ++r) {
            Row row;
            row.node = QString::fromStdString(sheet.nodes[r]);
            row.total = r < sheet.totals.size() ? sheet.totals[r] : 0;
            row.chosen = sheet.nodes[r] == explanation->selectedNode;
            for (size_t p = 0; p < sheet.plugins.size(); ++p) {
                row.raw.push_back(r < sheet.raw[p].size() ? sheet.raw[p][r] : 0);
                row.normalized.push_back(r < sheet.normalized[p].size() ? sheet.normalized[p][r] : 0);
            }
            rows_.push_back(std::move(row));
        }
        std::stable_sort(rows_.begin(), rows_.end(), [](const Row& a, const Row& b) {
            if (a.total != b.total) return a.total > b.total;
            return a.node < b.node;
        });
    }
    endResetModel();
}

int ScoreTableModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(rows_.size()); }

int ScoreTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() || rows_.empty() ? 0 : int(plugins_.size()) + 2;
}

QVariant ScoreTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || size_t(index.row()) >= rows_.size()) return {};
    const Row& row = rows_[size_t(index.row())];
    const int column = index.column();
    if (role == ChosenRole) return row.chosen;
    if (role == NodeRole) return row.node;
    if (role == Qt::BackgroundRole && row.chosen) {
        QColor c = theme::accent();
        c.setAlpha(45);
        return c;
    }
    if (role == EmphasisRole) return row.chosen || column == 0 || column == totalColumn();
    if (column == 0) {
        if (role == Qt::DisplayRole) return row.chosen ? tr("%1  ◀ chosen").arg(row.node) : row.node;
        return {};
    }
    if (column == totalColumn()) {
        if (role == Qt::DisplayRole || role == NormalizedRole) return row.total;
        if (role == Qt::TextAlignmentRole) return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    }
    const size_t p = size_t(column - 1);
    switch (role) {
    case Qt::DisplayRole:
        return row.normalized[p] == row.raw[p] ? QString::number(row.normalized[p])
                                               : tr("%1 (raw %2)").arg(row.normalized[p]).arg(row.raw[p]);
    case Qt::ToolTipRole:
        return tr("%1 on %2: raw %3, normalized %4, × weight %5 = %6")
            .arg(plugins_[qsizetype(p)], row.node)
            .arg(row.raw[p])
            .arg(row.normalized[p])
            .arg(weights_[p])
            .arg(row.normalized[p] * weights_[p]);
    case Qt::TextAlignmentRole:
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case NormalizedRole:
        return row.normalized[p];
    case RawRole:
        return row.raw[p];
    case WeightRole:
        return weights_[p];
    default:
        return {};
    }
}

QVariant ScoreTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return QAbstractTableModel::headerData(section, orientation, role);
    if (section == 0) return tr("NODE");
    if (section == totalColumn()) return tr("TOTAL");
    if (section - 1 < plugins_.size()) return tr("%1 ×%2").arg(plugins_[section - 1]).arg(weights_[size_t(section - 1)]);
    return {};
}

}  // namespace pilothouse::ui
