#include "remote/watch_reactor.h"

#include <algorithm>

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

WatchReactor::WatchReactor(ApiBackend& api, WatchRegistry& registry, WatchOptions options,
                           grpc::CallbackServerContext* context, pilothouse::apiserver::v1::WatchRequest request)
    : api_(api),
      registry_(registry),
      options_(options),
      context_(context),
      request_(std::move(request)),
      token_(bearerToken(*context)) {
    registered_ = registry_.add(this);
    if (!registered_) {
        finish(shuttingDown());
        return;
    }
    pump_ = std::thread([this] { pump(); });
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
        for (const auto& item : current.items) {
            Event event;
            event.set_type("ADDED");
            packObject(*item, event.mutable_object());
            enqueue(std::move(event), from, /*live=*/false);
        }
    }
    {
        std::lock_guard lock(mutex_);
        lastWrittenRevision_ = std::max(lastWrittenRevision_, from);
    }
    r.resourceVersion = from;
    return api_.watch(r);
}

void WatchReactor::pump() {
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
    (*stream)->setNotify([this] {
        std::lock_guard lock(mutex_);
        woken_ = true;
        wake_.notify_one();
    });
    using Clock = std::chrono::steady_clock;
    const bool bookmarks = request_.allow_watch_bookmarks();
    auto nextBookmark = Clock::now() + options_.bookmarkInterval;
    std::optional<Clock::time_point> deadline;
    if (request_.timeout_seconds() > 0) deadline = Clock::now() + std::chrono::seconds(request_.timeout_seconds());
    {
        // A backlog already queued when the notify was set does not call it: look once anyway.
        std::lock_guard lock(mutex_);
        woken_ = true;
    }
    Status end;  // OK: the timeout ended the watch
    for (;;) {
        {
            std::unique_lock lock(mutex_);
            const auto ready = [&] { return woken_ || stopStatus_.has_value(); };
            std::optional<Clock::time_point> until = deadline;
            if (bookmarks) until = until ? std::min(*until, nextBookmark) : nextBookmark;
            if (until) wake_.wait_until(lock, *until, ready);
            else wake_.wait(lock, ready);
            if (stopStatus_) {
                end = *stopStatus_;
                break;
            }
            woken_ = false;
        }
        const auto now = Clock::now();
        if (deadline && now >= *deadline) break;
        auto events = (*stream)->nextShared(std::chrono::milliseconds(0));
        if (!events) {
            end = events.status();
            break;
        }
        bool overflow = false;
        for (const auto& e : *events) {
            Event event;
            event.set_type(eventTypeName(e.type));
            packObject(*e.object, event.mutable_object());
            if (!enqueue(std::move(event), e.revision, /*live=*/true)) {
                overflow = true;
                break;
            }
        }
        if (overflow) {
            registry_.countCutOff();
            int64_t resumeFrom;
            {
                std::lock_guard lock(mutex_);
                resumeFrom = lastWrittenRevision_;
            }
            end = apiserver::newTooManyRequests(
                "the watcher fell behind and was closed; watch again from resourceVersion " + std::to_string(resumeFrom));
            break;
        }
        if (!events->empty()) {
            // There may be more than one batch ready.
            std::lock_guard lock(mutex_);
            woken_ = true;
        }
        if (bookmarks && now >= nextBookmark) {
            nextBookmark = now + options_.bookmarkInterval;
            bool idle;
            {
                std::lock_guard lock(mutex_);
                idle = queue_.empty() && !writeInFlight_;
            }
            if (idle) {
                // Upstream's bookmark: an empty object of the kind carrying only how far the
                // watch has come.
                const int64_t revision = (*stream)->lastRevision();
                auto object = type_->newObject();
                api::setTypeMeta(object.get(), *type_);
                api::mutableMetadata(object.get())->set_resource_version(std::to_string(revision));
                Event event;
                event.set_type("BOOKMARK");
                packObject(*object, event.mutable_object());
                enqueue(std::move(event), revision, /*live=*/false);
            }
        }
    }
    // Detach from the API server (its notify callback no longer runs after this) before ending.
    stream->reset();
    registry_.releaseStream();
    finish(end);
}

bool WatchReactor::enqueue(Event event, int64_t revision, bool live) {
    std::unique_lock lock(mutex_);
    if (finished_) return true;
    if (!writeInFlight_) {
        writing_ = {std::move(event), revision, false};
        writeInFlight_ = true;
        lock.unlock();
        StartWrite(&writing_.event);
        return true;
    }
    if (live && queue_.size() - initialEvents_ >= options_.bufferLimit) return false;
    if (!live) ++initialEvents_;
    queue_.push_back({std::move(event), revision, !live});
    return true;
}

void WatchReactor::OnWriteDone(bool ok) {
    std::unique_lock lock(mutex_);
    writeInFlight_ = false;
    if (ok) lastWrittenRevision_ = std::max(lastWrittenRevision_, writing_.revision);
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
    writing_ = std::move(queue_.front());
    queue_.pop_front();
    if (writing_.initial) --initialEvents_;
    writeInFlight_ = true;
    lock.unlock();
    StartWrite(&writing_.event);
}

void WatchReactor::OnCancel() { stop(Status(StatusCode::Cancelled, "the client cancelled the watch")); }

void WatchReactor::OnDone() {
    stop(Status(StatusCode::Cancelled, "the watch is done"));
    if (pump_.joinable()) pump_.join();
    if (registered_) registry_.remove(this);
    delete this;
}

void WatchReactor::stop(const Status& status) {
    std::lock_guard lock(mutex_);
    if (!stopStatus_) stopStatus_ = status;
    wake_.notify_one();
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
