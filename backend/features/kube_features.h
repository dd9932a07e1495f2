// The feature gates of pkg/features (kube_features.go, v1.28) that change what Pilothouse's
// components do, with v1.28's defaults. Every component reads the same set, as in a cluster whose
// kube-apiserver, kubelets and controllers all run with one --feature-gates value.
//
//  - PodHostIPs (alpha in 1.28, off by default): the kubelet reports status.hostIPs beside
//    status.hostIP, and the API server keeps it; with the gate off the API server drops
//    status.hostIPs from a pod that did not have it already.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "util/status.h"

namespace pilothouse::features {

struct FeatureGates {
    bool podHostIPs = false;

    bool operator==(const FeatureGates&) const = default;
};

// The gates Pilothouse knows, by upstream name.
const std::vector<std::string>& knownFeatureGates();

// `gates` as --feature-gates=Name=true,... gives them (a name left out keeps its default). Error:
// an unknown name ("unrecognized feature gate: Foo"), naming the gates that are known.
StatusOr<FeatureGates> fromMap(const std::map<std::string, bool>& gates);

// The gates that differ from v1.28's defaults, by name (what a scenario writes back).
std::map<std::string, bool> nonDefault(const FeatureGates& gates);

}  // namespace pilothouse::features
