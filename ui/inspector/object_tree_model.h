// An object's fields as a tree — Field | Value — from its Kubernetes JSON (the codec's
// encodeMessage, the same fields and names `pilothousectl get -o yaml` prints, keys sorted).
// Objects and lists are branches (a list's items are "[0]", "[1]", ...; a branch's value sums it
// up: an item's name or type, a count); scalars are leaves with their value as YAML would show it.
//
// setObject() with a new version of the same object changes only what changed (rows inserted,
// removed, values changed), so a view keeps its expanded branches while the object is updated;
// another object resets the model.
#pragma once

#include <QAbstractItemModel>

#include <memory>
#include <vector>

#include "api/codec/value.h"
#include "client/control_plane_client.h"

namespace pilothouse::ui {

class ObjectTreeModel final : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Column { FieldColumn, ValueColumn, ColumnCount };
    enum Role { PathRole = Qt::UserRole + 1 };  // "spec.containers[0].image"

    explicit ObjectTreeModel(QObject* parent = nullptr);
    ~ObjectTreeModel() override;

    // Shows `object` (null: nothing). InPlace: a new version of the object shown, only what
    // changed is signalled; Reset: another object.
    enum class Update { Reset, InPlace };
    void setObject(const ObjectPtr& object, Update update);
    void setValue(const codec::Value& value, Update update);

    // The index of a path ("metadata.name", "spec.containers[0]"), invalid when absent.
    QModelIndex indexOf(const QString& path) const;

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Node;
    Node* nodeOf(const QModelIndex& index) const;
    QModelIndex indexOfNode(Node* node, int column = 0) const;
    void sync(Node* node, const codec::Value& value);
    static void fill(Node* node, const codec::Value& value);

    std::unique_ptr<Node> root_;
};

}  // namespace pilothouse::ui
