// The shared informers behind the API server's ObjectLister: decoded copies of the small,
// rarely-written kinds that admission plugins and the RBAC authorizer read on every request
// (namespaces, PriorityClasses, LimitRanges, ResourceQuotas, RBAC roles and bindings).
//
// Upstream's admission plugins and authorizer read through informers' listers for the same
// reason: a pod create should not cost an etcd round trip (here: a SQLite transaction and a
// protobuf decode) per plugin. Each cached kind is listed once, then kept current by a store
// watch on its prefix. Unlike an informer, a read first takes in every change the watch has
// queued: the store publishes a change to its watchers before the write returns, so a read sees
// every write that completed before it, exactly as a read from the store would (and lists come
// out in the store's key order). A watch that was closed (fell behind, compaction overtook its
// catch-up) is replaced by a fresh list and watch.
//
// Kinds not cached (pods, events, ...: many objects, written all the time) are not served here.
//
// Thread-safety: every method may be called from any thread; one mutex guards the informers.
// Ownership: borrows the store, which must outlive the cache.
#pragma once

#include <google/protobuf/message.h>

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "api/scheme.h"
#include "store/store.h"
#include "util/status.h"

namespace pilothouse::apiserver {

class InformerCache {
public:
    explicit InformerCache(store::Store& store);
    ~InformerCache();
    InformerCache(const InformerCache&) = delete;
    InformerCache& operator=(const InformerCache&) = delete;

    // Whether reads of this kind are served by the cache.
    static bool caches(const api::ResourceType& type);

    // The objects under the namespace ("" = all; ignored for cluster-scoped kinds), in key order,
    // with resourceVersion and TypeMeta set: the cache's own, read-only (a change replaces an
    // object, never alters it), as a lister's. nullopt when the type is not cached or its
    // informer could not list (the caller reads the store instead).
    std::optional<std::vector<std::shared_ptr<const google::protobuf::Message>>> list(
        const api::ResourceType& type, const std::string& namespace_);
    // One object; nullptr inside the optional when absent. nullopt as for list().
    std::optional<std::shared_ptr<const google::protobuf::Message>> get(const api::ResourceType& type,
                                                                        const std::string& namespace_,
                                                                        const std::string& name);

private:
    struct Informer {
        std::unique_ptr<store::Watch> watch;  // null until listed, and after a failed re-list
        // By store key, so a prefix is a contiguous range in the store's order.
        std::map<std::string, std::shared_ptr<const google::protobuf::Message>> objects;
    };

    // The type's informer, listed (or re-listed) if needed and up to date with the store; null
    // when the store could not be read. Caller holds mu_.
    Informer* synced(const api::ResourceType& type);
    Status relist(const api::ResourceType& type, Informer& informer);
    void apply(const api::ResourceType& type, Informer& informer, const store::KeyValue& kv,
               bool deleted);

    store::Store& store_;
    std::mutex mu_;
    std::map<const api::ResourceType*, Informer> informers_;  // guarded by mu_
};

}  // namespace pilothouse::apiserver
