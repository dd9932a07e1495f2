#include "client/informer.h"

#include <chrono>
#include <set>

#include "api/object.h"

namespace pilothouse::client {

std::string keyOf(const google::protobuf::Message& object) {
    const auto& meta = api::metadata(object);
    return meta.namespace_().empty() ? meta.name() : meta.namespace_() + "/" + meta.name();
}

Informer::Informer(apiserver::APIServer& server, const api::ResourceType& type, std::string token, ListOptions options)
    : server_(server), type_(type), token_(std::move(token)), options_(std::move(options)) {}

ObjectPtr Informer::get(const std::string& key) const {
    auto it = items_.find(key);
    return it == items_.end() ? nullptr : it->second;
}

Status Informer::start() { return listAndWatch(); }

Status Informer::listAndWatch() {
    apiserver::Request list;
    list.verb = "list";
    list.type = &type_;
    list.token = token_;
    list.namespace_ = options_.namespace_;
    list.labelSelector = options_.labelSelector;
    list.fieldSelector = options_.fieldSelector;
    // An informer only reads its objects: it shares the API server's watch cache's (and each
    // watch event's) decoded objects instead of a copy of each.
    list.shareItems = true;
    auto listed = server_.handle(list);
    if (!listed.ok()) return listed.status.withContext("listing " + type_.resource + ": ");
    // A re-list replaces what was known: objects that vanished meanwhile are deleted.
    std::set<std::string> seen;
    for (const auto& item : listed.sharedItems) seen.insert(keyOf(*item));
    std::vector<ObjectPtr> gone;
    for (const auto& [key, obj] : items_)
        if (!seen.contains(key)) gone.push_back(obj);
    for (const auto& obj : gone) apply(store::EventType::Deleted, obj);
    for (auto& item : listed.sharedItems) apply(store::EventType::Added, std::move(item));
    revision_ = listed.listRevision;

    apiserver::Request watch = list;
    watch.verb = "watch";
    watch.shareItems = false;
    watch.resourceVersion = listed.listRevision;
    auto stream = server_.watch(watch);
    if (!stream) return stream.status().withContext("watching " + type_.resource + ": ");
    watch_ = std::move(*stream);
    // Events queued from now on raise the flag; anything already queued is drained by the next
    // sync(), so the flag starts raised.
    watch_->setNotify([pending = pending_] { pending->store(true); });
    pending_->store(true);
    return {};
}

StatusOr<size_t> Informer::sync() {
    if (!watch_) return Status(StatusCode::FailedPrecondition, "informer for " + type_.resource + " not started");
    size_t applied = 0;
    pending_->store(false);
    for (;;) {
        auto events = watch_->nextShared(std::chrono::milliseconds(0));
        if (!events) {
            // Expired or cut off: list again from the current state, as a reflector does.
            PH_RETURN_IF_ERROR(listAndWatch());
            continue;
        }
        if (events->empty()) break;
        for (auto& e : *events) {
            revision_ = e.revision;
            apply(e.type, std::move(e.object));
            ++applied;
        }
    }
    if (resyncClock_ && resyncClock_->now() >= nextResync_) {
        resync();
        applied += items_.size();
        nextResync_ = resyncClock_->now() + resyncPeriod_;
    }
    return applied;
}

void Informer::setResyncPeriod(const sim::Clock& clock, sim::Duration period) {
    resyncClock_ = period > sim::Duration::zero() ? &clock : nullptr;
    resyncPeriod_ = period;
    if (resyncClock_) nextResync_ = clock.now() + period;
}

std::optional<sim::Time> Informer::nextResync() const {
    if (!resyncClock_) return std::nullopt;
    return nextResync_;
}

void Informer::resync() {
    for (const auto& [key, obj] : items_)
        for (const auto& h : handlers_)
            if (h.onUpdate) h.onUpdate(obj, obj);
}

void Informer::apply(store::EventType type, ObjectPtr object) {
    const std::string key = keyOf(*object);
    if (type == store::EventType::Deleted) {
        // The event carries the object's last state; a re-list passes the cached one.
        items_.erase(key);
        for (const auto& h : handlers_)
            if (h.onDelete) h.onDelete(object);
        return;
    }
    auto it = items_.find(key);
    if (it == items_.end()) {
        items_.emplace(key, object);
        for (const auto& h : handlers_)
            if (h.onAdd) h.onAdd(object);
        return;
    }
    ObjectPtr old = it->second;
    it->second = object;
    for (const auto& h : handlers_)
        if (h.onUpdate) h.onUpdate(old, object);
}

}  // namespace pilothouse::client
