#include "apiserver/registry/service_ip_allocator.h"

#include <algorithm>
#include <cstdio>

namespace pilothouse::apiserver::registry {

bool ServiceIPAllocator::parse(const std::string& text, uint32_t* ip) {
    unsigned a, b, c, d;
    char tail;
    if (std::sscanf(text.c_str(), "%u.%u.%u.%u%c", &a, &b, &c, &d, &tail) != 4) return false;
    if (a > 255 || b > 255 || c > 255 || d > 255) return false;
    *ip = (a << 24) | (b << 16) | (c << 8) | d;
    return true;
}

std::string ServiceIPAllocator::format(uint32_t ip) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%u.%u.%u.%u", ip >> 24, (ip >> 16) & 255, (ip >> 8) & 255, ip & 255);
    return buf;
}

StatusOr<ServiceIPAllocator> ServiceIPAllocator::create(const std::string& cidr) {
    const auto slash = cidr.find('/');
    uint32_t ip = 0;
    int bits = -1;
    if (slash != std::string::npos && parse(cidr.substr(0, slash), &ip)) {
        try {
            bits = std::stoi(cidr.substr(slash + 1));
        } catch (...) {
            bits = -1;
        }
    }
    if (bits < 8 || bits > 30)
        return Status(StatusCode::InvalidArgument, "invalid service cluster IP range \"" + cidr + "\": an IPv4 CIDR from /8 to /30 is required");
    ServiceIPAllocator a;
    a.cidr_ = cidr;
    a.size_ = uint64_t{1} << (32 - bits);
    a.base_ = ip & ~uint32_t(a.size_ - 1);
    return a;
}

StatusOr<std::string> ServiceIPAllocator::allocate(const std::string& requested, const std::set<std::string>& used,
                                                   uint64_t random) const {
    // Usable offsets: 1 .. size-2 (not the network, not the broadcast address).
    const uint64_t first = 1, last = size_ - 2;
    if (!requested.empty()) {
        uint32_t ip = 0;
        if (!parse(requested, &ip) || ip < base_ + first || ip > base_ + last)
            return Status(StatusCode::InvalidArgument,
                          "the provided IP (" + requested + ") is not in the valid range. The IP range is " + cidr_);
        if (used.contains(format(ip))) return Status(StatusCode::AlreadyExists, "provided IP is already allocated");
        return format(ip);
    }
    // The lower band (min(max(16, size/16), 256) addresses) is left for chosen IPs; dynamic picks
    // start at a random offset in the upper band and walk forward, then try the lower band.
    const uint64_t band = std::min<uint64_t>(std::max<uint64_t>(16, size_ / 16), 256);
    auto scan = [&](uint64_t lo, uint64_t hi) -> std::optional<std::string> {
        if (lo > hi) return std::nullopt;
        const uint64_t span = hi - lo + 1;
        const uint64_t start = random % span;
        for (uint64_t i = 0; i < span; ++i) {
            const std::string ip = format(uint32_t(base_ + lo + (start + i) % span));
            if (!used.contains(ip)) return ip;
        }
        return std::nullopt;
    };
    if (auto ip = scan(std::max(first, band), last)) return *ip;
    if (auto ip = scan(first, std::min(band, last + 1) - 1)) return *ip;
    return Status(StatusCode::ResourceExhausted, "range is full");
}

}  // namespace pilothouse::apiserver::registry
