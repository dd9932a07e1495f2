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

void Informer::addHandlers(InformerHandlers handlers) {
    handlers_.push_back(std::move(handlers));
    if (!started() || !handlers_.back().onAdd) return;
    for (const auto& [key, obj] : items_) handlers_.back().onAdd(obj);
}

void Informer::addIndexer(const std::string& name, IndexFunc index) {
    if (indexes_.contains(name)) return;
    Index& added = indexes_[name];
    added.function = std::move(index);
    for (const auto& [key, obj] : items_)
        for (const auto& value : added.function(*obj)) added.keys[value].insert(key);
}

std::vector<ObjectPtr> Informer::byIndex(const std::string& name, const std::string& value) const {
    std::vector<ObjectPtr> out;
    auto index = indexes_.find(name);
    if (index == indexes_.end()) return out;
    auto filed = index->second.keys.find(value);
    if (filed == index->second.keys.end()) return out;
    for (const auto& key : filed->second) out.push_back(items_.at(key));
    return out;
}

void Informer::reindex(const std::string& key, const ObjectPtr& old, const ObjectPtr& object) {
    for (auto& [name, index] : indexes_) {
        if (old)
            for (const auto& value : index.function(*old)) {
                auto filed = index.keys.find(value);
                if (filed == index.keys.end()) continue;
                filed->second.erase(key);
                if (filed->second.empty()) index.keys.erase(filed);
            }
        if (object)
            for (const auto& value : index.function(*object)) index.keys[value].insert(key);
    }
}

Status Informer::start() {
    if (started()) return {};
    return listAndWatch();
}

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
    std::optional<apiserver::WatchClientScope> client;
    if (!watchClient_.empty()) client.emplace(watchClient_);
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
    if (resyncClock_ == &clock && resyncPeriod_ == period) return;
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
            if (h.onUpdate && h.resync) h.onUpdate(obj, obj);
}

void Informer::apply(store::EventType type, ObjectPtr object) {
    const std::string key = keyOf(*object);
    if (type == store::EventType::Deleted) {
        // The event carries the object's last state; a re-list passes the cached one.
        if (auto it = items_.find(key); it != items_.end()) {
            reindex(key, it->second, nullptr);
            items_.erase(it);
        }
        for (const auto& h : handlers_)
            if (h.onDelete) h.onDelete(object);
        return;
    }
    auto it = items_.find(key);
    if (it == items_.end()) {
        items_.emplace(key, object);
        reindex(key, nullptr, object);
        for (const auto& h : handlers_)
            if (h.onAdd) h.onAdd(object);
        return;
    }
    ObjectPtr old = it->second;
    it->second = object;
    reindex(key, old, object);
    for (const auto& h : handlers_)
        if (h.onUpdate) h.onUpdate(old, object);
}

}  // namespace pilothouse::client
