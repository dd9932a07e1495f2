// The one way the GUI reaches a control plane. Two implementations: InProcessClient (the embedded
// control plane, this process) and RemoteClient (a pilothouse-server over gRPC). Views and models
// never know which they have; the window says which (isRemote, endpoint, connectionState).
//
// Watching follows the informer pattern: watchResource() lists the resource (objectsListed), then
// streams every change (objectChanged) in store revision order. Signals are emitted on the GUI
// thread; the work happens elsewhere.
//
// Besides the Kubernetes API, a Pilothouse control plane keeps its history: the store's past
// revisions (listAt, revisionAt: the timeline), the pods' journey records (sim/journey.h) and the
// metrics sampled over virtual time (cluster/metrics_sampler.h). When the control plane behind
// the client is replaced (the simulation was reset or rewound), controlPlaneReplaced() is
// emitted: journey sequence numbers start again, and the informers list again.
#pragma once

#include <QObject>
#include <QString>
#include <QVector>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include <google/protobuf/message.h>

#include "apiserver/server.h"
#include "client/api_request.h"
#include "cluster/metrics_sampler.h"
#include "scheduler/apis/config/types.h"
#include "sim/journey.h"
#include "util/status.h"

namespace pilothouse::ui {

struct ObjectEvent {
    enum class Type { Added, Modified, Deleted };
    Type type = Type::Added;
    ObjectPtr object;
    qint64 revision = 0;
};

// An ApiRequest as the API server's request (NotFound for an unknown resource), and a response
// as the GUI's result: what both clients carry.
StatusOr<apiserver::Request> toApiServerRequest(const ApiRequest& request);
ApiResult toApiResult(apiserver::Response response);

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
    // Who the GUI is to the control plane. An embedded one runs in this process and acts as its
    // loopback user, allowed everything; a remote one is a pilothouse-server's client, acting as
    // the user its token names, whom the server's RBAC may refuse things.
    virtual bool isRemote() const { return false; }
    // That user's name, as far as the control plane said ("" while it has not): a remote one is
    // asked (SelfSubjectReview) each time it is connected; userNameChanged() when it answers.
    QString userName() const { return userName_; }
    // Whether the control plane's past can be read (listAt at an older revision, revisionAt): a
    // simulation keeps its store's history; a live cluster's past is not kept, and only the
    // present is shown.
    virtual bool keepsHistory() const { return true; }
    // Journey records still being made from what was read (a live cluster's observed journeys,
    // derived a slice at a time): journeysSince does not say everything known yet.
    virtual bool journeysPending() const { return false; }
    // Why the GUI may not change the cluster even where RBAC would let it ("" when it may): a live
    // cluster is read-only until the user turns changes on for it. writesOffChanged() when it changes.
    virtual QString writesOffReason() const { return {}; }
    // Starts an informer for a resource ("pods", "nodes", ...) across all namespaces.
    virtual void watchResource(const QString& resource) = 0;
    // The control plane's current time (virtual in simulations), Unix nanoseconds.
    virtual qint64 nowNanos() const = 0;
    // The virtual time the simulation started at, Unix nanoseconds.
    virtual qint64 epochNanos() const = 0;

    // The objects of a resource as they were at a store revision (0: now), all namespaces.
    // OutOfRange when that revision was compacted.
    virtual StatusOr<QVector<ObjectPtr>> listAt(const QString& resource, qint64 revision) = 0;
    // Whether listAt answers the present of each of `resources` without waiting (as kube-scheduler
    // waits for its informers' caches to sync before it schedules). A client whose lists come over
    // the network starts listing those it holds none of, says false until each has listed or
    // failed, and emits listedChanged() as they do; the others hold everything already.
    virtual bool hasListed(const QStringList& resources) {
        (void)resources;
        return true;
    }
    // The store revision at a virtual time (Unix nanoseconds): the last write at or before it.
    virtual qint64 revisionAt(qint64 unixNanos) const = 0;
    virtual qint64 currentRevision() const = 0;
    // Journey records with seq > afterSeq, in order, at most `limit`.
    virtual std::vector<sim::JourneyRecord> journeysSince(qint64 afterSeq, size_t limit) const = 0;
    // Every metrics series sampled so far ("name{label=\"value\"}" -> (virtual time, value)).
    virtual std::map<std::string, cluster::Series> metrics() const = 0;
    // Watch events the API server has delivered so far, per watching client ("kube-scheduler",
    // "kubelet/node-1", "replicaset-controller", ...; apiserver::APIServer::watchDeliveries):
    // the journey view pulses the arrow to a component when its count grows. Counts start again
    // with the control plane (controlPlaneReplaced). Empty when the control plane does not say.
    virtual std::map<std::string, int64_t> watchDeliveries() const { return {}; }

    // Sends one request to the API server as this client's user. `done` runs later on the GUI
    // thread (never inside send()), and not at all once `context` is gone. Writes go through
    // admission and validation like any client's; the views see their effect through the watches.
    virtual void send(const ApiRequest& request, QObject* context, ApiCallback done) = 0;

    // The simulated machines: a node's kubelet stops (its heartbeats end, as if the machine lost
    // power or network) or starts again.
    enum class NodeControl { Fail, Recover };
    virtual void controlNode(NodeControl control, const QString& node, QObject* context,
                             std::function<void(const Status&)> done) = 0;

    // kube-scheduler's configuration at a moment (Unix nanoseconds): what the explainer and the
    // what-ifs run the scheduler's plugins with. A control plane that does not say runs v1.28's
    // defaults.
    virtual scheduler::config::KubeSchedulerConfiguration schedulerConfigurationAt(qint64 unixNanos) const;
    // kube-scheduler restarted with a KubeSchedulerConfiguration (YAML; `source` names it in
    // errors). `done` runs later on the GUI thread, as send()'s.
    virtual void configureScheduler(const QString& yaml, const QString& source, QObject* context,
                                    std::function<void(const Status&)> done) = 0;

protected:
    // Asks the control plane who this client is (a SelfSubjectReview, authentication.k8s.io/v1,
    // through send()); userName() is the answer, userNameChanged() when it changed. A control plane
    // that does not answer keeps the name unknown.
    void askUserName();

signals:
    void controlPlaneReplaced();
    void objectsListed(const QString& resource, const QVector<pilothouse::ui::ObjectPtr>& objects,
                       qint64 revision);
    void objectChanged(const QString& resource, const pilothouse::ui::ObjectEvent& event);
    void connectionStateChanged(pilothouse::ui::ControlPlaneClient::ConnectionState state);
    void userNameChanged(const QString& name);
    void writesOffChanged();
    void errorOccurred(const QString& message);
    // A resource listed or failed to list (hasListed may say otherwise now).
    void listedChanged();

private:
    QString userName_;  // GUI thread only
};

}  // namespace pilothouse::ui

Q_DECLARE_METATYPE(pilothouse::ui::ObjectPtr)
Q_DECLARE_METATYPE(pilothouse::ui::ObjectEvent)
