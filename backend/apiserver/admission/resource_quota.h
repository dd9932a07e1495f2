// ResourceQuota (k8s.io/apiserver/pkg/admission/plugin/resourcequota with the kube-apiserver quota
// evaluators of pkg/quota/v1/evaluator/core): rejects a request whose usage would take a
// namespace's ResourceQuota past spec.hard. Validating; the usage already charged is summed from
// the namespace's objects (what the quota controller keeps in status.used).
//  - pods (create): pods, count/pods, cpu/requests.cpu, memory/requests.memory, limits.cpu,
//    limits.memory, ephemeral-storage (and requests./limits.), hugepages-*, requests.<extended>;
//    a pod in a terminal phase, or deleted and past its grace period, charges only count/pods.
//    A quota on cpu or memory (requests or limits) requires every container to state it:
//      pods "web" is forbidden: failed quota: compute: must specify limits.cpu for: web;
//      requests.memory for: side,web
//  - services (create and update): services, count/services, services.nodeports,
//    services.loadbalancers;
//  - every other kind (create): count/<resource>[.<group>] (and the legacy names
//    replicationcontrollers and resourcequotas).
// Quota scopes Terminating, NotTerminating, BestEffort, NotBestEffort, PriorityClass and
// CrossNamespacePodAffinity select the pods a quota applies to. Over the limit:
//   pods "web" is forbidden: exceeded quota: compute, requested: requests.cpu=500m, used:
//   requests.cpu=1800m, limited: requests.cpu=2
// Events are not quota'd (upstream's ignored resources).
#pragma once

#include <cstdint>
#include <functional>

#include "apiserver/admission/interface.h"

namespace pilothouse::apiserver::admission {

class ResourceQuota final : public ValidationInterface {
public:
    static constexpr const char* kPluginName = "ResourceQuota";

    // `nowUnixNanos` tells when a deleted pod's grace period has run out (then it no longer
    // charges compute resources); without it deleted pods are charged until they are gone.
    explicit ResourceQuota(std::function<int64_t()> nowUnixNanos = {})
        : now_(std::move(nowUnixNanos)) {}

    std::string name() const override { return kPluginName; }
    bool handles(Operation op) const override;
    Status validate(const AdmissionAttributes& attrs, const ObjectLister& lister,
                    std::vector<sim::Phrase>* notes) override;

private:
    std::function<int64_t()> now_;
};

}  // namespace pilothouse::apiserver::admission
