#include "util/listen_address.h"

#include <arpa/inet.h>

namespace pilothouse::util {

StatusOr<ListenAddress> parseListenAddress(const std::string& text) {
    const auto invalid = [&](const std::string& why) {
        return Status(StatusCode::InvalidArgument, "listen address \"" + text + "\": " + why + " (want HOST:PORT, e.g. 127.0.0.1:7443)");
    };
    const size_t colon = text.rfind(':');
    if (colon == std::string::npos) return invalid("missing port");
    ListenAddress out;
    out.host = text.substr(0, colon);
    if (out.host.size() >= 2 && out.host.front() == '[' && out.host.back() == ']') out.host = out.host.substr(1, out.host.size() - 2);
    else if (out.host.find(':') != std::string::npos) return invalid("an IPv6 host must be in brackets");
    if (out.host.empty()) return invalid("missing host");
    const std::string port = text.substr(colon + 1);
    if (port.empty() || port.size() > 5 || port.find_first_not_of("0123456789") != std::string::npos) return invalid("bad port");
    out.port = std::stoi(port);
    if (out.port > 65535) return invalid("port out of range");
    return out;
}

bool isLoopback(const std::string& text) {
    if (text.rfind("unix:", 0) == 0) return true;
    auto address = parseListenAddress(text);
    if (!address) return false;
    const std::string& host = address->host;
    if (host == "localhost") return true;
    in_addr v4{};
    if (inet_pton(AF_INET, host.c_str(), &v4) == 1) return (ntohl(v4.s_addr) >> 24) == 127;
    in6_addr v6{};
    if (inet_pton(AF_INET6, host.c_str(), &v6) == 1) return IN6_IS_ADDR_LOOPBACK(&v6);
    return false;  // any other name may resolve to a public interface
}

}  // namespace pilothouse::util
