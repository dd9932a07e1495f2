#include "version/version.h"

#include "version/version_config.h"

namespace pilothouse::version {

const std::string& pilothouseVersion() {
    static const std::string v = std::string("v") + PH_PILOTHOUSE_VERSION;
    return v;
}

const std::string& kubernetesVersion() {
    static const std::string v = PH_KUBERNETES_VERSION;
    return v;
}

const std::string& apiServerGitVersion() {
    static const std::string v = std::string(PH_KUBERNETES_VERSION) + ".7+pilothouse." + PH_PILOTHOUSE_VERSION;
    return v;
}

std::string versionLine(const std::string& program) {
    return program + " version " + pilothouseVersion() + " (mirrors Kubernetes " + kubernetesVersion() + ")";
}

}  // namespace pilothouse::version
