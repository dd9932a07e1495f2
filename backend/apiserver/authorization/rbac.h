// The RBAC authorizer (plugin/pkg/auth/authorizer/rbac and pkg/registry/rbac/validation): the
// rules a user holds come from the ClusterRoleBindings whose subjects name the user (cluster-wide)
// and, for a namespaced request, from the RoleBindings in that namespace (a RoleBinding may refer
// to a Role of its namespace or to a ClusterRole, whose rules then apply within the namespace).
// Subjects are User (by name), Group (any of the user's groups) and ServiceAccount (user
// "system:serviceaccount:<ns>:<name>", the namespace defaulting to the binding's).
// A rule allows a request when it matches its verb ("*" for all), API group ("*"), resource
// ("*", "pods", "pods/binding" for a subresource, "*/scale" for a subresource of any resource) and,
// when it lists resourceNames, the request's name; a non-resource request (a path, asked about by
// a SelfSubjectAccessReview) when it matches the verb and one of nonResourceURLs ("*", the path,
// or a prefix ending in "*": "/healthz/*").
// Allow reasons are upstream's ("RBAC: allowed by ClusterRoleBinding \"x\" of ClusterRole \"y\" to
// User \"bob\""). When nothing allows the request the answer is NoOpinion, with a reason only if
// bindings referred to roles that could not be read ("RBAC: role.rbac.authorization.k8s.io \"x\"
// not found").
// Thread-safety: authorize() is safe to call concurrently when the lister is.
#pragma once

#include <string>
#include <vector>

#include "apiserver/authorization/authorizer.h"
#include "apiserver/lister.h"
#include "rbac_v1.pb.h"

namespace pilothouse::apiserver::authorization {

// The rule-matching helpers of pkg/apis/rbac/v1 (exposed for tests and other users).
bool verbMatches(const k8s::io::api::rbac::v1::PolicyRule& rule, const std::string& verb);
bool apiGroupMatches(const k8s::io::api::rbac::v1::PolicyRule& rule, const std::string& group);
bool resourceMatches(const k8s::io::api::rbac::v1::PolicyRule& rule,
                     const std::string& combinedResource, const std::string& subresource);
bool resourceNameMatches(const k8s::io::api::rbac::v1::PolicyRule& rule, const std::string& name);
bool nonResourceURLMatches(const k8s::io::api::rbac::v1::PolicyRule& rule, const std::string& path);
// All four for a resource request; verb and URL for a non-resource one.
bool ruleAllows(const Attributes& attributes, const k8s::io::api::rbac::v1::PolicyRule& rule);

// Whether a binding subject names the user; `namespace_` is the binding's ("" for cluster ones).
bool subjectAppliesTo(const UserInfo& user, const k8s::io::api::rbac::v1::Subject& subject,
                      const std::string& namespace_);

class RBACAuthorizer final : public Authorizer {
public:
    // `lister` must outlive the authorizer.
    explicit RBACAuthorizer(const ObjectLister& lister) : lister_(lister) {}
    AuthorizationResult authorize(const Attributes& attributes) const override;

    // Every rule the user holds in `namespace_` ("" = cluster-wide rules only), with the errors
    // met resolving role references (upstream's RulesFor).
    std::vector<k8s::io::api::rbac::v1::PolicyRule> rulesFor(
        const UserInfo& user, const std::string& namespace_,
        std::vector<std::string>* errors) const;

private:
    const ObjectLister& lister_;
};

}  // namespace pilothouse::apiserver::authorization
