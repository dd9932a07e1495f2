#include "proxy/proxier.h"

#include "api/scheme.h"
#include "core_v1.pb.h"
#include "discovery_v1.pb.h"

namespace pilothouse::proxy {

namespace core = k8s::io::api::core::v1;
namespace discovery = k8s::io::api::discovery::v1;

Proxier::Proxier(apiserver::APIServer& server, const sim::Clock& clock, std::string nodeName, std::string token)
    : clock_(clock),
      node_(std::move(nodeName)),
      services_(server, *api::Scheme::instance().byName("services"), token),
      endpoints_(server, *api::Scheme::instance().byName("endpointslices"), token) {}

Status Proxier::start() {
    PH_RETURN_IF_ERROR(services_.start());
    return endpoints_.start();
}

StatusOr<size_t> Proxier::sync() {
    auto a = services_.sync();
    if (!a) return a.status();
    auto b = endpoints_.sync();
    if (!b) return b.status();
    return *a + *b;
}

Route Proxier::route(const std::string& clientIP, const std::string& ip, int32_t port, const std::string& protocol) {
    Route r;
    r.hops.push_back("client " + clientIP + " -> " + ip + ":" + std::to_string(port) + "/" + protocol);
    // KUBE-SERVICES: which Service owns this ClusterIP and port.
    const core::Service* svc = nullptr;
    const core::ServicePort* sp = nullptr;
    for (const auto& [key, obj] : services_.items()) {
        const auto& s = static_cast<const core::Service&>(*obj);
        if (s.spec().cluster_ip() != ip) continue;
        for (const auto& p : s.spec().ports())
            if (p.port() == port && (p.protocol().empty() ? "TCP" : p.protocol()) == protocol) {
                svc = &s;
                sp = &p;
            }
    }
    if (!svc) {
        r.message = "no service at " + ip + ":" + std::to_string(port) + "/" + protocol;
        r.hops.push_back("KUBE-SERVICES: no rule matches; the connection is not for a Service");
        return r;
    }
    r.service = svc->metadata().namespace_() + "/" + svc->metadata().name();
    r.portName = sp->name();
    const std::string chain = r.service + (sp->name().empty() ? "" : ":" + sp->name());
    r.hops.push_back("KUBE-SERVICES: " + ip + ":" + std::to_string(port) + " is service " + chain);
    // KUBE-SVC-*: the ready endpoints of that port.
    struct Candidate {
        std::string ip, pod, node;
        int32_t port;
    };
    std::vector<Candidate> ready;
    // The Service's EndpointSlices (label kubernetes.io/service-name), in name order.
    for (const auto& [key, obj] : endpoints_.items()) {
        const auto& slice = static_cast<const discovery::EndpointSlice&>(*obj);
        const auto& labels = slice.metadata().labels();
        auto owner = labels.find("kubernetes.io/service-name");
        if (slice.metadata().namespace_() != svc->metadata().namespace_() || owner == labels.end() ||
            owner->second != svc->metadata().name())
            continue;
        int32_t target = -1;
        for (const auto& p : slice.ports())
            if (p.name() == sp->name() && (p.protocol().empty() ? "TCP" : p.protocol()) == protocol && p.has_port())
                target = p.port();
        if (target < 0) continue;
        for (const auto& e : slice.endpoints()) {
            // A nil ready condition counts as ready.
            if (e.conditions().has_ready() && !e.conditions().ready()) continue;
            const std::string pod = e.target_ref().name().empty() ? "" : e.target_ref().namespace_() + "/" + e.target_ref().name();
            for (const auto& address : e.addresses()) ready.push_back({address, pod, e.node_name(), target});
        }
    }
    if (ready.empty()) {
        r.message = "no endpoints";
        r.hops.push_back("KUBE-SVC " + chain + ": no ready endpoints; the connection is rejected (\"has no endpoints\")");
        return r;
    }
    size_t pick = 0;
    const std::string key = chain;
    const bool sticky = svc->spec().session_affinity() == "ClientIP";
    const int64_t timeout = svc->spec().session_affinity_config().client_ip().has_timeout_seconds()
                                ? svc->spec().session_affinity_config().client_ip().timeout_seconds()
                                : 10800;
    bool reused = false;
    if (sticky) {
        auto it = affinity_.find({key, clientIP});
        if (it != affinity_.end() && clock_.now() - it->second.lastUsed <= std::chrono::seconds(timeout)) {
            for (size_t i = 0; i < ready.size(); ++i)
                if (ready[i].ip + ":" + std::to_string(ready[i].port) == it->second.endpoint) {
                    pick = i;
                    reused = true;
                }
        }
    }
    if (!reused) {
        size_t& n = next_[key];
        pick = n % ready.size();
        n = (n + 1) % ready.size();
    }
    const Candidate& c = ready[pick];
    r.ok = true;
    r.endpoint = c.ip + ":" + std::to_string(c.port);
    r.pod = c.pod;
    r.node = c.node;
    if (sticky) affinity_[{key, clientIP}] = {r.endpoint, clock_.now()};
    r.hops.push_back("KUBE-SVC " + chain + ": " + std::to_string(ready.size()) + " ready endpoint(s), " +
                     (reused ? "session affinity (ClientIP) keeps " : "round robin picks ") + r.endpoint);
    r.hops.push_back("KUBE-SEP: DNAT to " + r.endpoint + (c.pod.empty() ? "" : " (pod " + c.pod + ")") +
                     (c.node.empty() ? "" : " on " + c.node));
    return r;
}

}  // namespace pilothouse::proxy
