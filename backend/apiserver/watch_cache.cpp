#include "apiserver/watch_cache.h"

#include "apiserver/server.h"

namespace pilothouse::apiserver {

StatusOr<std::shared_ptr<const google::protobuf::Message>> WatchCache::decode(const api::ResourceType& type,
                                                                              const store::KeyValue& kv) {
    const int64_t key = kv.modRevision;
    {
        std::lock_guard lock(mu_);
        if (auto it = objects_.find(key); it != objects_.end()) return it->second;
    }
    auto obj = APIServer::decodeStored(type, kv);
    if (!obj) return obj.status();
    std::shared_ptr<const google::protobuf::Message> shared(std::move(*obj));
    std::lock_guard lock(mu_);
    auto [it, inserted] = objects_.emplace(key, shared);
    if (inserted) {
        order_.push_back(key);
        while (order_.size() > capacity_) {
            objects_.erase(order_.front());
            order_.pop_front();
        }
    }
    return it->second;
}

}  // namespace pilothouse::apiserver
