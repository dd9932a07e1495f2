// Validation of the smaller kinds: core/v1 Event (legacy rules of a v1 request),
// discovery.k8s.io EndpointSlice, coordination.k8s.io Lease, policy PodDisruptionBudget,
// ResourceQuota and LimitRange, each as its v1.28 validator (and strategy) runs it.
#pragma once

#include "apiserver/validation/common.h"
#include "coordination_v1.pb.h"
#include "core_v1.pb.h"
#include "discovery_v1.pb.h"
#include "policy_v1.pb.h"

namespace pilothouse::apiserver::validation {

ErrorList validateEvent(const k8s::io::api::core::v1::Event& event);

ErrorList validateEndpoints(const k8s::io::api::core::v1::Endpoints& endpoints);
ErrorList validateEndpointsUpdate(const k8s::io::api::core::v1::Endpoints& endpoints,
                                  const k8s::io::api::core::v1::Endpoints& old);
ErrorList validateEndpointSlice(const k8s::io::api::discovery::v1::EndpointSlice& slice);
ErrorList validateEndpointSliceUpdate(const k8s::io::api::discovery::v1::EndpointSlice& slice,
                                      const k8s::io::api::discovery::v1::EndpointSlice& old);

ErrorList validateLease(const k8s::io::api::coordination::v1::Lease& lease);
ErrorList validateLeaseUpdate(const k8s::io::api::coordination::v1::Lease& lease,
                              const k8s::io::api::coordination::v1::Lease& old);

// PodDisruptionBudget: upstream validates only the spec here (metadata gets the generic checks).
ErrorList validatePodDisruptionBudget(const k8s::io::api::policy::v1::PodDisruptionBudget& pdb);
ErrorList validatePodDisruptionBudgetStatusUpdate(const k8s::io::api::policy::v1::PodDisruptionBudget& pdb,
                                                  const k8s::io::api::policy::v1::PodDisruptionBudget& old);

ErrorList validateResourceQuota(const k8s::io::api::core::v1::ResourceQuota& quota);
ErrorList validateResourceQuotaUpdate(const k8s::io::api::core::v1::ResourceQuota& quota,
                                      const k8s::io::api::core::v1::ResourceQuota& old);
ErrorList validateResourceQuotaStatusUpdate(const k8s::io::api::core::v1::ResourceQuota& quota,
                                            const k8s::io::api::core::v1::ResourceQuota& old);

ErrorList validateLimitRange(const k8s::io::api::core::v1::LimitRange& lr);

}  // namespace pilothouse::apiserver::validation
