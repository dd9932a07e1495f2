#include "client/in_process_client.h"

#include <QMetaObject>

#include "api/scheme.h"
#include "cluster/metrics_sampler.h"
#include "cluster/scheduler_component.h"

namespace pilothouse::ui {

InProcessClient::InProcessClient(cluster::Cluster& cluster, QObject* parent)
    : ControlPlaneClient(parent), cluster_(&cluster) {
    qRegisterMetaType<ObjectPtr>();
    qRegisterMetaType<ObjectEvent>();
    qRegisterMetaType<QVector<ObjectPtr>>();
}

InProcessClient::InProcessClient(EmbeddedSession& session, QObject* parent)
    : ControlPlaneClient(parent), cluster_(session.isStarted() ? &session.cluster() : nullptr), session_(&session) {
    qRegisterMetaType<ObjectPtr>();
    qRegisterMetaType<ObjectEvent>();
    qRegisterMetaType<QVector<ObjectPtr>>();
    connect(&session, &EmbeddedSession::clusterAboutToBeReplaced, this, [this] { detach(); });
    connect(&session, &EmbeddedSession::clusterReplaced, this, [this] {
        const bool connecting = !cluster_;
        reattach(session_->cluster());
        if (connecting) emit connectionStateChanged(ConnectionState::Connected);
    });
    connect(&session, &EmbeddedSession::startFailed, this, &ControlPlaneClient::errorOccurred);
    // Another scenario starting behind the window: nothing to show until it is up.
    connect(&session, &EmbeddedSession::restarting, this, [this] {
        stopInformers();
        cluster_ = nullptr;
        emit connectionStateChanged(ConnectionState::Connecting);
        emit controlPlaneReplaced();
    });
}

InProcessClient::~InProcessClient() { stopInformers(); }

void InProcessClient::send(const ApiRequest& request, QObject* context, ApiCallback done) {
    ApiResult result;
    auto req = toApiServerRequest(request);
    if (!req) {
        result.status = req.status();
    } else if (!cluster_) {
        result.status = session_->notStarted();
    } else if (session_) {
        result = toApiResult(session_->request(std::move(*req)));
    } else {
        req->token = cluster_->controlPlane().loopbackToken();
        result = toApiResult(cluster_->apiServer().handle(*req));
    }
    QMetaObject::invokeMethod(context, [done = std::move(done), result] { done(result); }, Qt::QueuedConnection);
}

void InProcessClient::controlNode(NodeControl control, const QString& node, QObject* context,
                                  std::function<void(const Status&)> done) {
    const std::string action = control == NodeControl::Fail ? "failNode" : "recoverNode";
    Status st = session_ ? session_->controlNode(action, node.toStdString())
                         : Status(StatusCode::FailedPrecondition, "failing and recovering nodes needs the simulation");
    QMetaObject::invokeMethod(context, [done = std::move(done), st] { done(st); }, Qt::QueuedConnection);
}

scheduler::config::KubeSchedulerConfiguration InProcessClient::schedulerConfigurationAt(qint64 unixNanos) const {
    if (session_) return session_->schedulerConfigurationAt(std::chrono::nanoseconds(unixNanos - epochNanos()));
    if (!cluster_) return ControlPlaneClient::schedulerConfigurationAt(unixNanos);
    // A cluster without a session: its scheduler's configuration now.
    if (auto* sched = dynamic_cast<cluster::SchedulerComponent*>(cluster_->find("kube-scheduler"))) return sched->configuration();
    return ControlPlaneClient::schedulerConfigurationAt(unixNanos);
}

void InProcessClient::configureScheduler(const QString& yaml, const QString& source, QObject* context,
                                         std::function<void(const Status&)> done) {
    Status st = session_ ? session_->configureScheduler(yaml.toStdString(), source.toStdString())
                         : Status(StatusCode::FailedPrecondition, "restarting kube-scheduler needs the simulation");
    QMetaObject::invokeMethod(context, [done = std::move(done), st] { done(st); }, Qt::QueuedConnection);
}

void InProcessClient::stopInformers() {
    stopping_ = true;
    for (auto& t : threads_) t->wait();
    threads_.clear();
    stopping_ = false;
}

void InProcessClient::reattach(cluster::Cluster& cluster) {
    stopInformers();
    cluster_ = &cluster;
    emit controlPlaneReplaced();
    for (const QString& r : watched_) startInformer(r);
}

qint64 InProcessClient::nowNanos() const { return cluster_ ? cluster_->clock().nowUnixNanos() : epochNanos(); }

qint64 InProcessClient::epochNanos() const {
    // Every simulated cluster starts at the same epoch (sim/clock.h).
    const sim::Time epoch = cluster_ ? cluster_->loop().epoch() : sim::kDefaultEpoch;
    return std::chrono::duration_cast<std::chrono::nanoseconds>(epoch.time_since_epoch()).count();
}

StatusOr<QVector<ObjectPtr>> InProcessClient::listAt(const QString& resource, qint64 revision) {
    const api::ResourceType* type = api::Scheme::instance().byName(resource.toStdString());
    if (!type) return Status(StatusCode::InvalidArgument, "unknown resource type \"" + resource.toStdString() + "\"");
    if (!cluster_) return session_->notStarted();
    auto& cp = cluster_->controlPlane();
    apiserver::Request list;
    list.verb = "list";
    list.token = cp.loopbackToken();
    list.type = type;
    list.resourceVersion = revision;
    auto listed = cp.apiServer().handle(list);
    if (!listed.ok()) return listed.status;
    QVector<ObjectPtr> objects;
    objects.reserve(qsizetype(listed.items.size()));
    for (auto& o : listed.items) objects.push_back(ObjectPtr(std::move(o)));
    return objects;
}

qint64 InProcessClient::revisionAt(qint64 unixNanos) const {
    if (!cluster_) return 0;
    return cluster_->revisionAt(sim::Time(std::chrono::nanoseconds(unixNanos)));
}

qint64 InProcessClient::currentRevision() const { return cluster_ ? cluster_->controlPlane().store().currentRevision() : 0; }

std::vector<sim::JourneyRecord> InProcessClient::journeysSince(qint64 afterSeq, size_t limit) const {
    if (!cluster_) return {};
    return cluster_->journeys().since(afterSeq, limit);
}

std::map<std::string, cluster::Series> InProcessClient::metrics() const {
    if (!cluster_) return {};
    if (auto* sampler = dynamic_cast<cluster::MetricsSampler*>(cluster_->find("metrics"))) return sampler->series();
    return {};
}

std::map<std::string, int64_t> InProcessClient::watchDeliveries() const {
    if (!cluster_) return {};
    return cluster_->apiServer().watchDeliveries();
}

void InProcessClient::watchResource(const QString& resource) {
    watched_.push_back(resource);
    if (cluster_) startInformer(resource);
}

void InProcessClient::startInformer(const QString& resource) {
    controlplane::ControlPlane* cp = &cluster_->controlPlane();
    std::unique_ptr<QThread> thread(QThread::create([this, resource, cp] { runInformer(resource, cp); }));
    thread->setObjectName(QStringLiteral("informer-") + resource);
    thread->start();
    threads_.push_back(std::move(thread));
}

void InProcessClient::runInformer(const QString& resource, controlplane::ControlPlane* controlPlane) {
    const api::ResourceType* type = api::Scheme::instance().byName(resource.toStdString());
    if (!type) {
        QMetaObject::invokeMethod(this, [this, resource] {
            emit errorOccurred(tr("Unknown resource type \"%1\"").arg(resource));
        });
        return;
    }
    auto& server = controlPlane->apiServer();
    while (!stopping_) {
        // List, then watch from the list's revision; start over when the watch ends.
        apiserver::Request list;
        list.verb = "list";
        list.token = controlPlane->loopbackToken();
        list.type = type;
        list.shareItems = true;  // the views only read them: the watch cache's objects, shared
        auto listed = server.handle(list);
        if (!listed.ok()) {
            const QString message = QString::fromStdString(listed.status.message());
            QMetaObject::invokeMethod(this, [this, message] { emit errorOccurred(message); });
            QThread::msleep(500);
            continue;
        }
        QVector<ObjectPtr> objects;
        objects.reserve(qsizetype(listed.sharedItems.size()));
        for (auto& o : listed.sharedItems) objects.push_back(std::move(o));
        const qint64 revision = listed.listRevision;
        QMetaObject::invokeMethod(this, [this, resource, objects, revision] {
            emit objectsListed(resource, objects, revision);
        });
        apiserver::Request watch;
        watch.verb = "watch";
        watch.token = controlPlane->loopbackToken();
        watch.type = type;
        watch.resourceVersion = revision;
        auto stream = server.watch(watch);
        if (!stream) continue;
        while (!stopping_) {
            auto events = (*stream)->nextShared(std::chrono::milliseconds(100));
            if (!events) break;  // expired or too slow: re-list
            for (auto& e : *events) {
                ObjectEvent ev;
                ev.type = e.type == store::EventType::Added      ? ObjectEvent::Type::Added
                          : e.type == store::EventType::Modified ? ObjectEvent::Type::Modified
                                                                 : ObjectEvent::Type::Deleted;
                ev.object = std::move(e.object);
                ev.revision = e.revision;
                QMetaObject::invokeMethod(this, [this, resource, ev] { emit objectChanged(resource, ev); });
            }
        }
    }
}

}  // namespace pilothouse::ui
