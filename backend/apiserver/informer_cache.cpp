#include "apiserver/informer_cache.h"

#include <chrono>
#include <utility>

#include "apiserver/registry/keys.h"
#include "apiserver/server.h"

namespace pilothouse::apiserver {

using google::protobuf::Message;
using SharedMessage = std::shared_ptr<const Message>;

InformerCache::InformerCache(store::Store& store) : store_(store) {}

InformerCache::~InformerCache() = default;

bool InformerCache::caches(const api::ResourceType& type) {
    if (type.group.empty())
        return type.resource == "namespaces" || type.resource == "limitranges" ||
               type.resource == "resourcequotas";
    if (type.group == "scheduling.k8s.io")
        return type.resource == "priorityclasses";
    if (type.group == "rbac.authorization.k8s.io")
        return type.resource == "roles" || type.resource == "rolebindings" ||
               type.resource == "clusterroles" || type.resource == "clusterrolebindings";
    return false;
}

std::optional<std::vector<SharedMessage>> InformerCache::list(const api::ResourceType& type,
                                                           const std::string& namespace_) {
    if (!caches(type))
        return std::nullopt;
    std::lock_guard lock(mu_);
    Informer* informer = synced(type);
    if (!informer)
        return std::nullopt;
    const std::string prefix = registry::namespacePrefix(type, namespace_);
    std::vector<SharedMessage> out;
    for (auto it = informer->objects.lower_bound(prefix);
         it != informer->objects.end() && it->first.starts_with(prefix); ++it)
        out.push_back(it->second);
    return out;
}

std::optional<SharedMessage> InformerCache::get(const api::ResourceType& type,
                                             const std::string& namespace_,
                                             const std::string& name) {
    if (!caches(type))
        return std::nullopt;
    std::lock_guard lock(mu_);
    Informer* informer = synced(type);
    if (!informer)
        return std::nullopt;
    auto it = informer->objects.find(registry::objectKey(type, namespace_, name));
    if (it == informer->objects.end())
        return SharedMessage();
    return it->second;
}

InformerCache::Informer* InformerCache::synced(const api::ResourceType& type) {
    Informer& informer = informers_[&type];
    if (!informer.watch && !relist(type, informer).isOk())
        return nullptr;
    for (;;) {
        auto events = informer.watch->next(std::chrono::milliseconds::zero());
        if (!events.isOk()) {
            // Closed (fell behind, or compaction overtook its catch-up): start over.
            if (!relist(type, informer).isOk())
                return nullptr;
            continue;
        }
        if (events->empty())
            return &informer;
        for (const store::WatchEvent& e : *events)
            apply(type, informer, e.kv, e.type == store::EventType::Deleted);
    }
}

Status InformerCache::relist(const api::ResourceType& type, Informer& informer) {
    informer.watch.reset();
    informer.objects.clear();
    const std::string prefix = registry::typePrefix(type);
    auto listed = store_.list(prefix);
    if (!listed.isOk())
        return listed.status();
    for (const store::KeyValue& kv : listed->items)
        apply(type, informer, kv, false);
    auto watch = store_.watch(prefix, listed->revision);
    if (!watch.isOk()) {
        informer.objects.clear();
        return watch.status();
    }
    informer.watch = std::move(*watch);
    return Status::ok();
}

void InformerCache::apply(const api::ResourceType& type, Informer& informer,
                          const store::KeyValue& kv, bool deleted) {
    // An object that does not decode is left out, as a read from the store leaves it out.
    if (!deleted) {
        auto decoded = APIServer::decodeStored(type, kv);
        if (decoded.isOk()) {
            informer.objects[kv.key] = std::shared_ptr<const Message>(std::move(*decoded));
            return;
        }
    }
    informer.objects.erase(kv.key);
}

}  // namespace pilothouse::apiserver
