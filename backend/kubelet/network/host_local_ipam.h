// Pod IPs from the node's podCIDR, as the host-local IPAM plugin of a CNI bridge network hands
// them out: the network address is skipped and so is .1 (the bridge gateway); addresses are
// taken in order after the last one given (host-local's "last reserved IP"), wrapping around,
// and released when the pod's sandbox goes. IPv4 only.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include "util/status.h"

namespace pilothouse::kubelet::network {

class HostLocalIpam {
public:
    // cidr: "10.244.1.0/24". InvalidArgument when it does not parse.
    Status setRange(const std::string& cidr);
    const std::string& range() const { return cidr_; }

    // The next free address for `owner` (a pod UID); the same owner gets its address back.
    // ResourceExhausted when the range is full.
    StatusOr<std::string> allocate(const std::string& owner);
    void release(const std::string& owner);
    size_t inUse() const { return byOwner_.size(); }

private:
    std::string cidr_;
    uint32_t network_ = 0;
    uint32_t size_ = 0;  // addresses in the range
    uint32_t last_ = 1;  // offset of the last address given (.1 is the gateway)
    std::map<std::string, uint32_t> byOwner_;
    std::map<uint32_t, std::string> byOffset_;
};

std::string formatIPv4(uint32_t address);
std::optional<uint32_t> parseIPv4(const std::string& text);

}  // namespace pilothouse::kubelet::network
