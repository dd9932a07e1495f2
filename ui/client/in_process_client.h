// ControlPlaneClient over a control plane in this process. Each watched resource gets an informer
// thread that lists and then watches through the API server (never the store directly), re-listing
// when the watch is expired or closed as too slow; results reach the GUI thread as queued signals.
// History, journeys and metrics are read from the simulated cluster directly, on the GUI thread
// (where the embedded simulation runs).
//
// Requests (send(), controlNode()) run on the GUI thread too. On a session they go through
// EmbeddedSession::request (recorded, so a rewind replays them); on a bare cluster straight to its
// API server.
//
// On a session still starting (EmbeddedSession::startInBackground) the client is Connecting: it
// has no objects, no history and no time but the epoch, requests answer Unavailable, and the
// watched resources are listed once the session has started (controlPlaneReplaced, then
// Connected).
#pragma once

#include <QStringList>
#include <QThread>

#include <atomic>
#include <memory>
#include <vector>

#include "client/control_plane_client.h"
#include "cluster/cluster.h"
#include "session/embedded_session.h"

namespace pilothouse::ui {

class InProcessClient final : public ControlPlaneClient {
    Q_OBJECT
public:
    // `cluster` must outlive the client (or be replaced with reattach() before it goes).
    explicit InProcessClient(cluster::Cluster& cluster, QObject* parent = nullptr);
    // On a session's cluster, following it through resets and rewinds (detach / reattach).
    explicit InProcessClient(EmbeddedSession& session, QObject* parent = nullptr);
    ~InProcessClient() override;

    // Stops reading the cluster (it is about to go); reattach() starts again on the new one.
    void detach() { stopInformers(); }
    // Moves to another cluster (the session was reset or rewound): the informers stop, then list
    // and watch the new one; controlPlaneReplaced() is emitted first.
    void reattach(cluster::Cluster& cluster);

    QString endpoint() const override { return QStringLiteral("embedded"); }
    ConnectionState connectionState() const override { return cluster_ ? ConnectionState::Connected : ConnectionState::Connecting; }
    void watchResource(const QString& resource) override;
    qint64 nowNanos() const override;
    qint64 epochNanos() const override;
    StatusOr<QVector<ObjectPtr>> listAt(const QString& resource, qint64 revision) override;
    qint64 revisionAt(qint64 unixNanos) const override;
    qint64 currentRevision() const override;
    std::vector<sim::JourneyRecord> journeysSince(qint64 afterSeq, size_t limit) const override;
    std::map<std::string, cluster::Series> metrics() const override;
    std::map<std::string, int64_t> watchDeliveries() const override;
    void send(const ApiRequest& request, QObject* context, ApiCallback done) override;
    void controlNode(NodeControl control, const QString& node, QObject* context,
                     std::function<void(const Status&)> done) override;
    scheduler::config::KubeSchedulerConfiguration schedulerConfigurationAt(qint64 unixNanos) const override;
    void configureScheduler(const QString& yaml, const QString& source, QObject* context,
                            std::function<void(const Status&)> done) override;

private:
    void startInformer(const QString& resource);
    void stopInformers();
    void runInformer(const QString& resource, controlplane::ControlPlane* controlPlane);

    cluster::Cluster* cluster_;  // null while the session starts
    EmbeddedSession* session_ = nullptr;
    std::atomic<bool> stopping_{false};
    std::vector<std::unique_ptr<QThread>> threads_;
    QStringList watched_;
};

}  // namespace pilothouse::ui
