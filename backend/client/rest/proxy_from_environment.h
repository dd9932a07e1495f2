// Which proxy a request goes through when the cluster names none: Go's http.ProxyFromEnvironment
// (golang.org/x/net/http/httpproxy), which client-go's transport uses unless a kubeconfig's
// proxy-url says otherwise — so a kubeconfig kubectl reaches through a corporate proxy is reached
// the same way here.
//
//   - HTTPS_PROXY (or https_proxy) for an https server, HTTP_PROXY (or http_proxy) for an http one;
//     the upper-case name first. HTTP_PROXY is not used under CGI (REQUEST_METHOD set).
//   - A value without a scheme is an http proxy ("proxy.corp:3128" is "http://proxy.corp:3128").
//   - Never for "localhost" or a loopback address.
//   - NO_PROXY (or no_proxy): comma-separated; "*" for every host; an IP address or a CIDR
//     ("10.0.0.0/8"); a domain, which also covers its subdomains ("corp.example" and
//     ".corp.example" and "*.corp.example" all match "api.corp.example"; only the first matches
//     "corp.example" itself); each optionally with ":port".
#pragma once

#include <functional>
#include <string>

namespace pilothouse::client::rest {

struct ProxyEnvironment {
    std::string httpProxy;   // HTTP_PROXY, else http_proxy
    std::string httpsProxy;  // HTTPS_PROXY, else https_proxy
    std::string noProxy;     // NO_PROXY, else no_proxy
    bool cgi = false;        // REQUEST_METHOD is set

    // From a lookup of environment variables ("" when unset); by default this process's.
    static ProxyEnvironment from(const std::function<std::string(const char*)>& getenv);
    static ProxyEnvironment fromProcess();
};

// The proxy URL for a server at scheme://host:port ("" = straight to it). host: without brackets.
std::string proxyFor(const ProxyEnvironment& env, const std::string& scheme, const std::string& host, const std::string& port);

}  // namespace pilothouse::client::rest
