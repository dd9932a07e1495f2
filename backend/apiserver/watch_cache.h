// The decoded-object side of kube-apiserver's watch cache: a stored change is decoded once, however
// many watchers see it. Each watch stream then tests its selectors against the shared object and
// copies it only when it matches — so a thousand kubelets each watching "spec.nodeName=<node>"
// cost one decode per pod change, not a thousand.
//
// The decoded object is kept on the store's shared event itself (store::EventMemo), so readers on
// different threads take no lock: the simulation's own informers never wait for a delivery thread
// of lower priority. It is allocated on one protobuf arena, so freeing it is a few frees, not one
// per string and field.
#pragma once

#include <google/protobuf/message.h>

#include <memory>

#include "api/scheme.h"
#include "store/store.h"
#include "util/status.h"

namespace pilothouse::apiserver {

// A stored object decoded on its own arena (resourceVersion and TypeMeta set), to be shared
// read-only. Any thread.
StatusOr<std::shared_ptr<const google::protobuf::Message>> decodeShared(const api::ResourceType& type,
                                                                        const store::KeyValue& kv);

// The object of `event` (resourceVersion and TypeMeta set), decoded by the first caller and shared
// with the rest. Any thread.
StatusOr<std::shared_ptr<const google::protobuf::Message>> decodeWatchEvent(const api::ResourceType& type,
                                                                            const store::WatchEvent& event);

}  // namespace pilothouse::apiserver
