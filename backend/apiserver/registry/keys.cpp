#include "apiserver/registry/keys.h"

namespace pilothouse::apiserver::registry {

std::string typePrefix(const api::ResourceType& type) {
    // The few resources whose etcd prefix is not their resource name.
    if (type.resource == "nodes") return "/registry/minions/";
    if (type.resource == "services") return "/registry/services/specs/";
    if (type.resource == "replicationcontrollers") return "/registry/controllers/";
    return "/registry/" + type.resource + "/";
}

std::string namespacePrefix(const api::ResourceType& type, const std::string& namespace_) {
    if (!type.namespaced || namespace_.empty()) return typePrefix(type);
    return typePrefix(type) + namespace_ + "/";
}

std::string objectKey(const api::ResourceType& type, const std::string& namespace_,
                      const std::string& name) {
    return namespacePrefix(type, namespace_) + name;
}

}  // namespace pilothouse::apiserver::registry
