// The list side of kube-apiserver's watch cache (k8s.io/apiserver/pkg/storage/cacher): per kind,
// every object decoded once and kept current by a store watch, so that the informers of every
// component list it from memory and share the same read-only objects, as kube-apiserver serves
// informers' lists from its cache instead of reading and decoding etcd once per client.
//
// Pods are also indexed by spec.nodeName (kube-apiserver's field index for pods), so that each
// kubelet's list of its own pods reads only those.
//
// A kind is listed from the store on its first read, then each change is taken from a watch on its
// prefix, decoded once for all its readers (the decoded object of a change is shared with every
// API watch stream that delivers it: watch_cache.h). A read first reads the store's current
// revision, then takes in every change the watch has queued (the store publishes a change before
// its revision becomes current), so it sees every write that completed before it. Changes are also
// taken in as the store publishes them (the watch's notification), so an idle kind's watch never
// holds a backlog. A watch that
// was closed (fell behind, compaction overtook it, the store rewound) is replaced by a fresh list.
//
// Thread-safety: every method may be called from any thread; one mutex guards the cache. The
// objects handed out are immutable and may be read from any thread.
// Ownership: borrows the store, which must outlive the cacher.
#pragma once

#include <google/protobuf/message.h>

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "api/scheme.h"
#include "store/store.h"
#include "util/status.h"

namespace pilothouse::apiserver {

class Cacher {
public:
    using ObjectPtr = std::shared_ptr<const google::protobuf::Message>;
    struct List {
        std::vector<ObjectPtr> objects;  // in store key order, resourceVersion and TypeMeta set
        int64_t revision = 0;            // the state listed is the store's at this revision
    };

    explicit Cacher(store::Store& store);
    ~Cacher();
    Cacher(const Cacher&) = delete;
    Cacher& operator=(const Cacher&) = delete;

    // The objects of `type` under `prefix` (its registry prefix, or one namespace's) that `keep`
    // accepts (all when it is empty), at least as recent as every write completed before the call;
    // with `podNodeName`, only the pods whose spec.nodeName it is (from the index).
    // An error when the store cannot be read or an object cannot be decoded.
    StatusOr<List> list(const api::ResourceType& type, const std::string& prefix,
                        const std::function<bool(const google::protobuf::Message&)>& keep,
                        const std::string* podNodeName = nullptr);

private:
    struct Kind {
        std::unique_ptr<store::Watch> watch;  // null until listed, and after a failed re-list
        std::map<std::string, ObjectPtr> objects;  // by store key
        int64_t revision = 0;  // the last change taken in (or the list's revision)
        bool broken = false;   // the watch closed, or a change was lost: list again
        bool indexed = false;  // pods: byNode is kept
        std::map<std::string, std::set<std::string>> byNode;  // spec.nodeName -> pod keys
    };

    // Takes in what the kind's watch queued, listing again when it was closed. Caller holds mu_.
    Status sync(const api::ResourceType& type, Kind& kind);
    // Takes in what the watch queued; when the watch was closed or a change cannot be decoded,
    // marks the kind broken (the next read lists it again) and returns why. Caller holds mu_.
    Status drain(const api::ResourceType& type, Kind& kind);
    // The watch's notification: drains it when no read holds the cache.
    void taken(const api::ResourceType* type);
    Status relist(const api::ResourceType& type, Kind& kind);
    // Puts `object` at `key` (nullptr: removes it), keeping the index.
    static void put(Kind& kind, const std::string& key, ObjectPtr object);

    store::Store& store_;
    std::mutex mu_;
    std::map<const api::ResourceType*, Kind> kinds_;  // guarded by mu_
};

}  // namespace pilothouse::apiserver
