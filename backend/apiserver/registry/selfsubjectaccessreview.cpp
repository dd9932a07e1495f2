#include "apiserver/registry/selfsubjectaccessreview.h"

namespace pilothouse::apiserver::registry {

namespace authorizationv1 = k8s::io::api::authorization::v1;

Attributes accessReviewAttributes(const UserInfo& user, const authorizationv1::SelfSubjectAccessReviewSpec& spec) {
    Attributes a;
    a.user = user;
    if (!spec.has_resource_attributes() && spec.has_non_resource_attributes()) {
        const auto& in = spec.non_resource_attributes();
        a.resourceRequest = false;
        a.path = in.path();
        a.verb = in.verb();
        return a;
    }
    const auto& in = spec.resource_attributes();
    a.verb = in.verb();
    a.namespace_ = in.namespace_();
    a.apiGroup = in.group();
    a.apiVersion = in.version().empty() ? "*" : in.version();  // matchAllVersionIfEmpty
    a.resource = in.resource();
    a.subresource = in.subresource();
    a.name = in.name();
    return a;
}

authorizationv1::SubjectAccessReviewStatus accessReviewStatus(const authorization::AuthorizationResult& result) {
    authorizationv1::SubjectAccessReviewStatus status;
    status.set_allowed(result.decision == authorization::Decision::Allow);
    status.set_denied(result.decision == authorization::Decision::Deny);
    status.set_reason(result.reason);
    // evaluationError: our authorizers put what went wrong into the reason, as RBAC does.
    return status;
}

}  // namespace pilothouse::apiserver::registry
