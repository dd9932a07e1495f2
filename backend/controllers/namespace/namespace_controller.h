// The namespace controller (upstream pkg/controller/namespace, v1.28): finishes what
// `kubectl delete namespace` starts. The API server marks the namespace Terminating; this
// controller deletes every object in it (each namespaced kind the API server serves, in the
// background), checks again a second later until none is left, then removes the "kubernetes"
// finalizer through namespaces/finalize, and the API server deletes the namespace.
#pragma once

#include <string>

#include "client/informer.h"
#include "client/shared_informer_factory.h"
#include "client/workqueue.h"
#include "cluster/component.h"
#include "controllers/controller_utils.h"

namespace pilothouse::controller::namespace_ {

struct NamespaceControllerOptions {
    std::string token;  // bearer token ("" when authentication is off)
    std::shared_ptr<client::SharedInformerFactory> informers;
    sim::Duration resyncPeriod{};
    // How long to wait before looking again at a namespace whose objects are still going
    // (upstream: the deleter's estimate, at least a few seconds).
    sim::Duration recheck = std::chrono::seconds(1);
};

class NamespaceController final : public cluster::Component {
public:
    NamespaceController(apiserver::APIServer& server, const sim::Clock& clock, NamespaceControllerOptions options = {});

    std::string name() const override { return "namespace-controller"; }
    Status start() override;
    StatusOr<bool> reconcile() override;
    std::optional<sim::Time> nextWakeup() const override {
        return earliest({queue_.nextReadyTime(), nextResync({&namespaceInformer_})});
    }

private:
    Status syncNamespace(const std::string& name);

    apiserver::APIServer& server_;
    std::string token_;
    ApiClient client_;
    std::shared_ptr<client::SharedInformerFactory> informers_;
    client::Informer& namespaceInformer_;
    client::WorkQueue queue_;
    sim::Duration recheck_;
};

}  // namespace pilothouse::controller::namespace_
