// ControlPlaneClient over a remote pilothouse-server (gRPC: the KubernetesAPI and Simulation
// services, backend/api/proto). Everything the views read arrives on threads of its own:
//
//   state     WatchState: virtual time, revision, generation, watch deliveries; a new generation
//             (the simulation was rewound, reset or given another scenario) is controlPlaneReplaced()
//   journeys  WatchJourneys from the last seq it has: the records kept here, read by journeysSince()
//   metrics   WatchMetrics: the series kept here, read by metrics()
//   informers one per watched resource: List, then Watch from the list's resourceVersion
//
// The simulation's state itself (playing, speed, time) is read by session/remote_simulation.h,
// which also sends the Simulation service's commands.
//
// When the connection drops the client says so (connectionStateChanged: Disconnected, then
// Connecting while it tries again with backoff, 0.25 s doubling to 5 s) and keeps what it has, so
// the views go on showing the last state. Coming back, each informer resumes its watch from the
// last resourceVersion it saw and lists again only when the server answers Gone/Expired (410:
// compacted, or a new generation); the journeys and metrics streams resume where they stopped.
//
// Each time it is connected it asks who its token is (a SelfSubjectReview, authentication.k8s.io/v1):
// userName() is that user's name once the answer came (userNameChanged).
//
// Requests (send, controlNode, configureScheduler) run on a thread pool; their callbacks come on
// the GUI thread, not at all once their context object is gone. listAt, revisionAt and
// schedulerConfigurationAt are synchronous calls (a few milliseconds on a LAN).
#pragma once

#include <QPointer>
#include <QStringList>
#include <QThreadPool>

#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

#include "client/control_plane_client.h"
#include "remote/api_client.h"
#include "simulation_service.grpc.pb.h"

namespace pilothouse::ui {

class RemoteClient final : public ControlPlaneClient {
    Q_OBJECT
public:
    // Starts connecting at once (Connecting until the first state arrives). Errors: the options'
    // (no address, an unreadable CA file).
    static StatusOr<std::unique_ptr<RemoteClient>> connect(const remote::ConnectOptions& options, QObject* parent = nullptr);
    // Whether `options` reach a pilothouse-server that takes the token, before a window is opened
    // on it: one GetState call, its answer or why it failed (Unavailable: nobody answers there;
    // Unauthorized (401): the token is not the server's; Forbidden (403): its user may not read
    // the simulation). Blocks for at most `timeout`: call it off the GUI thread.
    static StatusOr<pilothouse::simulation::v1::SimulationState> probe(const remote::ConnectOptions& options,
                                                                      std::chrono::milliseconds timeout = std::chrono::seconds(10));
    ~RemoteClient() override;

    const remote::ConnectOptions& options() const { return options_; }
    QString endpoint() const override { return QString::fromStdString(options_.address); }
    ConnectionState connectionState() const override { return state_.load(); }
    bool isRemote() const override { return true; }
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

    // The simulation's state as last received (generation 0 before the first).
    pilothouse::simulation::v1::SimulationState simulationState() const;
    // The Simulation service, for the timeline's controls (play, speed, step, rewind).
    pilothouse::simulation::v1::Simulation::Stub& simulation() { return *simulation_; }
    // A client context carrying the token, with a deadline.
    std::unique_ptr<grpc::ClientContext> callContext(std::chrono::milliseconds timeout = std::chrono::seconds(30)) const;

signals:
    // simulationState() changed (at most once per event loop pass however many arrived).
    void simulationStateChanged();

private:
    RemoteClient(remote::ConnectOptions options, std::shared_ptr<grpc::Channel> channel, QObject* parent);
    void runState();
    void runJourneys();
    void runMetrics();
    void runInformer(QString resource);
    // Sleeps `backoff` (or until stop), then doubles it up to 5 s; false when stopping.
    bool waitBefore(std::chrono::milliseconds& backoff);
    void setConnectionState(ConnectionState state, const QString& error = {});
    // A stream call on one of the threads: the token added, and known to the destructor (which
    // cancels it) until endCall().
    void startCall(grpc::ClientContext* context);
    void endCall(grpc::ClientContext* context);
    // Runs `work` on the pool; `deliver` later on the GUI thread if `context` still exists.
    template <typename Result>
    void runAsync(QObject* context, std::function<Result()> work, std::function<void(const Result&)> deliver);

    const remote::ConnectOptions options_;
    std::shared_ptr<grpc::Channel> channel_;
    std::unique_ptr<remote::ApiClient> api_;
    std::unique_ptr<pilothouse::simulation::v1::Simulation::Stub> simulation_;

    std::atomic<bool> stopping_{false};
    std::atomic<ConnectionState> state_{ConnectionState::Connecting};
    std::atomic<bool> stateChangePosted_{false};
    std::mutex stopMutex_;
    std::condition_variable stopWake_;
    std::mutex callsMutex_;
    std::set<grpc::ClientContext*> calls_;          // guarded by callsMutex_
    std::set<remote::ApiClient::Watch*> watches_;  // guarded by callsMutex_
    std::vector<std::thread> threads_;
    QThreadPool pool_;


    mutable std::mutex dataMutex_;
    pilothouse::simulation::v1::SimulationState simulationState_;  // guarded by dataMutex_
    uint64_t journeyGeneration_ = 0;                                // guarded by dataMutex_
    std::vector<sim::JourneyRecord> journeys_;                      // guarded by dataMutex_
    std::map<std::string, cluster::Series> metrics_;                // guarded by dataMutex_
};

}  // namespace pilothouse::ui
