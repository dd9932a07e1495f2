#include "features/kube_features.h"

namespace pilothouse::features {

namespace {
struct Gate {
    const char* name;
    bool FeatureGates::*field;
};
const Gate kGates[] = {
    {"PodHostIPs", &FeatureGates::podHostIPs},
};
}  // namespace

const std::vector<std::string>& knownFeatureGates() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> out;
        for (const auto& g : kGates) out.push_back(g.name);
        return out;
    }();
    return names;
}

StatusOr<FeatureGates> fromMap(const std::map<std::string, bool>& gates) {
    FeatureGates out;
    for (const auto& [name, enabled] : gates) {
        const Gate* found = nullptr;
        for (const auto& g : kGates)
            if (name == g.name) found = &g;
        if (!found) {
            std::string known;
            for (const auto& k : knownFeatureGates()) known += (known.empty() ? "" : ", ") + k;
            return Status(StatusCode::InvalidArgument, "unrecognized feature gate: " + name + " (Pilothouse simulates: " + known + ")");
        }
        out.*(found->field) = enabled;
    }
    return out;
}

std::map<std::string, bool> nonDefault(const FeatureGates& gates) {
    const FeatureGates defaults;
    std::map<std::string, bool> out;
    for (const auto& g : kGates)
        if (gates.*(g.field) != defaults.*(g.field)) out[g.name] = gates.*(g.field);
    return out;
}

}  // namespace pilothouse::features
