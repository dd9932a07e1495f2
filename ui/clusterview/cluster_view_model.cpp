#include "clusterview/cluster_view_model.h"

#include <algorithm>

namespace pilothouse::ui::clusterview {

namespace core = k8s::io::api::core::v1;

namespace {
const QString kNodes = QStringLiteral("nodes");
const QString kPods = QStringLiteral("pods");

bool isDigit(QChar c) { return c >= QLatin1Char('0') && c <= QLatin1Char('9'); }
}  // namespace

bool naturalLess(const QString& a, const QString& b) {
    // Up to the first difference the order is plain; only a difference inside a run of digits
    // needs the runs compared as numbers.
    const qsizetype n = std::min(a.size(), b.size());
    qsizetype d = 0;
    while (d < n && a[d] == b[d]) ++d;
    const bool digitAtA = d < a.size() && isDigit(a[d]), digitAtB = d < b.size() && isDigit(b[d]);
    if (!digitAtA && !digitAtB) {  // any digit runs before d are the same in both
        if (d == n) return a.size() < b.size();
        return a[d] < b[d];
    }
    // Back to the start of the digit run the difference is in.
    qsizetype i = d;
    while (i > 0 && isDigit(a[i - 1])) --i;
    qsizetype j = i;
    while (i < a.size() && j < b.size()) {
        if (isDigit(a[i]) && isDigit(b[j])) {
            // Compare the digit runs as numbers: skip leading zeros, longer is larger, else digitwise.
            qsizetype ei = i, ej = j;
            while (ei < a.size() && isDigit(a[ei])) ++ei;
            while (ej < b.size() && isDigit(b[ej])) ++ej;
            qsizetype si = i, sj = j;
            while (si + 1 < ei && a[si] == QLatin1Char('0')) ++si;
            while (sj + 1 < ej && b[sj] == QLatin1Char('0')) ++sj;
            if (ei - si != ej - sj) return ei - si < ej - sj;
            for (; si < ei; ++si, ++sj)
                if (a[si] != b[sj]) return a[si] < b[sj];
            if (ei - i != ej - j) return ei - i < ej - j;  // "01" after "1": keep the order total
            i = ei;
            j = ej;
            continue;
        }
        if (a[i] != b[j]) return a[i] < b[j];
        ++i;
        ++j;
    }
    return a.size() - i < b.size() - j;
}

bool podOrderLess(const PodSummary& a, const PodSummary& b) {
    if (a.createdSeconds != b.createdSeconds) return a.createdSeconds < b.createdSeconds;
    return naturalLess(a.key, b.key);
}

ClusterViewModel::ClusterViewModel(ClusterState* state, QObject* parent) : QAbstractListModel(parent), state_(state) {
    connect(state_, &ClusterState::reset, this, &ClusterViewModel::onReset);
    connect(state_, &ClusterState::changed, this, &ClusterViewModel::onChanged);
    rebuild();
}

ClusterViewModel::~ClusterViewModel() = default;

int ClusterViewModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(rows_.size()); }

QVariant ClusterViewModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const Node& n = *rows_[size_t(index.row())];
    switch (role) {
        case Qt::DisplayRole: return n.summary.name;
        case ReadinessRole: return int(n.summary.readiness);
        case UnschedulableRole: return n.summary.unschedulable;
        case TaintsRole: return n.summary.taints;
        case KeyLabelsRole: return n.summary.keyLabels;
        case CpuRequestedMilliRole: return n.cpuRequestedMilli;
        case CpuAllocatableMilliRole: return n.summary.cpuAllocatableMilli;
        case MemoryRequestedBytesRole: return n.memoryRequestedBytes;
        case MemoryAllocatableBytesRole: return n.summary.memoryAllocatableBytes;
        case PodsHoldingResourcesRole: return n.podsHoldingResources;
        case PodsAllocatableRole: return n.summary.podsAllocatable;
        case PodKeysRole: {
            QStringList keys;
            keys.reserve(qsizetype(n.pods.size()));
            for (const Pod* p : n.pods) keys.push_back(p->summary.key);
            return keys;
        }
        default: return {};
    }
}

QHash<int, QByteArray> ClusterViewModel::roleNames() const {
    auto names = QAbstractListModel::roleNames();
    names.insert(ReadinessRole, "readiness");
    names.insert(UnschedulableRole, "unschedulable");
    names.insert(TaintsRole, "taints");
    names.insert(KeyLabelsRole, "keyLabels");
    names.insert(CpuRequestedMilliRole, "cpuRequestedMilli");
    names.insert(CpuAllocatableMilliRole, "cpuAllocatableMilli");
    names.insert(MemoryRequestedBytesRole, "memoryRequestedBytes");
    names.insert(MemoryAllocatableBytesRole, "memoryAllocatableBytes");
    names.insert(PodsHoldingResourcesRole, "podsHoldingResources");
    names.insert(PodsAllocatableRole, "podsAllocatable");
    names.insert(PodKeysRole, "podKeys");
    return names;
}

int ClusterViewModel::rowOfNode(const QString& name) const {
    auto it = nodes_.find(name);
    return it == nodes_.end() || !it->second->exists ? -1 : it->second->row;
}

