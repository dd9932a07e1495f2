#include "client/kubernetes_client.h"

#include <algorithm>

#include <QMetaObject>
#include <QPointer>

#include <chrono>

#include "api/codec/json.h"
#include "api/codec/manifest.h"
#include "api/codec/proto_json.h"
#include "api/object.h"
#include "api/scheme.h"
#include "client/tools/pager/list_pager.h"
#include "cluster/object_gauges.h"
#include "models/turn_budget.h"
#include "util/thread_priority.h"
#include "core_v1.pb.h"
#include "scheduler/apis/config/load.h"

namespace pilothouse::ui {

namespace {

namespace rest = client::rest;
namespace cache = client::cache;
namespace core = k8s::io::api::core::v1;

qint64 wallNanos() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

std::string keyOf(const google::protobuf::Message& object) {
    const auto& md = api::metadata(object);
    return md.namespace_().empty() ? md.name() : md.namespace_() + "/" + md.name();
}

bool isWrite(const ApiRequest& r) {
    if (r.verb == QLatin1String("get") || r.verb == QLatin1String("list") || r.verb == QLatin1String("watch")) return false;
    // Questions to the authorizer and the authenticator: answered, never stored.
    return r.resource != QLatin1String("selfsubjectaccessreviews") && r.resource != QLatin1String("selfsubjectreviews");
}

// The object as JSON with its apiVersion and kind first, as kubectl sends it.
std::string bodyJson(const std::string& apiVersion, const std::string& kind, const google::protobuf::Message& object) {
    codec::Value item = codec::Value::object();
    item.set("apiVersion", apiVersion);
    item.set("kind", kind);
    codec::Value encoded = codec::encodeMessage(object);
    if (encoded.isObject())
        for (auto& [key, value] : encoded.asObject())
            if (key != "apiVersion" && key != "kind") item.set(key, std::move(value));
    return codec::toJson(item, codec::JsonStyle::Compact);
}

// An ApiRequest as kube-apiserver's REST call (the paths, verbs, content types and query kubectl uses).
StatusOr<rest::Request> restRequest(const ApiRequest& request) {
    const api::ResourceType* type = api::Scheme::instance().byName(request.resource.toStdString());
    if (!type) return Status(StatusCode::NotFound, "the server doesn't have a resource type \"" + request.resource.toStdString() + "\"");
    // An eviction is a policy/v1 Eviction created on pods/NAME/eviction.
    const bool eviction = request.subresource == QLatin1String("eviction");
    rest::Request r;
    r.path = client::pager::collectionPath(*type, request.namespace_.toStdString());
    if (!request.name.isEmpty()) r.path += "/" + request.name.toStdString();
    if (!request.subresource.isEmpty()) r.path += "/" + request.subresource.toStdString();
    if (request.dryRun) r.query.emplace_back("dryRun", "All");
    const QString& verb = request.verb;
    if (verb == QLatin1String("get")) {
        r.verb = "GET";
    } else if (verb == QLatin1String("create") || verb == QLatin1String("update")) {
        if (!request.body) return Status(StatusCode::InvalidArgument, verb.toStdString() + " needs an object");
        r.verb = verb == QLatin1String("create") ? "POST" : "PUT";
        r.contentType = "application/json";
        r.body = eviction ? bodyJson("policy/v1", "Eviction", *request.body) : bodyJson(type->apiVersion(), type->kind, *request.body);
        r.query.emplace_back("fieldManager", "pilothouse");
    } else if (verb == QLatin1String("patch")) {
        r.verb = "PATCH";
        r.contentType = "application/merge-patch+json";
        r.body = codec::toJson(request.patch, codec::JsonStyle::Compact);
        r.query.emplace_back("fieldManager", "pilothouse");
    } else if (verb == QLatin1String("delete")) {
        r.verb = "DELETE";
        codec::Value options = codec::Value::object();
        options.set("apiVersion", "v1");
        options.set("kind", "DeleteOptions");
        if (request.gracePeriodSeconds >= 0) options.set("gracePeriodSeconds", int64_t(request.gracePeriodSeconds));
        if (!request.propagationPolicy.isEmpty()) options.set("propagationPolicy", request.propagationPolicy.toStdString());
        r.contentType = "application/json";
        r.body = codec::toJson(options, codec::JsonStyle::Compact);
    } else {
        return Status(StatusCode::InvalidArgument, "unknown verb \"" + verb.toStdString() + "\"");
    }
    return r;
}

// The answer's object, decoded as its kind (a delete may answer a Status: no object then).
ApiResult apiResult(const ApiRequest& request, const StatusOr<rest::Response>& response) {
    ApiResult result;
    if (!response) {
        result.status = response.status();
        return result;
    }
    if (response->status < 200 || response->status > 299) {
        result.status = rest::errorStatus(*response);
        return result;
    }
    for (const auto& [name, value] : response->headers)
        if (name.size() == 7 && QString::fromStdString(name).compare(QLatin1String("Warning"), Qt::CaseInsensitive) == 0) {
            // "299 - \"text\"": the text.
            QString text = QString::fromStdString(value);
            const qsizetype quote = text.indexOf(QLatin1Char('"'));
            if (quote >= 0 && text.endsWith(QLatin1Char('"'))) text = text.mid(quote + 1, text.size() - quote - 2);
            result.warnings << text;
        }
    auto doc = codec::parseJson(response->body);
    if (!doc || !doc->isObject()) return result;
    const codec::Value* apiVersion = doc->find("apiVersion");
    const codec::Value* kind = doc->find("kind");
    if (!apiVersion || !kind || !apiVersion->isString() || !kind->isString() || kind->asString() == "Status") return result;
    const api::ResourceType* type = api::Scheme::instance().byKind(apiVersion->asString(), kind->asString());
    if (!type) return result;
    std::vector<std::string> warnings;
    auto object = codec::decodeObject(*doc, *type, &warnings);
    if (!object) {
        result.status = object.status().withContext(request.verb.toStdString() + " " + request.resource.toStdString() + ": ");
        return result;
    }
    result.object = ObjectPtr(std::move(*object));
    return result;
}

// The pool's threads, at a background priority: once each (they are reused).
void backgroundPriority() {
    thread_local bool lowered = false;
    if (lowered) return;
    util::lowerThreadPriority(util::kBackgroundNiceness);
    lowered = true;
}

}  // namespace

KubernetesClient::KubernetesClient(std::unique_ptr<rest::RESTClient> client, Target target, QObject* parent)
    : ControlPlaneClient(parent), rest_(std::move(client)), target_(std::move(target)), epochNanos_(wallNanos()) {
    qRegisterMetaType<ObjectPtr>();
    qRegisterMetaType<ObjectEvent>();
    qRegisterMetaType<QVector<ObjectPtr>>();
    pool_.setMaxThreadCount(4);
    // The gauges every 5 seconds, as the simulation's sampler takes them.
    sampler_.setObjectName(QStringLiteral("metricsSample"));
    sampler_.setInterval(5000);
    connect(&sampler_, &QTimer::timeout, this, &KubernetesClient::sampleMetrics);
    sampler_.start();
    deriveTimer_.setObjectName(QStringLiteral("journeysDerive"));
    deriveTimer_.setSingleShot(true);
    deriveTimer_.setInterval(0);
    connect(&deriveTimer_, &QTimer::timeout, this, &KubernetesClient::deriveJourneys);
    runAsync<StatusOr<std::string>>(this, [this] { return probe(*rest_); }, [this](const StatusOr<std::string>& version) {
        if (!version) {
            emit errorOccurred(QString::fromStdString(version.status().message()));
            return;
        }
        serverVersion_ = QString::fromStdString(*version);
        emit serverVersionChanged(serverVersion_);
    });
    askUserName();
}

KubernetesClient::~KubernetesClient() {
    sampler_.stop();
    for (auto& i : informers_) i->reflector->stop();
    for (auto& i : informers_)
        if (i->thread.joinable()) i->thread.join();
    pool_.waitForDone();
}

StatusOr<std::string> KubernetesClient::probe(rest::RESTClient& client) {
    rest::Request version;
    version.path = "/version";
    auto v = client.send(version);
    if (!v) return v.status();
    if (v->status == 401) return Status(StatusCode::Unauthenticated, "error: You must be logged in to the server (" + rest::errorMessage(*v) + ")");
    std::string gitVersion;
    if (v->status == 200)
        if (auto doc = codec::parseJson(v->body); doc && doc->find("gitVersion") && doc->find("gitVersion")->isString())
            gitVersion = doc->find("gitVersion")->asString();
    return gitVersion;
}

QString KubernetesClient::endpoint() const {
    return QString::fromStdString(target_.contextName.empty() ? target_.server : target_.contextName + " (" + target_.server + ")");
}

qint64 KubernetesClient::nowNanos() const { return wallNanos(); }

QString KubernetesClient::writesOffReason() const {
    if (writesAllowed_) return {};
    return tr("Pilothouse is read-only on context \"%1\": turn on Cluster > Allow changes to this cluster first")
        .arg(QString::fromStdString(target_.contextName));
}

void KubernetesClient::setWritesAllowed(bool allowed) {
    if (allowed == writesAllowed_) return;
    writesAllowed_ = allowed;
    emit writesOffChanged();
}

bool KubernetesClient::synced() const {
    bool any = false;
    for (const auto& i : informers_) {
        if (i->auxiliary) continue;
        if (!i->listed) return false;
        any = true;
    }
    return any;
}

void KubernetesClient::watchResource(const QString& resource) {
    const api::ResourceType* type = api::Scheme::instance().byName(resource.toStdString());
    if (!type) {
        emit errorOccurred(tr("Cannot watch \"%1\": the server doesn't have a resource type \"%1\"").arg(resource));
        return;
    }
    for (auto& i : informers_)
        if (i->resource == resource) {
            // Watched already for listAt: a view's now, its state the connection's.
            i->auxiliary = false;
            updateState();
            return;
        }
    startInformer(*type, false);
    updateState();
}

KubernetesClient::Informer* KubernetesClient::startInformer(const api::ResourceType& type, bool auxiliary) {
    auto informer = std::make_unique<Informer>();
    Informer* in = informer.get();
    in->resource = QString::fromStdString(type.resource);
    in->auxiliary = auxiliary;
    auto post = [this](std::function<void()> f) { QMetaObject::invokeMethod(this, std::move(f), Qt::QueuedConnection); };
    cache::ReflectorHandlers h;
    h.replace = [this, in, post](std::vector<cache::ObjectPtr> objects, const std::string& rv) {
        post([this, in, objects = std::move(objects), rv]() mutable { onReplace(*in, std::move(objects), rv); });
    };
    h.event = [this, in, post](cache::WatchEventType type, const cache::ObjectPtr& object, const std::string& rv) {
        post([this, in, type, object, rv] { onEvent(*in, type, object, rv); });
    };
    h.bookmark = [this, post](const std::string& rv) { post([this, rv] { takeRevision(rv); }); };
    h.failed = [this, in, post](const Status& error, std::chrono::milliseconds retry) {
        post([this, in, error, retry] { onFailed(*in, error, retry); });
    };
    h.recovered = [this, in, post] { post([this, in] { onRecovered(*in); }); };
    h.partial = [this, in, post](const std::string& ns, const std::string& why) {
        post([this, in, ns, why] {
            in->fallback = true;
            partial_[in->resource] = tr("%1 only from namespace \"%2\": %3")
                                         .arg(in->resource, QString::fromStdString(ns), QString::fromStdString(why));
            emit partialViewsChanged();
        });
    };
    cache::ReflectorOptions options;
    options.fallbackNamespace = target_.namespace_.empty() ? "default" : target_.namespace_;
    in->reflector = std::make_unique<cache::Reflector>(*rest_, type, std::move(h), options);
    // At the normal priority: what the window shows comes through them (niced, a large cluster
    // loaded 10 s slower, its server's threads taking the cores).
    in->thread = std::thread([in] { in->reflector->run(); });
    informers_.push_back(std::move(informer));
    return in;
}

void KubernetesClient::takeRevision(const std::string& rv) {
    // etcd's revisions are integers; a server that says otherwise keeps the count where it was.
    try {
        revision_ = std::max<qint64>(revision_, std::stoll(rv));
    } catch (...) {
    }
}

void KubernetesClient::onReplace(Informer& in, std::vector<cache::ObjectPtr> objects, const std::string& rv) {
    in.objects.clear();
    in.objects.reserve(objects.size());
    QVector<ObjectPtr> listed;
    listed.reserve(qsizetype(objects.size()));
    for (auto& o : objects) {
        in.objects[keyOf(*o)] = o;
        listed.push_back(std::move(o));
    }
    // Listed after RBAC refused it (a role granted since): no longer partial, unless it is read from
    // the fallback namespace (the reflector said so before this list).
    if (in.failing && !in.fallback && partial_.remove(in.resource)) emit partialViewsChanged();
    in.listed = true;
    in.failing = false;
    takeRevision(rv);
    observe(in, {}, nullptr, true);
    emit objectsListed(in.resource, listed, revision_);
    updateState();
    emit listedChanged();
    // The first sample as soon as pods and nodes are both known; then one every 5 seconds.
    if (metrics_.empty()) sampleMetrics();
}

void KubernetesClient::onEvent(Informer& in, cache::WatchEventType type, const ObjectPtr& object, const std::string& rv) {
    takeRevision(rv);
    ObjectEvent event;
    event.object = object;
    event.revision = revision_;
    const std::string key = keyOf(*object);
    switch (type) {
        case cache::WatchEventType::Added: event.type = ObjectEvent::Type::Added; in.objects[key] = object; break;
        case cache::WatchEventType::Modified: event.type = ObjectEvent::Type::Modified; in.objects[key] = object; break;
        case cache::WatchEventType::Deleted: event.type = ObjectEvent::Type::Deleted; in.objects.erase(key); break;
    }
    observe(in, key, type == cache::WatchEventType::Deleted ? nullptr : object, false);
    emit objectChanged(in.resource, event);
}

void KubernetesClient::observe(const Informer& in, const std::string& key, const ObjectPtr& object, bool listed) {
    const bool pods = in.resource == QLatin1String("pods");
    if (pods) listed ? journeys_.podsListed(in.objects) : journeys_.podChanged(key, object);
    else if (in.resource == QLatin1String("events")) {
        if (listed) journeys_.eventsListed(in.objects);
        else if (object) journeys_.eventChanged(key, object);
    } else {
        return;
    }
    if (journeys_.pending() && !deriveTimer_.isActive()) deriveTimer_.start();
}

void KubernetesClient::deriveJourneys() {
    // Once the pods and their events are both known (or the events cannot be read): a journey
    // derived from the pods alone would be drawn again as their events came in.
    const Informer* pods = nullptr;
    const Informer* events = nullptr;
    for (const auto& i : informers_) {
        if (i->resource == QLatin1String("pods")) pods = i.get();
        if (i->resource == QLatin1String("events")) events = i.get();
    }
    if (!pods || !pods->listed) return;
    if (events && !events->listed && !partial_.contains(events->resource) && !events->failing) return;
    // 200 pods at a time (about 2 ms) for a slice of the turn, so neither a large cluster's first
    // list nor a burst of changes holds the window up.
    const TurnBudget budget;
    while (journeys_.derive(200))
        if (budget.spent()) {
            deriveTimer_.start();
            return;
        }
}

void KubernetesClient::onFailed(Informer& in, const Status& error, std::chrono::milliseconds retry) {
    in.failing = true;
    in.lastError = error;
    if (journeys_.pending() && !deriveTimer_.isActive()) deriveTimer_.start();
    const QString message = tr("%1: %2 (trying again in %3 s)")
                                .arg(in.resource, QString::fromStdString(error.message()))
                                .arg(double(retry.count()) / 1000.0, 0, 'f', 1);
    if (error.code() == StatusCode::PermissionDenied) {
        // RBAC will not change by itself: the view is empty, and says why.
        partial_[in.resource] = QString::fromStdString(error.message());
        emit partialViewsChanged();
    }
    updateState();
    if (!in.auxiliary) emit errorOccurred(message);
    emit listedChanged();
}

void KubernetesClient::onRecovered(Informer& in) {
    in.failing = false;
    updateState();
}

void KubernetesClient::updateState() {
    ConnectionState s = ConnectionState::Connected;
    bool anyListed = false, anyView = false;
    for (const auto& i : informers_) {
        if (i->auxiliary) continue;
        anyView = true;
        anyListed |= i->listed;
        // A kind RBAC does not let us read is partial, not a lost connection.
        if (i->failing && !partial_.contains(i->resource)) s = ConnectionState::Disconnected;
        else if (!i->listed && !partial_.contains(i->resource) && s == ConnectionState::Connected) s = ConnectionState::Connecting;
    }
    if (!anyListed && s == ConnectionState::Disconnected) s = ConnectionState::Connecting;
    if (!anyView) s = ConnectionState::Connecting;
    if (s == state_) return;
    state_ = s;
    if (s == ConnectionState::Connected) askUserName();
    emit connectionStateChanged(s);
}

StatusOr<QVector<ObjectPtr>> KubernetesClient::listAt(const QString& resource, qint64 revision) {
    if (revision != 0 && revision < revision_)
        return Status(StatusCode::OutOfRange, "a live cluster's past is not kept here: fork it into a simulation to go back in time");
    bool watched = false;
    for (const auto& i : informers_)
        if (i->resource == resource) {
            watched = true;
            // Failing (a kind this server does not serve, one RBAC refuses): its informer's error,
            // not a list over the network at each ask (the explainer asks every second).
            if (!i->listed && i->failing) return i->lastError;
            if (!i->listed) break;
            QVector<ObjectPtr> out;
            out.reserve(qsizetype(i->objects.size()));
            for (const auto& [key, o] : i->objects) out.push_back(o);
            return out;
        }
    // Not listed yet (what the explainer reads besides pods and nodes: a few objects): listed now,
    // and watched from now on so that the next ask is answered here, not over the network.
    const api::ResourceType* type = api::Scheme::instance().byName(resource.toStdString());
    if (!type) return Status(StatusCode::InvalidArgument, "unknown resource type \"" + resource.toStdString() + "\"");
    if (!watched) startInformer(*type, true);
    ++listsOnCallersThread_;
    std::vector<std::string> warnings;
    auto listed = client::pager::listAll(*rest_, *type, {}, &warnings);
    if (!listed && listed.status().code() == StatusCode::PermissionDenied && type->namespaced)
        listed = client::pager::listAll(*rest_, *type, {target_.namespace_.empty() ? "default" : target_.namespace_, 500}, &warnings);
    if (!listed) return listed.status();
    QVector<ObjectPtr> out;
    out.reserve(qsizetype(listed->items.size()));
    for (auto& m : listed->items)
        if (m.object) out.push_back(ObjectPtr(std::move(m.object)));
    return out;
}

bool KubernetesClient::hasListed(const QStringList& resources) {
    bool all = true;
    for (const QString& resource : resources) {
        const auto it = std::find_if(informers_.begin(), informers_.end(), [&](const auto& i) { return i->resource == resource; });
        if (it != informers_.end()) {
            all &= (*it)->listed || (*it)->failing;
            continue;
        }
        const api::ResourceType* type = api::Scheme::instance().byName(resource.toStdString());
        if (!type) continue;  // listAt says it is unknown
        startInformer(*type, true);
        all = false;
    }
    return all;
}

void KubernetesClient::sampleMetrics() {
    const Informer* pods = nullptr;
    const Informer* nodes = nullptr;
    for (const auto& i : informers_) {
        if (i->resource == QLatin1String("pods") && i->listed) pods = i.get();
        if (i->resource == QLatin1String("nodes") && i->listed) nodes = i.get();
    }
    if (!pods || !nodes || sampling_) return;
    // The objects held now (shared: the informers may replace them meanwhile), summed on the pool:
    // a walk of every pod is a frame's time several times over on a large cluster. The first
    // sample is taken here, so that the charts have one as soon as the views have objects.
    auto held = std::make_shared<std::vector<ObjectPtr>>();
    held->reserve(pods->objects.size() + nodes->objects.size());
    for (const auto& [key, o] : pods->objects) held->push_back(o);
    const size_t podCount = held->size();
    for (const auto& [key, o] : nodes->objects) held->push_back(o);
    const sim::Time now{std::chrono::nanoseconds(wallNanos())};
    using Gauges = std::map<std::string, double>;
    auto gauges = [held, podCount] {
        std::vector<const core::Pod*> p;
        std::vector<const core::Node*> n;
        p.reserve(podCount);
        for (size_t i = 0; i < held->size(); ++i) {
            if (i < podCount) p.push_back(static_cast<const core::Pod*>((*held)[i].get()));
            else n.push_back(static_cast<const core::Node*>((*held)[i].get()));
        }
        return cluster::objectGauges(p, n);
    };
    if (metrics_.empty()) {
        for (const auto& [name, value] : gauges()) metrics_[name].push_back({now, value});
        return;
    }
    sampling_ = true;
    runAsync<Gauges>(this, gauges, [this, now](const Gauges& sampled) {
        sampling_ = false;
        for (const auto& [name, value] : sampled) metrics_[name].push_back({now, value});
    });
}

template <typename Result>
void KubernetesClient::runAsync(QObject* context, std::function<Result()> work, std::function<void(const Result&)> deliver) {
    QPointer<QObject> ctx(context);
    pool_.start([work = std::move(work), deliver = std::move(deliver), ctx]() mutable {
        backgroundPriority();
        Result result = work();
        if (!ctx) return;
        QMetaObject::invokeMethod(ctx, [deliver = std::move(deliver), result = std::move(result)] { deliver(result); },
                                  Qt::QueuedConnection);
    });
}

void KubernetesClient::send(const ApiRequest& request, QObject* context, ApiCallback done) {
    auto refuse = [context, done](Status st) {
        ApiResult result;
        result.status = std::move(st);
        QMetaObject::invokeMethod(context, [done, result] { done(result); }, Qt::QueuedConnection);
    };
    if (isWrite(request)) {
        if (!writesAllowed_) return refuse(Status(StatusCode::PermissionDenied, writesOffReason().toStdString()));
        if (confirmWrite_ && !confirmWrite_(request))
            return refuse(Status(StatusCode::Cancelled, tr("Not sent: the change was not confirmed").toStdString()));
    }
    auto r = restRequest(request);
    if (!r) return refuse(r.status());
    runAsync<ApiResult>(context, [this, request, r = std::move(*r)] { return apiResult(request, rest_->send(r)); }, std::move(done));
}

void KubernetesClient::controlNode(NodeControl, const QString& node, QObject* context, std::function<void(const Status&)> done) {
    const Status st(StatusCode::FailedPrecondition,
                    tr("Node \"%1\" is a real machine: failing and recovering nodes is for simulations (fork the cluster into one), "
                       "cordon or drain it instead")
                        .arg(node)
                        .toStdString());
    QMetaObject::invokeMethod(context, [done = std::move(done), st] { done(st); }, Qt::QueuedConnection);
}

scheduler::config::KubeSchedulerConfiguration KubernetesClient::schedulerConfigurationAt(qint64 unixNanos) const {
    if (schedulerConfig_) return *schedulerConfig_;
    return ControlPlaneClient::schedulerConfigurationAt(unixNanos);
}

void KubernetesClient::configureScheduler(const QString& yaml, const QString& source, QObject* context,
                                          std::function<void(const Status&)> done) {
    // The explainer's scheduler only: the cluster's own kube-scheduler is not ours to restart.
    Status st;
    if (auto config = scheduler::config::loadConfiguration(yaml.toStdString(), source.toStdString())) schedulerConfig_ = std::move(*config);
    else st = config.status();
    QMetaObject::invokeMethod(context, [done = std::move(done), st] { done(st); }, Qt::QueuedConnection);
}

}  // namespace pilothouse::ui
