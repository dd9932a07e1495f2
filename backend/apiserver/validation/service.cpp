#include "apiserver/validation/service.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "apiserver/validation/object_meta.h"

namespace pilothouse::apiserver::validation {

namespace core = k8s::io::api::core::v1;

namespace {

// The view validation sees: clusterIPs normalized from clusterIP (PrepareForCreate/Update).
core::Service normalized(const core::Service& s) {
    core::Service n = s;
    if (n.spec().cluster_ips().empty() && !n.spec().cluster_ip().empty())
        n.mutable_spec()->add_cluster_ips(n.spec().cluster_ip());
    return n;
}

bool isHeadless(const core::ServiceSpec& spec) {
    return spec.cluster_ips_size() == 1 && spec.cluster_ips(0) == "None";
}

std::string goSlice(const google::protobuf::RepeatedPtrField<std::string>& v) { return goStringSlice(v); }

std::string goServicePortKey(const std::string& protocol, int32_t port) {
    return "core.ServicePort{Name:\"\", Protocol:" + quote(protocol) +
           ", AppProtocol:(*string)(nil), Port:" + goInt(port) +
           ", TargetPort:intstr.IntOrString{Type:0, IntVal:0, StrVal:\"\"}, NodePort:0}";
}

ErrorList validateServicePort(const core::ServicePort& sp, bool requireName, std::set<std::string>* names,
                              const std::string& path) {
    ErrorList errs;
    if (requireName && sp.name().empty()) {
        errs.push_back(required(child(path, "name"), ""));
    } else if (!sp.name().empty()) {
        append(errs, validateDNS1123Label(sp.name(), child(path, "name")));
        if (!names->insert(sp.name()).second) errs.push_back(duplicate(child(path, "name"), quote(sp.name())));
    }
    for (const auto& m : isValidPortNum(sp.port())) errs.push_back(invalid(child(path, "port"), goInt(sp.port()), m));
    if (sp.protocol().empty()) {
        errs.push_back(required(child(path, "protocol"), ""));
    } else if (sp.protocol() != "TCP" && sp.protocol() != "UDP" && sp.protocol() != "SCTP") {
        errs.push_back(notSupported(child(path, "protocol"), quote(sp.protocol()), {"SCTP", "TCP", "UDP"}));
    }
    append(errs, validatePortNumOrName(sp.target_port(), child(path, "targetPort")));
    if (sp.has_app_protocol()) append(errs, validateQualifiedName(sp.app_protocol(), child(path, "appProtocol")));
    return errs;
}

bool parseSourceRanges(const std::vector<std::string>& ranges) {
    for (const auto& r : ranges) {
        std::string t = r;
        const size_t b = t.find_first_not_of(" \t\n");
        const size_t e = t.find_last_not_of(" \t\n");
        t = b == std::string::npos ? "" : t.substr(b, e - b + 1);
        if (t.empty()) continue;
        if (!parseCIDRSloppy(t)) return false;
    }
    return true;
}

ErrorList validateClusterIPsRelated(const core::Service& service) {
    ErrorList errs;
    const auto& spec = service.spec();
    if (spec.type() == "ExternalName") return errs;
    const std::string cips = "spec.clusterIPs";
    if (!spec.cluster_ip().empty()) {
        if (spec.cluster_ips().empty()) errs.push_back(required(cips, ""));
        else if (spec.cluster_ips(0) != spec.cluster_ip())
            errs.push_back(invalid(cips, goSlice(spec.cluster_ips()), "first value must match `clusterIP`"));
    } else if (!spec.cluster_ips().empty()) {
        errs.push_back(invalid(cips, goSlice(spec.cluster_ips()), "must be empty when `clusterIP` is not specified"));
    }
    std::set<std::string> seen;
    for (int i = 0; i < spec.ip_families_size(); ++i) {
        const std::string& f = spec.ip_families(i);
        if (f != "IPv4" && f != "IPv6")
            errs.push_back(notSupported(index("spec.ipFamilies", i), quote(f), {"IPv4", "IPv6"}));
        if (!seen.insert(f).second) errs.push_back(duplicate(index("spec.ipFamilies", i), quote(f)));
    }
    if (spec.has_ip_family_policy()) {
        const std::string& p = spec.ip_family_policy();
        if (p != "SingleStack" && p != "PreferDualStack" && p != "RequireDualStack")
            errs.push_back(notSupported("spec.ipFamilyPolicy", quote(p), {"PreferDualStack", "RequireDualStack", "SingleStack"}));
    }
    bool hasInvalid = false;
    for (int i = 0; i < spec.cluster_ips_size(); ++i) {
        const std::string& ip = spec.cluster_ips(i);
        if (i == 0 && ip == "None") {
            if (spec.cluster_ips_size() > 1) {
                hasInvalid = true;
                errs.push_back(invalid(cips, goSlice(spec.cluster_ips()), "'None' must be the first and only value"));
            }
            continue;
        }
        for (const auto& m : isValidIP(ip)) {
            hasInvalid = true;
            errs.push_back(invalid(index(cips, i), quote(ip), m));
        }
    }
    if (spec.cluster_ips_size() > 2) errs.push_back(invalid(cips, goSlice(spec.cluster_ips()), "may only hold up to 2 values"));
    if (hasInvalid) return errs;
    if (spec.cluster_ips_size() > 1) {
        bool v4 = false, v6 = false;
        for (const auto& ip : spec.cluster_ips()) (isIPv6(ip) ? v6 : v4) = true;
        if (!(v4 && v6)) errs.push_back(invalid(cips, goSlice(spec.cluster_ips()), "may specify no more than one IP for each IP family"));
    }
    if (!isHeadless(spec) && !spec.cluster_ips().empty() && !spec.ip_families().empty()) {
        for (int i = 0; i < spec.cluster_ips_size() && i < spec.ip_families_size(); ++i) {
            const std::string& ip = spec.cluster_ips(i);
            if (spec.ip_families(i) == "IPv4" && isIPv6(ip))
                errs.push_back(invalid(index(cips, i), quote(ip), "expected an IPv4 value as indicated by `ipFamilies[" + std::to_string(i) + "]`"));
            if (spec.ip_families(i) == "IPv6" && !isIPv6(ip))
                errs.push_back(invalid(index(cips, i), quote(ip), "expected an IPv6 value as indicated by `ipFamilies[" + std::to_string(i) + "]`"));
        }
    }
    return errs;
}

ErrorList validateServiceImpl(const core::Service& service) {
    const auto& spec = service.spec();
    ErrorList errs = validateObjectMeta(service.metadata(), true, nameIsDNS1035Label, "metadata");
    const auto& ann = service.metadata().annotations();
    auto hints = ann.find("service.kubernetes.io/topology-aware-hints");
    auto mode = ann.find("service.kubernetes.io/topology-mode");
    if (hints != ann.end() && mode != ann.end() && hints->second != mode->second)
        errs.push_back(invalid("metadata.annotations[service.kubernetes.io/topology-mode]", quote(mode->second),
                               "must match annotations[service.kubernetes.io/topology-aware-hints] when both are specified"));
    const bool headless = isHeadless(spec);
    if (spec.ports().empty() && !headless && spec.type() != "ExternalName") errs.push_back(required("spec.ports", ""));
    if (spec.type() == "LoadBalancer") {
        for (int i = 0; i < spec.ports_size(); ++i)
            if (spec.ports(i).port() == 10250)
                errs.push_back(invalid(index("spec.ports", i), goInt(10250), "may not expose port 10250 externally since it is used by kubelet"));
        if (headless) errs.push_back(invalid("spec.clusterIPs[0]", quote(spec.cluster_ips(0)), "may not be set to 'None' for LoadBalancer services"));
    } else if (spec.type() == "NodePort") {
        if (headless) errs.push_back(invalid("spec.clusterIPs[0]", quote(spec.cluster_ips(0)), "may not be set to 'None' for NodePort services"));
    } else if (spec.type() == "ExternalName") {
        if (!spec.cluster_ips().empty()) errs.push_back(forbidden("spec.clusterIPs", "may not be set for ExternalName services"));
        if (!spec.ip_families().empty()) errs.push_back(forbidden("spec.ipFamilies", "may not be set for ExternalName services"));
        if (spec.has_ip_family_policy()) errs.push_back(forbidden("spec.ipFamilyPolicy", "may not be set for ExternalName services"));
        std::string cname = spec.external_name();
        if (!cname.empty() && cname.back() == '.') cname.pop_back();
        if (!cname.empty()) append(errs, validateDNS1123Subdomain(cname, "spec.externalName"));
        else errs.push_back(required("spec.externalName", ""));
    }
    std::set<std::string> names;
    for (int i = 0; i < spec.ports_size(); ++i)
        append(errs, validateServicePort(spec.ports(i), spec.ports_size() > 1, &names, index("spec.ports", i)));
    append(errs, validateLabels(spec.selector(), "spec.selector"));
    const std::string& sa = spec.session_affinity();
    if (sa.empty()) errs.push_back(required("spec.sessionAffinity", ""));
    else if (sa != "ClientIP" && sa != "None") errs.push_back(notSupported("spec.sessionAffinity", quote(sa), {"ClientIP", "None"}));
    if (sa == "ClientIP") {
        const char* detail = "when session affinity type is ClientIP";
        if (!spec.has_session_affinity_config()) {
            errs.push_back(required("spec.sessionAffinityConfig", detail));
        } else if (!spec.session_affinity_config().has_client_ip()) {
            errs.push_back(required("spec.sessionAffinityConfig.clientIP", detail));
        } else if (!spec.session_affinity_config().client_ip().has_timeout_seconds()) {
            errs.push_back(required("spec.sessionAffinityConfig.clientIP.timeoutSeconds", detail));
        } else {
            const int32_t t = spec.session_affinity_config().client_ip().timeout_seconds();
            if (t <= 0 || t > 86400)
                errs.push_back(invalid("spec.sessionAffinityConfig.clientIP.timeoutSeconds", goInt(t),
                                       "must be greater than 0 and less than 86400"));
        }
    } else if (sa == "None" && spec.has_session_affinity_config()) {
        errs.push_back(forbidden("spec.sessionAffinityConfig", "must not be set when session affinity is None"));
    }
    append(errs, validateClusterIPsRelated(service));
    for (int i = 0; i < spec.external_ips_size(); ++i) {
        const std::string& ip = spec.external_ips(i);
        const auto msgs = isValidIP(ip);
        if (!msgs.empty()) {
            for (const auto& m : msgs) errs.push_back(invalid(index("spec.externalIPs", i), quote(ip), m));
        } else {
            append(errs, validateNonSpecialIP(ip, index("spec.externalIPs", i)));
        }
    }
    const std::string& type = spec.type();
    if (type.empty()) errs.push_back(required("spec.type", ""));
    else if (type != "ClusterIP" && type != "NodePort" && type != "LoadBalancer" && type != "ExternalName")
        errs.push_back(notSupported("spec.type", quote(type), {"ClusterIP", "ExternalName", "LoadBalancer", "NodePort"}));
    if (type == "ClusterIP")
        for (int i = 0; i < spec.ports_size(); ++i)
            if (spec.ports(i).node_port() != 0)
                errs.push_back(forbidden(child(index("spec.ports", i), "nodePort"), "may not be used when `type` is 'ClusterIP'"));
    std::set<std::pair<std::string, int32_t>> nodePorts;
    for (int i = 0; i < spec.ports_size(); ++i) {
        const auto& p = spec.ports(i);
        if (p.node_port() == 0) continue;
        if (!nodePorts.insert({p.protocol(), p.node_port()}).second)
            errs.push_back(duplicate(child(index("spec.ports", i), "nodePort"), goInt(p.node_port())));
    }
    std::set<std::pair<std::string, int32_t>> ports;
    for (int i = 0; i < spec.ports_size(); ++i) {
        const auto& p = spec.ports(i);
        if (!ports.insert({p.protocol(), p.port()}).second)
            errs.push_back(duplicate(index("spec.ports", i), goServicePortKey(p.protocol(), p.port())));
    }
    auto annRanges = ann.find("service.beta.kubernetes.io/load-balancer-source-ranges");
    if (!spec.load_balancer_source_ranges().empty() || annRanges != ann.end()) {
        std::string path, val;
        std::vector<std::string> ranges;
        if (!spec.load_balancer_source_ranges().empty()) {
            path = "spec.LoadBalancerSourceRanges";
            val = "[";
            for (int i = 0; i < spec.load_balancer_source_ranges_size(); ++i) {
                val += (i ? " " : "") + spec.load_balancer_source_ranges(i);
                ranges.push_back(spec.load_balancer_source_ranges(i));
            }
            val += "]";
        } else {
            path = "metadata.annotations[service.beta.kubernetes.io/load-balancer-source-ranges]";
            val = annRanges->second;
            size_t start = 0;
            while (true) {
                const size_t comma = val.find(',', start);
                ranges.push_back(val.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
                if (comma == std::string::npos) break;
                start = comma + 1;
            }
        }
        if (type != "LoadBalancer") errs.push_back(forbidden(path, "may only be used when `type` is 'LoadBalancer'"));
        if (!parseSourceRanges(ranges))
            errs.push_back(invalid(path, quote(val), "must be a list of IP ranges. For example, 10.240.0.0/24,10.250.0.0/24 "));
    }
    if (spec.has_allocate_load_balancer_node_ports() && type != "LoadBalancer")
        errs.push_back(forbidden("spec.allocateLoadBalancerNodePorts", "may only be used when `type` is 'LoadBalancer'"));
    if (type == "LoadBalancer" && !spec.has_allocate_load_balancer_node_ports())
        errs.push_back(required("allocateLoadBalancerNodePorts", ""));  // sic: upstream's path
    // validateLoadBalancerClassField (create part)
    if (type == "LoadBalancer") {
        if (spec.has_load_balancer_class()) append(errs, validateQualifiedName(spec.load_balancer_class(), "spec.loadBalancerClass"));
    } else if (spec.has_load_balancer_class()) {
        errs.push_back(forbidden("spec.loadBalancerClass", "may only be used when `type` is 'LoadBalancer'"));
    }
    // validateServiceExternalTrafficPolicy
    const bool needsETP = type == "LoadBalancer" || type == "NodePort";
    const std::string& etp = spec.external_traffic_policy();
    if (!needsETP) {
        if (!etp.empty())
            errs.push_back(invalid("spec.externalTrafficPolicy", quote(etp), "may only be set when `type` is 'NodePort' or 'LoadBalancer'"));
    } else if (etp.empty()) {
        errs.push_back(required("spec.externalTrafficPolicy", ""));
    } else if (etp != "Cluster" && etp != "Local") {
        errs.push_back(notSupported("spec.externalTrafficPolicy", quote(etp), {"Cluster", "Local"}));
    }
    const bool needsHealthCheck = type == "LoadBalancer" && etp == "Local";
    if (!needsHealthCheck) {
        if (spec.health_check_node_port() != 0)
            errs.push_back(invalid("spec.healthCheckNodePort", goInt(spec.health_check_node_port()),
                                   "may only be set when `type` is 'LoadBalancer' and `externalTrafficPolicy` is 'Local'"));
    } else if (spec.health_check_node_port() == 0) {
        errs.push_back(required("spec.healthCheckNodePort", ""));
    } else {
        for (const auto& m : isValidPortNum(spec.health_check_node_port()))
            errs.push_back(invalid("spec.healthCheckNodePort", goInt(spec.health_check_node_port()), m));
    }
    // validateServiceInternalTrafficFieldsValue
    if (!spec.has_internal_traffic_policy()) {
        if (type == "NodePort" || type == "LoadBalancer" || type == "ClusterIP")
            errs.push_back(required("spec.internalTrafficPolicy", ""));
    } else if (spec.internal_traffic_policy() != "Cluster" && spec.internal_traffic_policy() != "Local") {
        errs.push_back(notSupported("spec.internalTrafficPolicy", quote(spec.internal_traffic_policy()), {"Cluster", "Local"}));
    }
    return errs;
}

}  // namespace

ErrorList validateNonSpecialIP(const std::string& ip, const std::string& path) {
    bool v6 = false;
    unsigned char b[16];
    if (!parseIPSloppy(ip, &v6, b)) return {invalid(path, quote(ip), "must be a valid IP address")};
    ErrorList errs;
    const bool mapped = std::all_of(b, b + 10, [](unsigned char c) { return c == 0; }) && b[10] == 0xff && b[11] == 0xff;
    bool unspecified, loopback, linkLocalUnicast, linkLocalMulticast;
    if (mapped) {
        unspecified = b[12] == 0 && b[13] == 0 && b[14] == 0 && b[15] == 0;
        loopback = b[12] == 127;
        linkLocalUnicast = b[12] == 169 && b[13] == 254;
        linkLocalMulticast = b[12] == 224 && b[13] == 0 && b[14] == 0;
    } else {
        unspecified = std::all_of(b, b + 16, [](unsigned char c) { return c == 0; });
        loopback = std::all_of(b, b + 15, [](unsigned char c) { return c == 0; }) && b[15] == 1;
        linkLocalUnicast = b[0] == 0xfe && (b[1] & 0xc0) == 0x80;
        linkLocalMulticast = b[0] == 0xff && (b[1] & 0x0f) == 0x02;
    }
    if (unspecified) errs.push_back(invalid(path, quote(ip), "may not be unspecified (" + ip + ")"));
    if (loopback) errs.push_back(invalid(path, quote(ip), "may not be in the loopback range (127.0.0.0/8, ::1/128)"));
    if (linkLocalUnicast) errs.push_back(invalid(path, quote(ip), "may not be in the link-local range (169.254.0.0/16, fe80::/10)"));
    if (linkLocalMulticast)
        errs.push_back(invalid(path, quote(ip), "may not be in the link-local multicast range (224.0.0.0/24, ff02::/10)"));
    return errs;
}

ErrorList validateService(const core::Service& service) { return validateServiceImpl(normalized(service)); }

ErrorList validateServiceUpdate(const core::Service& serviceIn, const core::Service& oldIn) {
    core::Service service = normalized(serviceIn);
    const core::Service old = normalized(oldIn);
    // Allocated values the new object leaves out are kept (the service REST's patchAllocatedValues).
    if (service.spec().cluster_ips().empty() && service.spec().type() != "ExternalName" && old.spec().type() != "ExternalName") {
        service.mutable_spec()->set_cluster_ip(old.spec().cluster_ip());
        *service.mutable_spec()->mutable_cluster_ips() = old.spec().cluster_ips();
    }
    ErrorList errs = validateObjectMetaUpdate(service.metadata(), old.metadata(), "metadata");
    const auto& ns = service.spec();
    const auto& os = old.spec();
    const std::string cips = "spec.clusterIPs";
    if (ns.type() != "ExternalName" && os.type() != "ExternalName" && !(isHeadless(os) && isHeadless(ns))) {
        if (os.cluster_ips_size() == ns.cluster_ips_size()) {
            for (int i = 0; i < os.cluster_ips_size(); ++i)
                if (os.cluster_ips(i) != ns.cluster_ips(i))
                    errs.push_back(invalid(index(cips, i), goSlice(ns.cluster_ips()), "may not change once set"));
        } else if (os.cluster_ips_size() > ns.cluster_ips_size()) {
            if (ns.cluster_ips().empty())
                errs.push_back(invalid(index(cips, 0), goSlice(ns.cluster_ips()), "primary clusterIP can not be unset"));
            if (!os.cluster_ips().empty() && !ns.cluster_ips().empty() && ns.cluster_ips(0) != os.cluster_ips(0))
                errs.push_back(invalid(index(cips, 0), goSlice(ns.cluster_ips()), "may not change once set"));
            if (ns.cluster_ips_size() == 1 && (!ns.has_ip_family_policy() || ns.ip_family_policy() != "SingleStack"))
                errs.push_back(invalid("spec.ipFamilyPolicy", ns.has_ip_family_policy() ? quote(ns.ip_family_policy()) : "null",
                                       "must be set to 'SingleStack' when releasing the secondary clusterIP"));
        } else if (!os.cluster_ips().empty() && ns.cluster_ips(0) != os.cluster_ips(0)) {
            errs.push_back(invalid(index(cips, 0), goSlice(ns.cluster_ips()), "may not change once set"));
        }
    }
    if (ns.type() != "ExternalName" && os.type() != "ExternalName" && isHeadless(ns) == isHeadless(os) && !isHeadless(ns)) {
        const std::string fam = "spec.ipFamilies";
        if (os.ip_families_size() == ns.ip_families_size()) {
            for (int i = 0; i < os.ip_families_size(); ++i)
                if (os.ip_families(i) != ns.ip_families(i))
                    errs.push_back(invalid(index(fam, 0), goStringSlice(ns.ip_families(), "[]core.IPFamily"), "may not change once set"));
        } else if (os.ip_families_size() > ns.ip_families_size()) {
            if (ns.cluster_ips().empty())
                errs.push_back(invalid(index(fam, 0), goStringSlice(ns.ip_families(), "[]core.IPFamily"), "primary ipFamily can not be unset"));
            if (!ns.ip_families().empty() && ns.ip_families(0) != os.ip_families(0))
                errs.push_back(invalid(index(fam, 0), goSlice(ns.cluster_ips()), "may not change once set"));
            if (ns.ip_families_size() == 1 && (!ns.has_ip_family_policy() || ns.ip_family_policy() != "SingleStack"))
                errs.push_back(invalid("spec.ipFamilyPolicy", ns.has_ip_family_policy() ? quote(ns.ip_family_policy()) : "null",
                                       "must be set to 'SingleStack' when releasing the secondary ipFamily"));
        } else if (!os.ip_families().empty() && !ns.ip_families().empty() && ns.ip_families(0) != os.ip_families(0)) {
            errs.push_back(invalid(index(fam, 0), goSlice(ns.cluster_ips()), "may not change once set"));
        }
    }
    if (os.type() == "LoadBalancer" && ns.type() == "LoadBalancer") {
        const bool same = os.has_load_balancer_class() == ns.has_load_balancer_class() &&
                          (!os.has_load_balancer_class() || os.load_balancer_class() == ns.load_balancer_class());
        if (!same)
            errs.push_back(invalid("spec.loadBalancerClass",
                                   ns.has_load_balancer_class() ? quote(ns.load_balancer_class()) : "null",
                                   "may not change once set"));
    }
    const bool oldHC = os.type() == "LoadBalancer" && os.external_traffic_policy() == "Local";
    const bool newHC = ns.type() == "LoadBalancer" && ns.external_traffic_policy() == "Local";
    if (oldHC && newHC && ns.health_check_node_port() != os.health_check_node_port())
        errs.push_back(forbidden("spec.healthCheckNodePort", "field is immutable"));
    append(errs, validateServiceImpl(service));
    return errs;
}

ErrorList validateServiceStatusUpdate(const core::Service& service, const core::Service& oldService) {
    ErrorList errs = validateObjectMetaUpdate(service.metadata(), oldService.metadata(), "metadata");
    const auto& ing = service.status().load_balancer().ingress();
    for (int i = 0; i < ing.size(); ++i) {
        const std::string p = index("status.loadBalancer.ingress", i);
        const auto& in = ing.Get(i);
        if (!in.ip().empty() && !parseIPSloppy(in.ip()))
            errs.push_back(invalid(child(p, "ip"), quote(in.ip()), "must be a valid IP address"));
        if (!in.hostname().empty()) {
            for (const auto& m : isDNS1123Subdomain(in.hostname())) errs.push_back(invalid(child(p, "hostname"), quote(in.hostname()), m));
            if (parseIPSloppy(in.hostname()))
                errs.push_back(invalid(child(p, "hostname"), quote(in.hostname()), "must be a DNS name, not an IP address"));
        }
    }
    return errs;
}

}  // namespace pilothouse::apiserver::validation
