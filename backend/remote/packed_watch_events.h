// Watch events serialized once for every remote watch: the WatchEvent message (its type and the
// object packed in an Any) of one change is the same bytes for each client that receives it, so it
// is encoded by the first watch that sends it and shared, as a reference-counted gRPC slice, by
// all the others. The gRPC side of the API server's watch cache (apiserver/watch_cache.h), which
// decodes each stored change once.
//
// A change is identified by its revision and event type (an initial list's ADDED event of an
// object and the ADDED event of its creation are the same message). Bounded: the oldest entries
// go first. Thread-safe.
#pragma once

#include <grpcpp/support/slice.h>
#include <google/protobuf/message.h>

#include <cstdint>
#include <deque>
#include <map>
#include <mutex>
#include <utility>

namespace pilothouse::remote {

class PackedWatchEvents {
public:
    explicit PackedWatchEvents(size_t capacity = 16384) : capacity_(capacity) {}

    // The serialized pilothouse.apiserver.v1.WatchEvent {type, object}. `type` is "ADDED",
    // "MODIFIED" or "DELETED"; `object` is the object at `revision`.
    grpc::Slice pack(const char* type, const google::protobuf::Message& object, int64_t revision);
    // A message not worth keeping (a BOOKMARK).
    static grpc::Slice packOnce(const char* type, const google::protobuf::Message& object);

    // Forgets everything: the control plane behind the revisions was replaced.
    void clear();

    int64_t packed() const;  // messages serialized so far
    int64_t shared() const;  // messages served from here

private:
    using Key = std::pair<int64_t, char>;
    const size_t capacity_;
    mutable std::mutex mutex_;
    std::map<Key, grpc::Slice> slices_;  // guarded by mutex_
    std::deque<Key> order_;              // guarded by mutex_
    int64_t packed_ = 0;                 // guarded by mutex_
    int64_t shared_ = 0;                 // guarded by mutex_
};

}  // namespace pilothouse::remote
