// The program's version and the Kubernetes version whose behaviour it mirrors, as
// k8s.io/component-base/version gives every Kubernetes binary its `--version`.
#pragma once

#include <string>

namespace pilothouse::version {

// Pilothouse's own version, as CMake's project() sets it, with a leading "v": "v0.1.0".
const std::string& pilothouseVersion();

// The Kubernetes minor release Pilothouse mirrors: field names, defaults, formulas, reasons and
// messages are those of this release ("v1.28").
const std::string& kubernetesVersion();

// What the Kubernetes API's /version answers as gitVersion: the v1.28 patch release Pilothouse's
// behaviour was compared with, and Pilothouse's own version as build metadata:
// "v1.28.7+pilothouse.0.1.0". Clients read the minor version from it (kubectl's dispatcher picks
// kubectl 1.28 by it, as against a real v1.28 server).
const std::string& apiServerGitVersion();

// The line each program prints for --version (pilothousectl: `version`), e.g.
// "pilothousectl version v0.1.0 (mirrors Kubernetes v1.28)".
std::string versionLine(const std::string& program);

}  // namespace pilothouse::version
