#include "client/tools/cache/reflector.h"

#include <random>

#include "api/codec/json.h"
#include "api/codec/manifest.h"
#include "client/tools/pager/list_pager.h"

namespace pilothouse::client::cache {

namespace {

std::string stringAt(const codec::Value& v, const char* a, const char* b) {
    const codec::Value* x = v.find(a);
    if (!x) return {};
    x = x->find(b);
    return x && x->isString() ? x->asString() : std::string();
}

double uniform01() {
    thread_local std::mt19937_64 rng{std::random_device{}()};
    return std::uniform_real_distribution<double>(0.0, 1.0)(rng);
}

}  // namespace

Reflector::Reflector(rest::RESTClient& client, const api::ResourceType& type, ReflectorHandlers handlers, ReflectorOptions options)
    : client_(client), type_(type), handlers_(std::move(handlers)), options_(std::move(options)) {}

void Reflector::stop() {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    if (watch_) watch_->cancel();
    wake_.notify_all();
}

bool Reflector::sleep(std::chrono::milliseconds d) {
    std::unique_lock lock(mutex_);
    wake_.wait_for(lock, d, [this] { return stopping_; });
    return !stopping_;
}

std::chrono::milliseconds Reflector::nextBackoff() {
    // client-go's reflector: 0.8 s, doubled each time up to 30 s, plus up to as much again of
    // jitter; back to the start after 2 minutes without trouble.
    const auto now = std::chrono::steady_clock::now();
    if (backoff_.count() == 0 || now - lastFailure_ > options_.backoffReset) backoff_ = options_.initialBackoff;
    else backoff_ = std::min(backoff_ * 2, options_.maxBackoff);
    lastFailure_ = now;
    return std::chrono::milliseconds(int64_t(double(backoff_.count()) * (1.0 + uniform01())));
}

Status Reflector::list() {
    std::vector<std::string> warnings;
    auto listed = pager::listAll(client_, type_, {options_.namespace_, options_.pageSize}, &warnings);
    if (!listed && listed.status().code() == StatusCode::PermissionDenied && type_.namespaced &&
        options_.namespace_.empty() && !options_.fallbackNamespace.empty()) {
        // Not allowed cluster-wide: the fallback namespace from now on.
        options_.namespace_ = options_.fallbackNamespace;
        if (handlers_.partial) handlers_.partial(options_.namespace_, listed.status().message());
        listed = pager::listAll(client_, type_, {options_.namespace_, options_.pageSize}, &warnings);
    }
    if (handlers_.warning)
        for (const auto& w : warnings) handlers_.warning(w);
    if (!listed) return listed.status();
    std::vector<ObjectPtr> objects;
    objects.reserve(listed->items.size());
    for (auto& m : listed->items)
        if (m.object) objects.push_back(ObjectPtr(std::move(m.object)));
    resourceVersion_ = listed->resourceVersion;
    handlers_.replace(std::move(objects), resourceVersion_);
    return Status::ok();
}

Reflector::WatchEnd Reflector::watchOnce(Status* error) {
    rest::Request request;
    request.path = pager::collectionPath(type_, options_.namespace_);
    // The server ends the watch after 5 to 10 minutes (spread, so that many clients' watches do
    // not all end at once); it is then opened again from where it stopped.
    const auto timeout = std::chrono::seconds(int64_t(double(options_.minWatchTimeout.count()) * (1.0 + uniform01())));
    request.query = {{"allowWatchBookmarks", "true"},
                     {"resourceVersion", resourceVersion_},
                     {"timeoutSeconds", std::to_string(timeout.count())},
                     {"watch", "true"}};
    auto opened = client_.watch(request);
    if (!opened) {
        if (opened.status().code() == StatusCode::OutOfRange) return WatchEnd::Gone;
        *error = opened.status();
        return WatchEnd::Failed;
    }
    std::unique_ptr<rest::Watch> watch = std::move(*opened);
    {
        std::lock_guard lock(mutex_);
        if (stopping_) return WatchEnd::Stopped;
        watch_ = watch.get();
    }
    struct Unregister {
        Reflector* self;
        ~Unregister() {
            std::lock_guard lock(self->mutex_);
            self->watch_ = nullptr;
        }
    } unregister{this};
    if (failing_) {
        failing_ = false;
        if (handlers_.recovered) handlers_.recovered();
    }
    const auto started = std::chrono::steady_clock::now();
    size_t events = 0;
    const std::string where = "watch " + client_.url(request);
    while (true) {
        auto line = watch->next();
        if (!line) {
            *error = line.status();
            return WatchEnd::Failed;
        }
        if (!*line) break;
        if ((*line)->empty()) continue;
        auto doc = codec::parseJson(**line);
        if (!doc) {
            *error = doc.status().withContext(where + ": ");
            return WatchEnd::Failed;
        }
        const codec::Value* typeField = doc->find("type");
        codec::Value* object = doc->find("object");
        if (!typeField || !typeField->isString() || !object) {
            *error = Status(StatusCode::Internal, where + ": an event without type or object");
            return WatchEnd::Failed;
        }
        const std::string& kind = typeField->asString();
        if (kind == "ERROR") {
            // A metav1.Status: 410 is "too old resource version" (compacted, or the server restarted).
            const codec::Value* code = object->find("code");
            if (code && code->isInt() && code->asInt() == 410) return WatchEnd::Gone;
            const codec::Value* text = object->find("message");
            const std::string message = text && text->isString() ? text->asString() : std::string("an error event");
            *error = Status(StatusCode::Unavailable, where + ": " + message);
            return WatchEnd::Failed;
        }
        const std::string rv = stringAt(*object, "metadata", "resourceVersion");
        ++events;
        if (kind == "BOOKMARK") {
            if (!rv.empty()) resourceVersion_ = rv;
            if (handlers_.bookmark) handlers_.bookmark(resourceVersion_);
            continue;
        }
        WatchEventType type;
        if (kind == "ADDED") type = WatchEventType::Added;
        else if (kind == "MODIFIED") type = WatchEventType::Modified;
        else if (kind == "DELETED") type = WatchEventType::Deleted;
        else {
            *error = Status(StatusCode::Internal, where + ": an event of unknown type \"" + kind + "\"");
            return WatchEnd::Failed;
        }
        if (codec::Value* md = object->find("metadata")) md->erase("managedFields");
        std::vector<std::string> warnings;
        auto decoded = codec::decodeObject(*object, type_, &warnings);
        if (!decoded) {
            *error = decoded.status().withContext(where + ": ");
            return WatchEnd::Failed;
        }
        if (handlers_.warning)
            for (const auto& w : warnings) handlers_.warning(where + ": " + w);
        if (!rv.empty()) resourceVersion_ = rv;
        handlers_.event(type, ObjectPtr(std::move(*decoded)), resourceVersion_);
    }
    {
        std::lock_guard lock(mutex_);
        if (stopping_) return WatchEnd::Stopped;
    }
    // client-go treats a watch that ended within a second with nothing in it as a failure, so that a
    // server closing every watch at once is not asked again and again.
    if (events == 0 && std::chrono::steady_clock::now() - started < std::chrono::seconds(1)) {
        *error = Status(StatusCode::Unavailable, where + ": very short watch: Unexpected watch close - watch lasted less than a second and no items received");
        return WatchEnd::Failed;
    }
    return WatchEnd::Closed;
}

void Reflector::run() {
    bool needList = true;
    while (true) {
        {
            std::lock_guard lock(mutex_);
            if (stopping_) return;
        }
        if (needList) {
            Status st = list();
            if (!st.isOk()) {
                {
                    std::lock_guard lock(mutex_);
                    if (stopping_) return;
                }
                // A 403 is not going to change soon: asked again at the longest backoff only.
                const auto wait = st.code() == StatusCode::PermissionDenied ? options_.maxBackoff : nextBackoff();
                failing_ = true;
                if (handlers_.failed) handlers_.failed(st, wait);
                if (!sleep(wait)) return;
                continue;
            }
            needList = false;
        }
        Status error;
        switch (watchOnce(&error)) {
            case WatchEnd::Closed: break;
            case WatchEnd::Gone: needList = true; break;
            case WatchEnd::Stopped: return;
            case WatchEnd::Failed: {
                {
                    std::lock_guard lock(mutex_);
                    if (stopping_) return;
                }
                const auto wait = nextBackoff();
                failing_ = true;
                if (handlers_.failed) handlers_.failed(error, wait);
                if (!sleep(wait)) return;
                break;
            }
        }
    }
}

}  // namespace pilothouse::client::cache
