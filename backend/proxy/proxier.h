// kube-proxy, simulated: it watches Services and EndpointSlices through the API server, as
// kube-proxy v1.28 does, and answers where a connection to a Service would go — the rules it would have programmed
// (iptables/IPVS), walked for one connection. A connection to a ClusterIP:port is sent to one
// ready endpoint of that port: round robin (IPVS's rr scheduler) or, with
// sessionAffinity: ClientIP, the endpoint this client used last, until
// sessionAffinityConfig.clientIP.timeoutSeconds pass without a connection. A Service without
// ready endpoints rejects the connection (kube-proxy's REJECT rule: "no endpoints").
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "client/informer.h"
#include "sim/clock.h"

namespace pilothouse::proxy {

struct Route {
    bool ok = false;
    std::string message;       // why it failed ("no endpoints", "no service at 10.96.0.9:80")
    std::string service;       // "namespace/name"
    std::string portName;      // the Service port's name ("" when unnamed)
    std::string endpoint;      // "10.244.1.5:8080"
    std::string pod;           // the endpoint's targetRef, "namespace/name"
    std::string node;          // the endpoint's nodeName
    std::vector<std::string> hops;  // the route as text, one step per entry, for the GUI
};

class Proxier {
public:
    Proxier(apiserver::APIServer& server, const sim::Clock& clock, std::string nodeName, std::string token = "");

    Status start();
    StatusOr<size_t> sync();

    // A connection from `clientIP` to `ip`:`port` (a Service's ClusterIP) over `protocol`.
    Route route(const std::string& clientIP, const std::string& ip, int32_t port, const std::string& protocol = "TCP");

private:
    struct Affinity {
        std::string endpoint;
        sim::Time lastUsed;
    };

    const sim::Clock& clock_;
    std::string node_;
    client::Informer services_;
    client::Informer endpoints_;
    std::map<std::string, size_t> next_;                                  // service/port -> round-robin position
    std::map<std::pair<std::string, std::string>, Affinity> affinity_;    // (service/port, client) -> endpoint
};

}  // namespace pilothouse::proxy
