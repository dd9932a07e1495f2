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

// The line each program prints for --version (pilothousectl: `version`), e.g.
// "pilothousectl version v0.1.0 (mirrors Kubernetes v1.28)".
std::string versionLine(const std::string& program);

}  // namespace pilothouse::version
