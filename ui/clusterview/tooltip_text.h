// The details a tooltip gives of a node or a pod in the cluster view (rich text): for a node its
// kubectl STATUS, the Ready condition's reason and message, taints, every label, and requested vs
// allocatable; for a pod its namespace and name, node, kubectl's READY / STATUS / RESTARTS, requests,
// owner and, while it waits, the scheduler's PodScheduled message.
#pragma once

#include <QString>

#include "clusterview/cluster_view_model.h"

namespace pilothouse::ui::clusterview {

// `object`: the Node from the cluster state (may be null: only the summary is used then).
QString nodeToolTip(const ClusterViewModel::Node& node, const k8s::io::api::core::v1::Node* object);
QString podToolTip(const ClusterViewModel::Pod& pod, const k8s::io::api::core::v1::Pod* object);

}  // namespace pilothouse::ui::clusterview
