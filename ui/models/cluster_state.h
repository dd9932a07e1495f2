// The cluster as the views show it: the objects of a few resources (nodes, pods, events) at the
// moment the timeline points to. Live, it is the informers' cache (a list resets a resource, each
// watch event changes one object); at a past moment it is the store as it was then, read at the
// revision of that moment (ControlPlaneClient::listAt(revisionAt(t))). The live cache keeps
// following the watches meanwhile, so going back to live is immediate.
//
// The cluster view, the inspector and the event log read only from here.
#pragma once

#include <QHash>
#include <QObject>
#include <QStringList>
#include <QTimer>

#include "client/control_plane_client.h"
#include "models/selection_model.h"
#include "models/timeline.h"

namespace pilothouse::ui {

class ClusterState final : public QObject {
    Q_OBJECT
public:
    using ObjectMap = QHash<QString, ObjectPtr>;  // key ("namespace/name", or the name) -> object

    // Starts the client's watches for `resources` (kubectl names; "events" holds core/v1 and
    // events.k8s.io events alike).
    ClusterState(ControlPlaneClient* client, Timeline* timeline,
                 const QStringList& resources = defaultResources(), QObject* parent = nullptr);

    static QStringList defaultResources();

    const QStringList& resources() const { return resources_; }
    // The objects of a resource at the moment shown (empty for a resource not followed).
    const ObjectMap& objects(const QString& resource) const;
    ObjectPtr object(const ObjectRef& ref) const;
    // The store revision shown (live: the last one the informers delivered).
    qint64 revision() const;
    bool live() const { return !past_; }
    // Whether what is shown of `resource` was listed: a past moment is; live, once its informer has
    // listed it (not yet while a control plane starts or a server is being reached).
    bool listed(const QString& resource) const { return past_ || liveRevision_.contains(resource); }
    // A past moment could not be read (e.g. compacted): the message, else empty.
    QString error() const { return error_; }

    // Reads the past moment now instead of after the short delay that coalesces timeline drags
    // (tests and screenshots).
    void flush();

    static QString keyOf(const google::protobuf::Message& object);

signals:
    // Every object of `resource` was replaced (a list, a jump in time).
    void reset(const QString& resource);
    // One object was added or changed (`object` set) or deleted (`object` null), live.
    void changed(const QString& resource, const QString& key, const pilothouse::ui::ObjectPtr& object);

private:
    void onListed(const QString& resource, const QVector<ObjectPtr>& objects, qint64 revision);
    void onChanged(const QString& resource, const ObjectEvent& event);
    void onViewChanged();
    void loadPast();

    ControlPlaneClient* client_;
    Timeline* timeline_;
    QStringList resources_;
    QHash<QString, ObjectMap> live_;
    QHash<QString, qint64> liveRevision_;
    bool past_ = false;
    qint64 pastRevision_ = -1;
    QHash<QString, ObjectMap> pastObjects_;
    QString error_;
    QTimer pastDelay_;
};

}  // namespace pilothouse::ui
