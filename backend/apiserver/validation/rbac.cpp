#include "apiserver/validation/rbac.h"

#include "apiserver/validation/object_meta.h"

namespace pilothouse::apiserver::validation {

namespace rbac = k8s::io::api::rbac::v1;

namespace {

constexpr const char* kGroup = "rbac.authorization.k8s.io";

ErrorList validatePolicyRule(const rbac::PolicyRule& rule, bool namespaced, const std::string& path) {
    ErrorList errs;
    if (rule.verbs().empty()) errs.push_back(required(child(path, "verbs"), "verbs must contain at least one value"));
    if (!rule.non_resource_urls().empty()) {
        const std::string p = child(path, "nonResourceURLs");
        if (namespaced) errs.push_back(invalid(p, goStringSlice(rule.non_resource_urls()), "namespaced rules cannot apply to non-resource URLs"));
        if (!rule.api_groups().empty() || !rule.resources().empty() || !rule.resource_names().empty())
            errs.push_back(invalid(p, goStringSlice(rule.non_resource_urls()),
                                   "rules cannot apply to both regular resources and non-resource URLs"));
        return errs;
    }
    if (rule.api_groups().empty())
        errs.push_back(required(child(path, "apiGroups"), "resource rules must supply at least one api group"));
    if (rule.resources().empty())
        errs.push_back(required(child(path, "resources"), "resource rules must supply at least one resource"));
    return errs;
}

std::string roleRefGroup(const rbac::RoleRef& r) { return r.api_group().empty() ? kGroup : r.api_group(); }

std::string subjectGroup(const rbac::Subject& s) {
    if (!s.api_group().empty()) return s.api_group();
    return s.kind() == "User" || s.kind() == "Group" ? kGroup : "";
}

ErrorList validateSubject(const rbac::Subject& s, bool namespaced, const std::string& path) {
    ErrorList errs;
    if (s.name().empty()) errs.push_back(required(child(path, "name"), ""));
    const std::string group = subjectGroup(s);
    if (s.kind() == "ServiceAccount") {
        if (!s.name().empty())
            for (const auto& m : nameIsDNSSubdomain(s.name(), false)) errs.push_back(invalid(child(path, "name"), quote(s.name()), m));
        if (!group.empty()) errs.push_back(notSupported(child(path, "apiGroup"), quote(group), {""}));
        if (!namespaced && s.namespace_().empty()) errs.push_back(required(child(path, "namespace"), ""));
    } else if (s.kind() == "User" || s.kind() == "Group") {
        if (group != kGroup) errs.push_back(notSupported(child(path, "apiGroup"), quote(group), {kGroup}));
    } else {
        errs.push_back(notSupported(child(path, "kind"), quote(s.kind()), {"ServiceAccount", "User", "Group"}));
    }
    return errs;
}

template <typename Binding>
ErrorList validateBinding(const Binding& rb, bool namespaced) {
    ErrorList errs = validateObjectMeta(rb.metadata(), namespaced, nameIsPathSegment, "metadata");
    const auto& ref = rb.role_ref();
    if (roleRefGroup(ref) != kGroup) errs.push_back(notSupported("roleRef.apiGroup", quote(ref.api_group()), {kGroup}));
    if (namespaced) {
        if (ref.kind() != "Role" && ref.kind() != "ClusterRole")
            errs.push_back(notSupported("roleRef.kind", quote(ref.kind()), {"Role", "ClusterRole"}));
    } else if (ref.kind() != "ClusterRole") {
        errs.push_back(notSupported("roleRef.kind", quote(ref.kind()), {"ClusterRole"}));
    }
    if (ref.name().empty()) errs.push_back(required("roleRef.name", ""));
    else for (const auto& m : nameIsPathSegment(ref.name(), false)) errs.push_back(invalid("roleRef.name", quote(ref.name()), m));
    for (int i = 0; i < rb.subjects_size(); ++i) append(errs, validateSubject(rb.subjects(i), namespaced, index("subjects", i)));
    return errs;
}

std::string goRoleRef(const rbac::RoleRef& r) {
    return "rbac.RoleRef{APIGroup:" + quote(roleRefGroup(r)) + ", Kind:" + quote(r.kind()) + ", Name:" + quote(r.name()) + "}";
}

template <typename Binding>
ErrorList validateBindingUpdate(const Binding& rb, const Binding& old, bool namespaced) {
    ErrorList errs = validateBinding(rb, namespaced);
    append(errs, validateObjectMetaUpdate(rb.metadata(), old.metadata(), "metadata"));
    const auto& a = rb.role_ref();
    const auto& b = old.role_ref();
    if (roleRefGroup(a) != roleRefGroup(b) || a.kind() != b.kind() || a.name() != b.name())
        errs.push_back(invalid("roleRef", goRoleRef(a), "cannot change roleRef"));
    return errs;
}

}  // namespace

ErrorList validateRole(const rbac::Role& role) {
    ErrorList errs = validateObjectMeta(role.metadata(), true, nameIsPathSegment, "metadata");
    for (int i = 0; i < role.rules_size(); ++i) append(errs, validatePolicyRule(role.rules(i), true, index("rules", i)));
    return errs;
}

ErrorList validateRoleUpdate(const rbac::Role& role, const rbac::Role& old) {
    ErrorList errs = validateRole(role);
    append(errs, validateObjectMetaUpdate(role.metadata(), old.metadata(), "metadata"));
    return errs;
}

ErrorList validateClusterRole(const rbac::ClusterRole& role) {
    ErrorList errs = validateObjectMeta(role.metadata(), false, nameIsPathSegment, "metadata");
    for (int i = 0; i < role.rules_size(); ++i) append(errs, validatePolicyRule(role.rules(i), false, index("rules", i)));
    return errs;
}

ErrorList validateClusterRoleUpdate(const rbac::ClusterRole& role, const rbac::ClusterRole& old) {
    ErrorList errs = validateClusterRole(role);
    append(errs, validateObjectMetaUpdate(role.metadata(), old.metadata(), "metadata"));
    return errs;
}

ErrorList validateRoleBinding(const rbac::RoleBinding& rb) { return validateBinding(rb, true); }
ErrorList validateRoleBindingUpdate(const rbac::RoleBinding& rb, const rbac::RoleBinding& old) {
    return validateBindingUpdate(rb, old, true);
}
ErrorList validateClusterRoleBinding(const rbac::ClusterRoleBinding& rb) { return validateBinding(rb, false); }
ErrorList validateClusterRoleBindingUpdate(const rbac::ClusterRoleBinding& rb, const rbac::ClusterRoleBinding& old) {
    return validateBindingUpdate(rb, old, false);
}

}  // namespace pilothouse::apiserver::validation
