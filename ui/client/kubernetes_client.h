// ControlPlaneClient over the Kubernetes API of any cluster — a real one, reached through a
// kubeconfig context as kubectl reaches it (kubectl/kubeconfig_client.h: its CA, client
// certificate, token or exec plugin). What Headlamp, Lens and k9s are to a cluster, with the views
// of a simulation:
//
//   informers  one reflector per watched resource (client/tools/cache/reflector.h): paged lists,
//              a watch from the list's resourceVersion with bookmarks, 410 answered by listing
//              again, a drop by backoff with jitter, a forbidden cluster-wide list by the context's
//              namespace. The objects are kept here, on the GUI thread, in the order the signals
//              said them.
//   state      Connecting until every watched resource has listed once; Disconnected while one
//              cannot be listed or watched (the data is then the last known: stale), Connected
//              again once it can. partialViews() names what is read from one namespace only and
//              why (RBAC's text).
//              A kind listAt is asked for without a view watching it (what the explainer reads
//              besides pods and nodes) is listed then, once, and watched from then on.
//   time       the wall clock. The cluster's past is not kept (keepsHistory() is false): only the
//              present can be shown; listAt answers the present.
//   metrics    the object gauges (cluster/object_gauges.h: pods by phase, requested and
//              allocatable) sampled every 5 seconds from what the informers hold.
//   journeys   observed (client/observed_journeys.h): each pod's stages read back from its
//              times, conditions and events, derived once pods and events have listed.
//   writes     read-only by default. send() refuses create, update, patch and delete with
//              writesOffReason() until setWritesAllowed(true); then each write is confirmed with
//              confirmWrite (the window asks the user) and sent as kubectl sends it. Reviews
//              (SelfSubjectAccessReview, SelfSubjectReview) are questions, not writes: always sent.
//   scheduler  the explainer's kube-scheduler runs v1.28's default profile, or the
//              KubeSchedulerConfiguration given for this connection (configureScheduler): the
//              real scheduler's configuration cannot be read through the API.
//
// Requests run on a thread pool; their callbacks come on the GUI thread, not at all once their
// context object is gone.
#pragma once

#include <QHash>
#include <QThreadPool>
#include <QTimer>

#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <unordered_map>

#include "client/control_plane_client.h"
#include "client/observed_journeys.h"
#include "client/rest/client.h"
#include "client/tools/cache/reflector.h"

namespace pilothouse::ui {

class KubernetesClient final : public ControlPlaneClient {
    Q_OBJECT
public:
    // What the kubeconfig context named.
    struct Target {
        std::string contextName;
        std::string clusterName;
        std::string userName;   // the kubeconfig's user entry
        std::string server;     // the cluster's URL
        std::string namespace_; // the context's (or "default"): where forbidden lists fall back to
    };

    // Over a client made elsewhere (kubectl::connectWithKubeconfig). Starts asking who the user is
    // and what version the server runs at once.
    KubernetesClient(std::unique_ptr<client::rest::RESTClient> client, Target target, QObject* parent = nullptr);
    ~KubernetesClient() override;

    // Whether the cluster answers and takes the credentials, before a window is opened on it: GET
    // /version, then a list of one namespace (as `kubectl get` would), so that an unknown
    // authority, a refused token or an unreachable server is said in kubectl's words. The
    // server's gitVersion when it did. Blocks: call it off the GUI thread.
    static StatusOr<std::string> probe(client::rest::RESTClient& client);

    const Target& target() const { return target_; }
    client::rest::RESTClient& rest() const { return *rest_; }

