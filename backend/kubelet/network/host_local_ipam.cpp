#include "kubelet/network/host_local_ipam.h"

#include <cstdio>

namespace pilothouse::kubelet::network {

std::optional<uint32_t> parseIPv4(const std::string& text) {
    unsigned a, b, c, d;
    char tail;
    if (std::sscanf(text.c_str(), "%u.%u.%u.%u%c", &a, &b, &c, &d, &tail) != 4) return std::nullopt;
    if (a > 255 || b > 255 || c > 255 || d > 255) return std::nullopt;
    return (a << 24) | (b << 16) | (c << 8) | d;
}

std::string formatIPv4(uint32_t v) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%u.%u.%u.%u", v >> 24, (v >> 16) & 255, (v >> 8) & 255, v & 255);
    return buf;
}

Status HostLocalIpam::setRange(const std::string& cidr) {
    if (cidr == cidr_) return {};
    const auto slash = cidr.find('/');
    std::optional<uint32_t> base = parseIPv4(cidr.substr(0, slash));
    int bits = -1;
    if (slash != std::string::npos) bits = std::atoi(cidr.c_str() + slash + 1);
    if (!base || bits < 8 || bits > 30)
        return Status(StatusCode::InvalidArgument, "invalid CIDR address: " + cidr);
    cidr_ = cidr;
    size_ = uint32_t(1) << (32 - bits);
    network_ = *base & ~(size_ - 1);
    last_ = 1;
    byOwner_.clear();
    byOffset_.clear();
    return {};
}

StatusOr<std::string> HostLocalIpam::allocate(const std::string& owner) {
    if (size_ == 0) return Status(StatusCode::FailedPrecondition, "no IP range configured");
    if (auto it = byOwner_.find(owner); it != byOwner_.end()) return formatIPv4(network_ + it->second);
    // Usable offsets: 2 .. size-2 (network, gateway and broadcast excluded).
    const uint32_t usable = size_ - 3;
    for (uint32_t i = 1; i <= usable; ++i) {
        const uint32_t offset = 2 + (last_ - 2 + i + usable) % usable;
        if (byOffset_.count(offset)) continue;
        last_ = offset;
        byOwner_[owner] = offset;
        byOffset_[offset] = owner;
        return formatIPv4(network_ + offset);
    }
    return Status(StatusCode::ResourceExhausted, "no IP addresses available in range set: " + cidr_);
}

void HostLocalIpam::release(const std::string& owner) {
    auto it = byOwner_.find(owner);
    if (it == byOwner_.end()) return;
    byOffset_.erase(it->second);
    byOwner_.erase(it);
}

}  // namespace pilothouse::kubelet::network