const ClusterViewModel::Pod* ClusterViewModel::pod(const QString& key) const {
    auto it = pods_.find(key);
    return it == pods_.end() ? nullptr : it->second.get();
}

const std::vector<ClusterViewModel::Pod*>& ClusterViewModel::pendingPods() const {
    if (laneHoles_ > 0) {
        lane_.erase(std::remove(lane_.begin(), lane_.end(), nullptr), lane_.end());
        for (size_t i = 0; i < lane_.size(); ++i) lane_[i]->laneIndex = qsizetype(i);
        laneHoles_ = 0;
    }
    return lane_;
}

// --- resets -------------------------------------------------------------------------------------

void ClusterViewModel::rebuild() {
    beginResetModel();
    rebuildNodes();
    rebuildPods();
    endResetModel();
    emit pendingChanged();
}

void ClusterViewModel::onReset(const QString& resource) {
    if (resource != kNodes && resource != kPods) return;
    beginResetModel();
    if (resource == kNodes) rebuildNodes();
    else rebuildPods();
    endResetModel();
    if (resource == kPods) emit pendingChanged();
}

void ClusterViewModel::rebuildNodes() {
    for (auto& entry : nodes_) entry.second->exists = false;
    for (const auto& object : state_->objects(kNodes)) {
        const auto* n = dynamic_cast<const core::Node*>(object.get());
        if (!n) continue;
        NodeSummary summary = summarizeNode(*n);
        Node* node = nodeEntry(summary.name);
        node->summary = std::move(summary);
        node->exists = true;
    }
    rows_.clear();
    for (auto it = nodes_.begin(); it != nodes_.end();) {
        if (!it->second->exists && it->second->pods.empty()) {
            it = nodes_.erase(it);
            continue;
        }
        if (it->second->exists) rows_.push_back(it->second.get());
        else it->second->row = -1;
        ++it;
    }
    std::sort(rows_.begin(), rows_.end(), [](const Node* a, const Node* b) { return naturalLess(a->summary.name, b->summary.name); });
    renumberRows(0);
    for (Node* n : rows_) n->version = nextVersion_++;
}

void ClusterViewModel::rebuildPods() {
    pods_.clear();
    lane_.clear();
    laneHoles_ = 0;
    phaseCounts_ = {};
    for (auto& entry : nodes_) {
        Node* node = entry.second.get();
        node->pods.clear();
        node->cpuRequestedMilli = node->memoryRequestedBytes = node->podsHoldingResources = 0;
    }
    const auto& objects = state_->objects(kPods);
    pods_.reserve(size_t(objects.size()));
    for (auto it = objects.cbegin(); it != objects.cend(); ++it) {
        const auto* p = dynamic_cast<const core::Pod*>(it.value().get());
        if (!p) continue;
        auto pod = std::make_unique<Pod>();
        pod->summary = summarizePod(*p, it.key());
        Pod* raw = pod.get();
        ++phaseCounts_[size_t(raw->summary.phase)];
        if (raw->summary.nodeName.isEmpty()) {
            lane_.push_back(raw);
        } else {
            Node* node = nodeEntry(raw->summary.nodeName);
            raw->node = node;
            node->pods.push_back(raw);
            account(node, raw->summary, +1);
        }
        pods_.emplace(raw->summary.key, std::move(pod));
    }
    auto less = [](const Pod* a, const Pod* b) { return podOrderLess(a->summary, b->summary); };
    std::sort(lane_.begin(), lane_.end(), less);
    for (size_t i = 0; i < lane_.size(); ++i) lane_[i]->laneIndex = qsizetype(i);
    for (auto it = nodes_.begin(); it != nodes_.end();) {
        if (!it->second->exists && it->second->pods.empty()) {
            it = nodes_.erase(it);
            continue;
        }
        std::sort(it->second->pods.begin(), it->second->pods.end(), less);
        it->second->version = nextVersion_++;
        ++it;
    }
}

// --- incremental changes ------------------------------------------------------------------------

void ClusterViewModel::onChanged(const QString& resource, const QString& key, const ObjectPtr& object) {
    if (resource == kPods) changePod(key, object);
    else if (resource == kNodes) changeNode(key, object);
}

void ClusterViewModel::changeNode(const QString& name, const ObjectPtr& object) {
    const auto* n = object ? dynamic_cast<const core::Node*>(object.get()) : nullptr;
    if (!n) {  // deleted: its pods (if any) wait for it aside
        auto it = nodes_.find(name);
        if (it == nodes_.end() || !it->second->exists) return;
        removeRow(it->second.get());
        dropIfUnused(it->second.get());
        return;
    }
    Node* node = nodeEntry(name);
    NodeSummary summary = summarizeNode(*n);
    if (node->exists) {
        if (summary == node->summary) return;
        node->summary = std::move(summary);
        nodeDataChanged(node);
        return;
    }
    node->summary = std::move(summary);
    node->version = nextVersion_++;
    insertRow(node);
}

