// The pods bound to one node (spec.nodeName), over a pods ObjectTableModel: the node inspector's
// "Pods" tab, with kubectl's columns.
#pragma once

#include <QSortFilterProxyModel>

namespace pilothouse::ui {

class ObjectTableModel;

class NodePodsProxyModel final : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit NodePodsProxyModel(ObjectTableModel* pods, QObject* parent = nullptr);

    void setNodeName(const QString& node);
    QString nodeName() const { return node_; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    ObjectTableModel* pods_;
    QString node_;
};

}  // namespace pilothouse::ui
