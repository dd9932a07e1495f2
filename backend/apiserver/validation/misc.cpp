#include "apiserver/validation/misc.h"

#include <cstdio>
#include <map>
#include <set>

#include "api/resource/quantity.h"
#include "apiserver/validation/apps.h"
#include "apiserver/validation/object_meta.h"
#include "apiserver/validation/service.h"

namespace pilothouse::apiserver::validation {

namespace core = k8s::io::api::core::v1;
namespace discovery = k8s::io::api::discovery::v1;
namespace coordination = k8s::io::api::coordination::v1;
namespace policy = k8s::io::api::policy::v1;

// ---------------------------------------------------------------- Event

ErrorList validateEvent(const core::Event& e) {
    ErrorList errs;
    const std::string& ns = e.metadata().namespace_();
    const std::string& ino = e.involved_object().namespace_();
    const std::string inoPath = "involvedObject.namespace";
    if (e.event_time().empty()) {
        if (ino.empty()) {
            if (!ns.empty() && ns != "default") errs.push_back(invalid(inoPath, quote(ino), "does not match event.namespace"));
        } else if (ns != ino) {
            errs.push_back(invalid(inoPath, quote(ino), "does not match event.namespace"));
        }
    } else {
        if (ino.empty() && ns != "kube-system") errs.push_back(invalid(inoPath, quote(ino), "does not match event.namespace"));
        if (e.reporting_component().empty()) errs.push_back(required("reportingComponent", ""));
        append(errs, validateQualifiedName(e.reporting_component(), "reportingComponent"));
        if (e.reporting_instance().empty()) errs.push_back(required("reportingInstance", ""));
        if (e.reporting_instance().size() > 128) errs.push_back(invalid("reportingInstance", "\"\"", "can have at most 128 characters"));
        if (e.action().empty()) errs.push_back(required("action", ""));
        if (e.action().size() > 128) errs.push_back(invalid("action", "\"\"", "can have at most 128 characters"));
        if (e.reason().empty()) errs.push_back(required("reason", ""));
        if (e.reason().size() > 128) errs.push_back(invalid("reason", "\"\"", "can have at most 128 characters"));
        if (e.message().size() > 1024) errs.push_back(invalid("message", "\"\"", "can have at most 1024 characters"));
    }
    for (const auto& m : isDNS1123Subdomain(ns)) errs.push_back(invalid("namespace", quote(ns), m));
    return errs;
}

// ---------------------------------------------------------------- Endpoints

namespace {

ErrorList validateEndpointAddress(const core::EndpointAddress& a, const std::string& path) {
    ErrorList errs;
    for (const auto& m : isValidIP(a.ip())) errs.push_back(invalid(child(path, "ip"), quote(a.ip()), m));
    if (!a.hostname().empty()) append(errs, validateDNS1123Label(a.hostname(), child(path, "hostname")));
    if (a.has_node_name())
        for (const auto& m : nameIsDNSSubdomain(a.node_name(), false))
            errs.push_back(invalid(child(path, "nodeName"), quote(a.node_name()), m));
    append(errs, validateNonSpecialIP(a.ip(), child(path, "ip")));
    return errs;
}

ErrorList validateEndpointPort(const core::EndpointPort& p, bool requireName, const std::string& path) {
    ErrorList errs;
    if (requireName && p.name().empty()) errs.push_back(required(child(path, "name"), ""));
    else if (!p.name().empty()) append(errs, validateDNS1123Label(p.name(), child(path, "name")));
    for (const auto& m : isValidPortNum(p.port())) errs.push_back(invalid(child(path, "port"), goInt(p.port()), m));
    if (p.protocol().empty()) errs.push_back(required(child(path, "protocol"), ""));
    else if (p.protocol() != "TCP" && p.protocol() != "UDP" && p.protocol() != "SCTP")
        errs.push_back(notSupported(child(path, "protocol"), quote(p.protocol()), {"SCTP", "TCP", "UDP"}));
    if (p.has_app_protocol()) append(errs, validateQualifiedName(p.app_protocol(), child(path, "appProtocol")));
    return errs;
}

ErrorList validateEndpointSubsets(const core::Endpoints& ep) {
    ErrorList errs;
    for (int i = 0; i < ep.subsets_size(); ++i) {
        const auto& ss = ep.subsets(i);
        const std::string idx = index("subsets", i);
        if (ss.addresses().empty() && ss.not_ready_addresses().empty())
            errs.push_back(required(idx, "must specify `addresses` or `notReadyAddresses`"));
        for (int a = 0; a < ss.addresses_size(); ++a)
            append(errs, validateEndpointAddress(ss.addresses(a), index(child(idx, "addresses"), a)));
        for (int a = 0; a < ss.not_ready_addresses_size(); ++a)
            append(errs, validateEndpointAddress(ss.not_ready_addresses(a), index(child(idx, "notReadyAddresses"), a)));
        for (int p = 0; p < ss.ports_size(); ++p)
            append(errs, validateEndpointPort(ss.ports(p), ss.ports_size() > 1, index(child(idx, "ports"), p)));
    }
    return errs;
}

}  // namespace

ErrorList validateEndpoints(const core::Endpoints& ep) {
    ErrorList errs = validateObjectMeta(ep.metadata(), true, nameIsDNSSubdomain, "metadata");
    append(errs, validateEndpointSubsets(ep));
    return errs;
}

ErrorList validateEndpointsUpdate(const core::Endpoints& ep, const core::Endpoints& old) {
    ErrorList errs = validateObjectMetaUpdate(ep.metadata(), old.metadata(), "metadata");
    append(errs, validateEndpointSubsets(ep));
    return errs;
}

// ---------------------------------------------------------------- EndpointSlice

namespace {

ErrorList isFullyQualifiedDomainName(const std::string& path, std::string name) {
    if (name.empty()) return {required(path, "")};
    if (name.back() == '.') name.pop_back();
    const auto sub = isDNS1123Subdomain(name);
    if (!sub.empty()) {
        std::string joined;
        for (size_t i = 0; i < sub.size(); ++i) joined += (i ? "," : "") + sub[i];
        return {invalid(path, quote(name), joined)};
    }
    std::vector<std::string> labels;
    size_t start = 0;
    while (true) {
        const size_t dot = name.find('.', start);
        labels.push_back(name.substr(start, dot == std::string::npos ? std::string::npos : dot - start));
        if (dot == std::string::npos) break;
        start = dot + 1;
    }
    if (labels.size() < 2) return {invalid(path, quote(name), "should be a domain with at least two segments separated by dots")};
    for (const auto& l : labels) {
        const auto e = isDNS1123Label(l);
        if (!e.empty()) {
            std::string joined;
            for (size_t i = 0; i < e.size(); ++i) joined += (i ? "," : "") + e[i];
            return {invalid(path, quote(l), joined)};
        }
    }
    return {};
}

}  // namespace

ErrorList validateEndpointSlice(const discovery::EndpointSlice& s) {
    ErrorList errs = validateObjectMeta(s.metadata(), true, nameIsDNSSubdomain, "metadata");
    const std::string& at = s.address_type();
    if (at.empty()) errs.push_back(required("addressType", ""));
    else if (at != "IPv4" && at != "IPv6" && at != "FQDN") errs.push_back(notSupported("addressType", quote(at), {"FQDN", "IPv4", "IPv6"}));
    if (s.endpoints_size() > 1000) {
        errs.push_back({ErrorType::TooMany, "endpoints", goInt(s.endpoints_size()), true, "must have at most 1000 items"});
    } else {
        for (int i = 0; i < s.endpoints_size(); ++i) {
            const auto& ep = s.endpoints(i);
            const std::string idx = index("endpoints", i);
            const std::string ap = child(idx, "addresses");
            if (ep.addresses().empty()) errs.push_back(required(ap, "must contain at least 1 address"));
            else if (ep.addresses_size() > 100)
                errs.push_back({ErrorType::TooMany, ap, goInt(ep.addresses_size()), true, "must have at most 100 items"});
            for (int k = 0; k < ep.addresses_size(); ++k) {
                const std::string& a = ep.addresses(k);
                const std::string p = index(ap, k);
                if (at == "IPv4") {
                    if (!isIPv4(a)) errs.push_back(invalid(p, quote(a), "must be a valid IPv4 address"));
                    append(errs, validateNonSpecialIP(a, p));
                } else if (at == "IPv6") {
                    if (!isIPv6(a)) errs.push_back(invalid(p, quote(a), "must be a valid IPv6 address"));
                    append(errs, validateNonSpecialIP(a, p));
                } else if (at == "FQDN") {
                    append(errs, isFullyQualifiedDomainName(p, a));
                }
            }
            if (ep.has_node_name())
                for (const auto& m : nameIsDNSSubdomain(ep.node_name(), false))
                    errs.push_back(invalid(child(idx, "nodeName"), quote(ep.node_name()), m));
            if (ep.has_hostname()) append(errs, validateDNS1123Label(ep.hostname(), child(idx, "hostname")));
        }
    }
    if (s.ports_size() > 20) {
        errs.push_back({ErrorType::TooMany, "ports", goInt(s.ports_size()), true, "must have at most 20 items"});
    } else {
        std::set<std::string> names;
        for (int i = 0; i < s.ports_size(); ++i) {
            const auto& p = s.ports(i);
            const std::string idx = index("ports", i);
            const std::string name = p.name();  // defaulted to "" when unset
            if (!name.empty()) append(errs, validateDNS1123Label(name, child(idx, "name")));
            if (!names.insert(name).second) errs.push_back(duplicate(child(idx, "name"), quote(name)));
            if (!p.has_protocol()) errs.push_back(required(child(idx, "protocol"), ""));
            else if (p.protocol() != "TCP" && p.protocol() != "UDP" && p.protocol() != "SCTP")
                errs.push_back(notSupported(child(idx, "protocol"), quote(p.protocol()), {"SCTP", "TCP", "UDP"}));
            if (p.has_app_protocol()) append(errs, validateQualifiedName(p.app_protocol(), child(idx, "appProtocol")));
        }
    }
    return errs;
}

ErrorList validateEndpointSliceUpdate(const discovery::EndpointSlice& s, const discovery::EndpointSlice& old) {
    ErrorList errs = validateEndpointSlice(s);
    append(errs, validateImmutableString(quote(s.address_type()), quote(old.address_type()), "addressType"));
    return errs;
}

// ---------------------------------------------------------------- Lease

namespace {
ErrorList validateLeaseSpec(const coordination::LeaseSpec& spec) {
    ErrorList errs;
    if (spec.has_lease_duration_seconds() && spec.lease_duration_seconds() <= 0)
        errs.push_back(invalid("spec.leaseDurationSeconds", goInt(spec.lease_duration_seconds()), "must be greater than 0"));
    if (spec.has_lease_transitions() && spec.lease_transitions() < 0)
        errs.push_back(invalid("spec.leaseTransitions", goInt(spec.lease_transitions()), "must be greater than or equal to 0"));
    return errs;
}
}  // namespace

ErrorList validateLease(const coordination::Lease& lease) {
    ErrorList errs = validateObjectMeta(lease.metadata(), true, nameIsDNSSubdomain, "metadata");
    append(errs, validateLeaseSpec(lease.spec()));
    return errs;
}

ErrorList validateLeaseUpdate(const coordination::Lease& lease, const coordination::Lease& old) {
    ErrorList errs = validateObjectMetaUpdate(lease.metadata(), old.metadata(), "metadata");
    append(errs, validateLeaseSpec(lease.spec()));
    return errs;
}

// ---------------------------------------------------------------- PodDisruptionBudget

ErrorList validatePodDisruptionBudget(const policy::PodDisruptionBudget& pdb) {
    ErrorList errs;
    const auto& spec = pdb.spec();
    if (spec.has_min_available() && spec.has_max_unavailable()) {
        const std::string rendered =
            "policy.PodDisruptionBudgetSpec{MinAvailable:" + goPointer("*intstr.IntOrString") +
            ", Selector:" + (spec.has_selector() ? goPointer("*v1.LabelSelector") : "(*v1.LabelSelector)(nil)") +
            ", MaxUnavailable:" + goPointer("*intstr.IntOrString") + ", UnhealthyPodEvictionPolicy:" +
            (spec.has_unhealthy_pod_eviction_policy() ? goPointer("*policy.UnhealthyPodEvictionPolicyType")
                                                      : "(*policy.UnhealthyPodEvictionPolicyType)(nil)") +
            "}";
        errs.push_back(invalid("spec", rendered, "minAvailable and maxUnavailable cannot be both set"));
    }
    if (spec.has_min_available()) {
        append(errs, validatePositiveIntOrPercent(spec.min_available(), "spec.minAvailable"));
        append(errs, isNotMoreThan100Percent(spec.min_available(), "spec.minAvailable"));
    }
    if (spec.has_max_unavailable()) {
        append(errs, validatePositiveIntOrPercent(spec.max_unavailable(), "spec.maxUnavailable"));
        append(errs, isNotMoreThan100Percent(spec.max_unavailable(), "spec.maxUnavailable"));
    }
    if (spec.has_selector()) append(errs, validateLabelSelector(&spec.selector(), "spec.selector"));
    if (spec.has_unhealthy_pod_eviction_policy() && spec.unhealthy_pod_eviction_policy() != "IfHealthyBudget" &&
        spec.unhealthy_pod_eviction_policy() != "AlwaysAllow")
        errs.push_back(notSupported("spec.unhealthyPodEvictionPolicy", quote(spec.unhealthy_pod_eviction_policy()),
                                    {"AlwaysAllow", "IfHealthyBudget"}));
    return errs;
}

ErrorList validatePodDisruptionBudgetStatusUpdate(const policy::PodDisruptionBudget& pdb, const policy::PodDisruptionBudget&) {
    ErrorList errs;
    const auto& s = pdb.status();
    for (int i = 0; i < s.conditions_size(); ++i) {
        const auto& c = s.conditions(i);
        const std::string p = index("status.conditions", i);
        append(errs, validateQualifiedName(c.type(), child(p, "type")));
        if (c.status() != "True" && c.status() != "False" && c.status() != "Unknown")
            errs.push_back(notSupported(child(p, "status"), quote(c.status()), {"False", "True", "Unknown"}));
        append(errs, validateNonnegativeField(c.observed_generation(), child(p, "observedGeneration")));
        if (c.last_transition_time().empty()) errs.push_back(required(child(p, "lastTransitionTime"), "must be set"));
    }
    append(errs, validateNonnegativeField(s.disruptions_allowed(), "status.disruptionsAllowed"));
    append(errs, validateNonnegativeField(s.current_healthy(), "status.currentHealthy"));
    append(errs, validateNonnegativeField(s.desired_healthy(), "status.desiredHealthy"));
    append(errs, validateNonnegativeField(s.expected_pods(), "status.expectedPods"));
    return errs;
}

// ---------------------------------------------------------------- ResourceQuota

namespace {

ErrorList validateQuotaResourceName(const std::string& name, const std::string& path) {
    ErrorList errs = validateResourceName(name, path);
    if (name.find('/') == std::string::npos && !isStandardQuotaResourceName(name))
        errs.push_back(invalid(path, quote(name), "must be a standard resource for quota"));
    return errs;
}

ErrorList validateQuotaList(const StringMap& list, const std::string& path) {
    ErrorList errs;
    for (const auto& k : sortedKeys(list)) {
        append(errs, validateQuotaResourceName(k, key(path, k)));
        append(errs, validateResourceQuantityValue(k, list.at(k), key(path, k)));
    }
    return errs;
}

bool scopeValidForResource(const std::string& scope, const std::string& res) {
    static const std::set<std::string> compute = {"cpu", "memory", "limits.cpu", "limits.memory", "requests.cpu", "requests.memory"};
    if (scope == "BestEffort") return res == "pods";
    if (scope == "Terminating" || scope == "NotTerminating" || scope == "NotBestEffort" || scope == "PriorityClass" ||
        scope == "CrossNamespacePodAffinity")
        return res == "pods" || compute.count(res);
    return true;
}

ErrorList validateQuotaSpec(const core::ResourceQuotaSpec& spec) {
    ErrorList errs = validateQuotaList(spec.hard(), "spec.hard");
    if (spec.scopes().empty()) return errs;
    static const std::set<std::string> standard = {"Terminating", "NotTerminating", "BestEffort", "NotBestEffort",
                                                   "PriorityClass", "CrossNamespacePodAffinity"};
    const std::string p = "spec.scopes";
    const std::string rendered = goStringSlice(spec.scopes(), "[]core.ResourceQuotaScope");
    std::set<std::string> scopeSet;
    for (const auto& scope : spec.scopes()) {
        if (!standard.count(scope)) errs.push_back(invalid(p, rendered, "unsupported scope"));
        for (const auto& k : sortedKeys(spec.hard()))
            if (isStandardQuotaResourceName(k) && !scopeValidForResource(scope, k))
                errs.push_back(invalid(p, rendered, "unsupported scope applied to resource"));
        scopeSet.insert(scope);
    }
    if (scopeSet.count("BestEffort") && scopeSet.count("NotBestEffort")) errs.push_back(invalid(p, rendered, "conflicting scopes"));
    if (scopeSet.count("Terminating") && scopeSet.count("NotTerminating")) errs.push_back(invalid(p, rendered, "conflicting scopes"));
    return errs;
}

}  // namespace

ErrorList validateResourceQuota(const core::ResourceQuota& q) {
    ErrorList errs = validateObjectMeta(q.metadata(), true, nameIsDNSSubdomain, "metadata");
    append(errs, validateQuotaSpec(q.spec()));
    append(errs, validateQuotaList(q.status().hard(), "status.hard"));
    append(errs, validateQuotaList(q.status().used(), "status.used"));
    return errs;
}

ErrorList validateResourceQuotaUpdate(const core::ResourceQuota& q, const core::ResourceQuota& old) {
    ErrorList errs = validateObjectMetaUpdate(q.metadata(), old.metadata(), "metadata");
    append(errs, validateQuotaSpec(q.spec()));
    std::set<std::string> a(q.spec().scopes().begin(), q.spec().scopes().end());
    std::set<std::string> b(old.spec().scopes().begin(), old.spec().scopes().end());
    if (a != b) errs.push_back(invalid("spec.scopes", goStringSlice(q.spec().scopes(), "[]core.ResourceQuotaScope"), kFieldImmutableErrorMsg));
    return errs;
}

ErrorList validateResourceQuotaStatusUpdate(const core::ResourceQuota& q, const core::ResourceQuota& old) {
    ErrorList errs = validateObjectMetaUpdate(q.metadata(), old.metadata(), "metadata");
    append(errs, validateQuotaList(q.status().hard(), "status.hard"));
    append(errs, validateQuotaList(q.status().used(), "status.used"));
    return errs;
}

// ---------------------------------------------------------------- LimitRange

ErrorList validateLimitRange(const core::LimitRange& lr) {
    ErrorList errs = validateObjectMeta(lr.metadata(), true, nameIsDNSSubdomain, "metadata");
    std::set<std::string> types;
    for (int i = 0; i < lr.spec().limits_size(); ++i) {
        const auto& limit = lr.spec().limits(i);
        const std::string idx = index("spec.limits", i);
        const std::string& type = limit.type();
        {
            ErrorList te;
            for (const auto& m : isQualifiedName(type)) te.push_back(invalid(child(idx, "type"), quote(type), m));
            if (te.empty() && type.find('/') == std::string::npos && type != "Pod" && type != "Container" &&
                type != "PersistentVolumeClaim")
                te.push_back(invalid(child(idx, "type"), quote(type), "must be a standard limit type or fully qualified"));
            append(errs, te);
        }
        if (!types.insert(type).second) errs.push_back(duplicate(child(idx, "type"), quote(type)));
        const bool container = type == "Pod" || type == "Container";
        auto checkName = [&](const std::string& name, const std::string& p) {
            append(errs, container ? validateContainerResourceName(name, p) : validateResourceName(name, p));
        };
        std::set<std::string> keys;
        std::map<std::string, std::string> mn, mx, def, defReq, ratio;
        for (const auto& k : sortedKeys(limit.max())) { checkName(k, key(child(idx, "max"), k)); keys.insert(k); mx[k] = limit.max().at(k); }
        for (const auto& k : sortedKeys(limit.min())) { checkName(k, key(child(idx, "min"), k)); keys.insert(k); mn[k] = limit.min().at(k); }
        if (type == "Pod") {
            if (!limit.default_().empty()) errs.push_back(forbidden(child(idx, "default"), "may not be specified when `type` is 'Pod'"));
            if (!limit.default_request().empty())
                errs.push_back(forbidden(child(idx, "defaultRequest"), "may not be specified when `type` is 'Pod'"));
        } else {
            for (const auto& k : sortedKeys(limit.default_())) { checkName(k, key(child(idx, "default"), k)); keys.insert(k); def[k] = limit.default_().at(k); }
            for (const auto& k : sortedKeys(limit.default_request())) {
                checkName(k, key(child(idx, "defaultRequest"), k));
                keys.insert(k);
                defReq[k] = limit.default_request().at(k);
            }
        }
        if (type == "PersistentVolumeClaim" && !limit.min().contains("storage") && !limit.max().contains("storage"))
            errs.push_back(required(child(idx, "limits"), "either minimum or maximum storage value is required, but neither was provided"));
        for (const auto& k : sortedKeys(limit.max_limit_request_ratio())) {
            checkName(k, key(child(idx, "maxLimitRequestRatio"), k));
            keys.insert(k);
            ratio[k] = limit.max_limit_request_ratio().at(k);
        }
        auto q = [](const std::map<std::string, std::string>& m, const std::string& k) -> std::optional<resource::Quantity> {
            auto it = m.find(k);
            if (it == m.end()) return std::nullopt;
            auto p = resource::Quantity::parse(it->second);
            if (!p.isOk()) return std::nullopt;
            return *p;
        };
        for (const auto& k : keys) {
            auto minQ = q(mn, k), maxQ = q(mx, k), defQ = q(def, k), reqQ = q(defReq, k), ratioQ = q(ratio, k);
            if (minQ && maxQ && minQ->cmp(*maxQ) > 0)
                errs.push_back(invalid(key(child(idx, "min"), k), goQuantity(mn[k]),
                                       "min value " + minQ->toString() + " is greater than max value " + maxQ->toString()));
            if (reqQ && minQ && minQ->cmp(*reqQ) > 0)
                errs.push_back(invalid(key(child(idx, "defaultRequest"), k), goQuantity(defReq[k]),
                                       "min value " + minQ->toString() + " is greater than default request value " + reqQ->toString()));
            if (reqQ && maxQ && reqQ->cmp(*maxQ) > 0)
                errs.push_back(invalid(key(child(idx, "defaultRequest"), k), goQuantity(defReq[k]),
                                       "default request value " + reqQ->toString() + " is greater than max value " + maxQ->toString()));
            if (reqQ && defQ && reqQ->cmp(*defQ) > 0)
                errs.push_back(invalid(key(child(idx, "defaultRequest"), k), goQuantity(defReq[k]),
                                       "default request value " + reqQ->toString() + " is greater than default limit value " + defQ->toString()));
            if (defQ && minQ && minQ->cmp(*defQ) > 0)
                errs.push_back(invalid(key(child(idx, "default"), k), goQuantity(mn[k]),
                                       "min value " + minQ->toString() + " is greater than default value " + defQ->toString()));
            if (defQ && maxQ && defQ->cmp(*maxQ) > 0)
                errs.push_back(invalid(key(child(idx, "default"), k), goQuantity(mx[k]),
                                       "default value " + defQ->toString() + " is greater than max value " + maxQ->toString()));
            if (ratioQ && ratioQ->cmpInt64(1) < 0)
                errs.push_back(invalid(key(child(idx, "maxLimitRequestRatio"), k), goQuantity(ratio[k]),
                                       "ratio " + ratioQ->toString() + " is less than 1"));
            if (ratioQ && minQ && maxQ) {
                constexpr int64_t kMaxMilli = (INT64_MAX / 1000);
                double ratioValue = static_cast<double>(ratioQ->value());
                int64_t minV = minQ->value(), maxV = maxQ->value();
                if (ratioQ->value() < kMaxMilli && minV < kMaxMilli && maxV < kMaxMilli) {
                    ratioValue = static_cast<double>(ratioQ->milliValue()) / 1000;
                    minV = minQ->milliValue();
                    maxV = maxQ->milliValue();
                }
                const double limitRatio = static_cast<double>(maxV) / static_cast<double>(minV);
                if (ratioValue > limitRatio) {
                    char buf[64];
                    std::snprintf(buf, sizeof buf, "%f", limitRatio);
                    errs.push_back(invalid(key(child(idx, "maxLimitRequestRatio"), k), goQuantity(ratio[k]),
                                           "ratio " + ratioQ->toString() + " is greater than max/min = " + buf));
                }
            }
            if (!isOvercommitAllowed(k) && defQ && reqQ && defQ->cmp(*reqQ) != 0)
                errs.push_back(invalid(key(child(idx, "defaultRequest"), k), goQuantity(defReq[k]),
                                       "default value " + defQ->toString() + " must equal to defaultRequest value " +
                                           reqQ->toString() + " in " + k));
        }
    }
    return errs;
}

}  // namespace pilothouse::apiserver::validation
