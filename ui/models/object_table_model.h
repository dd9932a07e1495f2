// A table of the objects of one resource type with kubectl's columns for it (the same printer as
// `pilothousectl get`), at the moment the timeline shows (ClusterState): a list or a jump in time
// resets the model, each watch event inserts, changes or removes one row (incremental model
// signals). AGE counts to the moment shown.
#pragma once

#include <QAbstractTableModel>
#include <QHash>
#include <QStringList>
#include <QVector>

#include "models/cluster_state.h"
#include "models/timeline.h"

namespace pilothouse::ui {

class ObjectTableModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    // `resource` as kubectl names it ("pods", "nodes"); `state` must follow it.
    ObjectTableModel(ClusterState* state, Timeline* timeline, const QString& resource, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    QString resource() const { return resource_; }
    qint64 revision() const { return revision_; }
    // The object shown in a row (nullptr when out of range).
    ObjectPtr objectAt(int row) const;
    // Recomputes time-dependent cells (AGE, RESTARTS, LAST SEEN) without touching the rows.
    void refreshTimes();

signals:
    void revisionChanged(qint64 revision);

private:
    void onReset(const QString& resource);
    void onChanged(const QString& resource, const QString& key, const ObjectPtr& object);
    QStringList cellsFor(const ObjectPtr& object) const;

    ClusterState* state_;
    Timeline* timeline_;
    QString resource_;
    QStringList headers_;
    struct Row {
        QString key;  // namespace/name
        ObjectPtr object;
        mutable QStringList cells;  // printed on first use
    };
    QVector<Row> rows_;  // sorted by key, as kubectl lists
    qint64 revision_ = 0;
};

}  // namespace pilothouse::ui