    // "kind-kind (https://127.0.0.1:6443)".
    QString endpoint() const override;
    ConnectionState connectionState() const override { return state_; }
    bool isRemote() const override { return true; }
    bool keepsHistory() const override { return false; }
    void watchResource(const QString& resource) override;
    qint64 nowNanos() const override;
    qint64 epochNanos() const override { return epochNanos_; }
    StatusOr<QVector<ObjectPtr>> listAt(const QString& resource, qint64 revision) override;
    bool hasListed(const QStringList& resources) override;
    // How many times listAt listed over the network on the calling (GUI) thread: a kind asked for
    // before hasListed said it was in. Each one holds the window for a round trip.
    int listsOnCallersThread() const { return listsOnCallersThread_; }
    qint64 revisionAt(qint64) const override { return revision_; }
    qint64 currentRevision() const override { return revision_; }
    std::vector<sim::JourneyRecord> journeysSince(qint64 afterSeq, size_t limit) const override {
        return journeys_.since(afterSeq, limit);
    }
    bool journeysPending() const override { return journeys_.pending(); }
    std::map<std::string, cluster::Series> metrics() const override { return metrics_; }
    void send(const ApiRequest& request, QObject* context, ApiCallback done) override;
    void controlNode(NodeControl control, const QString& node, QObject* context,
                     std::function<void(const Status&)> done) override;
    scheduler::config::KubeSchedulerConfiguration schedulerConfigurationAt(qint64 unixNanos) const override;
    void configureScheduler(const QString& yaml, const QString& source, QObject* context,
                            std::function<void(const Status&)> done) override;
    QString writesOffReason() const override;

    // The server's version (/version's gitVersion, "" until it answered).
    QString serverVersion() const { return serverVersion_; }
    // Writes: off until turned on (for this connection only).
    bool writesAllowed() const { return writesAllowed_; }
    void setWritesAllowed(bool allowed);
    // Asked before each write is sent (on the GUI thread): false cancels it. Unset: sent.
    void setConfirmWrite(std::function<bool(const ApiRequest&)> confirm) { confirmWrite_ = std::move(confirm); }
    // resource -> why it is read from one namespace only, or not at all (RBAC's text).
    const QHash<QString, QString>& partialViews() const { return partial_; }
    // Every watched resource has listed once.
    bool synced() const;

signals:
    void serverVersionChanged(const QString& version);
    void partialViewsChanged();

private:
    struct Informer {
        QString resource;
        std::unique_ptr<client::cache::Reflector> reflector;
        std::thread thread;
        std::unordered_map<std::string, ObjectPtr> objects;  // by namespace/name (GUI thread)
        bool listed = false;
        bool failing = false;
        Status lastError;       // why, while failing
        bool fallback = false;  // read from the context's namespace only
        // Started by listAt, not by a view (the explainer's other kinds): its state is not the
        // connection's, and its errors are not said.
        bool auxiliary = false;
    };
    Informer* startInformer(const api::ResourceType& type, bool auxiliary);
    void onReplace(Informer& informer, std::vector<client::cache::ObjectPtr> objects, const std::string& rv);
    void onEvent(Informer& informer, client::cache::WatchEventType type, const ObjectPtr& object, const std::string& rv);
    void onFailed(Informer& informer, const Status& error, std::chrono::milliseconds retry);
    void onRecovered(Informer& informer);
    void takeRevision(const std::string& rv);
    void updateState();
    void sampleMetrics();
    // Observed journeys: the informers' pods and events handed over; derived a slice a turn.
    void observe(const Informer& informer, const std::string& key, const ObjectPtr& object, bool listed);
    void deriveJourneys();
    template <typename Result>
    void runAsync(QObject* context, std::function<Result()> work, std::function<void(const Result&)> deliver);

    std::unique_ptr<client::rest::RESTClient> rest_;
    const Target target_;
    const qint64 epochNanos_;
    std::vector<std::unique_ptr<Informer>> informers_;
    ConnectionState state_ = ConnectionState::Connecting;
    qint64 revision_ = 0;
    QString serverVersion_;
    QHash<QString, QString> partial_;
    bool writesAllowed_ = false;
    int listsOnCallersThread_ = 0;
    std::function<bool(const ApiRequest&)> confirmWrite_;
    std::optional<scheduler::config::KubeSchedulerConfiguration> schedulerConfig_;
    std::map<std::string, cluster::Series> metrics_;
    QTimer sampler_;
    bool sampling_ = false;  // a sample being summed on the pool
    ObservedJourneys journeys_;
    QTimer deriveTimer_;
    QThreadPool pool_;
};

}  // namespace pilothouse::ui
