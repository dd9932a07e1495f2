// The decoded-object side of kube-apiserver's watch cache: a stored change is decoded once, however
// many watchers see it. Each watch stream then tests its selectors against the shared object and
// copies it only when it matches — so a thousand kubelets each watching "spec.nodeName=<node>"
// cost one decode per pod change, not a thousand.
//
// Thread-safe. Bounded: the oldest entries are dropped first (watchers read changes in revision
// order, shortly after they happen).
#pragma once

#include <google/protobuf/message.h>

#include <deque>
#include <unordered_map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>

#include "api/scheme.h"
#include "store/store.h"
#include "util/status.h"

namespace pilothouse::apiserver {

class WatchCache {
public:
    explicit WatchCache(size_t capacity = 4096) : capacity_(capacity) {}

    // The object stored at kv (resourceVersion and TypeMeta set), decoded at most once.
    StatusOr<std::shared_ptr<const google::protobuf::Message>> decode(const api::ResourceType& type, const store::KeyValue& kv);

private:
    // A change is its revision: each revision is exactly one write to one key.
    size_t capacity_;
    std::mutex mu_;
    std::unordered_map<int64_t, std::shared_ptr<const google::protobuf::Message>> objects_;
    std::deque<int64_t> order_;
};

}  // namespace pilothouse::apiserver
