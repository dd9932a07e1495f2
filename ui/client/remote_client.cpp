#include "client/remote_client.h"

#include <QMetaObject>

#include <algorithm>

#include "api/scheme.h"
#include "apiserver/errors.h"
#include "authentication_v1.pb.h"
#include "scheduler/apis/config/load.h"

namespace pilothouse::ui {

namespace sv1 = pilothouse::simulation::v1;

namespace {
constexpr std::chrono::milliseconds kFirstBackoff{250};
constexpr std::chrono::milliseconds kMaxBackoff{5000};


sim::JourneyRecord toRecord(const sv1::JourneyRecord& r) {
    sim::JourneyRecord out;
    out.seq = r.seq();
    out.pod = r.pod();
    const auto& s = r.stage();
    out.stage.stage = s.stage();
    out.stage.start = sim::fromUnixNanos(s.start_unix_nanos());
    out.stage.end = sim::fromUnixNanos(s.end_unix_nanos());
    out.stage.detail = s.detail();
    out.stage.failed = s.failed();
    for (const auto& p : s.phrases()) {
        sim::Phrase phrase;
        phrase.id = static_cast<sim::Phrase::Id>(p.id());
        phrase.args.assign(p.args().begin(), p.args().end());
        out.stage.phrases.push_back(std::move(phrase));
    }
    return out;
}
}  // namespace

StatusOr<std::unique_ptr<RemoteClient>> RemoteClient::connect(const remote::ConnectOptions& options, QObject* parent) {
    auto channel = remote::dial(options);
    if (!channel) return channel.status();
    std::unique_ptr<RemoteClient> client(new RemoteClient(options, std::move(*channel), parent));
    client->threads_.emplace_back([c = client.get()] { c->runState(); });
    client->threads_.emplace_back([c = client.get()] { c->runJourneys(); });
    client->threads_.emplace_back([c = client.get()] { c->runMetrics(); });
    return client;
}

StatusOr<sv1::SimulationState> RemoteClient::probe(const remote::ConnectOptions& options, std::chrono::milliseconds timeout) {
    auto channel = remote::dial(options);
    if (!channel) return channel.status();
    auto stub = sv1::Simulation::NewStub(*channel);
    grpc::ClientContext context;
    if (!options.token.empty()) context.AddMetadata("authorization", "Bearer " + options.token);
    context.set_deadline(std::chrono::system_clock::now() + timeout);
    sv1::SimulationState state;
    if (Status st = remote::statusOfCall(stub->GetState(&context, sv1::GetStateRequest(), &state), context); !st.isOk()) {
        // gRPC's words for a TLS mismatch do not say what to do about it.
        if (st.code() == StatusCode::Unavailable && !options.tls && st.message().find("Socket closed") != std::string::npos)
            return Status(st.code(), st.message() + " (the server closed the connection at once: if it serves TLS, connect with TLS)");
        if (options.tls && st.message().find("certificate verify failed") != std::string::npos)
            return Status(st.code(), st.message() +
                                         " (the server's certificate is not signed by an authority this client trusts: give "
                                         "the CA certificate that signed it)");
        return st;
    }
    return state;
}

RemoteClient::RemoteClient(remote::ConnectOptions options, std::shared_ptr<grpc::Channel> channel, QObject* parent)
    : ControlPlaneClient(parent),
      options_(std::move(options)),
      channel_(std::move(channel)),
      api_(std::make_unique<remote::ApiClient>(channel_, options_.token)),
      simulation_(sv1::Simulation::NewStub(channel_)) {
    qRegisterMetaType<ObjectPtr>();
    qRegisterMetaType<ObjectEvent>();
    qRegisterMetaType<QVector<ObjectPtr>>();
    pool_.setMaxThreadCount(4);
}

RemoteClient::~RemoteClient() {
    {
        std::lock_guard lock(stopMutex_);
        stopping_ = true;
    }
    stopWake_.notify_all();
    {
        std::lock_guard lock(callsMutex_);
        for (auto* c : calls_) c->TryCancel();
        for (auto* w : watches_) w->cancel();
    }
    for (auto& t : threads_) t.join();
    pool_.waitForDone();
}

std::unique_ptr<grpc::ClientContext> RemoteClient::callContext(std::chrono::milliseconds timeout) const {
    auto c = std::make_unique<grpc::ClientContext>();
    if (!options_.token.empty()) c->AddMetadata("authorization", "Bearer " + options_.token);
    c->set_deadline(std::chrono::system_clock::now() + timeout);
    return c;
}

void RemoteClient::startCall(grpc::ClientContext* context) {
    if (!options_.token.empty()) context->AddMetadata("authorization", "Bearer " + options_.token);
    std::lock_guard lock(callsMutex_);
    calls_.insert(context);
    if (stopping_) context->TryCancel();
}

void RemoteClient::endCall(grpc::ClientContext* context) {
    std::lock_guard lock(callsMutex_);
    calls_.erase(context);
}

bool RemoteClient::waitBefore(std::chrono::milliseconds& backoff) {
    std::unique_lock lock(stopMutex_);
    stopWake_.wait_for(lock, backoff, [&] { return stopping_.load(); });
    backoff = std::min(backoff * 2, kMaxBackoff);
    return !stopping_;
}

void RemoteClient::setConnectionState(ConnectionState state, const QString& error) {
    if (state_.exchange(state) == state) return;
    QMetaObject::invokeMethod(this, [this, state, error] {
        if (state == ConnectionState::Connected) askUserName();
        emit connectionStateChanged(state);
        if (!error.isEmpty()) emit errorOccurred(error);
    }, Qt::QueuedConnection);
}

void RemoteClient::runState() {
    auto backoff = kFirstBackoff;
    while (!stopping_) {
        grpc::ClientContext context;
        startCall(&context);
        sv1::WatchStateRequest request;
        auto reader = simulation_->WatchState(&context, request);
        sv1::SimulationState state;
        while (reader->Read(&state)) {
            backoff = kFirstBackoff;
            setConnectionState(ConnectionState::Connected);
            uint64_t previous;
            {
                std::lock_guard lock(dataMutex_);
                previous = simulationState_.generation();
                simulationState_ = state;
            }
            if (previous != 0 && previous != state.generation())
                QMetaObject::invokeMethod(this, [this] { emit controlPlaneReplaced(); }, Qt::QueuedConnection);
            if (!stateChangePosted_.exchange(true))
                QMetaObject::invokeMethod(this, [this] {
                    stateChangePosted_ = false;
                    emit simulationStateChanged();
                }, Qt::QueuedConnection);
        }
        const grpc::Status st = reader->Finish();
        endCall(&context);
        if (stopping_) break;
        const Status why = remote::statusOfCall(st, context);
        // An API error (Unauthorized, Forbidden) will not go away by trying again soon, but a
        // server restarted with other tokens may take it: keep trying, slowly.
        setConnectionState(ConnectionState::Disconnected,
                           tr("Connection to %1 lost: %2").arg(endpoint(), QString::fromStdString(why.message())));
        if (!waitBefore(backoff)) break;
        setConnectionState(ConnectionState::Connecting);
    }
}

void RemoteClient::runJourneys() {
    auto backoff = kFirstBackoff;
    while (!stopping_) {
        grpc::ClientContext context;
        startCall(&context);
        sv1::WatchJourneysRequest request;
        {
            std::lock_guard lock(dataMutex_);
            request.set_generation(journeyGeneration_);
            request.set_after_seq(journeys_.empty() ? 0 : journeys_.back().seq);
        }
        auto reader = simulation_->WatchJourneys(&context, request);
        sv1::JourneyBatch batch;
        while (reader->Read(&batch)) {
            backoff = kFirstBackoff;
            std::lock_guard lock(dataMutex_);
            if (batch.generation() != journeyGeneration_) {
                journeys_.clear();
                journeyGeneration_ = batch.generation();
            }
            for (const auto& r : batch.records()) journeys_.push_back(toRecord(r));
        }
        reader->Finish();
        endCall(&context);
        if (!waitBefore(backoff)) break;
    }
}

void RemoteClient::runMetrics() {
    auto backoff = kFirstBackoff;
    uint64_t generation = 0;
    while (!stopping_) {
        grpc::ClientContext context;
        startCall(&context);
        sv1::WatchMetricsRequest request;
        {
            // Resuming: from just after the last sample kept.
            std::lock_guard lock(dataMutex_);
            int64_t last = 0;
            for (const auto& [name, series] : metrics_)
                if (!series.empty()) last = std::max(last, sim::toUnixNanos(series.back().first));
            request.set_since_unix_nanos(last ? last + 1 : 0);
        }
        auto reader = simulation_->WatchMetrics(&context, request);
        sv1::MetricsBatch batch;
        while (reader->Read(&batch)) {
            backoff = kFirstBackoff;
            std::lock_guard lock(dataMutex_);
            if (batch.generation() != generation) {
                if (generation != 0) metrics_.clear();
                generation = batch.generation();
            }
            for (const auto& series : batch.series()) {
                auto& out = metrics_[series.name()];
                for (const auto& s : series.samples()) out.emplace_back(sim::fromUnixNanos(s.at_unix_nanos()), s.value());
            }
        }
        reader->Finish();
        endCall(&context);
        if (!waitBefore(backoff)) break;
    }
}

void RemoteClient::watchResource(const QString& resource) {
    threads_.emplace_back([this, resource] { runInformer(resource); });
}

void RemoteClient::runInformer(QString resource) {
    const api::ResourceType* type = api::Scheme::instance().byName(resource.toStdString());
    if (!type) {
        QMetaObject::invokeMethod(this, [this, resource] { emit errorOccurred(tr("Unknown resource type \"%1\"").arg(resource)); });
        return;
    }
    auto backoff = kFirstBackoff;
    int64_t from = 0;  // 0: list first
    while (!stopping_) {
        if (from == 0) {
            apiserver::Request list;
            list.verb = "list";
            list.type = type;
            auto listed = api_->call(list);
            if (!listed.ok()) {
                if (!waitBefore(backoff)) return;
                continue;
            }
            QVector<ObjectPtr> objects;
            for (auto& o : listed.items) objects.push_back(ObjectPtr(std::move(o)));
            from = listed.listRevision;
            QMetaObject::invokeMethod(this, [this, resource, objects, revision = from] {
                emit objectsListed(resource, objects, revision);
            }, Qt::QueuedConnection);
        }
        auto watch = api_->watch(*type, "", from);
        {
            // The destructor cancels it like any call in progress.
            std::lock_guard lock(callsMutex_);
            watches_.insert(watch.get());
            if (stopping_) watch->cancel();
        }
        remote::ApiClient::Watch::Event e;
        bool any = false;
        while (watch->next(&e)) {
            any = true;
            backoff = kFirstBackoff;
            from = std::max(from, e.revision);
            if (e.type == "BOOKMARK") continue;
            ObjectEvent ev;
            ev.type = e.type == "ADDED" ? ObjectEvent::Type::Added
                      : e.type == "MODIFIED" ? ObjectEvent::Type::Modified
                                             : ObjectEvent::Type::Deleted;
            ev.object = std::move(e.object);
            ev.revision = e.revision;
            QMetaObject::invokeMethod(this, [this, resource, ev] { emit objectChanged(resource, ev); }, Qt::QueuedConnection);
        }
        const Status st = watch->finish();
        {
            std::lock_guard lock(callsMutex_);
            watches_.erase(watch.get());
        }
        if (stopping_) return;
        // Gone/Expired (the revision is compacted, or the cluster was rebuilt) and "Too large
        // resource version" (the revision came from a cluster a rewind replaced): list again,
        // as client-go's reflector does. Anything else (the connection dropped): watch again
        // from where it stopped.
        if (st.code() == StatusCode::OutOfRange || apiserver::isTooLargeResourceVersion(st)) from = 0;
        if (!any && !waitBefore(backoff)) return;
    }
}

qint64 RemoteClient::nowNanos() const {
    std::lock_guard lock(dataMutex_);
    return simulationState_.now_unix_nanos();
}

qint64 RemoteClient::epochNanos() const {
    std::lock_guard lock(dataMutex_);
    return simulationState_.epoch_unix_nanos();
}

qint64 RemoteClient::currentRevision() const {
    std::lock_guard lock(dataMutex_);
    return simulationState_.revision();
}

std::map<std::string, int64_t> RemoteClient::watchDeliveries() const {
    std::lock_guard lock(dataMutex_);
    return {simulationState_.watch_deliveries().begin(), simulationState_.watch_deliveries().end()};
}

sv1::SimulationState RemoteClient::simulationState() const {
    std::lock_guard lock(dataMutex_);
    return simulationState_;
}

StatusOr<QVector<ObjectPtr>> RemoteClient::listAt(const QString& resource, qint64 revision) {
    const api::ResourceType* type = api::Scheme::instance().byName(resource.toStdString());
    if (!type) return Status(StatusCode::InvalidArgument, "unknown resource type \"" + resource.toStdString() + "\"");
    apiserver::Request list;
    list.verb = "list";
    list.type = type;
    list.resourceVersion = revision;
    auto listed = api_->call(list);
    if (!listed.ok()) return listed.status;
    QVector<ObjectPtr> objects;
    for (auto& o : listed.items) objects.push_back(ObjectPtr(std::move(o)));
    return objects;
}

qint64 RemoteClient::revisionAt(qint64 unixNanos) const {
    auto context = callContext(std::chrono::seconds(5));
    sv1::RevisionAtRequest request;
    request.set_at_unix_nanos(unixNanos);
    sv1::RevisionAtResponse response;
    if (!simulation_->RevisionAt(context.get(), request, &response).ok()) return currentRevision();
    return response.revision();
}

std::vector<sim::JourneyRecord> RemoteClient::journeysSince(qint64 afterSeq, size_t limit) const {
    std::lock_guard lock(dataMutex_);
    std::vector<sim::JourneyRecord> out;
    // Records are kept in seq order, seq 1 first.
    auto it = std::upper_bound(journeys_.begin(), journeys_.end(), afterSeq,
                               [](qint64 seq, const sim::JourneyRecord& r) { return seq < r.seq; });
    for (; it != journeys_.end() && out.size() < limit; ++it) out.push_back(*it);
    return out;
}

std::map<std::string, cluster::Series> RemoteClient::metrics() const {
    std::lock_guard lock(dataMutex_);
    return metrics_;
}

template <typename Result>
void RemoteClient::runAsync(QObject* context, std::function<Result()> work, std::function<void(const Result&)> deliver) {
    QPointer<QObject> guard(context);
    pool_.start([this, guard, work = std::move(work), deliver = std::move(deliver)] {
        Result result = work();
        QMetaObject::invokeMethod(this, [guard, deliver, result] {
            if (guard) deliver(result);
        }, Qt::QueuedConnection);
    });
}

void RemoteClient::send(const ApiRequest& request, QObject* context, ApiCallback done) {
    runAsync<ApiResult>(context, [this, request]() {
        auto r = toApiServerRequest(request);
        if (!r) return ApiResult{r.status(), nullptr, {}};
        return toApiResult(api_->call(*r));
    }, std::move(done));
}

void RemoteClient::controlNode(NodeControl control, const QString& node, QObject* context,
                               std::function<void(const Status&)> done) {
    runAsync<Status>(context, [this, control, node]() {
        auto call = callContext();
        sv1::ControlNodeRequest request;
        request.set_action(control == NodeControl::Fail ? sv1::ControlNodeRequest::FAIL : sv1::ControlNodeRequest::RECOVER);
        request.set_node(node.toStdString());
        sv1::SimulationState state;
        return remote::statusOfCall(simulation_->ControlNode(call.get(), request, &state), *call);
    }, std::move(done));
}

void RemoteClient::configureScheduler(const QString& yaml, const QString& source, QObject* context,
                                      std::function<void(const Status&)> done) {
    runAsync<Status>(context, [this, yaml, source]() {
        auto call = callContext();
        sv1::ConfigureSchedulerRequest request;
        request.set_yaml(yaml.toStdString());
        request.set_source(source.toStdString());
        sv1::SimulationState state;
        return remote::statusOfCall(simulation_->ConfigureScheduler(call.get(), request, &state), *call);
    }, std::move(done));
}

scheduler::config::KubeSchedulerConfiguration RemoteClient::schedulerConfigurationAt(qint64 unixNanos) const {
    auto call = callContext(std::chrono::seconds(5));
    sv1::GetSchedulerConfigurationRequest request;
    request.set_at_unix_nanos(unixNanos);
    sv1::SchedulerConfiguration response;
    if (simulation_->GetSchedulerConfiguration(call.get(), request, &response).ok() && !response.yaml().empty())
        if (auto config = scheduler::config::loadConfiguration(response.yaml(), endpoint().toStdString()); config)
            return std::move(*config);
    return ControlPlaneClient::schedulerConfigurationAt(unixNanos);
}

}  // namespace pilothouse::ui
