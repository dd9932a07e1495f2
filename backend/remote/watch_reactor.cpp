#include "remote/watch_reactor.h"

#include <algorithm>
#include <cstdlib>

#include <grpcpp/impl/codegen/proto_utils.h>

#include "api/object.h"
#include "apiserver/errors.h"
#include "remote/bearer_token.h"
#include "remote/object_any.h"
#include "remote/request_options.h"
#include "remote/status_mapping.h"
#include "remote/target.h"

namespace pilothouse::remote {

namespace {

const char* eventTypeName(store::EventType type) {
    switch (type) {
        case store::EventType::Added: return "ADDED";
        case store::EventType::Modified: return "MODIFIED";
        case store::EventType::Deleted: return "DELETED";
    }
    return "MODIFIED";
}

Status shuttingDown() {
    Status s(StatusCode::Unavailable, "the server is shutting down; watch again from the last resourceVersion");
    s.setReason("ServiceUnavailable", 503);
    return s;
}

}  // namespace

// ---- WatchRegistry ----

bool WatchRegistry::add(WatchReactor* watch) {
    std::lock_guard lock(mutex_);
    if (stopping_) return false;
    watches_.insert(watch);
    return true;
}

void WatchRegistry::remove(WatchReactor* watch) {
    std::lock_guard lock(mutex_);
    watches_.erase(watch);
}

void WatchRegistry::stopAll() {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    for (WatchReactor* w : watches_) w->stop(shuttingDown());
    // A watch waiting in acquireStream() for a suspension to end gives up now.
    changed_.notify_all();
}

bool WatchRegistry::acquireStream() {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return !suspended_ || stopping_; });
    if (stopping_) return false;
    ++streams_;
    return true;
}

void WatchRegistry::releaseStream() {
    std::lock_guard lock(mutex_);
    --streams_;
    changed_.notify_all();
}

void WatchRegistry::suspend(const Status& end) {
    std::unique_lock lock(mutex_);
    suspended_ = true;
    for (WatchReactor* w : watches_) w->stop(end);
    changed_.wait(lock, [&] { return streams_ == 0; });
    packed_.clear();
}

void WatchRegistry::resume() {
    std::lock_guard lock(mutex_);
    suspended_ = false;
    changed_.notify_all();
}

int64_t WatchRegistry::open() const {
    std::lock_guard lock(mutex_);
    return int64_t(watches_.size());
}

// ---- WatchReactor ----

grpc::ServerWriteReactor<grpc::ByteBuffer>* WatchReactor::start(ApiBackend& api, WatchRegistry& registry,
                                                                WatchDispatcher& dispatcher, WatchOptions options,
                                                                grpc::CallbackServerContext* context,
                                                                const grpc::ByteBuffer& request) {
    std::shared_ptr<WatchReactor> reactor(new WatchReactor(api, registry, dispatcher, options, context));
    reactor->self_ = reactor;
    reactor->registered_ = registry.add(reactor.get());
    if (!reactor->registered_) {
        reactor->finish(shuttingDown());
        return reactor.get();
    }
    dispatcher.post([weak = std::weak_ptr<WatchReactor>(reactor), request] {
        if (auto r = weak.lock()) r->begin(request);
    });
    return reactor.get();
}

WatchReactor::WatchReactor(ApiBackend& api, WatchRegistry& registry, WatchDispatcher& dispatcher, WatchOptions options,
                           grpc::CallbackServerContext* context)
    : api_(api),
      registry_(registry),
      dispatcher_(dispatcher),
      options_(options),
      context_(context),
      token_(bearerToken(*context)) {}

WatchReactor::~WatchReactor() {
    // Gone before the dispatcher ended it (the client left first): leave the API server now.
    stream_.reset();
    if (holdsStream_) registry_.releaseStream();
}

void WatchReactor::wakeDispatcher() { dispatcher_.wake(shared_from_this()); }