void ClusterViewModel::changePod(const QString& key, const ObjectPtr& object) {
    const auto* p = object ? dynamic_cast<const core::Pod*>(object.get()) : nullptr;
    auto it = pods_.find(key);
    if (!p) {
        if (it == pods_.end()) return;
        Pod* pod = it->second.get();
        --phaseCounts_[size_t(pod->summary.phase)];
        detach(pod);
        pods_.erase(it);
        return;
    }
    PodSummary summary = summarizePod(*p, key);
    if (it == pods_.end()) {
        auto pod = std::make_unique<Pod>();
        pod->summary = std::move(summary);
        Pod* raw = pod.get();
        pods_.emplace(key, std::move(pod));
        ++phaseCounts_[size_t(raw->summary.phase)];
        attach(raw);
        return;
    }
    Pod* pod = it->second.get();
    if (summary == pod->summary) return;
    --phaseCounts_[size_t(pod->summary.phase)];
    ++phaseCounts_[size_t(summary.phase)];
    if (summary.nodeName == pod->summary.nodeName && summary.createdSeconds == pod->summary.createdSeconds) {
        // Same place (the common case: a phase or status change): update the aggregates in place.
        if (pod->node) account(pod->node, pod->summary, -1);
        pod->summary = std::move(summary);
        if (pod->node) {
            account(pod->node, pod->summary, +1);
            nodeDataChanged(pod->node);
        } else {
            emit pendingChanged();
        }
        return;
    }
    detach(pod);
    pod->summary = std::move(summary);
    attach(pod);
}

void ClusterViewModel::attach(Pod* pod) {
    if (pod->summary.nodeName.isEmpty()) {
        insertIntoLane(pod);
        emit pendingChanged();
        return;
    }
    Node* node = nodeEntry(pod->summary.nodeName);
    pod->node = node;
    auto at = std::upper_bound(node->pods.begin(), node->pods.end(), pod,
                               [](const Pod* a, const Pod* b) { return podOrderLess(a->summary, b->summary); });
    node->pods.insert(at, pod);
    account(node, pod->summary, +1);
    nodeDataChanged(node);
}

void ClusterViewModel::detach(Pod* pod) {
    if (!pod->node) {
        removeFromLane(pod);
        emit pendingChanged();
        return;
    }
    Node* node = pod->node;
    pod->node = nullptr;
    node->pods.erase(std::find(node->pods.begin(), node->pods.end(), pod));
    account(node, pod->summary, -1);
    nodeDataChanged(node);
    dropIfUnused(node);
}

void ClusterViewModel::account(Node* node, const PodSummary& pod, int sign) {
    if (!pod.holdsResources()) return;
    node->cpuRequestedMilli += sign * pod.cpuRequestMilli;
    node->memoryRequestedBytes += sign * pod.memoryRequestBytes;
    node->podsHoldingResources += sign;
}

void ClusterViewModel::insertIntoLane(Pod* pod) {
    // Pods mostly arrive among the newest: walk back from the end (over holes and newer pods) to
    // the last older pod and insert after it, moving only the slots behind.
    size_t at = lane_.size();
    while (at > 0 && (!lane_[at - 1] || podOrderLess(pod->summary, lane_[at - 1]->summary))) --at;
    lane_.insert(lane_.begin() + qsizetype(at), pod);
    for (size_t i = at; i < lane_.size(); ++i)
        if (lane_[i]) lane_[i]->laneIndex = qsizetype(i);
}

void ClusterViewModel::removeFromLane(Pod* pod) {
    if (pod->laneIndex < 0) return;
    lane_[size_t(pod->laneIndex)] = nullptr;
    pod->laneIndex = -1;
    ++laneHoles_;
}

ClusterViewModel::Node* ClusterViewModel::nodeEntry(const QString& name) {
    auto& slot = nodes_[name];
    if (!slot) {
        slot = std::make_unique<Node>();
        slot->summary.name = name;
    }
    return slot.get();
}

void ClusterViewModel::dropIfUnused(Node* node) {
    if (node->exists || !node->pods.empty()) return;
    const QString name = node->summary.name;  // erase() must not read the key from the erased entry
    nodes_.erase(name);
}

void ClusterViewModel::insertRow(Node* node) {
    auto at = std::upper_bound(rows_.begin(), rows_.end(), node,
                               [](const Node* a, const Node* b) { return naturalLess(a->summary.name, b->summary.name); });
    const int row = int(at - rows_.begin());
    beginInsertRows({}, row, row);
    node->exists = true;
    rows_.insert(at, node);
    renumberRows(size_t(row));
    endInsertRows();
}

void ClusterViewModel::removeRow(Node* node) {
    const int row = node->row;
    beginRemoveRows({}, row, row);
    rows_.erase(rows_.begin() + row);
    node->exists = false;
    node->row = -1;
    renumberRows(size_t(row));
    endRemoveRows();
}

void ClusterViewModel::renumberRows(size_t from) {
    for (size_t i = from; i < rows_.size(); ++i) rows_[i]->row = int(i);
}

void ClusterViewModel::nodeDataChanged(Node* node) {
    node->version = nextVersion_++;
    if (!node->exists) return;
    const QModelIndex i = index(node->row);
    emit dataChanged(i, i);
}

}  // namespace pilothouse::ui::clusterview
