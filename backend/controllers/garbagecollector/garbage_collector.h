// The garbage collector (upstream pkg/controller/garbagecollector, v1.28). It watches every
// listable kind and keeps a graph of owner -> dependents built from metadata.ownerReferences
// (graph_builder), and carries out the three deletion propagation policies:
//  - Background: when an owner is gone — or a dependent shows up whose owner is not there — the
//    dependent is looked at (attemptToDeleteItem): each owner is read through the API server
//    (absent, or present under another UID = dangling); with no owner left the dependent is
//    deleted, with some left only the references to the vanished ones are removed.
//  - Foreground: the owner was deleted with the "foregroundDeletion" finalizer and stays
//    ("deletingDependents") until every dependent that blocks it (ownerReference with
//    blockOwnerDeletion: true) is gone; those dependents are deleted in the foreground in turn
//    when they have dependents of their own. Then the finalizer is removed and the API server
//    deletes the owner.
//  - Orphan: the owner was deleted with the "orphan" finalizer: the references to it are removed
//    from every dependent (they stay), then the finalizer, and the owner goes.
#pragma once

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "client/informer.h"
#include "client/shared_informer_factory.h"
#include "client/workqueue.h"
#include "cluster/component.h"
#include "controllers/controller_utils.h"

namespace pilothouse::controller::garbagecollector {

struct GarbageCollectorOptions {
    std::string token;  // bearer token ("" when authentication is off)
    // kube-controller-manager's shared informers (its monitors share the typed ones, as upstream's
    // informer factory hands them out); null: the collector makes its own.
    std::shared_ptr<client::SharedInformerFactory> informers;
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
    std::optional<sim::Time> nextWakeup() const override;

private:
    // A node of the dependency graph: one object, by UID.
    struct Node {
        std::string item;  // "<resource>|<namespace>/<name>" (the work queues' key)
        std::vector<metav1::OwnerReference> owners;
        bool beingDeleted = false;       // metadata.deletionTimestamp set
        bool deletingDependents = false;  // being deleted with the foregroundDeletion finalizer
    };

    void observe(const std::string& resource, const google::protobuf::Message& object);
    void forget(const google::protobuf::Message& object);
    // Dependents whose reference to `ownerUID` has blockOwnerDeletion: true.
    std::vector<std::string> blockingDependents(const std::string& ownerUID) const;

    // Each returns OK when the item is gone or handled; errors requeue it with backoff.
    Status attemptToDeleteItem(const std::string& item);
    Status processDeletingDependentsItem(const std::string& item, const google::protobuf::Message& owner);
    Status attemptToOrphan(const std::string& item);
    Status removeFinalizer(const std::string& item, const std::string& uid, const std::string& finalizer);

    apiserver::APIServer& server_;
    GarbageCollectorOptions options_;
    ApiClient client_;
    std::shared_ptr<client::SharedInformerFactory> factory_;
    std::vector<client::Informer*> informers_;  // the monitors: one per deletable resource
    client::WorkQueue attemptToDelete_;
    client::WorkQueue attemptToOrphan_;
    std::map<std::string, Node> uidToNode_;                    // every object seen, by UID
    std::map<std::string, std::set<std::string>> dependents_;  // owner UID -> dependent UIDs
};

}  // namespace pilothouse::controller::garbagecollector
