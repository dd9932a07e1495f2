// Where each object lives in the store, with kube-apiserver's etcd key layout:
//   /registry/pods/default/web, /registry/minions/node-a (nodes keep their historical name),
//   /registry/services/specs/default/web, /registry/controllers/... (ReplicationControllers),
//   /registry/deployments/default/web, /registry/priorityclasses/high, ...
// so that what a learner sees in our store is what `etcdctl get /registry --prefix --keys-only`
// shows on a real control plane.
#pragma once

#include <string>

#include "api/scheme.h"

namespace pilothouse::apiserver::registry {

// "/registry/pods/" — every object of the type.
std::string typePrefix(const api::ResourceType& type);
// "/registry/pods/default/" — one namespace; typePrefix for cluster-scoped types or ns "".
std::string namespacePrefix(const api::ResourceType& type, const std::string& namespace_);
// "/registry/pods/default/web".
std::string objectKey(const api::ResourceType& type, const std::string& namespace_,
                      const std::string& name);

}  // namespace pilothouse::apiserver::registry
