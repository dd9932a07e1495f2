// Read access to stored objects for admission plugins and the authorizer (what informers/listers
// give their upstream counterparts). Implemented by the API server over its store.
// Thread-safe implementations are required: stages may run on any thread.
#pragma once

#include <google/protobuf/message.h>

#include <memory>
#include <string>
#include <vector>

#include "api/scheme.h"

namespace pilothouse::apiserver {

// The objects are read-only and may be shared with other readers (the cache's own, as a lister's
// are): a plugin that changes one works on its own copy.
using ListedObject = std::shared_ptr<const google::protobuf::Message>;

class ObjectLister {
public:
    virtual ~ObjectLister() = default;
    // Every object of a type; namespace "" = all namespaces (or a cluster-scoped type).
    virtual std::vector<ListedObject> list(const api::ResourceType& type, const std::string& namespace_) const = 0;
    // nullptr when absent.
    virtual ListedObject get(const api::ResourceType& type, const std::string& namespace_,
                             const std::string& name) const = 0;
};

}  // namespace pilothouse::apiserver
