#include "inspector/node_pods_proxy_model.h"

#include "core_v1.pb.h"
#include "models/object_table_model.h"

namespace pilothouse::ui {

NodePodsProxyModel::NodePodsProxyModel(ObjectTableModel* pods, QObject* parent)
    : QSortFilterProxyModel(parent), pods_(pods) {
    setSourceModel(pods_);
}

void NodePodsProxyModel::setNodeName(const QString& node) {
    if (node == node_) return;
    node_ = node;
    invalidateRowsFilter();
}

bool NodePodsProxyModel::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const {
    if (sourceParent.isValid() || node_.isEmpty()) return false;
    const auto* pod = dynamic_cast<const k8s::io::api::core::v1::Pod*>(pods_->objectAt(sourceRow).get());
    return pod && QString::fromStdString(pod->spec().node_name()) == node_;
}

}  // namespace pilothouse::ui