void WatchReactor::begin(const grpc::ByteBuffer& requestBytes) {
    {
        grpc::ByteBuffer copy(requestBytes);
        if (!grpc::SerializationTraits<pilothouse::apiserver::v1::WatchRequest>::Deserialize(&copy, &request_).ok()) {
            finish(apiserver::newBadRequest("the request is not a valid pilothouse.apiserver.v1.WatchRequest message"));
            return;
        }
    }
    std::optional<Status> stopped;
    {
        std::lock_guard lock(mutex_);
        stopped = stopStatus_;
    }
    if (stopped) {
        finish(*stopped);
        return;
    }
    if (!registry_.acquireStream()) {
        finish(shuttingDown());
        return;
    }
    auto stream = open();
    if (!stream) {
        registry_.releaseStream();
        finish(stream.status());
        return;
    }
    const auto now = Clock::now();
    nextBookmark_ = now + options_.bookmarkInterval;
    if (request_.timeout_seconds() > 0) deadline_ = now + std::chrono::seconds(request_.timeout_seconds());
    (*stream)->setNotify([weak = weak_from_this()] {
        if (auto self = weak.lock()) self->dispatcher_.wake(self);
    });
    {
        std::lock_guard lock(mutex_);
        stream_ = std::move(*stream);
        holdsStream_ = true;
        started_ = true;
    }
    // A backlog already queued when the notify was set does not call it: look once anyway. A stop
    // requested meanwhile is carried out there too.
    wakeDispatcher();
}

StatusOr<std::unique_ptr<apiserver::WatchStream>> WatchReactor::open() {
    const auto& target = request_.target();
    auto type = resolveTarget(target, {NameRule::Optional, {}, "watch"});
    if (!type) return type.status();
    type_ = *type;
    auto revision = parseResourceVersion(request_.resource_version(), "resource_version");
    if (!revision) return revision.status();
    apiserver::Request r;
    r.verb = "watch";
    r.type = type_;
    r.namespace_ = target.namespace_();
    r.token = token_;
    r.labelSelector = request_.label_selector();
    r.fieldSelector = request_.field_selector();
    // A watch of one object is a watch of the collection with a name selector, as client-go's is.
    if (!target.name().empty())
        r.fieldSelector = "metadata.name=" + target.name() + (r.fieldSelector.empty() ? "" : "," + r.fieldSelector);
    int64_t from = *revision;
    if (from == 0) {
        // "Get State and Start at Most Recent": the current objects as ADDED events, then the
        // changes after the revision they were read at.
        apiserver::Request list = r;
        list.verb = "list";
        apiserver::Response current = api_.handle(list);
        if (!current.ok()) return current.status;
        from = current.listRevision;
        PackedWatchEvents& packed = registry_.packed();
        for (const auto& item : current.items) {
            const int64_t modified = std::strtoll(api::metadata(*item).resource_version().c_str(), nullptr, 10);
            enqueue(packed.pack("ADDED", *item, modified), from, /*live=*/false);
        }
    }
    {
        std::lock_guard lock(mutex_);
        lastWrittenRevision_ = std::max(lastWrittenRevision_, from);
    }
    r.resourceVersion = from;
    return api_.watch(r);
}

std::optional<WatchDispatcher::Clock::time_point> WatchReactor::dispatch() {
    std::optional<Status> stopped;
    {
        std::lock_guard lock(mutex_);
        if (!started_) return std::nullopt;  // begin() wakes the dispatcher when it is
        stopped = stopStatus_;
    }
    if (!stream_) return std::nullopt;  // ended already
    if (stopped) {
        end(*stopped);
        return std::nullopt;
    }
    const auto now = Clock::now();
    if (deadline_ && now >= *deadline_) {
        end(Status());  // the timeout ended the watch
        return std::nullopt;
    }
    auto events = stream_->nextShared(std::chrono::milliseconds(0));
    if (!events) {
        end(events.status());
        return std::nullopt;
    }
    PackedWatchEvents& packed = registry_.packed();
    for (const auto& e : *events) {
        if (!enqueue(packed.pack(eventTypeName(e.type), *e.object, e.revision), e.revision, /*live=*/true)) {
            registry_.countCutOff();
            int64_t resumeFrom;
            {
                std::lock_guard lock(mutex_);
                resumeFrom = lastWrittenRevision_;
            }
            end(apiserver::newTooManyRequests("the watcher fell behind and was closed; watch again from resourceVersion " +
                                              std::to_string(resumeFrom)));
            return std::nullopt;
        }
    }
    // A batch is at most so many events: there may be more ready.
    if (!events->empty()) wakeDispatcher();
    const bool bookmarks = request_.allow_watch_bookmarks();
    if (bookmarks && now >= nextBookmark_) {
        nextBookmark_ = now + options_.bookmarkInterval;
        bool idle;
        {
            std::lock_guard lock(mutex_);
            idle = queue_.empty() && !writeInFlight_;
        }
        if (idle) {
            // Upstream's bookmark: an empty object of the kind carrying only how far the watch
            // has come.
            const int64_t revision = stream_->lastRevision();
            auto object = type_->newObject();
            api::setTypeMeta(object.get(), *type_);
            api::mutableMetadata(object.get())->set_resource_version(std::to_string(revision));
            enqueue(PackedWatchEvents::packOnce("BOOKMARK", *object), revision, /*live=*/false);
        }
    }
    std::optional<Clock::time_point> next = deadline_;
    if (bookmarks) next = next ? std::min(*next, nextBookmark_) : nextBookmark_;
    return next;
}

