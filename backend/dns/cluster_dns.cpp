#include "dns/cluster_dns.h"

#include <algorithm>

#include "api/scheme.h"
#include "core_v1.pb.h"
#include "discovery_v1.pb.h"

namespace pilothouse::dns {

namespace core = k8s::io::api::core::v1;
namespace discovery = k8s::io::api::discovery::v1;

ClusterDNS::ClusterDNS(apiserver::APIServer& server, std::string clusterDomain, std::string token)
    : domain_(std::move(clusterDomain)),
      services_(server, *api::Scheme::instance().byName("services"), token),
      endpoints_(server, *api::Scheme::instance().byName("endpointslices"), token) {}

Status ClusterDNS::start() {
    PH_RETURN_IF_ERROR(services_.start());
    return endpoints_.start();
}

StatusOr<size_t> ClusterDNS::sync() {
    auto a = services_.sync();
    if (!a) return a.status();
    auto b = endpoints_.sync();
    if (!b) return b.status();
    return *a + *b;
}

Answer ClusterDNS::resolve(const std::string& fqdnIn) const {
    std::string fqdn = fqdnIn;
    if (!fqdn.empty() && fqdn.back() == '.') fqdn.pop_back();
    std::transform(fqdn.begin(), fqdn.end(), fqdn.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    Answer a;
    auto endsWith = [&](const std::string& suffix) {
        return fqdn.size() > suffix.size() && fqdn.compare(fqdn.size() - suffix.size(), suffix.size(), suffix) == 0;
    };
    const std::string svcSuffix = ".svc." + domain_, podSuffix = ".pod." + domain_;
    if (endsWith(svcSuffix)) {
        const std::string rest = fqdn.substr(0, fqdn.size() - svcSuffix.size());  // name.namespace
        const auto dot = rest.rfind('.');
        if (dot == std::string::npos) return a;
        const std::string key = rest.substr(dot + 1) + "/" + rest.substr(0, dot);
        auto obj = services_.get(key);
        if (!obj) return a;
        const auto& svc = static_cast<const core::Service&>(*obj);
        a.name = fqdn;
        a.rcode = "NOERROR";
        if (svc.spec().cluster_ip() == "None") {
            for (const auto& [k, obj] : endpoints_.items()) {
                const auto& slice = static_cast<const discovery::EndpointSlice&>(*obj);
                auto owner = slice.metadata().labels().find("kubernetes.io/service-name");
                if (slice.metadata().namespace_() != svc.metadata().namespace_() ||
                    owner == slice.metadata().labels().end() || owner->second != svc.metadata().name())
                    continue;
                for (const auto& e : slice.endpoints())
                    if (!e.conditions().has_ready() || e.conditions().ready())
                        for (const auto& address : e.addresses()) a.ips.push_back(address);
            }
            std::sort(a.ips.begin(), a.ips.end());
            a.ips.erase(std::unique(a.ips.begin(), a.ips.end()), a.ips.end());
        } else if (!svc.spec().cluster_ip().empty()) {
            a.ips.push_back(svc.spec().cluster_ip());
        }
        return a;
    }
    if (endsWith(podSuffix)) {
        const std::string rest = fqdn.substr(0, fqdn.size() - podSuffix.size());  // a-b-c-d.namespace
        const auto dot = rest.rfind('.');
        if (dot == std::string::npos) return a;
        std::string ip = rest.substr(0, dot);
        std::replace(ip.begin(), ip.end(), '-', '.');
        a.name = fqdn;
        a.rcode = "NOERROR";
        a.ips.push_back(ip);
        return a;
    }
    return a;
}

Answer ClusterDNS::resolveFrom(const std::string& podNamespace, const std::string& name) const {
    if (!name.empty() && name.back() == '.') return resolve(name);
    const auto dots = std::count(name.begin(), name.end(), '.');
    const std::vector<std::string> search = {podNamespace + ".svc." + domain_, "svc." + domain_, domain_};
    if (dots < 5)
        for (const auto& s : search) {
            Answer a = resolve(name + "." + s);
            if (a.rcode == "NOERROR") return a;
        }
    return resolve(name);
}

}  // namespace pilothouse::dns
