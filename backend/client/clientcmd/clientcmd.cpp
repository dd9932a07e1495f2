#include "client/clientcmd/clientcmd.h"

namespace pilothouse::client::clientcmd {

StatusOr<ResolvedContext> resolve(const LoadingRules& rules, const ConfigOverrides& overrides) {
    auto loaded = load(rules);
    if (!loaded.isOk())
        return loaded.status();
    return resolveContext(loaded->config, overrides);
}

}  // namespace pilothouse::client::clientcmd
