// KubeletConfiguration (kubelet.config.k8s.io/v1beta1, pkg/kubelet/apis/config): the part of
// the kubelet's configuration file Pilothouse's simulated kubelet honours, with v1.28's
// defaults and validation messages. A scenario may carry one such document; every node's
// kubelet runs with it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "kubelet/options.h"
#include "util/status.h"

namespace pilothouse::kubelet::config {

inline constexpr const char* kApiVersion = "kubelet.config.k8s.io/v1beta1";

struct KubeletConfiguration {
    // How many images status.images lists, largest first (-1: all) — --node-status-max-images.
    int32_t nodeStatusMaxImages = 50;
    // How often the kubelet computes node status, and posts it unchanged at the latest.
    sim::Duration nodeStatusUpdateFrequency = std::chrono::seconds(10);
    sim::Duration nodeStatusReportFrequency = std::chrono::minutes(5);
    // The node Lease's duration; the kubelet renews it every quarter of that.
    int32_t nodeLeaseDurationSeconds = 40;
};

// The fields above, by their names in the file.
const std::vector<std::string>& supportedFields();

// Upstream's checks of these fields ("invalid configuration: nodeStatusMaxImages
// (--node-status-max-images) -2 must be -1 or greater"), all errors in one message.
Status validate(const KubeletConfiguration& config);

// Sets the kubelet's options from the configuration.
void applyTo(const KubeletConfiguration& config, KubeletOptions* options);

}  // namespace pilothouse::kubelet::config
