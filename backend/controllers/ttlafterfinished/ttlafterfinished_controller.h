// The TTL-after-finished controller (upstream pkg/controller/ttlafterfinished, v1.28): deletes a
// finished Job (Complete or Failed condition True) once spec.ttlSecondsAfterFinished have passed
// since that condition's lastTransitionTime. Before deleting it reads the Job again from the API
// server (a changed TTL or a Job that is no longer finished is left alone). It records no events.
//
// It deletes with propagationPolicy Foreground and the Job's UID as precondition, as upstream: the
// Job goes after its pods.
#pragma once

#include <string>

#include "batch_v1.pb.h"
#include "client/informer.h"
#include "client/shared_informer_factory.h"
#include "client/workqueue.h"
#include "cluster/component.h"
#include "controllers/controller_utils.h"

namespace pilothouse::controller::ttlafterfinished {

struct TTLAfterFinishedControllerOptions {
    std::string token;  // bearer token ("" when authentication is off)
    // kube-controller-manager's shared informers; null: the controller makes its own.
    std::shared_ptr<client::SharedInformerFactory> informers;
    sim::Duration resyncPeriod{};  // informers' resync (kube-controller-manager: 12-24 h; 0 = never)
};

class TTLAfterFinishedController final : public cluster::Component {
public:
    // Neither reference is owned; both must outlive the controller.
    TTLAfterFinishedController(apiserver::APIServer& server, const sim::Clock& clock,
                               TTLAfterFinishedControllerOptions options = {});

    std::string name() const override { return "ttl-after-finished-controller"; }
    Status start() override;
    StatusOr<bool> reconcile() override;
    std::optional<sim::Time> nextWakeup() const override {
        return earliest({queue_.nextReadyTime(), nextResync({&jobInformer_})});
    }

private:
    Status processJob(const std::string& key);
    // The time left before `job` expires, nullopt when it needs no clean-up.
    std::optional<sim::Duration> timeLeft(const k8s::io::api::batch::v1::Job& job) const;
    void enqueueIfNeeded(const k8s::io::api::batch::v1::Job& job);

    const sim::Clock& clock_;
    ApiClient client_;
    std::shared_ptr<client::SharedInformerFactory> informers_;
    client::Informer &jobInformer_;
    client::WorkQueue queue_;
};

}  // namespace pilothouse::controller::ttlafterfinished
