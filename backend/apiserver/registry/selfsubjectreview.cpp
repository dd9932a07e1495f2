#include "apiserver/registry/selfsubjectreview.h"

namespace pilothouse::apiserver::registry {

k8s::io::api::authentication::v1::SelfSubjectReviewStatus selfSubjectReviewStatus(const UserInfo& user) {
    k8s::io::api::authentication::v1::SelfSubjectReviewStatus status;
    auto* info = status.mutable_user_info();
    info->set_username(user.name);
    info->set_uid(user.uid);
    for (const std::string& group : user.groups) info->add_groups(group);
    return status;
}

}  // namespace pilothouse::apiserver::registry
