#include "apiserver/cacher.h"

#include <chrono>
#include <optional>

#include "apiserver/registry/keys.h"
#include "apiserver/watch_cache.h"
#include "core_v1.pb.h"
#include "util/on_every_core.h"

namespace pilothouse::apiserver {

Cacher::Cacher(store::Store& store) : store_(store) {}

Cacher::~Cacher() = default;

StatusOr<Cacher::List> Cacher::list(const api::ResourceType& type, const std::string& prefix,
                                    const std::function<bool(const google::protobuf::Message&)>& keep,
                        const std::string* podNodeName) {
    std::lock_guard lock(mu_);
    Kind& kind = kinds_[&type];
    kind.indexed = type.resource == "pods";
    if (podNodeName && !kind.indexed) return Status(StatusCode::InvalidArgument, "only pods are indexed by spec.nodeName");
    // The revision first, then every change queued up to it and maybe beyond: the state taken in
    // is the kind's at the later of the two.
    const int64_t current = store_.currentRevision();
    PH_RETURN_IF_ERROR(sync(type, kind));
    List out;
    out.revision = std::max(current, kind.revision);
    if (podNodeName) {
        auto on = kind.byNode.find(*podNodeName);
        if (on == kind.byNode.end()) return out;
        for (auto key = on->second.lower_bound(prefix); key != on->second.end() && key->starts_with(prefix); ++key) {
            const ObjectPtr& object = kind.objects.at(*key);
            if (!keep || keep(*object)) out.objects.push_back(object);
        }
        return out;
    }
    for (auto it = kind.objects.lower_bound(prefix); it != kind.objects.end() && it->first.starts_with(prefix); ++it)
        if (!keep || keep(*it->second)) out.objects.push_back(it->second);
    return out;
}

namespace {

const std::string& nodeNameOf(const google::protobuf::Message& pod) {
    return static_cast<const k8s::io::api::core::v1::Pod&>(pod).spec().node_name();
}

}  // namespace

void Cacher::put(Kind& kind, const std::string& key, ObjectPtr object) {
    auto it = kind.objects.find(key);
    if (kind.indexed && it != kind.objects.end()) {
        auto on = kind.byNode.find(nodeNameOf(*it->second));
        on->second.erase(key);
        if (on->second.empty()) kind.byNode.erase(on);
    }
    if (!object) {
        if (it != kind.objects.end()) kind.objects.erase(it);
        return;
    }
    if (kind.indexed) kind.byNode[nodeNameOf(*object)].insert(key);
    if (it != kind.objects.end()) it->second = std::move(object);
    else kind.objects.emplace(key, std::move(object));
}

Status Cacher::sync(const api::ResourceType& type, Kind& kind) {
    // A watch closed (fell behind, a compaction overtook its catch-up, the store rewound) or a
    // change that could not be taken in: start over from a fresh list, twice at most.
    Status status;
    for (int attempt = 0; attempt < 3; ++attempt) {
        if (!kind.watch || kind.broken) PH_RETURN_IF_ERROR(relist(type, kind));
        status = drain(type, kind);
        if (status.isOk()) return {};
    }
    return status;
}

Status Cacher::drain(const api::ResourceType& type, Kind& kind) {
    for (;;) {
        auto events = kind.watch->nextShared(std::chrono::milliseconds::zero());
        if (!events.isOk()) {
            kind.broken = true;
            return events.status();
        }
        if (events->empty()) return {};
        for (const auto& event : *events) {
            kind.revision = event->revision;
            if (event->type == store::EventType::Deleted) {
                put(kind, event->kv.key, nullptr);
                continue;
            }
            // Decoded once for every API watch stream delivering this change too.
            auto object = decodeWatchEvent(type, *event);
            if (!object) {
                kind.broken = true;
                return object.status();
            }
            put(kind, event->kv.key, std::move(*object));
        }
    }
}

void Cacher::taken(const api::ResourceType* type) {
    // On the writer's thread, which must not wait: a read holding the cache takes the change in
    // itself. A watch that fails here is listed again by the next read (not here: the watch is
    // not destroyed from its own notification).
    std::unique_lock lock(mu_, std::try_to_lock);
    if (!lock.owns_lock()) return;
    auto kind = kinds_.find(type);
    if (kind == kinds_.end() || !kind->second.watch || kind->second.broken) return;
    (void)drain(*type, kind->second);
}

Status Cacher::relist(const api::ResourceType& type, Kind& kind) {
    kind.watch.reset();
    kind.broken = false;
    kind.objects.clear();
    kind.byNode.clear();
    const std::string prefix = registry::typePrefix(type);
    auto listed = store_.list(prefix);
    if (!listed.isOk()) return listed.status();
    // Decoded on every core (150,000 pods: a second on one), filed in key order on this one.
    const auto& items = listed->items;
    std::vector<std::shared_ptr<const google::protobuf::Message>> decoded(items.size());
    std::vector<std::optional<Status>> failed(items.size());
    util::onEveryCore(items.size(), items.size(), 2000, [&](size_t begin, size_t end) {
        for (size_t i = begin; i < end; ++i) {
            auto object = decodeShared(type, items[i]);
            if (object) decoded[i] = std::move(*object);
            else failed[i] = object.status();
        }
    });
    for (size_t i = 0; i < items.size(); ++i) {
        if (failed[i]) {
            kind.objects.clear();
            kind.byNode.clear();
            return *failed[i];
        }
        if (kind.indexed) kind.byNode[nodeNameOf(*decoded[i])].insert(items[i].key);
        kind.objects.emplace_hint(kind.objects.end(), items[i].key, std::move(decoded[i]));
    }
    auto watch = store_.watch(prefix, listed->revision);
    if (!watch.isOk()) {
        kind.objects.clear();
        kind.byNode.clear();
        return watch.status();
    }
    kind.watch = std::move(*watch);
    kind.revision = listed->revision;
    // Changes are taken in as they are published, not only at the next list: a watch nobody
    // drains would hold every change since (up to the store's queue limit) and then be closed.
    kind.watch->setNotify([this, t = &type] { taken(t); });
    return {};
}

}  // namespace pilothouse::apiserver
