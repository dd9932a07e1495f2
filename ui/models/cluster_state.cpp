#include "models/cluster_state.h"

#include <algorithm>

#include "api/object.h"

namespace pilothouse::ui {

namespace {
// A drag of the timeline fires many moments; the store is read once the drag pauses this long.
constexpr int kPastDelayMillis = 80;
const ClusterState::ObjectMap kEmpty;
}  // namespace

QStringList ClusterState::defaultResources() {
    // Events written through events.k8s.io (the scheduler's) are stored as core/v1 Events and
    // listed with them, as on a real API server: "events" has both.
    return {QStringLiteral("nodes"), QStringLiteral("pods"), QStringLiteral("events")};
}

QString ClusterState::keyOf(const google::protobuf::Message& object) {
    const auto& meta = api::metadata(object);
    const QString name = QString::fromStdString(meta.name());
    if (meta.namespace_().empty()) return name;
    return QString::fromStdString(meta.namespace_()) + QLatin1Char('/') + name;
}

ClusterState::ClusterState(ControlPlaneClient* client, Timeline* timeline, const QStringList& resources, QObject* parent)
    : QObject(parent), client_(client), timeline_(timeline), resources_(resources) {
    pastDelay_.setSingleShot(true);
    pastDelay_.setInterval(kPastDelayMillis);
    connect(&pastDelay_, &QTimer::timeout, this, &ClusterState::loadPast);
    connect(client_, &ControlPlaneClient::objectsListed, this, &ClusterState::onListed);
    connect(client_, &ControlPlaneClient::objectChanged, this, &ClusterState::onChanged);
    connect(timeline_, &Timeline::viewChanged, this, &ClusterState::onViewChanged);
    connect(client_, &ControlPlaneClient::controlPlaneReplaced, this, [this] {
        // Not connected to the new one yet (it is starting): the old one's objects are not shown
        // meanwhile. Otherwise they stay until the informers' lists replace them.
        if (client_->connectionState() == ControlPlaneClient::ConnectionState::Connecting) {
            live_.clear();
            liveRevision_.clear();
            if (!past_)
                for (const QString& r : resources_) emit reset(r);
        }
        // The informers list the new control plane; a past moment is read again from it.
        pastRevision_ = -1;
        if (past_) pastDelay_.start();
    });
    for (const QString& r : resources_) client_->watchResource(r);
}

const ClusterState::ObjectMap& ClusterState::objects(const QString& resource) const {
    const auto& from = past_ ? pastObjects_ : live_;
    auto it = from.constFind(resource);
    return it == from.constEnd() ? kEmpty : *it;
}

ObjectPtr ClusterState::object(const ObjectRef& ref) const { return objects(ref.resource).value(ref.key()); }

qint64 ClusterState::revision() const {
    if (past_) return pastRevision_;
    qint64 r = 0;
    for (auto it = liveRevision_.cbegin(); it != liveRevision_.cend(); ++it) r = std::max(r, it.value());
    return r;
}

void ClusterState::onListed(const QString& resource, const QVector<ObjectPtr>& objects, qint64 revision) {
    if (!resources_.contains(resource)) return;
    ObjectMap& map = live_[resource];
    map.clear();
    map.reserve(objects.size());
    for (const auto& o : objects) map.insert(keyOf(*o), o);
    liveRevision_[resource] = revision;
    if (!past_) emit reset(resource);
}

void ClusterState::onChanged(const QString& resource, const ObjectEvent& event) {
    if (!resources_.contains(resource) || !event.object) return;
    const QString key = keyOf(*event.object);
    ObjectMap& map = live_[resource];
    if (event.type == ObjectEvent::Type::Deleted) map.remove(key);
    else map.insert(key, event.object);
    liveRevision_[resource] = std::max(liveRevision_.value(resource), event.revision);
    if (!past_) emit changed(resource, key, event.type == ObjectEvent::Type::Deleted ? ObjectPtr() : event.object);
}

void ClusterState::onViewChanged() {
    if (timeline_->live()) {
        pastDelay_.stop();
        if (!past_) return;
        past_ = false;
        pastRevision_ = -1;
        pastObjects_.clear();
        error_.clear();
        for (const QString& r : resources_) emit reset(r);
        return;
    }
    pastDelay_.start();
}

void ClusterState::flush() {
    if (pastDelay_.isActive()) {
        pastDelay_.stop();
        loadPast();
    }
}

void ClusterState::loadPast() {
    if (timeline_->live()) return;
    const qint64 revision = client_->revisionAt(timeline_->viewNanos());
    if (past_ && revision == pastRevision_) return;
    QHash<QString, ObjectMap> loaded;
    error_.clear();
    for (const QString& r : resources_) {
        ObjectMap& map = loaded[r];
        if (revision == 0) continue;  // before the first write: nothing existed
        auto objects = client_->listAt(r, revision);
        if (!objects) {
            error_ = tr("Cannot show the cluster at revision %1: %2").arg(revision).arg(QString::fromStdString(objects.status().message()));
            continue;
        }
        map.reserve(objects->size());
        for (const auto& o : *objects) map.insert(keyOf(*o), o);
    }
    past_ = true;
    pastRevision_ = revision;
    pastObjects_ = std::move(loaded);
    for (const QString& r : resources_) emit reset(r);
}

}  // namespace pilothouse::ui
