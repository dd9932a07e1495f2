// One Authenticator per distinct exec config and cluster (client-go exec.go's cache behind
// GetAuthenticator): every client built from the same kubeconfig user shares one cache of
// credentials and one running plugin, however often clients are created. The key is the whole
// config and the whole cluster (also when provideClusterInfo is off, as upstream's key is),
// compared by value. Entries are never dropped, as upstream's are not. Thread-safe.
#pragma once

#include <memory>
#include <mutex>
#include <optional>
#include <utility>
#include <vector>

#include "client/auth/exec/exec.h"

namespace pilothouse::client::auth::exec {

class AuthenticatorCache {
public:
    // `options` are given to every Authenticator this cache creates.
    explicit AuthenticatorCache(AuthenticatorOptions options = {}) : options_(std::move(options)) {}

    // The cached Authenticator for this config and cluster, else a new one (or Authenticator's
    // "exec plugin: invalid apiVersion" error, which is not cached).
    StatusOr<std::shared_ptr<Authenticator>> get(const clientcmd::api::ExecConfig& config,
                                                 const std::optional<ExecCluster>& cluster);
    size_t size() const;

private:
    const AuthenticatorOptions options_;
    mutable std::mutex mutex_;
    std::vector<std::shared_ptr<Authenticator>> entries_;  // guarded by mutex_
};

}  // namespace pilothouse::client::auth::exec
