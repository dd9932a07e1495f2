// The explainer's score table: one row per feasible node, in order of its weighted total (the
// highest first, the node the scheduler chose marked), one column per score plugin that scored
// the pod (a plugin that skipped it at PreScore has none, as upstream), then the total. A cell
// shows the plugin's score after NormalizeScore (0-100) and its raw score; the tooltip spells out
// normalized × weight. Totals are Σ normalized × weight — selectHost's input.
#pragma once

#include <QAbstractTableModel>
#include <QStringList>

#include <vector>

#include "explainer/explainer_roles.h"
#include "scheduler/schedule_one.h"

namespace pilothouse::ui {

class ScoreTableModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    // Beyond Qt's roles and ExplainerRole.
    enum Role { ChosenRole = Qt::UserRole + 1, NormalizedRole, RawRole, WeightRole };

    using QAbstractTableModel::QAbstractTableModel;

    void setExplanation(const scheduler::Explanation* explanation);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    int totalColumn() const { return int(plugins_.size()) + 1; }

private:
    struct Row {
        QString node;
        qint64 total = 0;
        std::vector<qint64> raw, normalized;  // per plugin
        bool chosen = false;
    };
    QStringList plugins_;
    std::vector<qint64> weights_;
    std::vector<Row> rows_;
};

}  // namespace pilothouse::ui
