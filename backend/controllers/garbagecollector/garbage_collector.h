// The garbage collector (upstream pkg/controller/garbagecollector, v1.28), reduced to what our API
// server supports: background cascading deletion. It watches every listable kind (its "graph"
// of owner -> dependents built from metadata.ownerReferences); when an owner goes away — or a
// dependent shows up whose owner is not there — the dependent is looked at (attemptToDeleteItem):
// each owner is read through the API server (absent, or present under another UID = dangling);
// with no owner left the dependent is deleted, with some left only the dangling references are
// removed. Deleting a Deployment thus deletes its ReplicaSets, and those their pods.
//
// Not done: propagationPolicy Foreground / Orphan (the API server's delete takes no
// DeleteOptions.propagationPolicy and does not add the foregroundDeletion / orphan finalizers),
// so every cascade is a background one.
#pragma once

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "client/informer.h"
#include "client/workqueue.h"
#include "cluster/component.h"
#include "controllers/controller_utils.h"

namespace pilothouse::controller::garbagecollector {

struct GarbageCollectorOptions {
    std::string token;  // bearer token ("" when authentication is off)
    // Resources to monitor; empty = every kind in the scheme but events and bindings.
    std::vector<std::string> resources;
};

class GarbageCollector final : public cluster::Component {
public:
    // Neither reference is owned; both must outlive the controller.
    GarbageCollector(apiserver::APIServer& server, const sim::Clock& clock, GarbageCollectorOptions options = {});

    std::string name() const override { return "garbage-collector-controller"; }
    Status start() override;
    StatusOr<bool> reconcile() override;
    std::optional<sim::Time> nextWakeup() const override { return attemptToDelete_.nextReadyTime(); }

private:
    struct Node {
        std::string item;  // "<resource>|<namespace>/<name>"
        std::vector<metav1::OwnerReference> owners;
    };

    void observe(const std::string& resource, const google::protobuf::Message& object);
    void forget(const google::protobuf::Message& object);
    // Returns whether the item is gone or handled; errors requeue it.
    Status attemptToDeleteItem(const std::string& item);

    apiserver::APIServer& server_;
    GarbageCollectorOptions options_;
    ApiClient client_;
    std::vector<std::unique_ptr<client::Informer>> informers_;
    client::WorkQueue attemptToDelete_;
    std::map<std::string, Node> uidToNode_;                    // every object seen, by UID
    std::map<std::string, std::set<std::string>> dependents_;  // owner UID -> dependent UIDs
};

}  // namespace pilothouse::controller::garbagecollector