void WatchReactor::end(const Status& st) {
    // Detach from the API server (its notify callback no longer runs after this) before ending.
    stream_.reset();
    if (holdsStream_) {
        holdsStream_ = false;
        registry_.releaseStream();
    }
    finish(st);
}

bool WatchReactor::enqueue(grpc::Slice message, int64_t revision, bool live) {
    std::unique_lock lock(mutex_);
    if (finished_) return true;
    if (live && queue_.size() - initialEvents_ >= options_.bufferLimit) return false;
    if (!live) ++initialEvents_;
    queue_.push_back({grpc::ByteBuffer(&message, 1), revision, !live});
    if (!writeInFlight_) startWriteLocked(lock);
    return true;
}

void WatchReactor::startWriteLocked(std::unique_lock<std::mutex>& lock) {
    writing_ = std::move(queue_.front());
    queue_.pop_front();
    if (writing_.initial) --initialEvents_;
    writeInFlight_ = true;
    // More waiting: let gRPC gather them into fewer network writes (the last one flushes).
    grpc::WriteOptions options;
    if (!queue_.empty()) options.set_buffer_hint();
    lock.unlock();
    StartWrite(&writing_.message, options);
}

void WatchReactor::OnWriteDone(bool ok) {
    std::unique_lock lock(mutex_);
    writeInFlight_ = false;
    if (ok) lastWrittenRevision_ = std::max(lastWrittenRevision_, writing_.revision);
    writing_.message.Clear();
    if (finishAfterWrite_) {
        grpc::Status status = *finishAfterWrite_;
        finishAfterWrite_.reset();
        lock.unlock();
        Finish(status);
        return;
    }
    if (!ok) {
        lock.unlock();
        stop(Status(StatusCode::Cancelled, "the watch stream to the client broke"));
        return;
    }
    if (finished_ || queue_.empty()) return;
    startWriteLocked(lock);
}

void WatchReactor::OnCancel() { stop(Status(StatusCode::Cancelled, "the client cancelled the watch")); }

void WatchReactor::OnDone() {
    stop(Status(StatusCode::Cancelled, "the watch is done"));
    if (registered_) registry_.remove(this);
    // The last reference may go here; nothing of this object is used after.
    std::shared_ptr<WatchReactor> last = std::move(self_);
}

void WatchReactor::stop(const Status& status) {
    bool started;
    {
        std::lock_guard lock(mutex_);
        if (!stopStatus_) stopStatus_ = status;
        started = started_;
    }
    // The dispatcher ends a started watch; begin() looks before it starts one.
    if (started) {
        if (auto self = weak_from_this().lock()) dispatcher_.wake(self);
    }
}

void WatchReactor::finish(const Status& st) {
    if (st.isOk()) {
        finishGrpc(grpc::Status::OK, {});
        return;
    }
    std::string bytes;
    grpc::Status status = toGrpcStatus(st, subjectOf(request_.target(), type_), &bytes);
    finishGrpc(status, bytes);
}

void WatchReactor::finishGrpc(const grpc::Status& status, const std::string& statusBytes) {
    std::unique_lock lock(mutex_);
    if (finished_) return;
    finished_ = true;
    queue_.clear();
    initialEvents_ = 0;
    if (!statusBytes.empty()) context_->AddTrailingMetadata(kStatusTrailerKey, statusBytes);
    if (writeInFlight_) {
        finishAfterWrite_ = status;
        return;
    }
    lock.unlock();
    Finish(status);
}

}  // namespace pilothouse::remote
