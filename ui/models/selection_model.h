// The one selection every view follows: clicking a pod's token in the journey view, its chip in
// the cluster view or its row in the event log selects it everywhere (the inspector shows it).
#pragma once

#include <QObject>
#include <QString>

namespace pilothouse::ui {

// A Kubernetes object by resource and name ("pods", "default", "web-1"); namespace empty for
// cluster-scoped ones (nodes).
struct ObjectRef {
    QString resource;
    QString namespace_;
    QString name;

    bool isNull() const { return name.isEmpty(); }
    // "namespace/name", or "name" for cluster-scoped objects: the key the models index by.
    QString key() const { return namespace_.isEmpty() ? name : namespace_ + QLatin1Char('/') + name; }
    bool operator==(const ObjectRef&) const = default;

    static ObjectRef pod(const QString& key);   // from "namespace/name"
    static ObjectRef node(const QString& name);
    // "pods/default/web-1", "nodes/node-1" ("" for none): the selection as a workspace keeps it.
    QString path() const { return isNull() ? QString() : resource + QLatin1Char('/') + key(); }
    static ObjectRef fromPath(const QString& path);
};

class SelectionModel final : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;

    const ObjectRef& selected() const { return selected_; }
    // Emits selectionChanged only when the selection changes.
    void select(const ObjectRef& ref);
    void clear() { select({}); }

signals:
    void selectionChanged(const pilothouse::ui::ObjectRef& selected);

private:
    ObjectRef selected_;
};

}  // namespace pilothouse::ui
