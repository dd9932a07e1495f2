#include "client/rest/proxy_from_environment.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <optional>
#include <sstream>

#include <boost/asio/ip/address.hpp>
#include <boost/asio/ip/network_v4.hpp>
#include <boost/asio/ip/network_v6.hpp>

namespace pilothouse::client::rest {

namespace ip = boost::asio::ip;

namespace {

std::string trimmedLower(std::string s) {
    auto space = [](unsigned char c) { return std::isspace(c) != 0; };
    s.erase(s.begin(), std::find_if_not(s.begin(), s.end(), space));
    s.erase(std::find_if_not(s.rbegin(), s.rend(), space).base(), s.end());
    for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

std::optional<ip::address> parseIp(const std::string& s) {
    boost::system::error_code ec;
    auto a = ip::make_address(s, ec);
    if (ec) return std::nullopt;
    return a;
}

// An IPv4-mapped IPv6 address compared as the IPv4 one, as Go's net.IP.Equal does.
ip::address normalized(const ip::address& a) {
    if (a.is_v6() && a.to_v6().is_v4_mapped()) return ip::make_address_v4(ip::v4_mapped, a.to_v6());
    return a;
}

bool inCidr(const std::string& cidr, const ip::address& a) {
    boost::system::error_code ec;
    if (a.is_v4()) {
        auto net = ip::make_network_v4(cidr, ec);
        if (ec) return false;
        const auto host = ip::make_network_v4(a.to_v4(), net.prefix_length());
        return host.canonical() == net.canonical();
    }
    auto net = ip::make_network_v6(cidr, ec);
    if (ec) return false;
    const auto host = ip::make_network_v6(a.to_v6(), net.prefix_length());
    return host.canonical() == net.canonical();
}

bool isCidr(const std::string& s) {
    boost::system::error_code ec;
    if (s.find('/') == std::string::npos) return false;
    (void)ip::make_network_v4(s, ec);
    if (!ec) return true;
    ec.clear();
    (void)ip::make_network_v6(s, ec);
    return !ec;
}

// One NO_PROXY entry against the server's host and port: whether the server is exempt.
bool exempts(std::string entry, const std::string& host, const std::string& port, const std::optional<ip::address>& hostIp) {
    if (isCidr(entry)) return hostIp && inCidr(entry, *hostIp);
    // host:port, [v6]:port, or a bare host (an IPv6 address has colons of its own).
    std::string entryHost = entry, entryPort;
    if (!entry.empty() && entry.front() == '[') {
        const auto close = entry.find(']');
        if (close == std::string::npos) return false;
        entryHost = entry.substr(1, close - 1);
        if (close + 1 < entry.size() && entry[close + 1] == ':') entryPort = entry.substr(close + 2);
    } else if (std::count(entry.begin(), entry.end(), ':') == 1) {
        const auto colon = entry.find(':');
        entryHost = entry.substr(0, colon);
        entryPort = entry.substr(colon + 1);
        if (entryHost.empty()) return false;  // no host part: malformed, ignored
    }
    const bool portMatches = entryPort.empty() || entryPort == port;
    if (auto entryIp = parseIp(entryHost)) return hostIp && normalized(*entryIp) == normalized(*hostIp) && portMatches;
    if (entryHost.empty()) return false;
    if (entryHost.rfind("*.", 0) == 0) entryHost = entryHost.substr(1);
    bool matchHost = false;
    if (entryHost.front() != '.') {
        matchHost = true;
        entryHost = "." + entryHost;
    }
    const bool suffix = host.size() >= entryHost.size() && host.compare(host.size() - entryHost.size(), entryHost.size(), entryHost) == 0;
    return (suffix || (matchHost && host == entryHost.substr(1))) && portMatches;
}

}  // namespace

ProxyEnvironment ProxyEnvironment::from(const std::function<std::string(const char*)>& getenv) {
    auto any = [&](const char* upper, const char* lower) {
        std::string v = getenv(upper);
        return v.empty() ? getenv(lower) : v;
    };
    ProxyEnvironment env;
    env.httpProxy = any("HTTP_PROXY", "http_proxy");
    env.httpsProxy = any("HTTPS_PROXY", "https_proxy");
    env.noProxy = any("NO_PROXY", "no_proxy");
    env.cgi = !getenv("REQUEST_METHOD").empty();
    return env;
}

ProxyEnvironment ProxyEnvironment::fromProcess() {
    return from([](const char* name) {
        const char* v = std::getenv(name);
        return std::string(v ? v : "");
    });
}

std::string proxyFor(const ProxyEnvironment& env, const std::string& scheme, const std::string& host, const std::string& port) {
    std::string proxy = scheme == "https" ? env.httpsProxy : (env.cgi ? std::string() : env.httpProxy);
    if (proxy.empty()) return {};
    const std::string name = trimmedLower(host);
    if (name == "localhost") return {};
    const auto hostIp = parseIp(name);
    if (hostIp && normalized(*hostIp).is_loopback()) return {};
    std::stringstream entries(env.noProxy);
    for (std::string entry; std::getline(entries, entry, ',');) {
        entry = trimmedLower(entry);
        if (entry.empty()) continue;
        if (entry == "*") return {};
        if (exempts(entry, name, port, hostIp)) return {};
    }
    // "proxy.corp:3128": an http proxy.
    if (proxy.find("://") == std::string::npos) proxy = "http://" + proxy;
    return proxy;
}

}  // namespace pilothouse::client::rest
