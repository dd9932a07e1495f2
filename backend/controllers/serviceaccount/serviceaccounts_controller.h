// The service accounts controller (upstream pkg/controller/serviceaccount, v1.28): every active
// namespace gets a ServiceAccount named "default", made again when it is deleted; a namespace
// that is being deleted gets none. Pods that name no service account run as it.
#pragma once

#include <string>

#include "client/informer.h"
#include "client/shared_informer_factory.h"
#include "client/workqueue.h"
#include "cluster/component.h"
#include "controllers/controller_utils.h"

namespace pilothouse::controller::serviceaccount {

struct ServiceAccountsControllerOptions {
    std::string token;  // bearer token ("" when authentication is off)
    // kube-controller-manager's shared informers; null: the controller makes its own.
    std::shared_ptr<client::SharedInformerFactory> informers;
    sim::Duration resyncPeriod{};
};

class ServiceAccountsController final : public cluster::Component {
public:
    ServiceAccountsController(apiserver::APIServer& server, const sim::Clock& clock,
                              ServiceAccountsControllerOptions options = {});

    std::string name() const override { return "serviceaccount-controller"; }
    Status start() override;
    StatusOr<bool> reconcile() override;
    std::optional<sim::Time> nextWakeup() const override {
        return earliest({queue_.nextReadyTime(), nextResync({&namespaceInformer_, &accountInformer_})});
    }

private:
    // Makes the namespace's missing accounts.
    Status syncNamespace(const std::string& namespaceName);

    ApiClient client_;
    std::shared_ptr<client::SharedInformerFactory> informers_;
    client::Informer& namespaceInformer_;
    client::Informer& accountInformer_;
    client::WorkQueue queue_;
};

}  // namespace pilothouse::controller::serviceaccount
