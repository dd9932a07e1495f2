#include "remote/packed_watch_events.h"

#include "remote/object_any.h"
#include "apiserver_service.pb.h"

namespace pilothouse::remote {

grpc::Slice PackedWatchEvents::packOnce(const char* type, const google::protobuf::Message& object) {
    pilothouse::apiserver::v1::WatchEvent event;
    event.set_type(type);
    packObject(object, event.mutable_object());
    std::string bytes = event.SerializeAsString();
    return grpc::Slice(std::move(bytes));
}

grpc::Slice PackedWatchEvents::pack(const char* type, const google::protobuf::Message& object, int64_t revision) {
    const Key key{revision, type[0]};
    {
        std::lock_guard lock(mutex_);
        if (auto it = slices_.find(key); it != slices_.end()) {
            ++shared_;
            return it->second;
        }
    }
    grpc::Slice slice = packOnce(type, object);  // outside the lock: other watches go on meanwhile
    std::lock_guard lock(mutex_);
    auto [it, inserted] = slices_.emplace(key, slice);
    if (inserted) {
        ++packed_;
        order_.push_back(key);
        while (order_.size() > capacity_) {
            slices_.erase(order_.front());
            order_.pop_front();
        }
    } else {
        ++shared_;
    }
    return it->second;
}

void PackedWatchEvents::clear() {
    std::lock_guard lock(mutex_);
    slices_.clear();
    order_.clear();
}

int64_t PackedWatchEvents::packed() const {
    std::lock_guard lock(mutex_);
    return packed_;
}

int64_t PackedWatchEvents::shared() const {
    std::lock_guard lock(mutex_);
    return shared_;
}

}  // namespace pilothouse::remote
