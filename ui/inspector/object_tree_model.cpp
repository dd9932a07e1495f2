#include "inspector/object_tree_model.h"

#include <QBrush>
#include <QCoreApplication>
#include <QFont>

#include <functional>

#include "api/codec/proto_json.h"
#include "theme/theme.h"

namespace pilothouse::ui {

using codec::Value;

struct ObjectTreeModel::Node {
    QString key;      // "spec", "[0]"
    QString value;    // a scalar's text, or a branch's summary
    bool branch = false;
    bool null = false;
    Node* parent = nullptr;
    int row = 0;
    std::vector<std::unique_ptr<Node>> children;
};

namespace {

QString scalarText(const Value& v) {
    switch (v.type()) {
    case Value::Type::Null: return QStringLiteral("null");
    case Value::Type::Bool: return v.asBool() ? QStringLiteral("true") : QStringLiteral("false");
    case Value::Type::Int:
    case Value::Type::Double: return QString::fromStdString(v.numberText());
    case Value::Type::String: return QString::fromStdString(v.asString());
    default: return {};
    }
}

// A branch summed up: a list item's name (or type, for conditions), or how much it holds.
QString summary(const Value& v) {
    if (v.isObject()) {
        for (const char* key : {"name", "type"}) {
            const Value* named = v.find(key);
            if (named && named->isString()) {
                const Value* status = v.find("status");
                if (std::string(key) == "type" && status && status->isString())
                    return QString::fromStdString(named->asString() + "=" + status->asString());
                return QString::fromStdString(named->asString());
            }
        }
        if (v.size() == 0) return QStringLiteral("{}");
        return v.size() == 1 ? QCoreApplication::translate("ObjectTreeModel", "1 field")
                             : QCoreApplication::translate("ObjectTreeModel", "%1 fields").arg(v.size());
    }
    if (v.size() == 0) return QStringLiteral("[]");
    return v.size() == 1 ? QCoreApplication::translate("ObjectTreeModel", "1 item")
                         : QCoreApplication::translate("ObjectTreeModel", "%1 items").arg(v.size());
}

// The children a value has, in order: (key, value).
std::vector<std::pair<QString, const Value*>> childrenOf(const Value& v) {
    std::vector<std::pair<QString, const Value*>> out;
    if (v.isObject()) {
        for (const auto& [k, child] : v.asObject()) out.emplace_back(QString::fromStdString(k), &child);
    } else if (v.isArray()) {
        const auto& items = v.asArray();
        for (size_t i = 0; i < items.size(); ++i) out.emplace_back(QStringLiteral("[%1]").arg(i), &items[i]);
    }
    return out;
}

}  // namespace

// Gives `n` the value and, recursively, the children of `v` (a node not in the model yet).
void ObjectTreeModel::fill(Node* n, const Value& v) {
    n->branch = v.isObject() || v.isArray();
    n->null = v.isNull();
    n->value = n->branch ? summary(v) : scalarText(v);
    int row = 0;
    for (const auto& [k, child] : childrenOf(v)) {
        auto c = std::make_unique<Node>();
        c->key = k;
        c->parent = n;
        c->row = row++;
        fill(c.get(), *child);
        n->children.push_back(std::move(c));
    }
}

ObjectTreeModel::ObjectTreeModel(QObject* parent) : QAbstractItemModel(parent), root_(std::make_unique<Node>()) {
    root_->branch = true;
}

ObjectTreeModel::~ObjectTreeModel() = default;

void ObjectTreeModel::setObject(const ObjectPtr& object, Update update) {
    Value value = object ? codec::encodeMessage(*object) : Value::object();
    codec::eraseManagedFields(value);  // as kubectl get -o yaml shows objects
    setValue(value, update);
}

void ObjectTreeModel::setValue(const Value& value, Update update) {
    if (update == Update::Reset) {
        beginResetModel();
        root_ = std::make_unique<Node>();
        root_->branch = true;
        fill(root_.get(), value);
        endResetModel();
        return;
    }
    sync(root_.get(), value);
}

void ObjectTreeModel::sync(Node* node, const Value& value) {
    const bool branch = value.isObject() || value.isArray();
    const QString text = branch ? summary(value) : scalarText(value);
    if (node != root_.get() && (text != node->value || branch != node->branch || value.isNull() != node->null)) {
        node->value = text;
        node->branch = branch;
        node->null = value.isNull();
        emit dataChanged(indexOfNode(node, 0), indexOfNode(node, ColumnCount - 1));
    }
    const QModelIndex parentIndex = node == root_.get() ? QModelIndex() : indexOfNode(node);
    const auto wanted = childrenOf(value);
    auto renumber = [node](size_t from) {
        for (size_t i = from; i < node->children.size(); ++i) node->children[i]->row = int(i);
    };
    // Keys come in the same order on both sides (sorted object keys, list indexes): walk them
    // together, removing the children whose key is gone and inserting the new ones.
    size_t i = 0;
    for (const auto& [key, child] : wanted) {
        size_t found = i;
        while (found < node->children.size() && node->children[found]->key != key) ++found;
        if (found < node->children.size()) {
            if (found > i) {
                beginRemoveRows(parentIndex, int(i), int(found) - 1);
                node->children.erase(node->children.begin() + long(i), node->children.begin() + long(found));
                renumber(i);
                endRemoveRows();
            }
            sync(node->children[i].get(), *child);
        } else {
            auto c = std::make_unique<Node>();
            c->key = key;
            c->parent = node;
            fill(c.get(), *child);
            beginInsertRows(parentIndex, int(i), int(i));
            node->children.insert(node->children.begin() + long(i), std::move(c));
            renumber(i);
            endInsertRows();
        }
        ++i;
    }
    if (i < node->children.size()) {
        beginRemoveRows(parentIndex, int(i), int(node->children.size()) - 1);
        node->children.erase(node->children.begin() + long(i), node->children.end());
        endRemoveRows();
    }
}

ObjectTreeModel::Node* ObjectTreeModel::nodeOf(const QModelIndex& index) const {
    return index.isValid() ? static_cast<Node*>(index.internalPointer()) : root_.get();
}

QModelIndex ObjectTreeModel::indexOfNode(Node* node, int column) const {
    if (!node || node == root_.get()) return {};
    return createIndex(node->row, column, node);
}

QModelIndex ObjectTreeModel::indexOf(const QString& path) const {
    Node* node = root_.get();
    // "spec.containers[0].image" -> spec, containers, [0], image
    QString p = path;
    p.replace(QLatin1Char('['), QStringLiteral(".["));
    for (const QString& part : p.split(QLatin1Char('.'), Qt::SkipEmptyParts)) {
        Node* next = nullptr;
        for (const auto& c : node->children)
            if (c->key == part) next = c.get();
        if (!next) return {};
        node = next;
    }
    return indexOfNode(node);
}

QModelIndex ObjectTreeModel::index(int row, int column, const QModelIndex& parent) const {
    if (column < 0 || column >= ColumnCount || (parent.isValid() && parent.column() != 0)) return {};
    Node* p = nodeOf(parent);
    if (row < 0 || size_t(row) >= p->children.size()) return {};
    return createIndex(row, column, p->children[size_t(row)].get());
}

QModelIndex ObjectTreeModel::parent(const QModelIndex& child) const {
    if (!child.isValid()) return {};
    Node* n = static_cast<Node*>(child.internalPointer());
    return indexOfNode(n->parent);
}

int ObjectTreeModel::rowCount(const QModelIndex& parent) const {
    if (parent.isValid() && parent.column() != 0) return 0;
    return int(nodeOf(parent)->children.size());
}

int ObjectTreeModel::columnCount(const QModelIndex&) const { return ColumnCount; }

QVariant ObjectTreeModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid()) return {};
    const Node* n = static_cast<Node*>(index.internalPointer());
    switch (role) {
    case Qt::DisplayRole:
    case Qt::ToolTipRole: return index.column() == FieldColumn ? n->key : n->value;
    case Qt::ForegroundRole:
        if (index.column() == ValueColumn && (n->branch || n->null)) return QBrush(theme::mutedText());
        return {};
    case Qt::FontRole:
        if (index.column() == FieldColumn && n->branch) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    case PathRole: {
        QString path;
        for (const Node* p = n; p && p != root_.get(); p = p->parent) {
            const bool item = p->key.startsWith(QLatin1Char('['));
            path.prepend(p->key);
            if (!item && p->parent != root_.get()) path.prepend(QLatin1Char('.'));
        }
        return path;
    }
    }
    return {};
}

QVariant ObjectTreeModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    return section == FieldColumn ? tr("Field") : tr("Value");
}

}  // namespace pilothouse::ui
