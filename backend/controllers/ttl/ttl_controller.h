// The TTL controller (upstream pkg/controller/ttl, v1.28): it annotates every Node with
// node.alpha.kubernetes.io/ttl, how many seconds a kubelet may keep a Secret or ConfigMap it read
// before it looks again, by the cluster's size: 0 up to 100 nodes, 15 up to 500, 30 up to 1,000,
// 60 up to 2,000, 300 beyond. The steps overlap (a cluster grown past 100 nodes goes back to 0
// only below 90), so a size near a boundary does not flip every node back and forth. The
// annotation is written with a strategic merge patch when a node lacks it or has another value;
// every node event puts the node in the queue, so a change of size reaches each node with its
// next status update.
#pragma once

#include <memory>
#include <string>

#include "client/informer.h"
#include "client/shared_informer_factory.h"
#include "client/workqueue.h"
#include "cluster/component.h"
#include "controllers/controller_utils.h"

namespace pilothouse::controller::ttl {

// v1.ObjectTTLAnnotationKey.
inline constexpr const char* kObjectTTLAnnotation = "node.alpha.kubernetes.io/ttl";

struct TTLControllerOptions {
    std::string token;  // bearer token ("" when authentication is off)
    // kube-controller-manager's shared informers; null: the controller makes its own.
    std::shared_ptr<client::SharedInformerFactory> informers;
    sim::Duration resyncPeriod{};
};

// The TTL for a cluster that had `step` as its boundary step and now has `nodes` nodes, and the
// step after the change (addNode/deleteNode upstream, applied for a whole count at once).
struct TTLStep {
    int step = 0;
    int ttlSeconds = 0;
};
TTLStep desiredTTL(TTLStep current, int nodes);

class TTLController final : public cluster::Component {
public:
    TTLController(apiserver::APIServer& server, const sim::Clock& clock, TTLControllerOptions options = {});

    std::string name() const override { return "ttl-controller"; }
    Status start() override;
    StatusOr<bool> reconcile() override;
    std::optional<sim::Time> nextWakeup() const override {
        return earliest({queue_.nextReadyTime(), nextResync({&nodeInformer_})});
    }

    int desiredTTLSeconds() const { return step_.ttlSeconds; }

private:
    Status updateNodeIfNeeded(const std::string& name);

    ApiClient client_;
    std::shared_ptr<client::SharedInformerFactory> informers_;
    client::Informer& nodeInformer_;
    client::WorkQueue queue_;
    int nodeCount_ = 0;
    TTLStep step_;
};

}  // namespace pilothouse::controller::ttl
