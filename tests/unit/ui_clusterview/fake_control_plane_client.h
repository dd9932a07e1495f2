// A ControlPlaneClient that delivers what a test (or the cluster view's benchmark) hands it: lists
// and watch events as the informers would emit them, and the store's history as a set of past
// snapshots. No control plane behind it, so a model can be driven object by object.
#pragma once

#include <QHash>
#include <QMap>

#include "client/control_plane_client.h"
#include "testing/refused_requests.h"

namespace pilothouse::testing {

class FakeControlPlaneClient final : public ui::ControlPlaneClient {
public:
    using ui::ControlPlaneClient::ControlPlaneClient;

    QString endpoint() const override { return QStringLiteral("fake"); }
    ConnectionState connectionState() const override { return ConnectionState::Connected; }
    void watchResource(const QString& resource) override { watched.push_back(resource); }
    qint64 nowNanos() const override { return now; }
    qint64 epochNanos() const override { return 0; }
    StatusOr<QVector<ui::ObjectPtr>> listAt(const QString& resource, qint64 revision) override {
        if (!past.contains(revision)) return Status(StatusCode::OutOfRange, "revision " + std::to_string(revision) + " is not recorded");
        return past.value(revision).value(resource);
    }
    // The last recorded snapshot at or before `unixNanos` (snapshots are keyed by revision and
    // taken at time == revision here).
    qint64 revisionAt(qint64 unixNanos) const override {
        qint64 best = 0;
        for (auto it = past.cbegin(); it != past.cend(); ++it)
            if (it.key() <= unixNanos) best = it.key();
        return best;
    }
    qint64 currentRevision() const override { return revision; }
    std::vector<sim::JourneyRecord> journeysSince(qint64, size_t) const override { return {}; }
    // A fake control plane stores nothing: every request is refused.
    void send(const ui::ApiRequest&, QObject* context, ui::ApiCallback done) override {
        testing::refuseRequest(context, std::move(done));
    }
    void controlNode(NodeControl, const QString&, QObject* context, std::function<void(const Status&)> done) override {
        testing::refuseControl(context, std::move(done));
    }
    void configureScheduler(const QString&, const QString&, QObject* context, std::function<void(const Status&)> done) override {
        testing::refuseControl(context, std::move(done));
    }
    std::map<std::string, cluster::Series> metrics() const override { return {}; }

    // The informers' side.
    void list(const QString& resource, const QVector<ui::ObjectPtr>& objects) {
        emit objectsListed(resource, objects, ++revision);
    }
    void put(const QString& resource, ui::ObjectPtr object, bool added = false) {
        ui::ObjectEvent e;
        e.type = added ? ui::ObjectEvent::Type::Added : ui::ObjectEvent::Type::Modified;
        e.object = std::move(object);
        e.revision = ++revision;
        emit objectChanged(resource, e);
    }
    void remove(const QString& resource, ui::ObjectPtr object) {
        ui::ObjectEvent e;
        e.type = ui::ObjectEvent::Type::Deleted;
        e.object = std::move(object);
        e.revision = ++revision;
        emit objectChanged(resource, e);
    }

    QStringList watched;
    qint64 revision = 0;
    qint64 now = 0;
    // revision -> resource -> objects
    QMap<qint64, QHash<QString, QVector<ui::ObjectPtr>>> past;
};

}  // namespace pilothouse::testing
