// ClusterIP allocation for Services (pkg/registry/core/service/ipallocator), as kube-apiserver
// does it while creating a Service — after mutating admission, before validation: a Service of
// type ClusterIP, NodePort or LoadBalancer without spec.clusterIP gets a free address from the
// service CIDR (--service-cluster-ip-range; kubeadm's default 10.96.0.0/12), one it asks for is
// checked, "None" (headless) and ExternalName get none. As with ServiceIPStaticSubrange (on in
// v1.28), dynamic picks come from the upper part of the range, leaving the lower band for IPs
// people choose; the network and broadcast addresses are never given out.
#pragma once

#include <cstdint>
#include <set>
#include <string>

#include "util/status.h"

namespace pilothouse::apiserver::registry {

class ServiceIPAllocator {
public:
    // InvalidArgument for a malformed IPv4 CIDR.
    static StatusOr<ServiceIPAllocator> create(const std::string& cidr);

    const std::string& cidr() const { return cidr_; }
    // `used`: addresses taken by existing Services. `random`: the caller's seeded draw (runs stay
    // reproducible). Errors carry upstream's texts: "provided IP is already allocated",
    // "the provided IP (x) is not in the valid range. The IP range is 10.96.0.0/12",
    // "range is full".
    StatusOr<std::string> allocate(const std::string& requested, const std::set<std::string>& used, uint64_t random) const;

    static std::string format(uint32_t ip);
    static bool parse(const std::string& text, uint32_t* ip);

private:
    ServiceIPAllocator() = default;
    std::string cidr_;
    uint32_t base_ = 0;
    uint64_t size_ = 0;  // addresses in the range
};

}  // namespace pilothouse::apiserver::registry
