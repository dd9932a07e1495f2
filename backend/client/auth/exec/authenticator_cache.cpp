#include "client/auth/exec/authenticator_cache.h"

namespace pilothouse::client::auth::exec {

StatusOr<std::shared_ptr<Authenticator>> AuthenticatorCache::get(
    const clientcmd::api::ExecConfig& config, const std::optional<ExecCluster>& cluster) {
    std::lock_guard lock(mutex_);
    for (const auto& a : entries_)
        if (a->config() == config && a->cluster() == cluster)
            return a;
    auto created = Authenticator::create(config, cluster, options_);
    if (created.isOk())
        entries_.push_back(*created);
    return created;
}

size_t AuthenticatorCache::size() const {
    std::lock_guard lock(mutex_);
    return entries_.size();
}

}  // namespace pilothouse::client::auth::exec
