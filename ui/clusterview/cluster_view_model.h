// The cluster view's model: every node with its aggregates and its pods, and the pending lane, kept
// from ClusterState (the nodes and pods at the moment the timeline shows).
//
// As an item model it is a list of nodes, one row per Node object, in natural name order
// (node-2 before node-10); roles give each node's summary and aggregates. The view paints from
// the typed accessors below (nodeAt(), pendingPods()), which cost nothing per call.
//
// Per node: requested cpu / memory = the sum of the requests (scheduler::framework::podRequests)
// of the pods bound to it that hold resources (not Succeeded or Failed), and their count — what
// kube-scheduler's NodeInfo and `kubectl describe node` count; pods of every phase as chips,
// ordered by creation time then key. Pods without spec.nodeName wait in the pending lane, in the
// same order.
//
// Incremental: ClusterState::changed updates one pod (its node's aggregates and chip list, or the
// lane) or one node, never recomputing the rest; ClusterState::reset rebuilds the resource that
// was replaced. Pods may name a node that does not exist (yet): they are kept aside and appear
// with it.
//
// Not thread-safe: lives on the GUI thread, like ClusterState.
#pragma once

#include <QAbstractListModel>
#include <QHash>

#include <array>
#include <memory>
#include <unordered_map>
#include <vector>

#include "clusterview/node_pod_summary.h"
#include "models/cluster_state.h"

namespace pilothouse::ui::clusterview {

class ClusterViewModel final : public QAbstractListModel {
    Q_OBJECT
public:
    enum Role {
        ReadinessRole = Qt::UserRole + 1,  // NodeReadiness as int
        UnschedulableRole,                 // bool
        TaintsRole,                        // QStringList
        KeyLabelsRole,                     // QStringList
        CpuRequestedMilliRole,             // qint64
        CpuAllocatableMilliRole,
        MemoryRequestedBytesRole,
        MemoryAllocatableBytesRole,
        PodsHoldingResourcesRole,          // qint64: counted against allocatable pods
        PodsAllocatableRole,
        PodKeysRole,                       // QStringList: every pod on the node, in chip order
    };

    struct Node;
    struct Pod {
        PodSummary summary;
        Node* node = nullptr;  // null while pending, or while its node does not exist
        qsizetype laneIndex = -1;
    };
    struct Node {
        NodeSummary summary;
        bool exists = false;  // a Node object (else only pods naming it exist)
        int row = -1;
        qint64 cpuRequestedMilli = 0;
        qint64 memoryRequestedBytes = 0;
        qint64 podsHoldingResources = 0;
        std::vector<Pod*> pods;  // by (creation, key)
        // Changes whenever anything drawn of the node changes (unique across nodes and resets:
        // a view may cache what it drew under it).
        quint64 version = 0;

        double cpuRatio() const { return ratio(cpuRequestedMilli, summary.cpuAllocatableMilli); }
        double memoryRatio() const { return ratio(memoryRequestedBytes, summary.memoryAllocatableBytes); }
        double podsRatio() const { return ratio(podsHoldingResources, summary.podsAllocatable); }
        static double ratio(qint64 used, qint64 total) { return total > 0 ? double(used) / double(total) : 0.0; }
    };

    explicit ClusterViewModel(ClusterState* state, QObject* parent = nullptr);
    ~ClusterViewModel() override;

    ClusterState* clusterState() const { return state_; }

    // QAbstractItemModel: one row per node.
    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

    int nodeCount() const { return int(rows_.size()); }
    const Node& nodeAt(int row) const { return *rows_[size_t(row)]; }
    // -1 when there is no such Node.
    int rowOfNode(const QString& name) const;
    const Pod* pod(const QString& key) const;
    // Pods without a node, oldest first.
    const std::vector<Pod*>& pendingPods() const;
    qsizetype podCount() const { return qsizetype(pods_.size()); }
    qsizetype podCount(PodPhase phase) const { return phaseCounts_[size_t(phase)]; }

    // Reads every node and pod from the cluster state again (what reset does).
    void rebuild();

signals:
    // The pending lane gained, lost or changed a pod.
    void pendingChanged();

private:
    void onReset(const QString& resource);
    void onChanged(const QString& resource, const QString& key, const ObjectPtr& object);
    void rebuildNodes();
    void rebuildPods();
    void changeNode(const QString& name, const ObjectPtr& object);
    void changePod(const QString& key, const ObjectPtr& object);

    Node* nodeEntry(const QString& name);  // created (not existing) when missing
    void dropIfUnused(Node* node);
    void insertRow(Node* node);
    void removeRow(Node* node);
    void renumberRows(size_t from);

    void attach(Pod* pod);
    void detach(Pod* pod);
    void account(Node* node, const PodSummary& pod, int sign);
    void insertIntoLane(Pod* pod);
    void removeFromLane(Pod* pod);
    void nodeDataChanged(Node* node);

    ClusterState* state_;
    std::unordered_map<QString, std::unique_ptr<Node>> nodes_;  // by name
    std::vector<Node*> rows_;                                   // existing nodes, by name
    std::unordered_map<QString, std::unique_ptr<Pod>> pods_;    // by key
    // The lane; removals leave a null slot, squeezed out on the next read.
    mutable std::vector<Pod*> lane_;
    mutable qsizetype laneHoles_ = 0;
    std::array<qsizetype, kPodPhaseCount> phaseCounts_{};
    quint64 nextVersion_ = 1;
};

// Natural order for names: digit runs compare as numbers ("node-2" < "node-10").
bool naturalLess(const QString& a, const QString& b);
// The order of chips on a node and in the pending lane: creation time, then key.
bool podOrderLess(const PodSummary& a, const PodSummary& b);

}  // namespace pilothouse::ui::clusterview
