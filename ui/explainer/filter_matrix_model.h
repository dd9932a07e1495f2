// The explainer's matrix: one row per node, one column per filter plugin of the pod's profile,
// in profile order. A cell is empty where the plugin passed the node and holds the plugin's
// reasons where it rejected it — every rejecting plugin, as the explainer runs them all. The
// column after the node's name says whether it is feasible or which plugin upstream stopped at
// (the one the FailedScheduling message counts). Rows: feasible nodes first, then by name.
#pragma once

#include <QAbstractTableModel>
#include <QStringList>

#include <vector>

#include "explainer/explainer_roles.h"
#include "scheduler/schedule_one.h"

namespace pilothouse::ui {

class FilterMatrixModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    // Beyond Qt's roles and ExplainerRole: true where the plugin rejected the node.
    enum Role { RejectedRole = Qt::UserRole + 1 };

    using QAbstractTableModel::QAbstractTableModel;

    void setExplanation(const scheduler::Explanation* explanation);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    // Columns: the node, the result, then each filter plugin.
    static constexpr int kResultColumn = 1;
    static constexpr int kFirstPluginColumn = 2;
    int pluginColumn(const QString& plugin) const;
    int rowOf(const QString& node) const;

private:
    struct Row {
        QString node;
        bool feasible = false;
        QString rejectedBy;
        std::vector<QStringList> reasons;  // per plugin column
    };
    QStringList plugins_;
    std::vector<Row> rows_;
};

}  // namespace pilothouse::ui
