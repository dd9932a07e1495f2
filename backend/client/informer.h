// An informer (client-go's SharedIndexInformer, single-threaded): lists one resource through the
// API server, then watches it from the list's resourceVersion, keeping a local cache of the
// objects and telling its handlers about every add, update and delete. When the watch ends
// (410 Gone after compaction, or cut off as too slow) it lists again and reconciles the cache
// with what it finds, as a reflector does; a resync period replays every cached object to the
// update handlers.
//
// Components never read each other's memory: everything an informer knows came through the API
// server. sync() is called by its owner (a controller's or kubelet's reconcile step); it never
// blocks.
#pragma once

#include <google/protobuf/message.h>

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "apiserver/server.h"
#include "util/status.h"

namespace pilothouse::client {

using ObjectPtr = std::shared_ptr<const google::protobuf::Message>;

struct InformerHandlers {
    std::function<void(const ObjectPtr& object)> onAdd;
    std::function<void(const ObjectPtr& oldObject, const ObjectPtr& newObject)> onUpdate;
    std::function<void(const ObjectPtr& lastState)> onDelete;
    // False: a resync never replays the cache to these handlers (client-go's
    // AddEventHandlerWithResyncPeriod with 0, as the garbage collector's monitors register).
    bool resync = true;
};

struct ListOptions {
    std::string namespace_;      // "" = all namespaces
    std::string labelSelector;
    std::string fieldSelector;   // e.g. "spec.nodeName=node-1" (a kubelet's pods)
};

class Informer {
public:
    // `type`: e.g. Scheme::instance().byName("pods"); `token`: the component's bearer token.
    Informer(apiserver::APIServer& server, const api::ResourceType& type, std::string token, ListOptions options = {});

    // Handlers added once the informer has started see every cached object as an add first, as
    // client-go's do (a shared informer gains handlers as each of its users starts).
    void addHandlers(InformerHandlers handlers);

    // The first list and watch. Handlers see every listed object as an add. Does nothing once
    // started (a shared informer is started by its first user).
    Status start();
    // Applies every watch event delivered so far (re-listing when the watch ended). Returns the
    // number of events applied.
    StatusOr<size_t> sync();
    // Replays every cached object to the update handlers (old == new), as a resync does.
    void resync();
    // The resync period (a shared informer factory's defaultResync): sync() calls resync() every
    // `period` of virtual time after the first call. Zero (the default): never. Setting the same
    // period again (another user of a shared informer) keeps the time of the next resync.
    void setResyncPeriod(const sim::Clock& clock, sim::Duration period);
    // When the next periodic resync is due; nullopt without a period. Owners wake up for it.
    std::optional<sim::Time> nextResync() const;

    // The client its watches count under (APIServer::watchDeliveries), whoever opens them: a shared
    // informer's is its factory's ("kube-controller-manager"). "" (the default): the opener's scope.
    void setWatchClient(std::string client) { watchClient_ = std::move(client); }

    bool started() const { return watch_ != nullptr; }
    // True when the watch has delivered events sync() has not applied yet (set by the store as it
    // queues them): owners of many informers skip the ones with nothing new.
    bool hasPendingEvents() const { return pending_->load(); }
    // client-go's Indexers: `index` maps an object to the values it is filed under; byIndex()
    // then finds the objects filed under a value without reading every object (the node lifecycle
    // controller files pods by spec.nodeName, as upstream's does). Adding an index a user already
    // added does nothing; one added after the start files the cache at once.
    using IndexFunc = std::function<std::vector<std::string>(const google::protobuf::Message& object)>;
    void addIndexer(const std::string& name, IndexFunc index);
    // The objects filed under `value` by the index `name`, in key order (none for an unknown index).
    std::vector<ObjectPtr> byIndex(const std::string& name, const std::string& value) const;
    // "namespace/name" (or "name" when cluster-scoped) -> object, in key order.
    const std::map<std::string, ObjectPtr>& items() const { return items_; }
    ObjectPtr get(const std::string& key) const;
    template <typename T>
    std::shared_ptr<const T> getAs(const std::string& key) const {
        return std::static_pointer_cast<const T>(get(key));
    }
    int64_t lastSyncRevision() const { return revision_; }
    const api::ResourceType& type() const { return type_; }

private:
    struct Index {
        IndexFunc function;
        std::map<std::string, std::set<std::string>> keys;  // value -> keys of the objects filed under it
    };

    Status listAndWatch();
    void apply(store::EventType type, ObjectPtr object);
    // Files `object` at `key` in every index (unfiles `old` first); either may be null.
    void reindex(const std::string& key, const ObjectPtr& old, const ObjectPtr& object);

    apiserver::APIServer& server_;
    const api::ResourceType& type_;
    std::string token_;
    ListOptions options_;
    std::string watchClient_;
    std::vector<InformerHandlers> handlers_;
    std::map<std::string, ObjectPtr> items_;
    std::map<std::string, Index> indexes_;
    std::unique_ptr<apiserver::WatchStream> watch_;
    int64_t revision_ = 0;
    const sim::Clock* resyncClock_ = nullptr;
    sim::Duration resyncPeriod_{};
    sim::Time nextResync_{};
    std::shared_ptr<std::atomic<bool>> pending_ = std::make_shared<std::atomic<bool>>(false);
};

// The cache key client-go uses (MetaNamespaceKeyFunc): "namespace/name", or "name".
std::string keyOf(const google::protobuf::Message& object);

}  // namespace pilothouse::client
