// The one way the GUI reaches a control plane. Two implementations: InProcessClient (the embedded
// control plane, this process) and, later, a gRPC client for a remote pilothouse-server. Views and
// models never know which they have.
//
// Watching follows the informer pattern: watchResource() lists the resource (objectsListed), then
// streams every change (objectChanged) in store revision order. Signals are emitted on the GUI
// thread; the work happens elsewhere.
#pragma once

#include <QObject>
#include <QString>
#include <QVector>

#include <memory>

#include <google/protobuf/message.h>

namespace pilothouse::ui {

using ObjectPtr = std::shared_ptr<const google::protobuf::Message>;

struct ObjectEvent {
    enum class Type { Added, Modified, Deleted };
    Type type = Type::Added;
    ObjectPtr object;
    qint64 revision = 0;
};

class ControlPlaneClient : public QObject {
    Q_OBJECT
public:
    enum class ConnectionState { Connecting, Connected, Disconnected };
    Q_ENUM(ConnectionState)

    using QObject::QObject;
    ~ControlPlaneClient() override = default;

    // "embedded" or "host:port".
    virtual QString endpoint() const = 0;
    virtual ConnectionState connectionState() const = 0;
    // Starts an informer for a resource ("pods", "nodes", ...) across all namespaces.
    virtual void watchResource(const QString& resource) = 0;
    // The control plane's current time (virtual in simulations), Unix nanoseconds.
    virtual qint64 nowNanos() const = 0;

signals:
    void objectsListed(const QString& resource, const QVector<pilothouse::ui::ObjectPtr>& objects,
                       qint64 revision);
    void objectChanged(const QString& resource, const pilothouse::ui::ObjectEvent& event);
    void connectionStateChanged(pilothouse::ui::ControlPlaneClient::ConnectionState state);
    void errorOccurred(const QString& message);
};

}  // namespace pilothouse::ui

Q_DECLARE_METATYPE(pilothouse::ui::ObjectPtr)
Q_DECLARE_METATYPE(pilothouse::ui::ObjectEvent)
