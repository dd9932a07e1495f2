// KubeletOptions: what one simulated kubelet is told about its node and how long each of its
// steps takes on the virtual clock. Every field has a default; the defaults follow kubelet
// v1.28's configuration where upstream has the setting (lease, status and backoff periods) and
// plausible figures for a containerd node otherwise (image pulls, sandbox and container steps).
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "features/kube_features.h"
#include "sim/clock.h"

namespace pilothouse::kubelet {

using namespace std::chrono_literals;

struct KubeletOptions {
    // --- The node ---------------------------------------------------------------------------
    std::string nodeName = "node-1";
    // Register the Node object when it does not exist (kubelet --register-node, on by default
    // upstream). Scenarios usually create their Nodes; the kubelet then only posts status.
    bool registerNode = true;
    // For a registered Node (ignored when the Node exists: its own capacity is kept).
    std::map<std::string, std::string> capacity = {
        {"cpu", "4"}, {"memory", "8Gi"}, {"pods", "110"}, {"ephemeral-storage", "100Gi"}};
    // status.addresses InternalIP; "" = derived from the node name (10.0.0.x, stable per name).
    std::string internalIP;
    // Pod IPs come from the Node's spec.podCIDR (assigned by the node-ipam controller); this is
    // used while the Node has none.
    std::string fallbackPodCIDR = "10.244.0.0/24";

    // --feature-gates (PodHostIPs: status.hostIPs beside status.hostIP).
    features::FeatureGates features;

    // --- Heartbeats (pkg/kubelet/nodelease, node status) -------------------------------------
    int32_t leaseDurationSeconds = 40;                  // --node-lease-duration-seconds
    sim::Duration leaseRenewInterval = 10s;             // 0.25 x the lease duration
    sim::Duration nodeStatusUpdateFrequency = 10s;      // how often status is computed
    sim::Duration nodeStatusReportFrequency = 5min;     // posted at least this often unchanged

    // --- Images (pkg/kubelet/images) ---------------------------------------------------------
    // How many images status.images lists, largest first (--node-status-max-images; -1: all).
    int32_t nodeStatusMaxImages = 50;
    // Images already on the node at start (name -> size in bytes), as status.images shows.
    std::map<std::string, int64_t> preloadedImages = {{"registry.k8s.io/pause:3.9", 321520}};
    // Size of each image in the registry (by the name pods use); others have defaultImageSize.
    std::map<std::string, int64_t> imageSizes;
    int64_t defaultImageSize = 50'000'000;              // 50 MB
    double pullBandwidthBytesPerSecond = 100'000'000;   // 100 MB/s
    // How long a pull of a missing image takes to fail (resolving the reference).
    sim::Duration imagePullFailureDelay = 1s;
    sim::Duration imageBackOffInitial = 10s;            // flowcontrol.NewBackOff(10s, 300s)
    sim::Duration imageBackOffMax = 300s;

    // --- The pod worker and runtime steps (pkg/kubelet/kuberuntime) --------------------------
    sim::Duration admissionDuration = 10ms;             // seen -> admitted
    sim::Duration sandboxDuration = 500ms;              // RunPodSandbox + CNI ADD
    sim::Duration containerCreateDuration = 100ms;      // CreateContainer
    sim::Duration containerStartDuration = 200ms;       // StartContainer
    // How long a container takes to exit after SIGTERM; the kill uses min(this, grace period).
    // Per pod: annotation pilothouse.dev/stop-after.
    sim::Duration containerStopDuration = 500ms;
    // How long an init container runs before it exits 0 (annotation pilothouse.dev/exit-after
    // overrides it per container).
    sim::Duration initContainerRunDuration = 1s;
    // PLEG relist period: a container's exit is noticed at the next relist tick.
    sim::Duration plegRelistPeriod = 1s;
    // A pod worker whose sync failed (image pull error, back-off) syncs again after this
    // (kubelet backOffPeriod; upstream adds up to 50 % jitter, left out here).
    sim::Duration syncBackOffPeriod = 10s;
    sim::Duration crashLoopBackOffInitial = 10s;        // kubelet backOffPeriod
    sim::Duration crashLoopBackOffMax = 300s;           // MaxContainerBackOff; reset after 2x idle

    // --- Randomness ---------------------------------------------------------------------------
    // Container and image digests are derived from this and the node name (no draws).
    uint64_t seed = 1;
};

// Annotations a scenario sets on a pod to script what its containers do (documented in
// kubelet.h):
inline constexpr const char* kAnnotationExitAfter = "pilothouse.dev/exit-after";
inline constexpr const char* kAnnotationExitCode = "pilothouse.dev/exit-code";
inline constexpr const char* kAnnotationStopAfter = "pilothouse.dev/stop-after";

// The step durations a scenario may set (its spec.kubeletTimings), by name. Upstream's kubelet has
// no such settings: on a real node these are how long the container runtime, the CNI plugin and
// the images take.
struct TimingField {
    const char* name;
    sim::Duration KubeletOptions::*field;
};
inline const std::vector<TimingField>& timingFields() {
    static const std::vector<TimingField> fields{
        {"podAdmission", &KubeletOptions::admissionDuration},
        {"sandbox", &KubeletOptions::sandboxDuration},
        {"containerCreate", &KubeletOptions::containerCreateDuration},
        {"containerStart", &KubeletOptions::containerStartDuration},
        {"containerStop", &KubeletOptions::containerStopDuration},
        {"initContainerRun", &KubeletOptions::initContainerRunDuration},
    };
    return fields;
}

}  // namespace pilothouse::kubelet
