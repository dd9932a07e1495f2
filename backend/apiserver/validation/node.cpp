#include "apiserver/validation/node.h"

#include <map>
#include <set>

#include "apiserver/validation/object_meta.h"
#include "apiserver/validation/pod.h"

namespace pilothouse::apiserver::validation {

namespace core = k8s::io::api::core::v1;

namespace {

std::string goTaint(const core::Taint& t) {
    return "core.Taint{Key:" + quote(t.key()) + ", Value:" + quote(t.value()) + ", Effect:" + quote(t.effect()) +
           ", TimeAdded:" + (t.has_time_added() ? goPointer("*v1.Time") : "(*v1.Time)(nil)") + "}";
}

// v1 -> internal conversion folds spec.podCIDR into spec.podCIDRs.
std::vector<std::string> podCIDRs(const core::Node& node) {
    if (!node.spec().pod_cidrs().empty()) return {node.spec().pod_cidrs().begin(), node.spec().pod_cidrs().end()};
    if (!node.spec().pod_cidr().empty()) return {node.spec().pod_cidr()};
    return {};
}

std::string goSlice(const std::vector<std::string>& v) {
    if (v.empty()) return "[]string(nil)";
    std::string out = "[]string{";
    for (size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + quote(v[i]);
    return out + "}";
}

ErrorList validateNodeResources(const core::Node& node) {
    ErrorList errs;
    for (const auto& k : sortedKeys(node.status().capacity()))
        append(errs, validateResourceQuantityValue(k, node.status().capacity().at(k), "status.capacity." + k));
    for (const auto& k : sortedKeys(node.status().allocatable()))
        append(errs, validateResourceQuantityValue(k, node.status().allocatable().at(k), "status.allocatable." + k));
    return errs;
}

}  // namespace

ErrorList validateNodeTaints(const google::protobuf::RepeatedPtrField<core::Taint>& taints, const std::string& path) {
    ErrorList errs;
    std::map<std::string, std::set<std::string>> unique;
    for (int i = 0; i < taints.size(); ++i) {
        const auto& t = taints.Get(i);
        const std::string idx = index(path, i);
        append(errs, validateLabelName(t.key(), child(idx, "key")));
        const auto msgs = isValidLabelValue(t.value());
        if (!msgs.empty()) {
            std::string joined;
            for (size_t k = 0; k < msgs.size(); ++k) joined += (k ? ";" : "") + msgs[k];
            errs.push_back(invalid(child(idx, "value"), quote(t.value()), joined));
        }
        append(errs, validateTaintEffect(t.effect(), false, child(idx, "effect")));
        if (unique[t.effect()].count(t.key())) {
            FieldError dup = duplicate(idx, goTaint(t));
            dup.detail = "taints must be unique by key and effect pair";
            errs.push_back(dup);
            continue;
        }
        unique[t.effect()].insert(t.key());
    }
    return errs;
}

ErrorList validateNode(const core::Node& node) {
    const std::string meta = "metadata";
    ErrorList errs = validateObjectMeta(node.metadata(), false, nameIsDNSSubdomain, meta);
    if (!node.spec().taints().empty()) append(errs, validateNodeTaints(node.spec().taints(), child(meta, "taints")));
    append(errs, validateNodeResources(node));
    const auto cidrs = podCIDRs(node);
    if (!cidrs.empty()) {
        const std::string p = "spec.podCIDRs";
        for (size_t i = 0; i < cidrs.size(); ++i)
            if (!parseCIDRSloppy(cidrs[i])) errs.push_back(invalid(index(p, static_cast<int64_t>(i)), goSlice(cidrs), "must be valid CIDR"));
        if (cidrs.size() > 1) {
            bool v4 = false, v6 = false, bad = false;
            std::string badCidr;
            for (const auto& c : cidrs) {
                bool isV6 = false;
                if (!parseCIDRSloppy(c, &isV6)) {
                    if (!bad) badCidr = c;
                    bad = true;
                    continue;
                }
                (isV6 ? v6 : v4) = true;
            }
            if (bad)
                errs.push_back(FieldError{ErrorType::Internal, p, "null", true,
                                          "invalid PodCIDRs. failed to check with dual stack with error:invalid CIDR address: " + badCidr});
            if (bad || !(v4 && v6) || cidrs.size() > 2)
                errs.push_back(invalid(p, goSlice(cidrs), "may specify no more than one CIDR for each IP family"));
            std::set<std::string> seen;
            for (size_t i = 0; i < cidrs.size(); ++i)
                if (!seen.insert(cidrs[i]).second) errs.push_back(duplicate(index(p, static_cast<int64_t>(i)), quote(cidrs[i])));
        }
    }
    return errs;
}

ErrorList validateNodeUpdate(const core::Node& node, const core::Node& oldNode) {
    const std::string meta = "metadata";
    ErrorList errs = validateObjectMetaUpdate(node.metadata(), oldNode.metadata(), meta);
    append(errs, validateNodeResources(node));
    std::set<std::pair<std::string, std::string>> addresses;
    for (int i = 0; i < node.status().addresses_size(); ++i) {
        const auto& a = node.status().addresses(i);
        if (!addresses.insert({a.type(), a.address()}).second)
            errs.push_back(duplicate(index("status.addresses", i),
                                     "core.NodeAddress{Type:" + quote(a.type()) + ", Address:" + quote(a.address()) + "}"));
    }
    const auto oldCidrs = podCIDRs(oldNode), newCidrs = podCIDRs(node);
    if (!oldCidrs.empty()) {
        const char* msg = "node updates may not change podCIDR except from \"\" to valid";
        if (oldCidrs.size() != newCidrs.size()) {
            errs.push_back(forbidden("spec.podCIDRs", msg));
        } else {
            for (size_t i = 0; i < oldCidrs.size(); ++i)
                if (oldCidrs[i] != newCidrs[i]) errs.push_back(forbidden("spec.podCIDRs", msg));
        }
    }
    if (!oldNode.spec().provider_id().empty() && oldNode.spec().provider_id() != node.spec().provider_id())
        errs.push_back(forbidden("spec.providerID", "node updates may not change providerID except from \"\" to valid"));
    if (!node.spec().taints().empty()) append(errs, validateNodeTaints(node.spec().taints(), child(meta, "taints")));
    if (node.spec().external_id() != oldNode.spec().external_id())
        errs.push_back(forbidden("spec.externalID", "may not be updated"));
    return errs;
}

}  // namespace pilothouse::apiserver::validation
