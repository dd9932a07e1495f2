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

class ObjectLister {
public:
    virtual ~ObjectLister() = default;
    // Every object of a type; namespace "" = all namespaces (or a cluster-scoped type).
    virtual std::vector<std::unique_ptr<google::protobuf::Message>> list(
        const api::ResourceType& type, const std::string& namespace_) const = 0;
    // nullptr when absent.
    virtual std::unique_ptr<google::protobuf::Message> get(const api::ResourceType& type,
                                                           const std::string& namespace_,
                                                           const std::string& name) const = 0;
};

}  // namespace pilothouse::apiserver
