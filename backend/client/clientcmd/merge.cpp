#include "client/clientcmd/merge.h"

namespace pilothouse::client::clientcmd {

api::Config mergeConfigs(const std::vector<api::Config>& configs) {
    api::Config merged;
    for (const auto& c : configs) {
        // std::map::insert keeps an existing entry: the earlier file's.
        merged.clusters.insert(c.clusters.begin(), c.clusters.end());
        merged.authInfos.insert(c.authInfos.begin(), c.authInfos.end());
        merged.contexts.insert(c.contexts.begin(), c.contexts.end());
        if (merged.currentContext.empty())
            merged.currentContext = c.currentContext;
    }
    return merged;
}

}  // namespace pilothouse::client::clientcmd
