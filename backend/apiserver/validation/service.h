// Service validation (ValidateService, ValidateServiceUpdate, ValidateServiceStatusUpdate): the
// name is a DNS-1035 label; ports (named when more than one, valid numbers and protocols, no
// duplicate protocol/port or protocol/nodePort pairs), selector labels, type, sessionAffinity,
// clusterIP/clusterIPs/ipFamilies consistency, externalIPs, traffic policies, LoadBalancer-only
// fields. As upstream's strategy does before validating, spec.clusterIPs is taken to be
// [spec.clusterIP] when only clusterIP is given (and, on update, the allocated IPs are kept when
// the new object leaves both empty).
#pragma once

#include "apiserver/validation/common.h"
#include "core_v1.pb.h"

namespace pilothouse::apiserver::validation {

ErrorList validateService(const k8s::io::api::core::v1::Service& service);
ErrorList validateServiceUpdate(const k8s::io::api::core::v1::Service& service,
                                const k8s::io::api::core::v1::Service& oldService);
ErrorList validateServiceStatusUpdate(const k8s::io::api::core::v1::Service& service,
                                      const k8s::io::api::core::v1::Service& oldService);
// ValidateNonSpecialIP (unspecified, loopback and link-local addresses are rejected).
ErrorList validateNonSpecialIP(const std::string& ip, const std::string& path);

}  // namespace pilothouse::apiserver::validation
