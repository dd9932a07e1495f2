#include "apiserver/watch_cache.h"

#include <google/protobuf/arena.h>

#include <algorithm>

#include "api/object.h"
#include "apiserver/errors.h"

namespace pilothouse::apiserver {

StatusOr<std::shared_ptr<const google::protobuf::Message>> decodeShared(const api::ResourceType& type,
                                                                        const store::KeyValue& kv) {
    // The decoded object takes a few times its encoded size; one first block holds most objects.
    google::protobuf::ArenaOptions options;
    options.start_block_size = std::clamp<size_t>(kv.value.size() * 4, 1024, 64 * 1024);
    options.max_block_size = 64 * 1024;
    auto arena = std::make_shared<google::protobuf::Arena>(options);
    const google::protobuf::Message* prototype =
        google::protobuf::MessageFactory::generated_factory()->GetPrototype(type.descriptor);
    google::protobuf::Message* obj = prototype->New(arena.get());
    if (!obj->ParseFromString(kv.value))
        return newInternalError("stored object at " + kv.key + " cannot be decoded");
    api::mutableMetadata(obj)->set_resource_version(std::to_string(kv.modRevision));
    api::setTypeMeta(obj, type);
    // Shares ownership of the arena, which owns the object.
    return std::shared_ptr<const google::protobuf::Message>(std::move(arena), obj);
}

StatusOr<std::shared_ptr<const google::protobuf::Message>> decodeWatchEvent(const api::ResourceType& type,
                                                                            const store::WatchEvent& event) {
    if (std::shared_ptr<const void> kept = event.memo.get())
        return std::static_pointer_cast<const google::protobuf::Message>(kept);
    auto decoded = decodeShared(type, event.kv);
    if (!decoded)
        return decoded.status();
    // Another reader may have decoded it meanwhile: everyone uses the copy kept first.
    return std::static_pointer_cast<const google::protobuf::Message>(
        event.memo.set(std::static_pointer_cast<const void>(std::move(*decoded))));
}

}  // namespace pilothouse::apiserver
