// A ControlPlaneClient whose objects, history, journeys and metrics a test sets: the ui models'
// tests drive ClusterState, the journey cache and the metrics history with exactly the objects
// and records they check against, no simulation needed.
#pragma once

#include <QHash>

#include <map>
#include <vector>

#include "client/control_plane_client.h"
#include "testing/refused_requests.h"
#include "models/cluster_state.h"

namespace pilothouse::testing {

class FakeControlPlaneClient final : public ui::ControlPlaneClient {
    Q_OBJECT
public:
    using ControlPlaneClient::ControlPlaneClient;

    QString endpoint() const override { return QStringLiteral("fake"); }
    ConnectionState connectionState() const override { return ConnectionState::Connected; }
    void watchResource(const QString& resource) override { watched << resource; }
    qint64 nowNanos() const override { return now; }
    qint64 epochNanos() const override { return epoch; }
    StatusOr<QVector<ui::ObjectPtr>> listAt(const QString& resource, qint64 revision) override {
        auto it = history.find(revision);
        if (it == history.end()) return Status(StatusCode::OutOfRange, "revision " + std::to_string(revision) + " not kept");
        return it->second.value(resource);
    }
    qint64 revisionAt(qint64 unixNanos) const override {
        qint64 r = 0;
        for (const auto& [time, revision] : revisionTimes)
            if (time <= unixNanos) r = revision;
        return r;
    }
    qint64 currentRevision() const override { return revision; }
    std::vector<sim::JourneyRecord> journeysSince(qint64 afterSeq, size_t limit) const override {
        std::vector<sim::JourneyRecord> out;
        for (const auto& r : journeys)
            if (r.seq > afterSeq && out.size() < limit) out.push_back(r);
        return out;
    }
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
    std::map<std::string, cluster::Series> metrics() const override {
        ++metricsCalls;
        return series;
    }

    // What a test sets.
    QStringList watched;
    qint64 epoch = 1'704'067'200'000'000'000;  // 2024-01-01T00:00:00Z
    qint64 now = epoch;
    qint64 revision = 0;
    std::map<qint64, QHash<QString, QVector<ui::ObjectPtr>>> history;  // revision -> resource -> objects
    std::vector<std::pair<qint64, qint64>> revisionTimes;            // (time, revision)
    std::vector<sim::JourneyRecord> journeys;
    std::map<std::string, cluster::Series> series;
    mutable int metricsCalls = 0;

    // The informer's list and watch events.
    void list(const QString& resource, const QVector<ui::ObjectPtr>& objects) { emit objectsListed(resource, objects, ++revision); }
    void change(const QString& resource, ui::ObjectEvent::Type type, const ui::ObjectPtr& object) {
        ui::ObjectEvent e;
        e.type = type;
        e.object = object;
        e.revision = ++revision;
        emit objectChanged(resource, e);
    }
    void replace() { emit controlPlaneReplaced(); }
};

}  // namespace pilothouse::testing
