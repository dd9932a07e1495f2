// The Endpoints controller (pkg/controller/endpoint, v1.28): for every Service with a selector it
// keeps a core/v1 Endpoints object of the same name listing the pods the selector matches — the
// older API that EndpointSlices replaced, still maintained by kube-controller-manager and still
// what `kubectl get endpoints` shows.
//
// A pod is listed when it has an IP, has not finished and is not terminating (terminating pods
// stay only with publishNotReadyAddresses); Ready pods go to `addresses`, the others to
// `notReadyAddresses`, each with its nodeName and a targetRef to the pod. Each Service port is
// resolved against the pod (a named targetPort becomes that container port's number), and the
// addresses are packed into subsets by the set of ports they share (RepackSubsets). At most 1000
// addresses are kept (the rest are cut proportionally and the object is annotated
// endpoints.kubernetes.io/over-capacity: truncated). The Endpoints carry the Service's labels
// (plus service.kubernetes.io/headless for headless Services) and the
// endpoints.kubernetes.io/last-change-trigger-time annotation: the earliest of the changes
// (a pod's Ready transition, the Service's creation) since the last sync.
//
// Differs from upstream: subsets and ports are ordered by their content (upstream orders them by
// an MD5 hash of Go's printed structs), so with several port sets the order can differ.
#pragma once

#include <map>
#include <string>

#include "client/informer.h"
#include "client/shared_informer_factory.h"
#include "client/record/event_recorder.h"
#include "client/workqueue.h"
#include "cluster/component.h"
#include "controllers/controller_utils.h"

namespace pilothouse::controller::endpoint {

struct EndpointsControllerOptions {
    std::string token;
    // kube-controller-manager's shared informers; null: the controller makes its own.
    std::shared_ptr<client::SharedInformerFactory> informers;
    sim::Duration resyncPeriod{};  // informers' resync (kube-controller-manager: 12-24 h; 0 = never)
    int maxCapacity = 1000;  // upstream's maxCapacity: addresses kept per Endpoints object
};

class EndpointsController final : public cluster::Component {
public:
    EndpointsController(apiserver::APIServer& server, const sim::Clock& clock, EndpointsControllerOptions options = {});

    std::string name() const override { return "endpoint-controller"; }
    Status start() override;
    StatusOr<bool> reconcile() override;
    std::optional<sim::Time> nextWakeup() const override {
        return controller::earliest({queue_.nextReadyTime(), controller::nextResync({&services_, &pods_, &endpoints_})});
    }

private:
    // The trigger-time tracker's memory of one Service (TriggerTimeTracker's ServiceState).
    struct TriggerState {
        std::map<std::string, int64_t> lastPodTriggerTimes;  // pod name -> unix nanos
        int64_t lastServiceTriggerTime = 0;
    };

    Status syncService(const std::string& key);
    void enqueueServicesSelecting(const client::ObjectPtr& pod);

    EndpointsControllerOptions options_;
    ApiClient client_;
    std::shared_ptr<client::SharedInformerFactory> informers_;
    client::Informer &services_;
    client::Informer &pods_;
    client::Informer &endpoints_;
    client::WorkQueue queue_;
    const sim::Clock& clock_;
    client::record::EventRecorder recorder_;
    std::map<std::string, TriggerState> triggers_;  // service key -> state
};

}  // namespace pilothouse::controller::endpoint
