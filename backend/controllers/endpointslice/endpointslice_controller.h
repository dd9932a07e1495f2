// The EndpointSlice controller (pkg/controller/endpointslice, v1.28): for every Service with a
// selector it keeps EndpointSlices listing the pods the selector matches — one endpoint per pod
// that has an IP and has not finished, with conditions ready (the pod is Ready and not
// terminating), serving (Ready) and terminating (being deleted), its nodeName, zone and targetRef
// — and the Service's ports resolved against the pods' container ports (a named targetPort
// becomes that container port's number). Slices are named "<service>-<random>" (generateName),
// labelled kubernetes.io/service-name and endpointslice.kubernetes.io/managed-by
// endpointslice-controller.k8s.io, owned by the Service, at most 100 endpoints each.
// kube-proxy and cluster DNS read them.
#pragma once

#include <map>
#include <set>
#include <string>

#include "client/informer.h"
#include "client/shared_informer_factory.h"
#include "client/workqueue.h"
#include "cluster/component.h"
#include "controllers/controller_utils.h"
#include "sim/journey.h"

namespace pilothouse::controller::endpointslice {

struct EndpointSliceControllerOptions {
    std::string token;
    // kube-controller-manager's shared informers; null: the controller makes its own.
    std::shared_ptr<client::SharedInformerFactory> informers;
    sim::Duration resyncPeriod{};  // informers' resync (kube-controller-manager: 12-24 h; 0 = never)
    int maxEndpointsPerSlice = 100;  // --max-endpoints-per-slice
    // When set, a pod's journey gets an "endpoints" stage the first time it is a ready endpoint.
    sim::JourneyLog* journeys = nullptr;
};

class EndpointSliceController final : public cluster::Component {
public:
    EndpointSliceController(apiserver::APIServer& server, const sim::Clock& clock, EndpointSliceControllerOptions options = {});

    std::string name() const override { return "endpointslice-controller"; }
    Status start() override;
    StatusOr<bool> reconcile() override;
    std::optional<sim::Time> nextWakeup() const override {
        return controller::earliest({queue_.nextReadyTime(), controller::nextResync({&services_, &pods_, &nodes_, &slices_})});
    }

private:
    Status syncService(const std::string& key);
    void enqueueServicesSelecting(const client::ObjectPtr& pod);

    apiserver::APIServer& server_;
    EndpointSliceControllerOptions options_;
    std::shared_ptr<client::SharedInformerFactory> informers_;
    client::Informer &services_;
    client::Informer &pods_;
    client::Informer &nodes_;
    client::Informer &slices_;
    client::WorkQueue queue_;
    const sim::Clock& clock_;
    std::set<std::string> announced_;  // pods whose "endpoints" stage was recorded
};

}  // namespace pilothouse::controller::endpointslice
